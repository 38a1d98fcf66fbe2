import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { signUp } from '../../../test/auth-helpers';
import { rows } from '../../lib/rate-limiter';
import { paymentBody, pay } from '../billing/test-helpers';
import { purgeExpiredData } from './purge';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const threeYearsAgo = () => new Date(Date.now() - 3 * 365 * 86_400_000).toISOString();
const count = async (query: ReturnType<typeof sql>) => Number(rows<{ n: number }>(await ctx.database.db.execute(query))[0]?.n ?? 0);

async function ask(cookie: string, message: string) {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/assistant/ask', headers: { cookie }, payload: { message } });
  expect(response.statusCode).toBe(200);
}

/** Makes an account look unused for three years (its row and its sessions). */
async function idle(userId: string) {
  await ctx.database.db.execute(sql`update "user" set updated_at = ${threeYearsAgo()} where id = ${userId}`);
  await ctx.database.db.execute(sql`update session set updated_at = ${threeYearsAgo()} where user_id = ${userId}`);
}

describe('npm run data:purge (and the daily job)', () => {
  it('deletes what is older than 2 years and accounts unused for 2 years, keeps the rest', async () => {
    const active = await signUp(ctx.app, { name: 'Activa' });
    await ask(active.cookie, '¿Qué es el TPS?');
    await ask(active.cookie, '¿Qué es el DACA?');
    // One of the active user's chats, with its consultation, is three years old.
    await ctx.database.db.execute(sql`
      update saved_chats set created_at = ${threeYearsAgo()}
      where id = (select id from saved_chats where user_id = ${active.userId} order by created_at limit 1)`);
    await ctx.database.db.execute(sql`
      update consultations set created_at = ${threeYearsAgo()}
      where id = (select id from consultations where user_id = ${active.userId} order by created_at limit 1)`);

    const gone = await signUp(ctx.app, { name: 'Olvidada' });
    await ask(gone.cookie, '¿Qué es el I-90?');
    await idle(gone.userId);

    // Unused for as long, but still paying: kept.
    const payer = await signUp(ctx.app, { name: 'Paga' });
    expect((await pay(ctx.app, paymentBody({ email: payer.email, password: undefined }), { cookie: payer.cookie })).json().success).toBe(true);
    await idle(payer.userId);

    const cancelled: string[] = [];
    const report = await purgeExpiredData({ db: ctx.database.db, cancelSubscriptions: async (id) => void cancelled.push(id) });

    expect(report.accounts).toBeGreaterThanOrEqual(1);
    expect(cancelled).toContain(gone.userId);
    expect(cancelled).not.toContain(payer.userId);
    expect(await count(sql`select count(*)::int as n from "user" where id = ${gone.userId}`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from saved_chats where user_id = ${gone.userId}`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from "user" where id = ${payer.userId}`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from saved_chats where user_id = ${active.userId}`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from consultations where user_id = ${active.userId}`)).toBe(1);
    expect(report.removed.saved_chats).toBeGreaterThanOrEqual(1);
    expect(await count(sql`select count(*)::int as n from saved_chats where created_at < now() - interval '2 years'`)).toBe(0);

    // The active user still works; a second run has nothing left of these to remove.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/chats', headers: { cookie: active.cookie } })).json().chats).toHaveLength(1);
    const again = await purgeExpiredData({ db: ctx.database.db, cancelSubscriptions: async () => {} });
    expect(again.accounts).toBe(0);
    expect(again.removed.saved_chats).toBe(0);
  });
});
