#!/usr/bin/env node
// Figure (issue 15): how fast pages load on a cheap phone on a slow network, against a floor.
// Chromium with Slow 4G (150 ms latency, 1.6 Mbit/s down, 0.75 Mbit/s up) and a 4× slower CPU, both
// through the DevTools protocol. The floor is a 1.2 KB static page with a headline and a text box,
// served by the same server in the same run (written into the web build's folder for the run).
// Each row is the median of RUNS loads. "question box ready" is when #question-input is on screen and
// enabled: from then it takes what is typed (the chat's box is in the page's HTML, and what is typed
// before the script has run is kept: e2e/tests/page-load.spec.ts). "page works" is when React has
// attached its handlers to it (the question can be sent); long tasks are counted until then, as they
// would hold up typing. "transferred" counts the bytes and requests that went over the network (a cache
// hit costs nothing).
//
//   node bench/page-load.mjs            (run `npm run build` first)
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { root, startServer } from './lib.mjs';

const RUNS = Number(process.env.RUNS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 3450);
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (0.75 * 1024 * 1024) / 8 };
const CPU_SLOWDOWN = 4;

const floorFile = path.join(root, 'apps/web/dist/bench-floor.html');
const floorHtml = `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Camino Claro</title>
<style>
body{margin:0;font-family:system-ui,sans-serif;color:#1c2b3a;background:#fff}
main{max-width:40rem;margin:0 auto;padding:1.5rem}
h1{font-size:1.6rem;line-height:1.2;margin:0 0 .75rem}
p{margin:0 0 1rem;line-height:1.5}
label{display:block;font-weight:600;margin-bottom:.5rem}
textarea{width:100%;box-sizing:border-box;min-height:3.5rem;font:inherit;padding:.75rem;border:1px solid #8a99a8;border-radius:.5rem}
button{margin-top:.5rem;font:inherit;padding:.75rem 1.25rem;border:0;border-radius:.5rem;background:#0b5cad;color:#fff}
</style>
</head>
<body>
<main>
<h1>Respuestas claras sobre tu caso de inmigración</h1>
<p>Pregunta en español, por voz o por texto. Te respondemos con información general y fuentes oficiales.</p>
<form>
<label for="question-input">Escribe tu pregunta</label>
<textarea id="question-input" data-floor rows="2" placeholder="Por ejemplo: ¿cómo renuevo mi permiso de trabajo?"></textarea>
<button type="submit">Enviar</button>
</form>
</main>
</body>
</html>
`;
writeFileSync(floorFile, floorHtml);

/** Runs in every page before its scripts: records paints, long tasks and when the question box is ready. */
const probe = () => {
  const m = (window.__bench = { fcp: null, lcp: null, ready: null, attached: null, longTasks: [] });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') m.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) m.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (m.attached === null) m.longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  const check = () => {
    const box = document.getElementById('question-input');
    if (box && !box.disabled && m.ready === null) m.ready = performance.now();
    if (box && !box.disabled && ('floor' in box.dataset || Object.keys(box).some((k) => k.startsWith('__reactProps')))) {
      m.attached = performance.now();
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--disable-component-update'],
});
const server = await startServer({ port: PORT, env: { LOG_LEVEL: 'warn' } });

async function signedInCookies() {
  const email = `bench.page.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`;
  const response = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email, password: 'secreto-bench-1', name: 'Bench' }),
  });
  if (!response.ok) throw new Error(`sign-up ${response.status}: ${await response.text()}`);
  return response.headers.getSetCookie().map((line) => {
    const [pair] = line.split(';');
    const i = pair.indexOf('=');
    return { name: pair.slice(0, i), value: pair.slice(i + 1), url: server.url };
  });
}

/** Loads `pathname` in `page` with the throttling on; returns the page's figures. */
async function load(page, pathname, { waitForBox }) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  let bytes = 0;
  let requests = 0;
  const fromCache = new Set();
  cdp.on('Network.requestServedFromCache', ({ requestId }) => fromCache.add(requestId));
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    if (response.fromDiskCache || response.fromServiceWorker || response.fromPrefetchCache) fromCache.add(requestId);
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    if (fromCache.has(requestId)) return;
    bytes += encodedDataLength;
    requests++;
  });
  await page.goto(`${server.url}${pathname}`, { waitUntil: 'load' });
  if (waitForBox) await page.waitForFunction(() => window.__bench.attached !== null, null, { timeout: 60_000 });
  // Let the largest paint settle and late requests (the route's data) finish.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  const figures = await page.evaluate(() => window.__bench);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.detach();
  return { ...figures, bytes, requests };
}

async function measure(name, { pathname, signedIn = false, warm = false, waitForBox = true }) {
  const samples = [];
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'es-MX' });
    await context.addInitScript(probe);
    if (signedIn) await context.addCookies(await signedInCookies());
    const page = await context.newPage();
    if (warm) {
      // One visit fills the cache; the measured visit is the next one, in a new tab.
      await page.goto(`${server.url}${pathname}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(500);
      await page.close();
      samples.push(await load(await context.newPage(), pathname, { waitForBox }));
    } else {
      samples.push(await load(page, pathname, { waitForBox }));
    }
    await context.close();
  }
  const median = (key) => {
    const values = samples
      .map((s) => s[key])
      .filter((v) => v !== null && v !== undefined)
      .sort((a, b) => a - b);
    return values.length ? values[Math.floor(values.length / 2)] : null;
  };
  return {
    name,
    fcp: median('fcp'),
    lcp: median('lcp'),
    ready: waitForBox ? median('ready') : null,
    attached: waitForBox ? median('attached') : null,
    longest: Math.max(0, ...samples.flatMap((s) => s.longTasks)),
    bytes: median('bytes'),
    requests: median('requests'),
  };
}

try {
  const rows = [
    await measure('floor', { pathname: '/bench-floor.html' }),
    await measure('/landing, cold', { pathname: '/landing', waitForBox: false }),
    await measure('/chat signed in, cold', { pathname: '/chat', signedIn: true }),
    await measure('/chat, warm cache', { pathname: '/chat', signedIn: true, warm: true }),
  ];
  const ms = (v) => (v === null ? '–' : `${Math.round(v).toLocaleString('en-US')} ms`);
  console.log(`Chromium, Slow 4G (150 ms, 1.6/0.75 Mbit/s), CPU ×${CPU_SLOWDOWN}, 390 px phone; median of ${RUNS} loads each\n`);
  console.log('| page | first paint | largest paint | question box ready | page works | longest task before it works | transferred |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${ms(r.fcp)} | ${ms(r.lcp)} | ${ms(r.ready)} | ${ms(r.attached)} | ${r.longest ? ms(r.longest) : '–'} | ${(r.bytes / 1024).toFixed(1)} KB, ${r.requests} requests |`,
    );
  }
  const floor = rows[0];
  console.log('');
  for (const r of rows.slice(1)) {
    const paint = (r.fcp / floor.fcp).toFixed(2);
    const ratio = (key) => (r[key] === null ? '–' : (r[key] / floor[key]).toFixed(2));
    console.log(
      `${r.name}: first paint ${paint}× the floor (target ≤ 2), question box ready ${ratio('ready')}× the floor (target ≤ 3), page works ${ratio('attached')}×`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(floorFile, { force: true });
}
