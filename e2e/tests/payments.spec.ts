import { signUpViaApi, uniqueEmail } from '../support/accounts';
import { expect, expectAccessible, expectToast, isPhone, test } from '../support/fixtures';
import { fillPayment, futureExpiry, TEST_CARD } from '../support/payments';

test('a guest pays $1 with a test card from the landing page and lands on /chat signed in, with ∞ consultations', async ({ page }) => {
  // The page's clock is ours, to check the 3 seconds before the redirect without timing the test.
  await page.clock.install();
  await page.goto('/landing');
  await page.getByRole('button', { name: 'Empieza por $1' }).first().click();
  const chooser = page.getByRole('dialog', { name: 'Elige tu Plan Ideal' });
  await expect(chooser).toBeVisible();
  await expect(chooser.getByRole('region', { name: 'Plan Gratuito' })).toContainText('3 consultas en total');
  await expect(chooser.getByRole('region', { name: 'Plan Ilimitado' })).toContainText('$9.99/mes');
  await expect(chooser.getByRole('region', { name: 'Plan Ilimitado' })).toContainText('Soporte prioritario');
  await expectAccessible(page);
  await chooser.getByRole('button', { name: 'Prueba 7 días por $1' }).click();

  const email = uniqueEmail('pay');
  const dialog = await fillPayment(page, {
    firstName: 'Rosa',
    lastName: 'Díaz',
    email,
    password: 'secreto123',
    card: TEST_CARD,
    expiry: futureExpiry(),
    cvv: '123',
  });
  await expect(dialog.getByLabel('Número de tarjeta')).toHaveValue('4111 1111 1111 1111');
  await expectAccessible(page);
  // The answer is held until the page's clock is paused: from then on its time moves only when the
  // test moves it, so the 3 seconds before the redirect are checked without timing the test.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/billing/authorize-sub', async (route) => {
    const response = await route.fetch();
    await held;
    await route.fulfill({ response });
  });
  await Promise.all([page.waitForRequest('**/api/billing/authorize-sub'), dialog.getByRole('button', { name: 'Pagar $1 por 7 días de prueba' }).click()]);
  await page.clock.pauseAt(Date.now() + 1_000);
  release();
  await expect(dialog).toContainText('Tu suscripción ha sido activada correctamente.');
  await expect(dialog).toContainText('Te estamos redirigiendo a la aplicación...');
  await page.clock.runFor(2_900);
  await expectToast(page, '¡Pago exitoso! Tu suscripción de prueba ha comenzado');
  await expect(page).toHaveURL(/\/landing$/);
  await page.clock.runFor(200);
  await expect(page).toHaveURL(/\/chat$/);
  await page.clock.resume();
  await expect(page.getByTestId('usage-counter')).toHaveText('Consultas restantes: ∞');
  expect(await page.evaluate(() => localStorage.getItem('guestSignupEmail'))).toBeNull();
});

test('a FREE user at the limit upgrades from the chat page, with name and e-mail prefilled and no password', async ({ page }) => {
  const { email } = await signUpViaApi(page, { firstName: 'Beto' });
  for (const q of ['¿Qué es el TPS?', '¿Qué es el I-90?', '¿Qué es el DACA?']) {
    const r = await page.request.post('/api/assistant/ask', { data: { message: q } });
    expect(r.ok()).toBe(true);
  }
  await page.goto('/chat');
  await expect(page.getByTestId('limit-notice')).toBeVisible();
  await page.getByTestId('limit-notice').getByRole('button', { name: 'Prueba 7 días por $1' }).click();
  await page.getByRole('dialog', { name: 'Elige tu Plan Ideal' }).getByRole('button', { name: 'Prueba 7 días por $1' }).click();
  const dialog = await fillPayment(page, { lastName: 'López', card: TEST_CARD, expiry: futureExpiry(), cvv: '123' });
  await expect(dialog.getByLabel('Nombre')).toHaveValue('Beto');
  await expect(dialog.getByLabel('Correo electrónico')).toHaveValue(email);
  await expect(dialog.getByLabel('Contraseña')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Pagar $1 por 7 días de prueba' }).click();
  await expect(page.getByTestId('usage-counter')).toHaveText('Consultas restantes: ∞');
  await expect(page.getByLabel('Tu pregunta')).toBeEnabled();
});

test('every validation message and the formatting of the card fields', async ({ page }) => {
  await page.goto('/landing');
  await page.getByRole('button', { name: 'Empieza por $1' }).first().click();
  await page.getByRole('dialog', { name: 'Elige tu Plan Ideal' }).getByRole('button', { name: 'Prueba 7 días por $1' }).click();
  const dialog = await fillPayment(page, { firstName: 'A', lastName: 'B', email: 'no-es-correo', password: '123', card: '4111 1111', expiry: '1', cvv: '12' });
  await dialog.getByRole('button', { name: 'Pagar $1 por 7 días de prueba' }).click();
  for (const message of [
    'Por favor ingresa tu nombre',
    'Por favor ingresa tu apellido',
    'Por favor ingresa un correo electrónico válido',
    'La contraseña debe tener al menos 6 caracteres',
    'Número de tarjeta inválido',
    'Usa el formato MM/AA',
    'CVV inválido',
  ]) {
    await expect(dialog.getByText(message, { exact: true })).toBeVisible();
  }
  // Card: blocks of 4, at most 19 characters; expiry: digits and a slash after 2, at most 5; CVV: at most 4.
  const card = dialog.getByLabel('Número de tarjeta');
  await card.fill('');
  await card.pressSequentially('4111a1111-1111 11112222333');
  await expect(card).toHaveValue('4111 1111 1111 1111');
  const expiry = dialog.getByLabel('Vencimiento');
  await expiry.fill('');
  await expiry.pressSequentially('1a2/345');
  await expect(expiry).toHaveValue('12/34');
  const cvv = dialog.getByLabel('CVV');
  await cvv.fill('');
  await cvv.pressSequentially('12x345');
  await expect(cvv).toHaveValue('1234');
});

test('a declined card shows the error view and the toast; retry goes back to the form', async ({ page }) => {
  await page.goto('/landing');
  await page.getByRole('button', { name: 'Empieza por $1' }).first().click();
  await page.getByRole('dialog', { name: 'Elige tu Plan Ideal' }).getByRole('button', { name: 'Prueba 7 días por $1' }).click();
  const email = uniqueEmail('declined');
  const dialog = await fillPayment(page, {
    firstName: 'Luis',
    lastName: 'Mora',
    email,
    password: 'secreto123',
    card: '4000000000000002',
    expiry: futureExpiry(),
    cvv: '123',
  });
  await dialog.getByRole('button', { name: 'Pagar $1 por 7 días de prueba' }).click();
  await expect(dialog.getByText('Error en el pago')).toBeVisible();
  await expect(dialog.getByTestId('payment-error')).toHaveText('La tarjeta fue rechazada. Usa otra tarjeta o llama a tu banco.');
  await expectToast(page, 'Error al procesar el pago: La tarjeta fue rechazada. Usa otra tarjeta o llama a tu banco.');
  // The guest's e-mail and name are kept for the login screen.
  expect(await page.evaluate(() => localStorage.getItem('guestSignupEmail'))).toBe(email);
  await dialog.getByRole('button', { name: 'Intentar de nuevo' }).click();
  await expect(dialog.getByLabel('Número de tarjeta')).toBeVisible();
  await expect(dialog.getByTestId('payment-error')).toHaveCount(0);
  // No account was created.
  const signIn = await page.request.post('/api/auth/sign-in/email', { data: { email, password: 'secreto123' } });
  expect(signIn.status()).toBe(401);
});

test('the already-registered and duplicate-subscription messages', async ({ page, browser }) => {
  const { email } = await signUpViaApi(page, { firstName: 'Ana' });
  // Signed out, paying with an e-mail that has an account.
  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  await guestPage.goto('/landing');
  await guestPage.getByRole('button', { name: 'Empieza por $1' }).first().click();
  await guestPage.getByRole('dialog', { name: 'Elige tu Plan Ideal' }).getByRole('button', { name: 'Prueba 7 días por $1' }).click();
  const dialog = await fillPayment(guestPage, {
    firstName: 'Ana',
    lastName: 'Ruiz',
    email,
    password: 'secreto123',
    card: TEST_CARD,
    expiry: futureExpiry(),
    cvv: '123',
  });
  await dialog.getByRole('button', { name: 'Pagar $1 por 7 días de prueba' }).click();
  await expect(dialog.getByTestId('payment-error')).toHaveText('Este correo electrónico ya está registrado. Por favor, inicia sesión con tu cuenta existente.');
  await guest.close();

  // Signed in, with a page that still believes the plan is FREE (another tab paid meanwhile).
  await page.goto('/chat');
  await expect(page.getByTestId('usage-counter')).toHaveText('Consultas restantes: 3 de 3');
  const paid = await page.request.post('/api/billing/authorize-sub', {
    data: { firstName: 'Ana', lastName: 'Ruiz', email, cardNumber: TEST_CARD, expirationDate: `20${futureExpiry().slice(2)}-12`, cvv: '123' },
  });
  expect(((await paid.json()) as { success: boolean }).success).toBe(true);
  // The header's trigger: in the top bar on a desktop, in the drawer on a phone.
  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByRole('dialog', { name: 'Menú' }).getByRole('button', { name: 'Prueba 7 días por $1' }).click();
  } else {
    await page.getByRole('banner').getByRole('button', { name: 'Prueba 7 días por $1' }).click();
  }
  await page.getByRole('dialog', { name: 'Elige tu Plan Ideal' }).getByRole('button', { name: 'Prueba 7 días por $1' }).click();
  const payment = await fillPayment(page, { lastName: 'Ruiz', card: TEST_CARD, expiry: futureExpiry(), cvv: '123' });
  await payment.getByRole('button', { name: 'Pagar $1 por 7 días de prueba' }).click();
  await expect(payment.getByTestId('payment-error')).toHaveText(
    'Ya existe una suscripción activa para este usuario. Por favor, inicia sesión con tu cuenta existente.',
  );
});

test('cancel from settings: no more charges, the plan stays until the paid period ends', async ({ page }) => {
  await signUpViaApi(page, { firstName: 'Eva' });
  await page.goto('/settings');
  await expect(page.getByTestId('subscription')).toHaveCount(0);
  await page.getByRole('region', { name: 'Tu plan' }).getByRole('button', { name: 'Prueba 7 días por $1' }).click();
  await page.getByRole('dialog', { name: 'Elige tu Plan Ideal' }).getByRole('button', { name: 'Prueba 7 días por $1' }).click();
  const payment = await fillPayment(page, { lastName: 'Soto', card: '5424000000000015', expiry: futureExpiry(), cvv: '123' });
  await payment.getByRole('button', { name: 'Pagar $1 por 7 días de prueba' }).click();
  await expect(page).toHaveURL(/\/chat$/);

  await page.goto('/settings');
  const section = page.getByTestId('subscription');
  await expect(section).toContainText('Plan Ilimitado');
  await expect(section).toContainText('Prueba de 7 días');
  await expect(section).toContainText(/Próximo cobro: \$9\.99 el \d+ de \w+ de \d{4}/);
  await expect(section).toContainText('terminada en 0015');
  await expectAccessible(page);
  await section.getByRole('button', { name: 'Cancelar suscripción' }).click();
  await page.getByRole('dialog', { name: '¿Cancelar tu suscripción?' }).getByRole('button', { name: 'Sí, cancelar' }).click();
  await expectToast(page, 'Tu suscripción se canceló');
  await expect(section).toContainText('Cancelada');
  await expect(section).toContainText(/Tienes el Plan Ilimitado hasta el/);
  await expect(section.getByRole('button', { name: 'Cancelar suscripción' })).toHaveCount(0);
  await page.goto('/chat');
  await expect(page.getByTestId('usage-counter')).toHaveText('Consultas restantes: ∞');
});

test('the result dialog: "Entendido" reloads after choosing the free plan, not after a failed payment', async ({ page }) => {
  await signUpViaApi(page, { firstName: 'Lia' });
  await page.goto('/settings');
  const mark = () => page.evaluate(() => ((window as unknown as { __mark?: number }).__mark = 1));
  const marked = () => page.evaluate(() => (window as unknown as { __mark?: number }).__mark === 1);

  // Keeping the free plan: the result, then a reload.
  await mark();
  await page.getByRole('region', { name: 'Tu plan' }).getByRole('button', { name: 'Prueba 7 días por $1' }).click();
  await page.getByRole('dialog', { name: 'Elige tu Plan Ideal' }).getByRole('button', { name: 'Tu plan actual' }).click();
  const result = page.getByRole('dialog', { name: 'Sigues con el Plan Gratuito' });
  await expect(result).toContainText('Tienes 3 consultas en total.');
  await Promise.all([page.waitForEvent('load'), result.getByRole('button', { name: 'Entendido' }).click()]);
  expect(await marked()).toBe(false);

  // A failed payment: closing its error view shows the result with the reason, and no reload.
  await mark();
  await page.getByRole('region', { name: 'Tu plan' }).getByRole('button', { name: 'Prueba 7 días por $1' }).click();
  await page.getByRole('dialog', { name: 'Elige tu Plan Ideal' }).getByRole('button', { name: 'Prueba 7 días por $1' }).click();
  const payment = await fillPayment(page, { lastName: 'Paz', card: '4000000000000002', expiry: futureExpiry(), cvv: '123' });
  await payment.getByRole('button', { name: 'Pagar $1 por 7 días de prueba' }).click();
  await expect(payment.getByTestId('payment-error')).toBeVisible();
  // The dialog's own close button: Escape goes to the newest layer, which can be the error toast.
  await payment.getByRole('button', { name: 'Cerrar' }).click();
  const failed = page.getByRole('dialog', { name: 'No se completó el pago' });
  await expect(failed).toContainText('La tarjeta fue rechazada. Usa otra tarjeta o llama a tu banco.');
  await failed.getByRole('button', { name: 'Entendido' }).click();
  await expect(failed).toBeHidden();
  expect(await marked()).toBe(true);
});
