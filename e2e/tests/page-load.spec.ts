import { signUpViaApi } from '../support/accounts';
import { expect, test } from '../support/fixtures';

// Issue 15: the public pages and the app shell come as HTML rendered at build time, then React
// attaches to that HTML (hydration) instead of drawing the page again.

test('the landing page is in its HTML, with its styles, and React attaches to it without redrawing it', async ({ page, request }) => {
  const response = await request.get('/landing');
  const html = await response.text();
  expect(html).toContain('¿Tienes dudas sobre inmigración? Recibe ayuda en minutos.');
  expect(html).toMatch(/<style>[^<]*\.container-page/);
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);

  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { firstHeading: Element | null }).firstHeading = document.querySelector('h1');
    });
  });
  await page.goto('/landing');
  // The heading painted from the HTML is the very element React now handles.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const first = (window as unknown as { firstHeading: Element | null }).firstHeading;
        return first === document.querySelector('h1') && Object.keys(first ?? {}).some((key) => key.startsWith('__reactFiber'));
      }),
    )
    .toBe(true);
  // And the page works: a link navigates within the app.
  await page.getByRole('link', { name: 'Cómo funciona' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cómo funciona' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a page is sent with an ETag and costs a 304 when the browser has it', async ({ request }) => {
  const first = await request.get('/faq');
  const etag = first.headers()['etag'];
  expect(etag).toBeTruthy();
  const again = await request.get('/faq', { headers: { 'if-none-match': etag! } });
  expect(again.status()).toBe(304);
});

test('the chat box takes what is typed before the script has run, and keeps it once the page works', async ({ page }) => {
  await signUpViaApi(page);
  // The scripts are held back: the page is its HTML only, as on a slow phone before they arrive.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  const loading = page.goto('/chat', { waitUntil: 'commit' });
  const box = page.getByLabel('Tu pregunta');
  await box.pressSequentially('¿Cuánto cuesta renovar la green card?');
  expect(await page.evaluate(() => Object.keys(document.getElementById('question-input')!).some((key) => key.startsWith('__react')))).toBe(false);
  release();
  await loading;

  await expect(box).toHaveValue('¿Cuánto cuesta renovar la green card?');
  await expect(page.getByTestId('usage-counter')).toHaveText('Consultas restantes: 3 de 3');
  await page.getByRole('button', { name: 'Preguntar' }).click();
  await expect(page.getByTestId('question-box')).toHaveText('¿Cuánto cuesta renovar la green card?');
  await expect(page.getByTestId('response-box')).toContainText('I-90');
  // No hydration error: the fixture fails the test on any console error.
});

test('a browser with no session is sent from the chat to /login by the server, before the chat is drawn', async ({ page }) => {
  const response = await page.goto('/chat');
  expect(response?.request().redirectedFrom()?.url()).toMatch(/\/chat$/);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Tu pregunta')).toHaveCount(0);
});
