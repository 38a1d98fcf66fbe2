import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/** Console errors and uncaught page errors fail the test (CSP violations included). */
/**
 * Each test comes from its own address (the servers trust X-Forwarded-For in the suite), as different
 * people would: the per-address limits on sign-ups, codes and questions stay on without one test
 * using up another's.
 */
const randomIp = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

export const test = base.extend<{ consoleErrors: string[] }>({
  extraHTTPHeaders: async ({}, use) => {
    await use({ 'x-forwarded-for': randomIp() });
  },
  // A page rendered at build time is on screen before its script runs, and a tap then does nothing: a
  // navigation to one of the app's pages ends when the app marks itself ready (root-layout.tsx).
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      const html = response?.headers()['content-type']?.startsWith('text/html');
      if (html && !/^\/(api|dev)\//.test(new URL(url, 'http://localhost').pathname)) await page.locator('html[data-ready]').waitFor({ state: 'attached' });
      return response;
    };
    await use(page);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      // 4xx answers the app handles itself (e.g. a wrong password) are logged by the browser; ignore those.
      // A connection a test cuts on purpose (route.abort) is logged by the browser too.
      const unexpected = errors.filter(
        (text) => !/Failed to load resource: (the server responded with a status of 4\d\d|net::ERR_INTERNET_DISCONNECTED)/.test(text),
      );
      expect(unexpected, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Runs axe and fails on serious or critical violations. */
export async function expectAccessible(page: Page): Promise<void> {
  // A toast or dialog still fading in reads as low contrast: wait (up to 2 s) for finite animations to end.
  for (let i = 0; i < 20; i++) {
    const running = await page.evaluate(
      () => document.getAnimations().filter((a) => a.playState === 'running' && Number.isFinite(Number(a.effect?.getComputedTiming().endTime))).length,
    );
    if (running === 0) break;
    await page.waitForTimeout(100);
  }
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    ),
    'serious or critical accessibility violations',
  ).toEqual([]);
}

export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/** A toast with this text (title or description) is showing. */
export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  // By attribute, not role: while a modal dialog is open, the rest of the page (toasts included) is
  // aria-hidden; Radix announces each toast through its own live region instead.
  const toasts = page.locator('[data-toast]');
  await expect(toasts.getByText(text, typeof text === 'string' ? { exact: true } : undefined).first()).toBeVisible();
}
