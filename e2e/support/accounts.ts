import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';

let n = 0;
export const uniqueEmail = (prefix = 'e2e') => `${prefix}.${Date.now()}.${process.pid}.${n++}@example.com`;
/** 10 digits, starting with 555 (the fictional range). */
export const uniquePhoneDigits = () => `555${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;

/**
 * The newest message the server's outbox holds for a recipient (development only endpoint), once it
 * holds at least `count` of them: a second code is read only after it was sent, never the first one again.
 */
export async function lastOutboxMessage(request: APIRequestContext, to: string, count = 1): Promise<{ body: string; subject: string | null }> {
  let found: { body: string; subject: string | null } | undefined;
  await expect
    .poll(async () => {
      // The outbox answers this machine only (decision D15): the suite's random client address is
      // replaced by the loopback address the test runner really has.
      const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`, { headers: { 'x-forwarded-for': '127.0.0.1' } });
      const { messages } = await response.json();
      found = messages[0];
      return messages.length >= count;
    })
    .toBe(true);
  return found!;
}

export async function codeFor(request: APIRequestContext, phone: string, count = 1): Promise<string> {
  const message = await lastOutboxMessage(request, phone, count);
  return /\b(\d{6})\b/.exec(message.body)![1]!;
}

/** Registers by e-mail through the UI and waits for the chat page. */
export async function registerByEmail(page: Page, options: { firstName?: string; email?: string; password?: string } = {}) {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? 'secreto123';
  await page.goto('/login');
  await page.getByRole('button', { name: 'Crear cuenta con número o correo electrónico' }).click();
  await page.getByLabel('Nombre').fill(options.firstName ?? 'Ana');
  await page.getByRole('radio', { name: 'Correo' }).click();
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Crear cuenta', exact: true }).click();
  await expect(page).toHaveURL(/\/chat$/);
  return { email, password };
}

/** Creates an account through the API (faster than the UI) and signs the page's context in. */
export async function signUpViaApi(page: Page, options: { firstName?: string; email?: string; password?: string } = {}) {
  const email = options.email ?? uniqueEmail('api');
  const password = options.password ?? 'secreto123';
  const response = await page.request.post('/api/auth/sign-up/email', { data: { name: options.firstName ?? 'Ana', email, password } });
  expect(response.ok()).toBe(true);
  return { email, password };
}
