#!/usr/bin/env node
// Takes full-page screenshots of the built product at 390 px and 1280 px, for looking at what we built.
//   node scripts/screenshots.mjs [outDir] [/route ...]
// Routes after --signed-in are captured with a fresh account (e.g. /chat /saved-chats /settings); a
// route written /chat?ask=... first asks that question by text.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from '../bench/lib.mjs';

const [outDir = '/tmp/shots', ...rest] = process.argv.slice(2);
const split = rest.indexOf('--signed-in');
const routesArg = split >= 0 ? rest.slice(0, split) : rest;
const signedInRoutes = split >= 0 ? rest.slice(split + 1) : [];
const routes =
  routesArg.length || signedInRoutes.length
    ? routesArg
    : [
        '/landing',
        '/login',
        '/how-it-works',
        '/faq',
        '/why-trust-us',
        '/blog',
        '/blog/caso-mahmoud-khalil',
        '/privacy-policy',
        '/documents',
        '/delete-account',
      ];
mkdirSync(outDir, { recursive: true });

const server = await startServer({ port: 3904, env: { NODE_ENV: 'development' } });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
try {
  for (const width of [390, 1280]) {
    const page = await browser.newPage({ viewport: { width, height: width < 768 ? 844 : 800 }, deviceScaleFactor: 1 });
    const all = [...routes.map((r) => [r, false]), ...signedInRoutes.map((r) => [r, true])];
    let signedIn = false;
    for (const [target, needsAccount] of all) {
      if (needsAccount && !signedIn) {
        await page.goto(`${server.url}/landing`);
        await page.request.post(`${server.url}/api/auth/sign-up/email`, {
          data: { email: `shots.${Date.now()}@example.com`, password: 'secreto123', name: 'Ana' },
        });
        signedIn = true;
      }
      const [route, query] = target.split('?ask=');
      await page.goto(`${server.url}${route}`, { waitUntil: 'networkidle' });
      if (query) {
        await page.getByLabel('Tu pregunta').fill(decodeURIComponent(query));
        await page.getByRole('button', { name: 'Preguntar' }).click();
        await page.getByTestId('response-box').getByText('Documentos').waitFor();
      }
      await page.waitForTimeout(300);
      const file = path.join(outDir, `${route.replace(/\//g, '_').replace(/^_/, '') || 'root'}${query ? '-asked' : ''}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
      if (width < 768) {
        // Phone pages are long: also save them in screen-sized pieces that are readable at a glance.
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        for (let y = 0, i = 0; y < height; y += 1600, i++) {
          const piece = file.replace(/\.png$/, `-part${i}.png`);
          await page.screenshot({ path: piece, fullPage: true, clip: { x: 0, y, width, height: Math.min(1600, height - y) } });
        }
      }
    }
    await page.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
