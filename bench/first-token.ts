// Figure (issue 4): time to the first streamed character at the browser, with the fake model at a
// fixed 300 ms to its first token (target: within 50 ms of it). Chromium asks the built server; the
// time runs from sending the question to the first answer text read from the stream.
// Run: npm run build && npx tsx bench/first-token.ts
import { startFakeOpenAI } from '@camino/fakes';
import { chromium } from 'playwright-core';
import { percentile, startServer } from './lib.mjs';

const TTFT = 300;
const fake = await startFakeOpenAI({
  apiKey: 'sk-bench',
  ttftMs: TTFT,
  tokensPerSecond: 30,
  defaultReply: () =>
    'Claro, te explico. Para renovar tu DACA usas el formulario I-821D. Puedes descargar el formulario I-821D en la sección Documentos de la app.',
});
const server = await startServer({
  port: 3906,
  env: { LOG_LEVEL: 'warn', NODE_ENV: 'development', LLM_BASE_URL: `${fake.url}/v1`, LLM_API_KEY: 'sk-bench', PUBLIC_URL: 'http://127.0.0.1:3906' },
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const page = await browser.newPage();
  await page.goto(`${server.url}/landing`);
  const samples: number[] = [];
  // The first question warms the server up (JIT, the connection to the model); it is not counted.
  for (let i = -1; i < 30; i++) {
    // A fresh account every 3 questions (the free plan's limit).
    if (i === -1 || i % 3 === 0) {
      await page.context().clearCookies();
      const ok = await page.evaluate(async (email) => {
        const r = await fetch('/api/auth/sign-up/email', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: 'secreto-bench', name: 'Bench' }),
        });
        return r.ok;
      }, `ttft.${Date.now()}.${i}@example.com`);
      if (!ok) throw new Error('sign-up failed');
    }
    const ms = await page.evaluate(async () => {
      const t0 = performance.now();
      const response = await fetch('/api/assistant/ask', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message: '¿Cómo renuevo mi DACA?' }),
      });
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      let first = -1;
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
        if (first < 0 && text.includes('event: delta')) first = performance.now() - t0;
      }
      return first;
    });
    if (i >= 0) samples.push(ms);
  }
  const over = samples.map((s) => s - TTFT);
  console.log(`samples: ${samples.map((s) => s.toFixed(0)).join(' ')}`);
  console.log(`first streamed character at the browser, model first token at ${TTFT} ms, ${samples.length} questions:`);
  console.log(
    `  p50 ${percentile(samples, 50).toFixed(0)} ms (+${percentile(over, 50).toFixed(0)} ms), p99 ${percentile(samples, 99).toFixed(0)} ms (+${percentile(over, 99).toFixed(0)} ms)`,
  );
} finally {
  await browser.close();
  await server.stop();
  await fake.close();
}
