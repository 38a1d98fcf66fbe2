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
