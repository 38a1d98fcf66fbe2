#!/usr/bin/env node
// Takes full-page screenshots of the built product at 390 px and 1280 px, for looking at what we built.
//   node scripts/screenshots.mjs [outDir] [/route ...]
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from '../bench/lib.mjs';

const [outDir = '/tmp/shots', ...routesArg] = process.argv.slice(2);
const routes = routesArg.length ? routesArg : ['/landing', '/login', '/how-it-works', '/faq', '/why-trust-us', '/blog', '/blog/caso-mahmoud-khalil', '/privacy-policy', '/documents', '/delete-account'];
mkdirSync(outDir, { recursive: true });

const server = await startServer({ port: 3904, env: { NODE_ENV: 'development' } });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
try {
  for (const width of [390, 1280]) {
    const page = await browser.newPage({ viewport: { width, height: width < 768 ? 844 : 800 }, deviceScaleFactor: 1 });
    for (const route of routes) {
      await page.goto(`${server.url}${route}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(300);
      const file = path.join(outDir, `${route.replace(/\//g, '_').replace(/^_/, '') || 'root'}-${width}.png`);
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
