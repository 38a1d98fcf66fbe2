// The figures of docs/security.md: probes a running server as an attacker and as an operator would, and
// counts attempts and failures per category.
//   npx tsx scripts/security-probe.ts                          embedded database (PGlite in a temp folder)
//   DATABASE_URL=postgres://... npx tsx scripts/security-probe.ts   on PostgreSQL (an empty database)
// The server is the real app (buildApp) listening on a local port; every probe goes over HTTP.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { rows } from '../apps/server/src/lib/rate-limiter';
import { processDeletionRequests } from '../apps/server/src/modules/account-deletion/process';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'camino-probe-'));
const databaseUrl = process.env.DATABASE_URL;
// PROBE_PORT: listen there with PUBLIC_URL=http://127.0.0.1:PROBE_PORT (for a server that accepts only
// PUBLIC_URL as origin, such as the one before issue 13). Default: any port, PUBLIC_URL localhost:3000.
const probePort = Number(process.env.PROBE_PORT ?? 0);
const config = loadConfig({
  NODE_ENV: 'development',
  AUTH_SECRET: 'probe-secret-probe-secret-probe-secret-0123456789',
  PUBLIC_URL: probePort ? `http://127.0.0.1:${probePort}` : 'http://localhost:3000',
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl ?? '',
  TRUST_PROXY: 'true',
  LOG_LEVEL: 'trace',
  SMS_HOURLY_BUDGET: '20',
  WEB_DIST: '/nonexistent-web-dist',
});
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const logs: string[] = [];
const app = await buildApp({ config, database, seedDocuments: true, logger: new Writable({ write: (chunk, _e, done) => (logs.push(String(chunk)), done()) }) });
await app.listen({ port: probePort, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

type Result = { status: number; text: string; cookie: string; json(): any };
const bodies: string[] = [];
let ipCounter = 0;
const freshIp = () => `10.${200 + Math.floor(ipCounter / 62_500)}.${Math.floor(ipCounter / 250) % 250}.${(ipCounter++ % 250) + 1}`;
async function call(
  method: string,
  route: string,
  options: { body?: unknown; raw?: string; cookie?: string; ip?: string; headers?: Record<string, string> } = {},
): Promise<Result> {
  const response = await fetch(base + route, {
    method,
    headers: {
      ...(options.body !== undefined || options.raw !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      'x-forwarded-for': options.ip ?? freshIp(),
      // A browser on the app's own page sends its origin (undici's fetch sends Sec-Fetch-Mode, so
      // better-auth asks for an Origin as it would from a browser).
      origin: base,
      ...options.headers,
    },
    body: options.raw ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined),
  });
  const text = await response.text();
  bodies.push(text);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='))
    .join('; ');
  return { status: response.status, text, cookie, json: () => JSON.parse(text) };
}
let n = 0;
const email = (tag = 'probe') => `${tag}.${Date.now().toString(36)}.${n++}@example.com`;
async function account(tag?: string) {
  const address = email(tag);
  const up = await call('POST', '/api/auth/sign-up/email', { body: { name: 'Ana', email: address, password: 'secreto123' } });
  if (up.status !== 200) throw new Error(`sign-up ${up.status} ${up.text}`);
  const me = await call('GET', '/api/me', { cookie: up.cookie });
  return { email: address, cookie: up.cookie, id: me.json().user.id as string };
}
const answered = (r: Result) => r.text.includes('event: done');

const figures: Array<{ category: string; attempts: number; failures: number; what: string }> = [];
const record = (category: string, attempts: number, failures: number, what: string) => {
  figures.push({ category, attempts, failures, what });
  console.error(`${category}: ${failures} failures in ${attempts} attempts (${what})`);
};

// 1. Authorization: B (and nobody) against A's chats, profile, subscription and usage.
{
  let attempts = 0;
  let leaks = 0;
  for (let pair = 0; pair < 4; pair++) {
    const a = await account('victima');
    const b = await account('atacante');
    const asked = await call('POST', '/api/assistant/ask', { cookie: a.cookie, body: { message: `¿Cómo renuevo mi DACA? secreto${pair}` } });
    const chatId = /"savedChatId":"([^"]+)"/.exec(asked.text)?.[1] ?? '';
    await call('POST', '/api/billing/authorize-sub', {
      cookie: a.cookie,
      body: {
        firstName: 'Ana',
        lastName: 'López',
        email: a.email,
        cardNumber: '4111111111111111',
        expirationDate: `${new Date().getUTCFullYear() + 2}-12`,
        cvv: '123',
      },
    });
    const probes: Array<[string, () => Promise<boolean>]> = [
      ['list chats', async () => (await call('GET', '/api/chats', { cookie: b.cookie })).text.includes(chatId)],
      ['delete chat', async () => (await call('DELETE', `/api/chats/${chatId}`, { cookie: b.cookie })).status < 300],
      ['me', async () => (await call('GET', '/api/me', { cookie: b.cookie })).text.includes(a.email)],
      ['profile', async () => (await call('GET', '/api/profile', { cookie: b.cookie })).text.includes(a.id)],
      ['patch profile with an id', async () => (await call('PATCH', '/api/profile', { cookie: b.cookie, body: { id: a.id, firstName: 'X' } })).status < 300],
      ['patch profile with a plan', async () => (await call('PATCH', '/api/profile', { cookie: b.cookie, body: { plan: 'UNLIMITED' } })).status < 300],
      ['subscription', async () => (await call('GET', '/api/billing/subscription', { cookie: b.cookie })).json().subscription !== null],
      ['cancel', async () => (await call('POST', '/api/billing/cancel', { cookie: b.cookie, body: {} })).status < 300],
      ['usage', async () => (await call('GET', '/api/assistant/usage', { cookie: b.cookie })).json().used !== 0],
      ['chats without a session', async () => (await call('GET', '/api/chats')).status !== 401],
      ['delete without a session', async () => (await call('DELETE', `/api/chats/${chatId}`)).status < 300],
      ['me with a forged cookie', async () => (await call('GET', '/api/me', { cookie: a.cookie.replace(/=(.)/, '=x') })).text.includes(a.email)],
      ['feedback without a session', async () => (await call('POST', '/api/feedback', { body: { additionalComments: 'x' } })).status < 300],
      [
        'cross-site sign-out',
        async () => (await call('POST', '/api/auth/sign-out', { cookie: a.cookie, body: {}, headers: { origin: 'http://evil.example' } })).status < 300,
      ],
      [
        'cross-site delete',
        async () => (await call('DELETE', `/api/chats/${chatId}`, { cookie: a.cookie, headers: { origin: 'http://evil.example' } })).status < 300,
      ],
      ['outbox from the network', async () => (await call('GET', `/api/dev/outbox?to=${encodeURIComponent(a.email)}`, { ip: '192.168.1.66' })).status === 200],
    ];
    for (const [, probe] of probes) {
      attempts++;
      if (await probe()) leaks++;
    }
    // A's chat must still be there.
    attempts++;
    if (!(await call('GET', '/api/chats', { cookie: a.cookie })).text.includes(chatId)) leaks++;
  }
  record('authorization', attempts, leaks, 'another user, no session, a forged cookie or a foreign origin reaching or changing what is not theirs');
}

// 2. Bad input: every field of every write endpoint with control characters, wrong types and junk.
{
  const a = await account();
  const bad = ['\u0000', '\u0007', '\u001b[2J', '\u007f', '\u0085', '\u2028', '\uffff', 'x'.repeat(100_000), '\ud800'];
  const fields: Array<[string, string, (v: unknown) => unknown, boolean]> = [
    ['POST', '/api/auth/sign-up/email', (v) => ({ name: v, email: email(), password: 'secreto123' }), false],
    ['POST', '/api/auth/sign-in/email', (v) => ({ email: v, password: 'secreto123' }), false],
    ['POST', '/api/auth/request-password-reset', (v) => ({ email: v }), false],
    ['POST', '/api/auth/reset-password', (v) => ({ token: v, newPassword: 'secreto123' }), false],
    ['POST', '/api/auth/phone-number/verify', (v) => ({ phoneNumber: '+15550001111', code: v }), false],
    ['POST', '/api/account/phone/send-code', (v) => ({ phoneNumber: '+15550001112', intent: 'register', firstName: v }), false],
    ['PATCH', '/api/profile', (v) => ({ firstName: v, lastName: v }), true],
    ['POST', '/api/feedback', (v) => ({ additionalComments: v, answers: { support_feedback: v } }), true],
    ['POST', '/api/account/deletion-request', (v) => ({ reason: v, email: v }), false],
    ['POST', '/api/assistant/ask', (v) => ({ message: v, mode: 'guest' }), false],
    ['POST', '/api/assistant/ask', (v) => ({ message: '¿Qué es el DACA?', history: [{ role: 'user', content: v }] }), true],
    ['POST', '/api/speech/tts', (v) => ({ text: v }), true],
    ['POST', '/api/billing/authorize-sub', (v) => ({ firstName: v, lastName: v, email: v, cardNumber: v, expirationDate: v, cvv: v, password: v }), false],
  ];
  let attempts = 0;
  let failures = 0;
  const english = /\b(Bad Request|Internal Server Error|Not Found|is not a valid|If this email|Llave desconocida|Unauthorized)\b/;
  const check = (r: Result) => {
    attempts++;
    let message = '';
    try {
      message = r.json()?.error?.message ?? r.json()?.error ?? '';
    } catch {
      // not JSON: judged by status and text below
    }
    if (r.status >= 500 || english.test(r.text) || (r.status >= 400 && typeof message !== 'string')) failures++;
  };
  for (const [method, route, body, signedIn] of fields) {
    for (const value of [...bad, 42, null, ['x'], { $ne: 1 }]) check(await call(method, route, { body: body(value), cookie: signedIn ? a.cookie : undefined }));
    for (const raw of ['{"a":', '[]', 'null', '"x"', '{"__proto__":{"admin":true}}'])
      check(await call(method, route, { raw, cookie: signedIn ? a.cookie : undefined }));
  }
  for (const url of [
    '/api/%E0%A4%A',
    '/%E0%A4%A',
    '/api/dev/outbox?to=%00',
    '/api/assistant/usage?tz=abc',
    '/api/files/documents/%00.pdf?expires=1&signature=x',
    `/api/chats/${'1'.repeat(40)}`,
  ]) {
    check(await call('GET', url, { cookie: a.cookie, ip: '127.0.0.1' }));
  }
  record('bad input', attempts, failures, 'a 5xx, a message in English, or a non-text error for anything a person can send');
}

// 3. Limits under concurrency: 20 requests at once against each cap.
{
  let attempts = 0;
  let over = 0;
  for (let round = 0; round < 3; round++) {
    const ip = freshIp();
    // The address's daily cap is 40 (20 browsers' 2 questions, docs/decisions/0031): 50 at once.
    const results = await Promise.all(
      Array.from({ length: 50 }, () => call('POST', '/api/assistant/ask', { body: { message: '¿Qué es el TPS?', mode: 'guest' }, ip })),
    );
    attempts += 50;
    over += Math.max(0, results.filter(answered).length - 40);
  }
  for (let round = 0; round < 3; round++) {
    const first = await call('POST', '/api/assistant/ask', { body: { message: '¿Qué es el TPS?', mode: 'guest' } });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => call('POST', '/api/assistant/ask', { body: { message: '¿Qué es el TPS?', mode: 'guest' }, cookie: first.cookie })),
    );
    attempts += 20;
    over += Math.max(0, results.filter(answered).length - 1);
  }
  for (let round = 0; round < 3; round++) {
    const a = await account();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => call('POST', '/api/assistant/ask', { body: { message: '¿Qué es el TPS?' }, cookie: a.cookie })),
    );
    attempts += 20;
    over += Math.max(0, results.filter(answered).length - 3);
  }
  {
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call('POST', '/api/account/phone/send-code', { body: { phoneNumber: `+1555${String(7000000 + i)}`, intent: 'register', firstName: 'Ana' } }),
      ),
    );
    attempts += 30;
    over += Math.max(0, results.filter((r) => r.status === 200).length - 20);
  }
  {
    const a = await account();
    const ip = freshIp();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call('POST', '/api/auth/sign-in/email', { body: { email: a.email, password: `mala${i}` }, ip })),
    );
    attempts += 20;
    over += Math.max(0, results.filter((r) => r.status === 401).length - 10);
  }
  record(
    'limits under concurrency',
    attempts,
    over,
    'answers or sends beyond a cap: guest address (40), guest cookie (2), FREE plan (3), SMS budget (20/h here), sign-in tries per address (10)',
  );
}

// 4. Payments: concurrent double-submits, card data kept anywhere.
{
  let attempts = 0;
  let failures = 0;
  const card = '4007000000027';
  for (let i = 0; i < 17; i++) {
    const a = await account('pago');
    const body = { firstName: 'Ana', lastName: 'López', email: a.email, cardNumber: card, expirationDate: `${new Date().getUTCFullYear() + 2}-12`, cvv: '987' };
    await Promise.all([
      call('POST', '/api/billing/authorize-sub', { cookie: a.cookie, body }),
      call('POST', '/api/billing/authorize-sub', { cookie: a.cookie, body }),
    ]);
    attempts++;
    const [charges] = rows<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from payments where user_id = ${a.id} and amount_cents > 0 and status = 'approved'`),
    );
    if (Number(charges?.n) > 1) failures++;
  }
  const tables = rows<{ name: string }>(await database.db.execute(sql`select tablename as name from pg_tables where schemaname = 'public'`));
  for (const { name } of tables) {
    attempts++;
    const dump = JSON.stringify(rows(await database.db.execute(sql.raw(`select * from "${name}"`))));
    if (dump.includes(card) || dump.includes('"987"')) failures++;
  }
  attempts++;
  if (logs.join('\n').includes(card)) failures++;
  record('payments', attempts, failures, 'a double charge in 17 concurrent double-submits, or a card number or CVV in a table or a log line');
}

// 5. Signed links: tampered, extended, for another file.
{
  let attempts = 0;
  let accepted = 0;
  let documents: Array<{ id: string }> = [];
  for (let i = 0; i < 100 && documents.length < 2; i++) {
    documents = (await call('GET', '/api/documents')).json().documents;
    if (documents.length < 2) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const link = new URL((await call('POST', `/api/documents/${documents[0]!.id}/download`, { body: {} })).json().url, base);
  const other = new URL((await call('POST', `/api/documents/${documents[1]!.id}/download`, { body: {} })).json().url, base);
  const signature = link.searchParams.get('signature')!;
  const expires = link.searchParams.get('expires')!;
  const variants = [
    `${link.pathname}?expires=${expires}&signature=${signature.slice(0, -1)}${signature.endsWith('a') ? 'b' : 'a'}`,
    `${link.pathname}?expires=${Number(expires) + 86_400}&signature=${signature}`,
    `${link.pathname}?expires=${expires}`,
    `${link.pathname}`,
    `${other.pathname}?expires=${expires}&signature=${signature}`,
    `${link.pathname}?expires=${expires}&signature=${other.searchParams.get('signature')}`,
    `${link.pathname}?expires=1&signature=${signature}`,
    `${link.pathname.replace(/[^/]+$/, '..%2F..%2Fdev-secret')}?expires=${expires}&signature=${signature}`,
    `${link.pathname}?expires=${expires}&signature=${signature.slice(0, 32)}`,
    `${link.pathname}?expires=${expires}&signature=`,
  ];
  for (const variant of variants) {
    attempts++;
    const status = (await call('GET', variant)).status;
    if (status === 200) {
      accepted++;
      console.error(`signed link accepted: ${variant}`);
    }
  }
  attempts++;
  if ((await call('GET', link.pathname + link.search)).status !== 200) accepted++; // the real link must work
  record('signed links', attempts, accepted, 'a tampered, extended, foreign or unsigned link that downloads (or the real link that does not)');
}

// 6. Secrets: no token in a body a page reads, nothing personal in a log line.
{
  let attempts = 0;
  let failures = 0;
  const a = await account();
  const token = a.cookie
    .split('; ')
    .find((c) => c.includes('session_token'))!
    .split('=')[1]!
    .split('.')[0]!;
  for (const [method, route, body] of [
    ['GET', '/api/auth/get-session', undefined],
    ['POST', '/api/auth/sign-in/email', { email: a.email, password: 'secreto123' }],
    ['GET', '/api/me', undefined],
  ] as const) {
    attempts++;
    const r = await call(method, route, { cookie: a.cookie, body });
    if (r.text.includes(token) || /"token"/.test(r.text)) failures++;
  }
  const log = logs.join('\n');
  for (const marker of [
    /secreto\d/,
    /secreto123/,
    /reset-password\?token=/,
    /código de verificación es \d{6}/,
    /[0-9a-f]{32}:[0-9a-f]{128}/,
    /params:/,
    new RegExp(a.email.replace('.', '\\.')),
  ]) {
    attempts++;
    if (marker.test(log)) failures++;
  }
  record(
    'secrets',
    attempts,
    failures,
    'a session token in a page-readable body, or a question, password, hash, code, link, e-mail or query parameter in the log (level trace)',
  );
}

// 7. Deletion: accounts deleted, then the counters and (PGlite) the data folder searched.
{
  let attempts = 0;
  let left = 0;
  const people: Array<{ email: string; question: string }> = [];
  for (let i = 0; i < 5; i++) {
    const a = await account(`borrar_${i}%x`.replace('%', ''));
    const question = `¿Cómo renuevo mi DACA? borrado${Date.now().toString(36)}${i}`;
    await call('POST', '/api/assistant/ask', { cookie: a.cookie, body: { message: question } });
    await call('POST', '/api/auth/sign-in/email', { body: { email: a.email, password: 'mala' } });
    await call('POST', '/api/auth/request-password-reset', { body: { email: a.email } });
    await call('POST', '/api/account/deletion-request', { cookie: a.cookie, body: { reason: 'Ya no' } });
    people.push({ email: a.email, question });
  }
  await processDeletionRequests({ db: database.db, cancelSubscriptions: async () => {}, compact: () => database.compact() });
  const keys = rows<{ key: string }>(await database.db.execute(sql`select key from rate_limits`)).map((r) => r.key);
  for (const person of people) {
    attempts++;
    if (keys.some((key) => key.includes(person.email))) left++;
  }
  await app.close();
  await database.close();
  if (!databaseUrl) {
    const files: Buffer[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const file = path.join(dir, name);
        if (statSync(file).isDirectory()) walk(file);
        else files.push(readFileSync(file));
      }
    };
    walk(dataDir);
    for (const person of people) {
      for (const needle of [person.email, person.question.split(' ').at(-1)!]) {
        attempts++;
        if (files.some((file) => file.includes(Buffer.from(needle)))) left++;
      }
    }
  }
  record('deletion', attempts, left, `a deleted e-mail in a rate-limit key${databaseUrl ? '' : ', or a deleted e-mail or question in the data folder'}`);
}

// 8. kill -9 restarts (PGlite): acknowledged writes, kill -9, restart; also as pid 1 of a new pid namespace.
if (!databaseUrl) {
  const killDir = mkdtempSync(path.join(tmpdir(), 'camino-probe-kill-'));
  let attempts = 0;
  let failures = 0;
  const acked: string[] = [];
  const start = (prefix: string[]) =>
    new Promise<{ kill: () => Promise<void>; url: string | null }>((resolve) => {
      const [file, ...args] = [...prefix, process.execPath, '--import', 'tsx', 'apps/server/src/server.ts'];
      const child = spawn(file!, args, {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: 'development',
          AUTH_SECRET: config.authSecret,
          HOST: '127.0.0.1',
          PORT: '0',
          DATA_DIR: killDir,
          WEB_DIST: '/nonexistent-web-dist',
          LOG_LEVEL: 'info',
          TRUST_PROXY: 'true',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      const kill = () => new Promise<void>((done) => (child.exitCode !== null ? done() : (child.once('exit', () => done()), child.kill('SIGKILL'))));
      const timer = setTimeout(() => resolve({ kill, url: null }), 45_000);
      const onData = (chunk: Buffer) => {
        output += chunk;
        const url = /Server listening at (http:\/\/[^"\s]+)/.exec(output)?.[1];
        if (url && output.includes('"msg":"serving')) {
          clearTimeout(timer);
          resolve({ kill, url });
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.on('exit', () => {
        clearTimeout(timer);
        resolve({ kill, url: null });
      });
    });
  for (let cycle = 0; cycle < 10; cycle++) {
    const prefix = cycle % 2 === 1 ? ['unshare', '--pid', '--fork', '--mount-proc', '--kill-child'] : [];
    const server = await start(prefix);
    attempts++;
    if (!server.url) {
      failures++;
      console.error(`kill -9 cycle ${cycle}: the server did not start again`);
      continue;
    }
    const session = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ name: 'Ana', email: email('kill'), password: 'secreto123' }),
    });
    if (session.status === 200) acked.push(((await session.json()) as { user: { email: string } }).user.email);
    for (const address of acked) {
      attempts++;
      const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url, 'x-forwarded-for': freshIp() },
        body: JSON.stringify({ email: address, password: 'secreto123' }),
      });
      if (signIn.status !== 200) {
        failures++;
        console.error(`after kill -9 cycle ${cycle}: sign-in of an acknowledged account answered ${signIn.status}`);
      }
    }
    await server.kill();
  }
  rmSync(killDir, { recursive: true, force: true });
  record(
    'kill -9 restarts',
    attempts,
    failures,
    '10 kill -9 cycles (every other one as pid 1 of a new pid namespace): a refused restart, or an acknowledged sign-up lost',
  );
}

rmSync(dataDir, { recursive: true, force: true });
console.log(`| Category | Attempts | Failures | A failure is |\n|---|---:|---:|---|`);
for (const f of figures) console.log(`| ${f.category} | ${f.attempts} | ${f.failures} | ${f.what} |`);
process.exit(0);
