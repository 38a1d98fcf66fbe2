// Issue 14 point 5 (D13): the Spanish interface speaks one clean Spanish. Walks every route, public and
// signed in, and the dialogs that open cheaply, and fails on English words and on the old spellings.
import { signUpViaApi } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { expectCleanSpanish } from '../support/language';

const PUBLIC_ROUTES = [
  '/landing',
  '/how-it-works',
  '/faq',
  '/why-trust-us',
  '/blog',
  '/blog/caso-mahmoud-khalil',
  '/blog/residentes-riesgo-deportacion',
  '/blog/no-es-crimen-protestar',
  '/blog/abusos-frontera-reales',
  '/blog/los-angeles-operativo-migratorio',
  '/blog/no-existe',
  '/documents',
  '/privacy-policy',
  '/delete-account',
  '/login',
  '/reset-password',
  '/reset-password?token=caducado',
];

test('every public route, and its dialogs, in clean Spanish', async ({ page }) => {
  test.setTimeout(180_000);
  for (const route of PUBLIC_ROUTES) {
    await page.goto(route);
    await expect(page.locator('main h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectCleanSpanish(page, route);
  }

  // Empty submits: the errors beside the fields are Spanish too.
  await page.goto('/delete-account');
  await page.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expectCleanSpanish(page, 'deletion errors');

  await page.goto('/login');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.getByRole('form').getByRole('button', { name: 'Iniciar sesión' }).click();
  await expectCleanSpanish(page, 'sign-in errors');
  await page.getByRole('button', { name: '¿Olvidaste tu contraseña?' }).click();
  await expect(page.getByRole('dialog', { name: 'Cambia tu contraseña' })).toBeVisible();
  await expectCleanSpanish(page, 'forgot-password dialog');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Volver' }).click();
  await page.getByRole('button', { name: 'Crear cuenta con número o correo electrónico' }).click();
  await page.getByRole('form').getByRole('button', { name: 'Enviar código' }).click();
  await expectCleanSpanish(page, 'register errors');
  await page.getByRole('button', { name: 'Volver' }).click();
  await page.getByRole('button', { name: /¡Prueba el asistente!/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectCleanSpanish(page, 'voice demo');
  await page.keyboard.press('Escape');

  // The plan chooser and the payment dialog, with its errors.
  await page.goto('/landing');
  await page.getByRole('button', { name: 'Empieza por $1' }).first().click();
  const chooser = page.getByRole('dialog', { name: 'Elige tu Plan Ideal' });
  await expect(chooser).toBeVisible();
  await expectCleanSpanish(page, 'plan chooser');
  await chooser.getByRole('button', { name: 'Prueba 7 días por $1' }).click();
  const payment = page.getByRole('dialog', { name: 'Suscripción - 7 días por solo $1' });
  await payment.getByRole('button', { name: 'Pagar $1 por 7 días de prueba' }).click();
  await expect(payment.getByText('Por favor ingresa tu nombre')).toBeVisible();
  await expectCleanSpanish(page, 'payment dialog');
});

test('every signed-in route in clean Spanish, with the saved-chat confirmation', async ({ page }) => {
  test.setTimeout(180_000);
  await signUpViaApi(page);
  for (const route of ['/chat', '/saved-chats', '/settings', '/feedback', '/delete-account', '/documents', '/landing']) {
    await page.goto(route);
    await expect(page.locator('main h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectCleanSpanish(page, route);
  }
  // A question, then its saved chat and the confirmation before deleting it.
  await page.goto('/chat');
  await page.getByLabel('Tu pregunta').fill('¿Qué es el formulario I-864?');
  await page.getByRole('button', { name: 'Preguntar' }).click();
  await expect(page.getByTestId('response-box')).toContainText('I-864');
  await expectCleanSpanish(page, 'chat with an answer');
  await page.goto('/saved-chats');
  await page.getByRole('button', { name: /Eliminar el chat/ }).click();
  await expect(page.getByRole('dialog', { name: '¿Eliminar este chat?' })).toBeVisible();
  await expectCleanSpanish(page, 'delete-chat confirmation');
  await page.getByRole('button', { name: 'Sí, eliminar' }).click();
  await expect(page.locator('[data-toast]').getByText('Chat eliminado')).toBeVisible();
  await expectCleanSpanish(page, 'chat deleted toast');
  // Saving the settings: the toast is Spanish and the page stays on the settings.
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.locator('[data-toast]').getByText('Perfil actualizado')).toBeVisible();
  await expect(page).toHaveURL(/\/settings$/);
  await expectCleanSpanish(page, 'settings saved');
});
