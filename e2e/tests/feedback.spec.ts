import { signUpViaApi } from '../support/accounts';
import { expect, expectAccessible, expectToast, test } from '../support/fixtures';

test('the feedback survey: five sections, stars by mouse and keyboard, sent and cleared', async ({ page }) => {
  await signUpViaApi(page);
  // Reached from the footer of any page.
  await page.goto('/chat');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Danos tu opinión' }).click();
  await expect(page).toHaveURL(/\/feedback$/);
  for (const section of ['Experiencia general', 'Atención y soporte', 'Usabilidad y accesibilidad', 'Diseño de la plataforma', 'Recomendación y lealtad']) {
    await expect(page.getByRole('group', { name: section })).toBeVisible();
  }
  await expect(page.getByRole('radiogroup')).toHaveCount(16);
  const submit = page.getByRole('button', { name: 'Enviar comentarios' });
  await expect(submit).toBeDisabled();
  await expectAccessible(page);

  const first = page.getByRole('radiogroup', { name: '¿El asistente cumplió con lo que esperabas?' });
  await first.getByRole('radio', { name: '4 de 5 estrellas' }).click();
  await expect(first.getByRole('radio', { name: '4 de 5 estrellas' })).toBeChecked();
  // Keyboard: focus the group, arrows move, the choice follows.
  const clarity = page.getByRole('radiogroup', { name: '¿La información fue clara y fácil de entender?' });
  const one = clarity.getByRole('radio', { name: '1 de 5 estrellas' });
  await one.focus();
  // The group takes the focus before the first arrow (the arrows raced it now and then).
  await expect(one).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(clarity.getByRole('radio', { name: '2 de 5 estrellas' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  // Each key waits for the focus it moved, or the next key can land before it on a slow machine.
  const three = clarity.getByRole('radio', { name: '3 de 5 estrellas' });
  await expect(three).toBeFocused();
  await page.keyboard.press('Space');
  await expect(three).toBeChecked();
  await page.getByLabel('¿Qué cambiarías del diseño?').fill('Letra más grande');
  await page.getByLabel('Comentarios adicionales').fill('Muy útil');
  await expect(submit).toBeEnabled();
  await submit.click();
  await expectToast(page, '¡Gracias por tus comentarios!');
  await expect(first.getByRole('radio', { name: '4 de 5 estrellas' })).not.toBeChecked();
  await expect(page.getByLabel('Comentarios adicionales')).toHaveValue('');
  await expect(submit).toBeDisabled();
});

test('both validation messages: at least one answer, and a session', async ({ page, context }) => {
  await signUpViaApi(page);
  await page.goto('/feedback');
  await page.getByLabel('Comentarios adicionales').fill('   ');
  await page.getByRole('button', { name: 'Enviar comentarios' }).click();
  await expect(page.getByTestId('feedback-error')).toHaveText('Por favor proporciona al menos una calificación o un comentario');

  // The session ended meanwhile (signed out in another tab).
  await page.getByLabel('Comentarios adicionales').fill('Todo bien');
  await context.clearCookies();
  await page.getByRole('button', { name: 'Enviar comentarios' }).click();
  // The new refusal takes the place of the old one, beside the button.
  await expect(page.getByTestId('feedback-error')).toHaveText('Debes iniciar sesión para enviar comentarios');
});
