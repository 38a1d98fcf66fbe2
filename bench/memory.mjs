#!/usr/bin/env node
// Figure (issue 15): the server's memory on the embedded database (PGlite), as `npm start` runs it.
// Resident memory (RSS) of the server process, read from /proc: its peak during a first start (new
// database: PostgreSQL's set-up and the migrations), at serving, in steady state (idle after start), then
// during and after 1,000 answers of the built-in engine (334 accounts asking 3 questions each, 8 at a
// time, each account from its own address so the limits stay on; their rate in answers per second), and
// the peak of a second start.
//   node bench/memory.mjs          (run `npm run build` first; the server gets `npm start`'s Node flags)
import { readFileSync } from 'node:fs';
import { rmSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from './lib.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3452);
const ANSWERS = 1000;
const dataDir = mkdtempSync(path.join(tmpdir(), 'camino-memory-'));
const status = (pid) => readFileSync(`/proc/${pid}/status`, 'utf8');
const field = (pid, name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status(pid))?.[1] ?? 0) / 1024;
const ip = (i) => `10.30.${Math.floor(i / 250)}.${(i % 250) + 1}`;
const mb = (n) => `${Math.round(n)} MB`;

/** Starts the server and follows its RSS from the first moment (VmHWM misses nothing between samples). */
async function start() {
  const server = await startServer({ port: PORT, dataDir, env: { LOG_LEVEL: 'warn', TRUST_PROXY: 'true' } });
  return { server, peak: field(server.child.pid, 'VmHWM'), serving: field(server.child.pid, 'VmRSS') };
}

try {
  const first = await start();
  const { server } = first;
  const pid = server.child.pid;
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const steady = field(pid, 'VmRSS');
  const firstPeak = field(pid, 'VmHWM');

  const cookies = [];
  const accounts = Math.ceil(ANSWERS / 3);
  for (let i = 0; i < accounts; i += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, accounts - i) }, async (_, j) => {
        const response = await fetch(`${server.url}/api/auth/sign-up/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: server.url, 'x-forwarded-for': ip(i + j) },
          body: JSON.stringify({ email: `memory.${Date.now()}.${i + j}@example.com`, password: 'secreto-bench', name: 'Bench' }),
        });
        if (!response.ok) throw new Error(`sign-up ${response.status}: ${await response.text()}`);
        cookies[i + j] = response.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; ');
      }),
    );
  }
  const afterAccounts = field(pid, 'VmRSS');
  let peakDuring = afterAccounts;
  const sampler = setInterval(() => (peakDuring = Math.max(peakDuring, field(pid, 'VmRSS'))), 100);
  const answersStarted = performance.now();
  let answers = 0;
  let failures = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (answers + failures < ANSWERS) {
        const n = next++;
        if (n >= ANSWERS) return;
        // Three questions per account, never two of one account at once (one answer at a time per person).
        const account = n % accounts;
        const response = await fetch(`${server.url}/api/assistant/ask`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: cookies[account], origin: server.url, 'x-forwarded-for': ip(account) },
          body: JSON.stringify({ message: n % 2 ? '¿Cómo renuevo mi DACA?' : '¿Cuánto cuesta renovar la green card?' }),
        });
        const body = await response.text();
        if (response.ok && body.includes('event: done')) answers++;
        else failures++;
      }
    }),
  );
  clearInterval(sampler);
  const answerSeconds = (performance.now() - answersStarted) / 1000;
  const after = field(pid, 'VmRSS');
  await server.stop({ keepData: true });
  const second = await start();
  await second.server.stop({ keepData: true });

  console.log('server RSS on PGlite (MB)\n');
  console.log('| moment | RSS |');
  console.log('|---|---|');
  console.log(`| first start (new database), peak until serving | ${mb(first.peak)} |`);
  console.log(`| first start, at serving | ${mb(first.serving)} |`);
  console.log(`| first start, peak until 5 s after serving (work started at start included) | ${mb(firstPeak)} |`);
  console.log(`| steady state, 5 s after start | ${mb(steady)} |`);
  console.log(`| after creating ${accounts} accounts (scrypt hashes, 32 MiB each in the thread pool) | ${mb(afterAccounts)} |`);
  console.log(`| during ${ANSWERS} answers (8 at a time), peak | ${mb(peakDuring)} |`);
  console.log(`| after ${answers} answers (${failures} failed) | ${mb(after)} |`);
  console.log(`| second start, peak until serving | ${mb(second.peak)} |`);
  console.log(
    `\nthroughput: ${answers} answers in ${answerSeconds.toFixed(1)} s, ${(answers / answerSeconds).toFixed(1)} answers/s (load average ${os.loadavg()[0].toFixed(1)})`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
