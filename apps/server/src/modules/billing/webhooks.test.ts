import { authorizeNetNotification } from '@camino/fakes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { payments, profiles, subscriptions, webhookEvents } from '../../db/schema';
import { cookiesOf, pay, paymentBody } from './test-helpers';
import { signWebhook, verifySignature, WEBHOOK_EVENTS } from './webhooks';

const KEY = 'A1B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3D4E5F60718293A4B5C6D7E8F9';
const URL = '/api/billing/webhooks/authorizenet';

let ctx: TestContext;
/** The same database, without a signature key: no webhooks. */
let keyless: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ AUTHORIZENET_SIGNATURE_KEY: KEY });
  keyless = await createTestApp({}, ctx.database);
});
afterAll(async () => {
  await keyless.close();
  await ctx.close();
});

function send(body: string, headers: Record<string, string>, app = ctx.app) {
  return app.inject({ method: 'POST', url: URL, payload: body, headers, remoteAddress: '10.200.0.1' });
}

function notify(eventType: string, payload: Record<string, unknown>, options: { eventDate?: string; notificationId?: string } = {}) {
  const notification = authorizeNetNotification(KEY, { eventType, payload, ...options });
  return { ...notification, response: send(notification.body, notification.headers) };
}

/** A subscriber (sandbox gateway): its user id and gateway subscription id. */
async function subscriber() {
  const paid = await pay(ctx.app, paymentBody());
  expect(paid.statusCode).toBe(200);
  const cookie = cookiesOf(paid);
  const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
  const userId = me.json().user.id as string;
  const [row] = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return { cookie, userId, subscription: row!, subscriptionId: row!.gatewaySubscriptionId! };
}

const subscriptionRow = async (id: string) => (await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
const planOf = async (userId: string) => (await ctx.database.db.select().from(profiles).where(eq(profiles.id, userId)))[0]!.plan;
const subscriptionPayload = (id: string) => ({
  name: 'Camino Claro - Plan Ilimitado',
  amount: 9.99,
  status: 'active',
  profile: { customerProfileId: 1, customerPaymentProfileId: 2 },
  entityName: 'subscription',
  id,
});

describe('signatures', () => {
  it('signs like Authorize.net and compares in constant time, hex in either case', () => {
    const body = Buffer.from('{"a":1}');
    const header = signWebhook(body, KEY);
    expect(header).toMatch(/^sha512=[0-9A-F]{128}$/);
    expect(verifySignature(body, header, KEY)).toBe(true);
    expect(verifySignature(body, header.toLowerCase(), KEY)).toBe(true);
    expect(verifySignature(body, `SHA512=${header.slice(7)}`, KEY)).toBe(true);
    expect(verifySignature(Buffer.from('{"a":2}'), header, KEY)).toBe(false);
    expect(verifySignature(body, header, 'another key')).toBe(false);
    expect(verifySignature(body, undefined, KEY)).toBe(false);
    expect(verifySignature(body, 'sha512=abc', KEY)).toBe(false);
  });

  it('refuses a missing or wrong signature with 401, before reading anything', async () => {
    const { subscription, subscriptionId } = await subscriber();
    const good = authorizeNetNotification(KEY, { eventType: WEBHOOK_EVENTS.suspended, payload: subscriptionPayload(subscriptionId) });
    const missing = await send(good.body, { 'content-type': 'application/json' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().error.code).toBe('WEBHOOK_SIGNATURE');
    const forged = authorizeNetNotification('not the key', { eventType: WEBHOOK_EVENTS.suspended, payload: subscriptionPayload(subscriptionId) });
    expect((await send(forged.body, forged.headers)).statusCode).toBe(401);
    // The signature covers the exact bytes: re-serialised JSON does not match.
    const reformatted = JSON.stringify(JSON.parse(good.body), null, 2);
    expect((await send(reformatted, good.headers)).statusCode).toBe(401);
    expect((await subscriptionRow(subscription.id)).status).toBe('trialing');
    // Lower-case hex is the same signature.
    const lower = await send(good.body, { ...good.headers, 'x-anet-signature': good.headers['x-anet-signature']!.toLowerCase() });
    expect(lower.statusCode).toBe(200);
    expect((await subscriptionRow(subscription.id)).status).toBe('past_due');
  });

  it('answers 404 when no signature key is configured', async () => {
    const notification = authorizeNetNotification(KEY, { eventType: WEBHOOK_EVENTS.expiring, payload: subscriptionPayload('1') });
    expect((await send(notification.body, notification.headers, keyless.app)).statusCode).toBe(404);
  });
});

describe('refused notifications', () => {
  it('refuses a replay with 409', async () => {
    const { subscriptionId } = await subscriber();
    const first = notify(WEBHOOK_EVENTS.expiring, subscriptionPayload(subscriptionId));
    expect((await first.response).statusCode).toBe(200);
    const again = await send(first.body, first.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('WEBHOOK_REPLAYED');
    const rows = await ctx.database.db.select().from(webhookEvents).where(eq(webhookEvents.id, first.notificationId));
    expect(rows).toEqual([{ id: first.notificationId, eventType: WEBHOOK_EVENTS.expiring, receivedAt: expect.any(Date) }]);
  });

  it('refuses events older than 48 hours with 400, and unreadable or future ones', async () => {
    const { subscription, subscriptionId } = await subscriber();
    const old = new Date(Date.now() - 49 * 3600_000).toISOString();
    const stale = await notify(WEBHOOK_EVENTS.terminated, subscriptionPayload(subscriptionId), { eventDate: old }).response;
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error.code).toBe('WEBHOOK_STALE');
    expect((await subscriptionRow(subscription.id)).status).toBe('trialing');
    // 47 hours is fine.
    const recent = new Date(Date.now() - 47 * 3600_000).toISOString();
    expect((await notify(WEBHOOK_EVENTS.expiring, subscriptionPayload(subscriptionId), { eventDate: recent }).response).statusCode).toBe(200);

    const bad = await notify(WEBHOOK_EVENTS.expiring, subscriptionPayload(subscriptionId), { eventDate: 'ayer' }).response;
    expect(bad.statusCode).toBe(400);
    const future = await notify(WEBHOOK_EVENTS.expiring, subscriptionPayload(subscriptionId), { eventDate: '2099-01-01T00:00:00.0000000Z' }).response;
    expect(future.statusCode).toBe(400);
    for (const body of ['{"notificationId":', '{"eventType":"x"}', '[]']) {
      const response = await send(body, { 'content-type': 'application/json', 'x-anet-signature': signWebhook(body, KEY) });
      expect(response.statusCode, body).toBe(400);
    }
  });

  it('reads the raw body whatever its content type', async () => {
    const { subscriptionId } = await subscriber();
    const notification = authorizeNetNotification(KEY, { eventType: WEBHOOK_EVENTS.updated, payload: subscriptionPayload(subscriptionId) });
    const response = await send(notification.body, { ...notification.headers, 'content-type': 'text/plain' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
  });
});

describe('events', () => {
  it('suspended: past_due, the plan stays', async () => {
    const { userId, subscription, subscriptionId } = await subscriber();
    expect((await notify(WEBHOOK_EVENTS.suspended, subscriptionPayload(subscriptionId)).response).statusCode).toBe(200);
    expect((await subscriptionRow(subscription.id)).status).toBe('past_due');
    expect(await planOf(userId)).toBe('UNLIMITED');
  });

  it('terminated: expired, and the plan is FREE at once', async () => {
    const { userId, cookie, subscription, subscriptionId } = await subscriber();
    await notify(WEBHOOK_EVENTS.suspended, subscriptionPayload(subscriptionId)).response;
    expect((await notify(WEBHOOK_EVENTS.terminated, subscriptionPayload(subscriptionId)).response).statusCode).toBe(200);
    expect(await subscriptionRow(subscription.id)).toMatchObject({ status: 'expired', nextChargeAt: null });
    expect(await planOf(userId)).toBe('FREE');
    const usage = await ctx.app.inject({ method: 'GET', url: '/api/assistant/usage', headers: { cookie } });
    expect(usage.json()).toMatchObject({ plan: 'FREE', limit: 3 });
    // Expired, the user may subscribe again.
    expect((await pay(ctx.app, paymentBody({ password: undefined }), { cookie })).statusCode).toBe(200);
  });

  it('cancelled: cancelled, no next charge, the plan stays until the period ends', async () => {
    const { userId, subscription, subscriptionId } = await subscriber();
    expect((await notify(WEBHOOK_EVENTS.cancelled, subscriptionPayload(subscriptionId)).response).statusCode).toBe(200);
    const row = await subscriptionRow(subscription.id);
    expect(row).toMatchObject({ status: 'cancelled', nextChargeAt: null, currentPeriodEnd: subscription.currentPeriodEnd });
    expect(row.cancelledAt).toBeInstanceOf(Date);
    expect(await planOf(userId)).toBe('UNLIMITED');
  });

  it('a recurring charge renews: active, one more month, a renewal payment with the card on file', async () => {
    const { userId, cookie, subscription, subscriptionId } = await subscriber();
    await notify(WEBHOOK_EVENTS.suspended, subscriptionPayload(subscriptionId)).response;
    const transactionId = String(60_000_000_000 + Math.floor(Math.random() * 1_000_000));
    const renewal = notify(WEBHOOK_EVENTS.authCapture, {
      responseCode: 1,
      authCode: 'LZ6I19',
      avsResponse: 'Y',
      authAmount: 9.99,
      entityName: 'transaction',
      id: transactionId,
      subscription: { id: subscriptionId, payNum: 1 },
    });
    expect((await renewal.response).statusCode).toBe(200);
    const row = await subscriptionRow(subscription.id);
    const expected = new Date(subscription.currentPeriodEnd);
    expected.setUTCMonth(expected.getUTCMonth() + 1);
    expect(row.status).toBe('active');
    expect(Math.abs(row.currentPeriodEnd.getTime() - expected.getTime())).toBeLessThan(2 * 86_400_000);
    expect(row.currentPeriodEnd.getTime()).toBeGreaterThan(subscription.currentPeriodEnd.getTime() + 27 * 86_400_000);
    expect(row.nextChargeAt?.getTime()).toBe(row.currentPeriodEnd.getTime());
    const [payment] = await ctx.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, userId), eq(payments.kind, 'renewal')));
    expect(payment).toMatchObject({
      subscriptionId: subscription.id,
      transactionId,
      amountCents: 999,
      status: 'approved',
      cardBrand: 'Visa',
      cardLast4: '1111',
      detail: 'payment 1',
    });
    expect(await planOf(userId)).toBe('UNLIMITED');
    const shown = (await ctx.app.inject({ method: 'GET', url: '/api/billing/subscription', headers: { cookie } })).json().subscription;
    expect(shown).toMatchObject({ status: 'active', nextChargeAt: row.nextChargeAt!.toISOString() });

    // The same transaction in another notification is not counted twice.
    expect(
      (
        await notify(WEBHOOK_EVENTS.authCapture, {
          responseCode: 1,
          authAmount: 9.99,
          entityName: 'transaction',
          id: transactionId,
          subscription: { id: subscriptionId, payNum: 1 },
        }).response
      ).statusCode,
    ).toBe(200);
    expect(
      await ctx.database.db
        .select()
        .from(payments)
        .where(and(eq(payments.userId, userId), eq(payments.kind, 'renewal'))),
    ).toHaveLength(1);
    expect((await subscriptionRow(subscription.id)).currentPeriodEnd.getTime()).toBe(row.currentPeriodEnd.getTime());
  });

  it('a declined recurring charge is recorded without renewing', async () => {
    const { userId, subscription, subscriptionId } = await subscriber();
    const response = await notify(WEBHOOK_EVENTS.authCapture, {
      responseCode: 2,
      authAmount: '9.99',
      entityName: 'transaction',
      id: '60099999999',
      subscription: { id: subscriptionId, payNum: 1 },
    }).response;
    expect(response.statusCode).toBe(200);
    expect((await subscriptionRow(subscription.id)).status).toBe('trialing');
    const [payment] = await ctx.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, userId), eq(payments.kind, 'renewal')));
    expect(payment).toMatchObject({ status: 'declined', amountCents: 999 });
  });

  it('records a payment without a subscription (our own $1) and unknown subscriptions, answering 200', async () => {
    const before = (await ctx.database.db.select().from(payments)).length;
    const own = notify(WEBHOOK_EVENTS.authCapture, { responseCode: 1, authAmount: 1, entityName: 'transaction', id: '60000000001' });
    expect((await own.response).statusCode).toBe(200);
    const unknown = notify(WEBHOOK_EVENTS.suspended, subscriptionPayload('999999999'));
    expect((await unknown.response).statusCode).toBe(200);
    const unknownRenewal = notify(WEBHOOK_EVENTS.authCapture, {
      responseCode: 1,
      authAmount: 9.99,
      id: '60000000002',
      subscription: { id: '999999999', payNum: 3 },
    });
    expect((await unknownRenewal.response).statusCode).toBe(200);
    expect((await ctx.database.db.select().from(payments)).length).toBe(before);
    for (const n of [own, unknown, unknownRenewal]) {
      expect(await ctx.database.db.select().from(webhookEvents).where(eq(webhookEvents.id, n.notificationId))).toHaveLength(1);
    }
  });

  it('records created, updated and expiring without changing anything', async () => {
    const { subscription, subscriptionId } = await subscriber();
    for (const type of [WEBHOOK_EVENTS.created, WEBHOOK_EVENTS.updated, WEBHOOK_EVENTS.expiring]) {
      expect((await notify(type, subscriptionPayload(subscriptionId)).response).statusCode).toBe(200);
    }
    expect(await subscriptionRow(subscription.id)).toMatchObject({ status: 'trialing', nextChargeAt: subscription.nextChargeAt });
  });
});
