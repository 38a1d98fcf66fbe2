// Issue 13, "More than one server": two servers on one PostgreSQL behind a load balancer must behave as
// one. Two real server processes share a database of the machine's PostgreSQL (TEST_DATABASE_URL, the
// DB suite); requests alternate between them. Limits, sessions and sign-out hold across them, and the
// start-up job (guide seeding) runs on one of them only. Skipped without PostgreSQL (PGlite is one
// process by design).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client';
import { RateLimiter } from '../../src/lib/rate-limiter';
import { GUEST_IP_DAILY } from '../../src/modules/assistant/conversation';
import { withDatabase } from '../global-setup';

const url = process.env.TEST_DATABASE_URL;
const serverDir = path.resolve(import.meta.dirname, '../..');

interface Server {
  child: ChildProcess;
  base: string;
  output: string;
}

describe.skipIf(!url)('two servers on one PostgreSQL behave as one', () => {
  const name = `camino_multi13_${process.pid}_${Date.now().toString(36)}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'camino-multi-'));
  let admin: pg.Client;
  let databaseUrl: string;
  const servers: Server[] = [];

  function start(): Promise<Server> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATABASE_URL: databaseUrl,
        AUTH_SECRET: 'multi-server-secret-multi-server-secret-0123',
        PUBLIC_URL: 'http://localhost:3000',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: dataDir,
        WEB_DIST: '/nonexistent-web-dist',
        TRUST_PROXY: 'true',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const server: Server = { child, base: '', output: '' };
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start:\n${server.output}`)), 60_000);
      const onData = (chunk: Buffer) => {
        server.output += chunk;
        const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(server.output);
        if (listening && server.output.includes('"msg":"serving')) {
          clearTimeout(timer);
          server.base = listening[1]!;
          resolve(server);
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
    });
  }

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
    databaseUrl = withDatabase(url!, name);
    servers.push(...(await Promise.all([start(), start()])));
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => new Promise((resolve) => (s.child.exitCode !== null ? resolve(null) : s.child.once('exit', resolve)))));
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The load balancer: request i goes to server i % 2. */
  let turn = 0;
  async function call(method: string, route: string, options: { body?: unknown; cookie?: string; ip?: string; to?: number } = {}) {
    const server = servers[options.to ?? turn++ % 2]!;
    const response = await fetch(server.base + route, {
      method,
      headers: {
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(options.cookie ? { cookie: options.cookie } : {}),
        'x-forwarded-for': options.ip ?? '10.60.0.1',
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    });
    const text = await response.text();
    const cookies = response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .filter((c) => !c.endsWith('='));
    return { status: response.status, text, cookie: cookies.join('; '), json: () => JSON.parse(text) };
  }

  it('a session made on one server opens the other; signing out on one ends it on both at once', async () => {
    const email = `multi.${Date.now()}@example.com`;
    const up = await call('POST', '/api/auth/sign-up/email', { body: { email, password: 'secreto123', name: 'Ana' }, to: 0 });
    expect(up.status).toBe(200);
    expect((await call('GET', '/api/me', { cookie: up.cookie, to: 1 })).json().user.email).toBe(email);
    expect((await call('POST', '/api/auth/sign-out', { cookie: up.cookie, body: {}, to: 1 })).status).toBe(200);
    expect((await call('GET', '/api/me', { cookie: up.cookie, to: 0 })).json().user).toBeNull();
    expect((await call('GET', '/api/me', { cookie: up.cookie, to: 1 })).json().user).toBeNull();
  });

  it(`the guest per-address cap holds across servers: ${GUEST_IP_DAILY + 10} guests from one address, alternating, get ${GUEST_IP_DAILY} answers`, async () => {
    const results = await Promise.all(
      Array.from({ length: GUEST_IP_DAILY + 10 }, () =>
        call('POST', '/api/assistant/ask', { body: { message: '¿Qué es el TPS?', mode: 'guest' }, ip: '10.60.1.1' }),
      ),
    );
    expect(results.filter((r) => r.text.includes('event: done'))).toHaveLength(GUEST_IP_DAILY);
    expect(results.filter((r) => r.status === 403)).toHaveLength(10);
  });

  it('the FREE plan holds across servers: 20 questions of one account at once, alternating, give 3 answers', async () => {
    const up = await call('POST', '/api/auth/sign-up/email', {
      body: { email: `free.${Date.now()}@example.com`, password: 'secreto123', name: 'Ana' },
      ip: '10.60.2.1',
    });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call('POST', '/api/assistant/ask', { body: { message: '¿Qué es el TPS?' }, cookie: up.cookie, ip: `10.60.2.${i + 2}` }),
      ),
    );
    let answered = results.filter((r) => r.text.includes('event: done')).length;
    for (let i = 0; i < 4; i++)
      if ((await call('POST', '/api/assistant/ask', { body: { message: '¿Qué es el DACA?' }, cookie: up.cookie })).text.includes('event: done')) answered++;
    expect(answered).toBe(3);
    expect((await call('GET', '/api/assistant/usage', { cookie: up.cookie })).json().used).toBe(3);
  });

  it('sign-in limits hold across servers: an address gets 10 tries on an account, whichever server answers', async () => {
    const email = `throttle.${Date.now()}@example.com`;
    await call('POST', '/api/auth/sign-up/email', { body: { email, password: 'secreto123', name: 'Ana' }, ip: '10.60.3.1' });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await call('POST', '/api/auth/sign-in/email', { body: { email, password: `mala-${i}` }, ip: '10.60.3.9' })).status);
    expect(statuses.slice(0, 10).every((s) => s === 401 || s === 429)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('the start-up job (guide seeding) ran on one server only', async () => {
    const seeds = (s: Server) =>
      s.output
        .split('\n')
        .filter((line) => line.includes('"msg":"document guides up to date"'))
        .map((line) => (JSON.parse(line) as { guides: { created: number; updated: number } }).guides);
    const skipped = (s: Server) => s.output.includes('another server is seeding them');
    const done = () => servers.filter((s) => seeds(s).length > 0 || skipped(s)).length;
    const deadline = Date.now() + 60_000;
    while (done() < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
    // One server writes the guides into the new database. The other skips while it does, or, when it
    // started after the seeding had finished (a loaded machine), finds them up to date and writes nothing.
    const writers = servers.filter((s) => seeds(s).some((g) => g.created + g.updated > 0));
    expect(writers).toHaveLength(1);
    const other = servers.find((s) => s !== writers[0])!;
    expect(skipped(other) || seeds(other).every((g) => g.created + g.updated === 0)).toBe(true);
  });

  it('the periodic jobs (purge, plans) are claimed by one server per period', async () => {
    const pools: Database[] = await Promise.all([0, 1].map(() => openDatabase({ databaseUrl, dataDir: '', migrate: false, poolSize: 2 })));
    try {
      const { Jobs } = await import('../../src/lib/jobs');
      const [a, b] = pools.map((p) => new Jobs(new RateLimiter(p.db)));
      for (const job of ['purge', 'plans']) {
        const claims = await Promise.all([a!.claim(job, 3600), b!.claim(job, 3600), a!.claim(job, 3600), b!.claim(job, 3600)]);
        expect(claims.filter(Boolean), job).toHaveLength(1);
      }
    } finally {
      await Promise.all(pools.map((p) => p.close()));
    }
  });
});
