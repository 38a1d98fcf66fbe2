// Issue 14 points 3, 4 and 8: true prices, the payment terms and receipt, toasts that never cover the
// button, the operator in the footer, and the real counter. Screenshots go to /tmp/camino-14b/.
import { lastOutboxMessage, uniqueEmail } from '../support/accounts';
import { expect, expectAccessible, expectToast, isPhone, test } from '../support/fixtures';
import { fillPayment, futureExpiry, TEST_CARD } from '../support/payments';

const shot = (page: import('@playwright/test').Page, name: string) =>
  page.screenshot({ path: `/tmp/camino-14b/${name}-${page.viewportSize()?.width}.png`, fullPage: false });

test('prices agree everywhere: no "desde $4.99", no "gratuito"; the $1 and the $9.99 side by side', async ({ page }) => {
  for (const route of ['/landing', '/faq', '/why-trust-us']) {
    await page.goto(route);
    const text = await page.locator('body').innerText();
    expect(text, route).not.toMatch(/4\.99|gratuito|desde \$/i);
    // The testimonials are labelled as examples wherever they appear (D14).
    if (route !== '/faq') {
      await expect(page.getByRole('heading', { name: 'Historias de ejemplo' }), route).toBeVisible();
      await expect(page.getByText('No son personas reales: las historias muestran cómo ayuda el asistente.'), route).toBeVisible();
    }
  }
  await page.goto('/landing');
  await expect(page.getByTestId('hero-price-note')).toHaveText(/\$9\.99 al mes hasta que canceles/);
  await page.goto('/faq');
  await page.getByRole('button', { name: '¿Cuánto cuesta?' }).click();
  await expect(page.locator('main')).toContainText('Puedes empezar sin pagar: el plan gratis incluye 3 consultas en total.');
  await expect(page.locator('main')).toContainText('lo pruebas 7 días por $1 y después cuesta $9.99 al mes');
});

test('the payment dialog says when the first $9.99 is charged, that it renews monthly and how to cancel; the receipt arrives by e-mail', async ({ page }) => {
  await page.goto('/landing');
  await page.getByRole('button', { name: 'Empieza por $1' }).first().click();
  await page.getByRole('dialog', { name: 'Elige tu Plan Ideal' }).getByRole('button', { name: 'Prueba 7 días por $1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Suscripción - 7 días por solo $1' });
  const expected = await page.evaluate(() => new Intl.DateTimeFormat('es-MX', { dateStyle: 'long' }).format(new Date(Date.now() + 7 * 86_400_000)));
  const terms = dialog.getByTestId('payment-terms');
  await expect(terms).toContainText(`Primer cobro de $9.99: el ${expected}. Se renueva cada mes hasta que canceles.`);
  await expect(terms).toContainText(`Cancela cuando quieras en Configuración, en «Tu plan». Si cancelas antes del ${expected}, no se te cobra nada más.`);
  await expectAccessible(page);
  await shot(page, 'payment-dialog');

  // A declined card, then a good one: the success replaces the error toast, never beside it.
  const email = uniqueEmail('recibo');
  await fillPayment(page, { firstName: 'Rosa', lastName: 'Díaz', email, password: 'secreto123', card: '4222222222222', expiry: futureExpiry(), cvv: '123' });
  await dialog.getByRole('button', { name: 'Pagar $1 por 7 días de prueba' }).click();
  await expect(dialog.getByTestId('payment-error')).toBeVisible();
  await expect(page.locator('[data-toast][data-variant="destructive"]')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Intentar de nuevo' }).click();
  await expect(page.locator('[data-toast][data-state="open"][data-variant="destructive"]')).toHaveCount(0);
  await dialog.getByLabel('Número de tarjeta').fill('');
  await dialog.getByLabel('Número de tarjeta').pressSequentially(TEST_CARD);
  await dialog.getByRole('button', { name: 'Pagar $1 por 7 días de prueba' }).click();
  await expect(dialog.getByTestId('payment-receipt')).toHaveText(`Te enviamos el recibo por correo a ${email}.`);
  await expectToast(page, '¡Pago exitoso! Tu suscripción de prueba ha comenzado');
  await expect(page.locator('[data-toast][data-state="open"]')).toHaveCount(1);
  await expect(page.getByText('La tarjeta fue rechazada')).toHaveCount(0);

  const receipt = await lastOutboxMessage(page.request, email);
  expect(receipt.subject).toBe('Tu recibo de Camino Claro: $1.00 por 7 días del Plan Ilimitado');
  expect(receipt.body).toContain('Primer cobro de $9.99');
  expect(receipt.body).toContain('Tarjeta: Visa terminada en 1111.');
  expect(receipt.body).toContain('soporte@caminoclaro.example');
  expect(receipt.body.replace(/\s/g, '')).not.toContain(TEST_CARD);
  await expect(page).toHaveURL(/\/chat$/);
});

test('the footer, the privacy policy and the trust page name the operator and the support e-mail from configuration', async ({ page }) => {
  await page.goto('/landing');
  const footer = page.getByTestId('footer-operator');
  await expect(footer).toContainText('Un servicio de Camino Claro LLC, 1200 Main St, Suite 400, Houston, TX 77002.');
  await expect(footer.getByRole('link', { name: 'soporte@caminoclaro.example' })).toHaveAttribute('href', 'mailto:soporte@caminoclaro.example');
  await footer.scrollIntoViewIfNeeded();
  await shot(page, 'footer');
  await page.goto('/privacy-policy');
  await expect(page.locator('section[lang="es"]')).toContainText(
    'Camino Claro lo opera Camino Claro LLC, 1200 Main St, Suite 400, Houston, TX 77002, responsable de tus datos personales. Escríbenos a soporte@caminoclaro.example.',
  );
  await expect(page.locator('section[lang="en"]')).toContainText('Write to us at soporte@caminoclaro.example.');
  await page.goto('/why-trust-us');
  await expect(page.getByTestId('trust-operator')).toContainText('Camino Claro lo opera Camino Claro LLC');
  await expect(page.getByTestId('trust-operator').getByRole('link', { name: 'soporte@caminoclaro.example' })).toBeVisible();
  await expectAccessible(page);
});

test('the landing counter is the server figure, not a number made up in the browser', async ({ page }) => {
  const site = await (await page.request.get('/api/site')).json();
  await page.goto('/landing');
  const card = page.getByTestId('counter-card');
  if (site.helped === null) await expect(card).toContainText('Respuestas claras sobre inmigración, en tu idioma');
  else await expect(card).toContainText(`Más de ${String(site.helped).replace(/\B(?=(\d{3})+(?!\d))/g, '.')} inmigrantes ayudados`);
  // Nothing is kept in the browser any more, and the figure does not tick by itself.
  expect(await page.evaluate(() => localStorage.getItem('immigrantCounter'))).toBeNull();
  // With a figure from the server, the card shows it rounded as the server sent it.
  await page.route('**/api/site', (route) => route.fulfill({ json: { ...site, helped: 5300 } }));
  await page.reload();
  await expect(card).toContainText('Más de 5.300 inmigrantes ayudados');
});

test('on a phone the toasts never cover the primary button', async ({ page }) => {
  test.skip(!isPhone(page), 'phone layout');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  const form = page.getByRole('form', { name: 'Inicia sesión' });
  await form.getByLabel('Correo electrónico').fill(uniqueEmail('nadie'));
  await form.getByLabel('Contraseña').fill('equivocada1');
  // Several refusals in a row: one message beside the form, no stack of toasts.
  for (let i = 0; i < 3; i++) await form.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByTestId('form-error')).toHaveText('Correo o contraseña incorrectos.');
  await expect(page.locator('[data-toast]')).toHaveCount(0);
  // A toast that does show (the guest prompt) sits at the top, away from the button.
  await page.evaluate(() => sessionStorage.setItem('flashToast', JSON.stringify({ title: 'Prueba', variant: 'success' })));
  await page.reload();
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  const toast = page.locator('[data-toast]').first();
  await expect(toast).toBeVisible();
  const button = await page.getByRole('form', { name: 'Inicia sesión' }).getByRole('button', { name: 'Iniciar sesión' }).boundingBox();
  const box = await toast.boundingBox();
  expect(box!.y + box!.height).toBeLessThan(button!.y);
});
