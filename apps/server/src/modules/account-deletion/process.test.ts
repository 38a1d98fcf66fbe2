import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { lastCode, signUp, uniquePhone } from '../../../test/auth-helpers';
import { rows } from '../../lib/rate-limiter';
import { confirmAnonymousRequest, processDeletionRequests } from './process';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** Every row of every table, as text, that mentions one of the needles. */
async function rowsMentioning(needles: string[]): Promise<string[]> {
  const tables = rows<{ table_name: string }>(
    await ctx.database.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`),
  ).map((r) => r.table_name);
  const found: string[] = [];
  for (const table of tables) {
    for (const row of rows<Record<string, unknown>>(await ctx.database.db.execute(sql.raw(`select * from "${table}"`)))) {
      const text = JSON.stringify(row).toLowerCase();
      for (const needle of needles) if (text.includes(needle.toLowerCase())) found.push(`${table}: ${needle}`);
    }
  }
  return found;
}

describe('npm run deletions:process', () => {
  it('deletes a requesting account and everything of it; lists anonymous requests; is safe to run again', async () => {
    const { cookie, userId, email } = await signUp(ctx.app, { name: 'Borrar' });
    const other = await signUp(ctx.app, { name: 'Queda' });
    const headers = { cookie };
    await ctx.app.inject({ method: 'POST', url: '/api/assistant/ask', headers, payload: { message: '¿Qué es el DACA?' } });
    await ctx.app.inject({ method: 'POST', url: '/api/feedback', headers, payload: { ratings: { ease_of_use: 5 } } });
    await ctx.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email } });
    await ctx.app.inject({ method: 'PATCH', url: '/api/profile', headers, payload: { lastName: 'Apellido' } });
    await ctx.app.inject({ method: 'POST', url: '/api/assistant/ask', headers: { cookie: other.cookie }, payload: { message: '¿Qué es el TPS?' } });
    // A phone user too: codes in the outbox, a pending registration.
    const phone = uniquePhone();
    await ctx.app.inject({ method: 'POST', url: '/api/account/phone/send-code', payload: { phoneNumber: phone, intent: 'register', firstName: 'Tel' } });
    const verified = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/phone-number/verify',
      payload: { phoneNumber: phone, code: await lastCode(ctx.database.db, phone) },
    });
    const phoneCookie = verified.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const phoneUser = (await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: phoneCookie } })).json().user.id as string;

    await ctx.app.inject({ method: 'POST', url: '/api/account/deletion-request', headers, payload: { reason: 'Ya no lo uso' } });
    await ctx.app.inject({ method: 'POST', url: '/api/account/deletion-request', headers: { cookie: phoneCookie }, payload: { reason: 'Privacidad' } });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/account/deletion-request',
      payload: { reason: 'Sin cuenta', email: 'alguien@example.com' },
      remoteAddress: '10.8.8.8',
    });
    expect(await rowsMentioning([userId, email])).not.toEqual([]);

    const cancelled: string[] = [];
    const report = await processDeletionRequests({ db: ctx.database.db, cancelSubscriptions: async (id) => void cancelled.push(id) });
    expect(report.deleted.map((d) => d.userId).sort()).toEqual([userId, phoneUser].sort());
    expect(cancelled.sort()).toEqual([userId, phoneUser].sort());
    expect(report.toVerify).toEqual([expect.objectContaining({ email: 'alguien@example.com', reason: 'Sin cuenta' })]);

    expect(await rowsMentioning([userId, email, phoneUser, phone])).toEqual([]);
    // The other account is untouched; the session of the deleted one no longer works.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/chats', headers: { cookie: other.cookie } })).json().chats).toHaveLength(1);
    const again = await processDeletionRequests({ db: ctx.database.db, cancelSubscriptions: async () => {} });
    expect(again.deleted).toEqual([]);
    expect(again.toVerify).toHaveLength(1);
  });

  it('deletes the account of a verified signed-out request, and closes one with no account', async () => {
    const { userId, email } = await signUp(ctx.app, { name: 'Anónima' });
    const noDeps = { db: ctx.database.db, cancelSubscriptions: async () => {} };
    for (const address of [email.toUpperCase(), 'nadie@example.com']) {
      const sent = await ctx.app.inject({
        method: 'POST',
        url: '/api/account/deletion-request',
        payload: { reason: 'Verificada', email: address },
        remoteAddress: '10.8.8.9',
      });
      expect(sent.statusCode).toBe(201);
    }
    const listed = (await processDeletionRequests(noDeps)).toVerify.filter((r) => r.reason === 'Verificada');
    const byEmail = new Map(listed.map((r) => [r.email, r.requestId]));
    expect(await confirmAnonymousRequest(noDeps, byEmail.get(email.toLowerCase())!)).toBe('deleted');
    expect(await confirmAnonymousRequest(noDeps, byEmail.get('nadie@example.com')!)).toBe('no_account');
    expect(await rowsMentioning([userId, email, 'nadie@example.com'])).toEqual([]);
    // Done, unknown or malformed ids do nothing.
    expect(await confirmAnonymousRequest(noDeps, byEmail.get('nadie@example.com')!)).toBe('not_found');
    expect(await confirmAnonymousRequest(noDeps, 'no-es-un-id')).toBe('not_found');
    expect((await processDeletionRequests(noDeps)).toVerify.filter((r) => r.reason === 'Verificada')).toEqual([]);
  });
});
