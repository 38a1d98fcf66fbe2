import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { uniqueEmail } from '../support/accounts';
import { expect, expectToast, test } from '../support/fixtures';

const root = path.resolve(import.meta.dirname, '../..');

test('deletion requests from the form, signed in and signed out', async ({ page, browser }) => {
  // Signed out: the e-mail is asked.
  await page.goto('/delete-account');
  await expect(page.getByRole('heading', { name: 'Eliminar cuenta', level: 1 })).toBeVisible();
  await page.getByLabel('Correo o teléfono de tu cuenta').fill('anonima@example.com');
  await page.getByLabel('Motivo').fill('Ya no uso la app');
  await page.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expectToast(page, 'Tu solicitud ha sido enviada correctamente');
  await expect(page).toHaveURL(/\/landing$/);

  // Signed in: no e-mail field; back to the settings.
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '10.77.0.9' } });
  const signedIn = await context.newPage();
  await signedIn.goto('/landing');
  await signedIn.request.post('/api/auth/sign-up/email', { data: { name: 'Ana', email: uniqueEmail('del'), password: 'secreto123' } });
  await signedIn.goto('/delete-account');
  await expect(signedIn.getByLabel('Motivo')).toBeVisible();
  await expect(signedIn.getByLabel('Correo o teléfono de tu cuenta')).toHaveCount(0);
  // An answer kept on this phone for reading offline (decision 0065): the request takes it away.
  const { user } = (await (await signedIn.request.get('/api/me')).json()) as { user: { id: string } };
  const kept = JSON.stringify({ userId: user.id, answers: [{ question: '¿Puedo pedir asilo?', answer: 'Sí.', at: new Date().toISOString() }] });
  await signedIn.evaluate((value) => localStorage.setItem('lastAnswers', value), kept);
  await signedIn.getByLabel('Motivo').fill('Privacidad');
  expect(await signedIn.evaluate(() => localStorage.getItem('lastAnswers'))).toBe(kept);
  await signedIn.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expectToast(signedIn, 'Tu solicitud ha sido enviada correctamente');
  expect(await signedIn.evaluate(() => localStorage.getItem('lastAnswers'))).toBeNull();
  await expect(signedIn).toHaveURL(/\/settings$/);
  // The settings show the pending request, which can be withdrawn; then the delete button is back.
  const pending = signedIn.getByTestId('deletion-pending');
  await expect(pending).toContainText('Tu solicitud para eliminar tu cuenta está pendiente');
  await pending.getByRole('button', { name: 'Retirar solicitud' }).click();
  await expectToast(signedIn, 'Retiraste tu solicitud. Tu cuenta sigue activa.');
  await expect(signedIn.getByTestId('deletion-pending')).toHaveCount(0);
  await expect(signedIn.getByRole('link', { name: 'Eliminar mi cuenta' })).toBeVisible();
  await signedIn.reload();
  await expect(signedIn.getByRole('link', { name: 'Eliminar mi cuenta' })).toBeVisible();
  await context.close();
});

test('signed out, a phone-only account asks by phone; errors are Spanish and beside their field, never browser bubbles', async ({ page }) => {
  await page.goto('/delete-account');
  await page.getByRole('button', { name: 'Enviar solicitud' }).click();
  const contact = page.getByLabel('Correo o teléfono de tu cuenta');
  await expect(contact).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Por favor ingresa el correo o el teléfono de tu cuenta')).toBeVisible();
  await expect(page.getByText('Por favor cuéntanos el motivo')).toBeVisible();
  // The message is the field's description for screen readers.
  const describedBy = (await contact.getAttribute('aria-describedby')) ?? '';
  expect(await page.locator(`[id="${describedBy.split(' ').pop()}"]`).textContent()).toBe('Por favor ingresa el correo o el teléfono de tu cuenta');
  // The browser's own validation never speaks (noValidate): no "Please fill out this field."
  expect(await page.locator('form').evaluate((form: HTMLFormElement) => form.noValidate)).toBe(true);
  await contact.fill('555-201');
  await page.getByLabel('Motivo').fill('Solo tengo teléfono');
  await page.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(page.getByText('Escribe un correo válido o un teléfono de 10 dígitos')).toBeVisible();
  await contact.fill('(555) 201-7788');
  await page.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expectToast(page, 'Tu solicitud ha sido enviada correctamente');
  await expect(page).toHaveURL(/\/landing$/);
});

test('a failed request says so', async ({ page }) => {
  await page.route('**/api/account/deletion-request', (route) => route.abort('internetdisconnected'));
  await page.goto('/delete-account');
  await page.getByLabel('Correo o teléfono de tu cuenta').fill('x@example.com');
  await page.getByLabel('Motivo').fill('Motivo');
  await page.getByRole('button', { name: 'Enviar solicitud' }).click();
  // Beside the form, not in a toast.
  await expect(page.getByRole('alert').filter({ hasText: 'No hay conexión con el servidor' })).toBeVisible();
  await expect(page.locator('[data-toast]')).toHaveCount(0);
  await expect(page).toHaveURL(/\/delete-account$/);
});

test.describe('the operator processes the requests', () => {
  test.skip(({ isMobile }) => isMobile, 'runs once, on the desktop project');
  let server: ChildProcess | null = null;
  let dataDir = '';
  test.afterEach(() => {
    server?.kill('SIGTERM');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('npm run deletions:process leaves no row of the user in any table', async ({ page }) => {
    test.setTimeout(150_000);
    // A server of its own: with the embedded database the command runs while the server is stopped.
    dataDir = mkdtempSync(path.join(tmpdir(), 'camino-deletion-'));
    const port = 3103;
    const base = `http://localhost:${port}`;
    const env = {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    };
    server = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], { env, stdio: 'ignore' });
    await expect
      .poll(
        () =>
          fetch(`${base}/api/health`)
            .then((r) => r.status)
            .catch(() => 0),
        { timeout: 60_000 },
      )
      .toBe(200);

    const email = uniqueEmail('borrar');
    await page.goto(`${base}/landing`);
    expect((await page.request.post(`${base}/api/auth/sign-up/email`, { data: { name: 'Borrar', email, password: 'secreto123' } })).ok()).toBe(true);
    const me = (await (await page.request.get(`${base}/api/me`)).json()) as { user: { id: string } };
    const userId = me.user.id;
    // Data of every kind: a chat and a consultation, feedback, a paid subscription, a reset e-mail.
    await page.goto(`${base}/chat`);
    await page.getByLabel('Tu pregunta').fill('¿Qué es el formulario I-864?');
    await page.getByRole('button', { name: 'Preguntar' }).click();
    await expect(page.getByTestId('response-box')).toContainText('I-864');
    await page.request.post(`${base}/api/feedback`, { data: { ratings: { ease_of_use: 5 }, additionalComments: 'bien' } });
    const paid = await page.request.post(`${base}/api/billing/authorize-sub`, {
      data: { firstName: 'Borrar', lastName: 'Todo', email, cardNumber: '4111111111111111', expirationDate: `${new Date().getFullYear() + 2}-10`, cvv: '123' },
    });
    expect(((await paid.json()) as { success: boolean }).success).toBe(true);
    await page.request.post(`${base}/api/auth/request-password-reset`, { data: { email } });
    await page.goto(`${base}/delete-account`);
    await page.getByLabel('Motivo').fill('Quiero borrar todo');
    await page.getByRole('button', { name: 'Enviar solicitud' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    // The page leaves before its server stops (its background requests would fail).
    await page.goto('about:blank');

    server.kill('SIGTERM');
    await new Promise((r) => server!.once('exit', r));
    server = null;
    const run = spawnSync('npm', ['run', '--silent', 'deletions:process'], { cwd: root, env, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(`eliminada la cuenta ${userId}`);

    // Every row of every table, as text: nothing names the user any more.
    const db = new PGlite(path.join(dataDir, 'pglite'));
    try {
      const tables = (
        await db.query<{ table_name: string }>(`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`)
      ).rows.map((r) => r.table_name);
      expect(tables.length).toBeGreaterThan(15);
      const found: string[] = [];
      for (const table of tables) {
        for (const row of (await db.query<Record<string, unknown>>(`select * from "${table}"`)).rows) {
          const text = JSON.stringify(row).toLowerCase();
          if (text.includes(userId.toLowerCase()) || text.includes(email.toLowerCase())) found.push(`${table}: ${text.slice(0, 120)}`);
        }
      }
      expect(found).toEqual([]);
      const done = await db.query<{ status: string }>(`select status from deletion_requests where reason = 'Quiero borrar todo'`);
      expect(done.rows).toEqual([{ status: 'done' }]);
    } finally {
      await db.close();
    }
    // Running it again is safe.
    const again = spawnSync('npm', ['run', '--silent', 'deletions:process'], { cwd: root, env, encoding: 'utf8' });
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toContain('0 cuenta(s) eliminada(s)');
  });
});
