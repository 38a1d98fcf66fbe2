#!/usr/bin/env node
// Figure (issue 2): JavaScript and CSS that /landing loads on a first visit, gzip sizes.
// Loads the page in Chromium, lists every script and stylesheet it fetched, and sums their gzip sizes.
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startServer } from './lib.mjs';

const server = await startServer({ port: 3901 });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const assets = new Map();
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type === 'script' || type === 'stylesheet') assets.set(response.url(), { type, body: await response.body() });
  });
  await page.goto(`${server.url}/landing`, { waitUntil: 'networkidle' });
  const rows = [...assets].map(([url, { type, body }]) => ({ file: new URL(url).pathname, type, raw: body.length, gzip: gzipSync(body, { level: 9 }).length }));
  const kb = (n) => (n / 1024).toFixed(1);
  for (const row of rows) console.log(`${row.type.padEnd(10)} ${kb(row.gzip).padStart(6)} KB gzip  ${kb(row.raw).padStart(7)} KB raw  ${row.file}`);
  const js = rows.filter((r) => r.type === 'script').reduce((s, r) => s + r.gzip, 0);
  const css = rows.filter((r) => r.type === 'stylesheet').reduce((s, r) => s + r.gzip, 0);
  console.log(`\n/landing first visit: JavaScript ${kb(js)} KB gzip (budget 120), CSS ${kb(css)} KB gzip (budget 25)`);
} finally {
  await browser.close();
  await server.stop();
}
