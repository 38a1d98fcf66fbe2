// Finding: "Deletion leaves rows" (issue 13): rate-limit keys kept an e-mail that has "_" or "%" (the
// LIKE pattern stripped them instead of escaping), and deleted rows stayed readable in PGlite's files
// until a vacuum. Here two accounts (e-mail with "_", and phone) are used, deleted through the operator
// path, and the database folder is searched byte by byte for their e-mail, phone and question.
import { readdirSync, readFileSync, rmSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client';
import { rateLimits } from '../../src/db/schema';
import { processDeletionRequests } from '../../src/modules/account-deletion/process';
import { createTestApp, type TestContext } from '../app';
import { lastCode, sessionCookie } from '../auth-helpers';

const dataDir = mkdtempSync(path.join(tmpdir(), 'camino-deletion-'));
let database: Database;
let ctx: TestContext;
beforeAll(async () => {
  database = await openDatabase({ dataDir });
  ctx = await createTestApp({}, database);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const stamp = Date.now().toString(36);
const EMAIL = `maria_del_mar.${stamp}@example.com`;
const PHONE = `+1555${String(Date.now()).slice(-7)}`;
const QUESTION = `¿Cómo renuevo mi DACA? preguntaborrada${stamp}`;
const IP = '10.88.0.1';

/** Every file of the data folder that holds `needle` (UTF-8 bytes). */
function filesHolding(needle: string): string[] {
  const bytes = Buffer.from(needle, 'utf8');
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (readFileSync(file).includes(bytes)) found.push(path.relative(dataDir, file));
    }
  };
  walk(dataDir);
  return found;
}

const inject = (options: object) => ctx.app.inject({ remoteAddress: IP, ...options } as never);

describe('an account deletion leaves nothing behind', () => {
  it('no rate-limit key with the e-mail ("_" included), and no e-mail, phone or question in the database files', { timeout: 120_000 }, async () => {
    // The e-mail account: signs up, asks, gets a wrong password once, asks for a reset link.
    const up = await inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { name: 'María', email: EMAIL, password: 'secreto123' } });
    const cookie = sessionCookie(up);
    const asked = await inject({ method: 'POST', url: '/api/assistant/ask', headers: { cookie }, payload: { message: QUESTION } });
    expect(asked.body).toContain('event: done');
    await inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: EMAIL, password: 'incorrecta' } });
    await inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email: EMAIL } });
    expect(
      await ctx.database.db
        .select()
        .from(rateLimits)
        .where(like(rateLimits.key, `%${stamp}%`)),
    ).not.toHaveLength(0);
    await inject({ method: 'POST', url: '/api/account/deletion-request', headers: { cookie }, payload: { reason: 'Ya no la necesito' } });

    // The phone account: a code, a sign-up by verification, a deletion request.
    await inject({ method: 'POST', url: '/api/account/phone/send-code', payload: { phoneNumber: PHONE, intent: 'register', firstName: 'Luis' } });
    const verified = await inject({
      method: 'POST',
      url: '/api/auth/phone-number/verify',
      payload: { phoneNumber: PHONE, code: await lastCode(ctx.database.db, PHONE) },
    });
    expect(verified.statusCode).toBe(200);
    await inject({ method: 'POST', url: '/api/account/deletion-request', headers: { cookie: sessionCookie(verified) }, payload: { reason: 'Ya no' } });

    const report = await processDeletionRequests({ db: database.db, cancelSubscriptions: async () => {}, compact: () => database.compact() });
    expect(report.deleted).toHaveLength(2);

    const keys = (await database.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys.filter((key) => key.includes(EMAIL) || key.includes(PHONE))).toEqual([]);

    await ctx.app.close();
    await database.close();
    expect(filesHolding(EMAIL), 'e-mail').toEqual([]);
    expect(filesHolding(PHONE), 'phone').toEqual([]);
    expect(filesHolding(`preguntaborrada${stamp}`), 'question').toEqual([]);
  });
});
