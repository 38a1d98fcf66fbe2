import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export const TEST_CARD = '4111111111111111';

/** Fills the payment dialog; a signed-in user has name and e-mail prefilled and no password. */
export async function fillPayment(
  page: Page,
  values: { firstName?: string; lastName?: string; email?: string; password?: string; card?: string; expiry?: string; cvv?: string },
) {
  const dialog = page.getByRole('dialog', { name: 'Suscripción - 7 días por solo $1' });
  await expect(dialog).toBeVisible();
  if (values.firstName !== undefined) await dialog.getByLabel('Nombre').fill(values.firstName);
  if (values.lastName !== undefined) await dialog.getByLabel('Apellido').fill(values.lastName);
  if (values.email !== undefined) await dialog.getByLabel('Correo electrónico').fill(values.email);
  if (values.password !== undefined) await dialog.getByLabel('Contraseña').fill(values.password);
  if (values.card !== undefined) await dialog.getByLabel('Número de tarjeta').pressSequentially(values.card);
  if (values.expiry !== undefined) await dialog.getByLabel('Vencimiento').pressSequentially(values.expiry);
  if (values.cvv !== undefined) await dialog.getByLabel('CVV').pressSequentially(values.cvv);
  return dialog;
}

/** A valid future expiry as typed: MMYY. */
export const futureExpiry = () => `12${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;
