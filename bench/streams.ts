// Figure (issue 4): answers per second one server sustains with 200 concurrent streams from the fake
// model (300 ms to the first token, 100 tokens/s), and the server's memory meanwhile.
// 200 accounts ask 3 questions each (the free plan), each from its own address (TRUST_PROXY), so the
// per-person and per-address limits stay on. Run: npm run build && npx tsx bench/streams.ts
import { readFileSync } from 'node:fs';
import { startFakeOpenAI } from '@camino/fakes';
import { startServer } from './lib.mjs';

const STREAMS = 200;
const fake = await startFakeOpenAI({
  apiKey: 'sk-bench',
  ttftMs: 300,
  tokensPerSecond: 100,
  defaultReply: () =>
    'Claro, te explico. Para renovar tu DACA usas el formulario I-821D junto con el permiso de trabajo I-765. Mándalo entre 150 y 120 días antes de que venza. Puedes descargar el formulario I-821D en la sección Documentos de la app.',
});
const server = await startServer({
  port: 3907,
  nodeArgs: process.env.PROFILE ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof2'] : [],
  env: { LOG_LEVEL: 'warn', TRUST_PROXY: 'true', LLM_BASE_URL: `${fake.url}/v1`, LLM_API_KEY: 'sk-bench', PUBLIC_URL: 'http://127.0.0.1:3907' },
});
const origin = 'http://127.0.0.1:3907';
const ip = (i: number) => `10.20.${Math.floor(i / 250)}.${(i % 250) + 1}`;
const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

try {
  const startRss = rssMb();
  const cookies: string[] = [];
  for (let i = 0; i < STREAMS; i += 20) {
    await Promise.all(
      Array.from({ length: 20 }, async (_, j) => {
        const response = await fetch(`${server.url}/api/auth/sign-up/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': ip(i + j) },
          body: JSON.stringify({ email: `streams.${Date.now()}.${i + j}@example.com`, password: 'secreto-bench', name: 'Bench' }),
        });
        if (!response.ok) throw new Error(`sign-up ${response.status}`);
        cookies[i + j] = response.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; ');
      }),
    );
  }
  const idleRss = rssMb();
  let peakRss = idleRss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb())), 100);
  let answers = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    cookies.map(async (cookie, i) => {
      for (let q = 0; q < 3; q++) {
        const response = await fetch(`${server.url}/api/assistant/ask`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie, origin, 'x-forwarded-for': ip(i) },
          body: JSON.stringify({ message: '¿Cómo renuevo mi DACA?' }),
        });
        const body = await response.text();
        if (response.ok && body.includes('event: done')) answers++;
        else failures++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  console.log(
    `${STREAMS} concurrent streams, ${answers} answers in ${seconds.toFixed(1)} s: ${(answers / seconds).toFixed(1)} answers/s, ${failures} failures`,
  );
  console.log(
    `server memory (RSS): ${startRss.toFixed(0)} MB at start, ${idleRss.toFixed(0)} MB after creating the ${STREAMS} accounts (scrypt hashes), ${peakRss.toFixed(0)} MB at peak during the streams`,
  );
  console.log(`(each answer takes at least ${(0.3 + 56 / 100).toFixed(1)} s of model time: 300 ms to the first token, then about 56 tokens at 100/s)`);
} finally {
  await server.stop();
  await fake.close();
}
