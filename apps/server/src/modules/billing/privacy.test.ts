import { startFakeAuthorizeNet, type FakeAuthorizeNet } from '@camino/fakes';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { signUp } from '../../../test/auth-helpers';
import { rows } from '../../lib/rate-limiter';
import { pay, paymentBody } from './test-helpers';

// Decisions D7: card numbers and CVVs are never stored, logged or returned. Every test payment here
// uses these; afterwards, no log line, response, table row or fake gateway record may hold them.
const APPROVED = '370000000000002';
const DECLINED_SANDBOX = '378282246310005';
const DECLINED_FAKE = '4222222222222';
const CVV = '8642';
const CARDS = [APPROVED, DECLINED_SANDBOX, DECLINED_FAKE];
/** The CVV as a value of its own (not inside a longer number, id or decimal). */
const CVV_TOKEN = new RegExp(`(?<![0-9A-Za-z.\\-])${CVV}(?![0-9A-Za-z.\\-])`);

const LOGIN = 'anet-privacy-login';
const TRANSACTION_KEY = 'anet-privacy-key';

let fake: FakeAuthorizeNet;
let sandbox: TestContext;
let authorizenet: TestContext;
const responses: LightMyRequestResponse[] = [];

beforeAll(async () => {
  fake = await startFakeAuthorizeNet({ apiLoginId: LOGIN, transactionKey: TRANSACTION_KEY });
  // The most verbose logs: whatever any level writes is searched.
  sandbox = await createTestApp({ LOG_LEVEL: 'trace' });
  authorizenet = await createTestApp(
    {
      LOG_LEVEL: 'trace',
      PAYMENT_GATEWAY: 'authorizenet',
      AUTHORIZENET_API_LOGIN_ID: LOGIN,
      AUTHORIZENET_TRANSACTION_KEY: TRANSACTION_KEY,
      AUTHORIZENET_SIGNATURE_KEY: 'privacy-signature-key',
      AUTHORIZENET_ENDPOINT: fake.endpoint,
    },
    sandbox.database,
  );
});
afterAll(async () => {
  await authorizenet.close();
  await sandbox.close();
  await fake.close();
});

async function payAndKeep(ctx: TestContext, patch: Record<string, unknown>, cookie?: string, status?: number) {
  const response = await pay(ctx.app, paymentBody({ cvv: CVV, ...patch }), { cookie });
  responses.push(response);
  if (status) expect(response.statusCode, response.body).toBe(status);
  return response;
}

/** Every row of every table of the database, as text. */
async function everyRow(ctx: TestContext): Promise<Array<{ table: string; row: string }>> {
  const tables = rows<{ table_schema: string; table_name: string }>(
    await ctx.database.db.execute(sql`
      select table_schema, table_name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`),
  );
  expect(tables.map((t) => t.table_name)).toEqual(expect.arrayContaining(['payments', 'subscriptions', 'webhook_events', 'profiles', 'user', 'rate_limits']));
  const found: Array<{ table: string; row: string }> = [];
  for (const { table_schema: schema, table_name: table } of tables) {
    const result = await ctx.database.db.execute(sql`select t::text as row from ${sql.identifier(schema)}.${sql.identifier(table)} t`);
    for (const { row } of rows<{ row: string }>(result)) found.push({ table: `${schema}.${table}`, row });
  }
  return found;
}

describe('card numbers and CVVs', () => {
  it('are in no log line, response, table or gateway record after approved, declined and undone payments', async () => {
    // The sandbox: approved (guest and signed-in), declined, refused before the charge, invalid.
    await payAndKeep(sandbox, { cardNumber: APPROVED }, undefined, 200);
    const account = await signUp(sandbox.app);
    await payAndKeep(sandbox, { cardNumber: APPROVED, password: undefined }, account.cookie, 200);
    await payAndKeep(sandbox, { cardNumber: APPROVED, password: undefined }, account.cookie, 409);
    await payAndKeep(sandbox, { cardNumber: DECLINED_SANDBOX }, undefined, 402);
    await payAndKeep(sandbox, { cardNumber: APPROVED, cvv: '86420' }, undefined, 400);
    await payAndKeep(sandbox, { cardNumber: `${APPROVED}99999`, cvv: CVV }, undefined, 400);

    // Authorize.net: approved, declined, gateway failure, and undone after the subscription failed.
    await payAndKeep(authorizenet, { cardNumber: APPROVED }, undefined, 200);
    await payAndKeep(authorizenet, { cardNumber: DECLINED_FAKE, cvv: '901' }, undefined, 402);
    await payAndKeep(authorizenet, { cardNumber: DECLINED_FAKE }, undefined, 402);
    fake.script([{ kind: 'invalid_auth' }]);
    await payAndKeep(authorizenet, { cardNumber: APPROVED }, undefined, 502);
    fake.script([{ kind: 'error', operation: 'charge', code: 'E00003', text: `The value '${APPROVED}' of cardCode '${CVV}' is invalid.` }]);
    await payAndKeep(authorizenet, { cardNumber: APPROVED }, undefined, 502);
    fake.script([{ kind: 'error', operation: 'createSubscription', code: 'E00012' }]);
    await payAndKeep(authorizenet, { cardNumber: APPROVED }, undefined, 409);
    fake.script([
      { kind: 'error', operation: 'createSubscription', code: 'E00013' },
      { kind: 'transaction_error', operation: 'void', errorCode: '16' },
    ]);
    await payAndKeep(authorizenet, { cardNumber: APPROVED }, undefined, 502);
    expect(fake.requests.filter((r) => r.operation === 'void')).toHaveLength(2);

    const leaks: string[] = [];
    const check = (where: string, text: string) => {
      for (const number of CARDS) if (text.includes(number)) leaks.push(`${where}: card number`);
      if (CVV_TOKEN.test(text)) leaks.push(`${where}: CVV`);
    };

    // Logs, at trace level, of both apps.
    const logs = [...sandbox.logs, ...authorizenet.logs];
    expect(logs.length).toBeGreaterThan(20);
    logs.forEach((line, i) => check(`log line ${i}`, line));

    // Responses, headers included.
    for (const response of responses) check(`response ${response.statusCode}`, `${JSON.stringify(response.headers)}\n${response.body}`);

    // Every column of every table.
    const stored = await everyRow(sandbox);
    for (const { table, row } of stored) check(table, row);
    // The search does see the payments (with their last four digits).
    const paymentRows = stored.filter((r) => r.table === 'public.payments');
    expect(paymentRows.length).toBeGreaterThanOrEqual(10);
    expect(paymentRows.some((r) => r.row.includes('0002'))).toBe(true);
    expect(new Set(paymentRows.map((r) => r.row.split(',')[7]))).toEqual(new Set(['approved', 'declined', 'voided', 'error']));

    // What the fake gateway kept and recorded.
    check('fake requests', JSON.stringify(fake.requests));
    check('fake transactions', JSON.stringify([...fake.transactions.values()]));
    check('fake profiles', JSON.stringify([...fake.customerProfiles.values()]));

    expect(leaks).toEqual([]);
  });
});
