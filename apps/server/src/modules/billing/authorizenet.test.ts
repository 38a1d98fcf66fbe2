import { startFakeAuthorizeNet, type AuthorizeNetRequest, type FakeAuthorizeNet } from '@camino/fakes';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { uniqueEmail } from '../../../test/auth-helpers';
import { payments, subscriptions, user } from '../../db/schema';
import { anetPayload, AuthorizeNetGateway, parseAnetBody, postAnet } from './authorizenet';
import { GatewayError } from './gateway';
import { BillingService } from './service';
import { cookiesOf, futureExpiry, pay, paymentBody, utcDay } from './test-helpers';

const LOGIN = 'anet-test-login';
const TRANSACTION_KEY = 'anet-test-key-0123456789';

let fake: FakeAuthorizeNet;
let ctx: TestContext;
/** The same database, with a transaction key the gateway refuses. */
let wrongKey: TestContext;

const env = (endpoint: string, key = TRANSACTION_KEY) => ({
  PAYMENT_GATEWAY: 'authorizenet',
  AUTHORIZENET_API_LOGIN_ID: LOGIN,
  AUTHORIZENET_TRANSACTION_KEY: key,
  AUTHORIZENET_SIGNATURE_KEY: 'signature-key-for-tests',
  AUTHORIZENET_ENDPOINT: endpoint,
  AUTHORIZENET_TIMEOUT_MS: '1000',
});

beforeAll(async () => {
  fake = await startFakeAuthorizeNet({ apiLoginId: LOGIN, transactionKey: TRANSACTION_KEY });
  ctx = await createTestApp(env(fake.endpoint));
  wrongKey = await createTestApp(env(fake.endpoint, 'not-the-key'), ctx.database);
});
afterAll(async () => {
  await wrongKey.close();
  await ctx.close();
  await fake.close();
});
beforeEach(() => fake.reset());

const settings = () => ({ endpoint: fake.endpoint, apiLoginId: LOGIN, transactionKey: TRANSACTION_KEY, timeoutMs: 2000, profileRetryDelayMs: 5 });
const operations = () => fake.requests.map((r) => r.operation);
const requestOf = (operation: AuthorizeNetRequest['operation']) => fake.requests.find((r) => r.operation === operation)!;
const bodyOf = (operation: AuthorizeNetRequest['operation']) => requestOf(operation).body as Record<string, Record<string, unknown>>;
const userByEmail = async (email: string) => (await ctx.database.db.select().from(user).where(eq(user.email, email)))[0];
const lastPayment = async () => (await ctx.database.db.select().from(payments).orderBy(desc(payments.createdAt)).limit(1))[0]!;
const card = { number: '4111111111111111', expiration: futureExpiry(), cvv: '123' };
const customer = { firstName: 'Ana', lastName: 'López', email: 'ana@example.com' };

describe('a payment through Authorize.net', () => {
  it('charges $1, stores the card in a customer profile and subscribes it, every request in schema order', async () => {
    const body = paymentBody();
    const response = await pay(ctx.app, body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, redirectTo: '/chat' });
    expect(operations()).toEqual(['charge', 'createProfile', 'createSubscription']);
    for (const request of fake.requests) expect(request.answer).toMatchObject({ status: 200, resultCode: 'Ok' });

    const charge = requestOf('charge');
    expect(charge.keys).toEqual(['merchantAuthentication', 'refId', 'transactionRequest']);
    const transaction = bodyOf('charge').createTransactionRequest!.transactionRequest as Record<string, unknown>;
    expect(Object.keys(transaction)).toEqual(['transactionType', 'amount', 'payment', 'order', 'customer', 'billTo']);
    expect(transaction).toMatchObject({
      transactionType: 'authCaptureTransaction',
      amount: '1.00',
      // The fake records the last four digits only, and no CVV.
      payment: { creditCard: { cardNumber: 'XXXX1111', expirationDate: body.expirationDate, cardCode: '***' } },
      customer: { email: body.email },
      billTo: { firstName: 'Ana', lastName: 'López' },
    });
    expect(Object.keys((transaction.payment as { creditCard: object }).creditCard)).toEqual(['cardNumber', 'expirationDate', 'cardCode']);

    expect(requestOf('createProfile').keys).toEqual(['merchantAuthentication', 'refId', 'transId', 'customer']);
    const subscribe = requestOf('createSubscription');
    expect(subscribe.keys).toEqual(['merchantAuthentication', 'refId', 'subscription']);
    const sub = bodyOf('createSubscription').ARBCreateSubscriptionRequest!.subscription as Record<string, unknown>;
    expect(Object.keys(sub)).toEqual(['name', 'paymentSchedule', 'amount', 'profile']);
    expect(sub).toMatchObject({ amount: '9.99', paymentSchedule: { interval: { length: 1, unit: 'months' }, startDate: utcDay(7), totalOccurrences: 9999 } });

    const [fakeSubscription] = [...fake.subscriptions.values()];
    const [fakeTransaction] = [...fake.transactions.values()];
    const me = (await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookiesOf(response) } })).json().user;
    expect(me.profile.plan).toBe('UNLIMITED');
    const [row] = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, me.id));
    expect(row).toMatchObject({
      gateway: 'authorizenet',
      gatewaySubscriptionId: fakeSubscription!.id,
      gatewayCustomerId: fakeSubscription!.customerProfileId,
      status: 'trialing',
    });
    const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.userId, me.id));
    expect(payment).toMatchObject({ gateway: 'authorizenet', transactionId: fakeTransaction!.id, status: 'approved', cardBrand: 'Visa', cardLast4: '1111' });
  });

  it('names the brand Authorize.net reports', async () => {
    const response = await pay(ctx.app, paymentBody({ cardNumber: '5424000000000015' }));
    expect(response.statusCode).toBe(200);
    const sub = (await ctx.app.inject({ method: 'GET', url: '/api/billing/subscription', headers: { cookie: cookiesOf(response) } })).json().subscription;
    expect(sub.card).toEqual({ brand: 'Mastercard', last4: '0015' });
  });
});

describe('refusals from Authorize.net', () => {
  async function declined(patch: Record<string, unknown>, message: string) {
    const body = paymentBody(patch);
    const response = await pay(ctx.app, body);
    expect(response.statusCode, JSON.stringify(patch)).toBe(402);
    expect(response.json()).toEqual({ success: false, error: message, code: 'PAYMENT_DECLINED' });
    expect(await userByEmail(body.email)).toBeUndefined();
    expect(operations()).toEqual(['charge']);
    fake.reset();
  }

  it('maps declines and card errors to Spanish, creating nothing', async () => {
    await declined({ cardNumber: '4222222222222' }, 'La tarjeta fue rechazada. Usa otra tarjeta o llama a tu banco.');
    await declined({ cvv: '901' }, 'La tarjeta fue rechazada. Usa otra tarjeta o llama a tu banco.');
    await declined({ cardNumber: '5555555555554444' }, 'La tarjeta fue rechazada. Usa otra tarjeta o llama a tu banco.');
    await declined({ expirationDate: '2020-01' }, 'La tarjeta está vencida.');
    await declined({ cardNumber: '4111111111111112' }, 'El número de tarjeta no es válido.');
    fake.script([{ kind: 'transaction_error', operation: 'charge', errorCode: '65', responseCode: '2' }]);
    await declined({}, 'El código de seguridad no es válido.');
    fake.script([{ kind: 'transaction_error', operation: 'charge', errorCode: '78' }]);
    await declined({}, 'El código de seguridad no es válido.');
    expect(await lastPayment()).toMatchObject({ status: 'declined', detail: 'anet_78', cardLast4: '1111', transactionId: null });
  });

  it('refuses and releases a charge held for review', async () => {
    fake.script([{ kind: 'held', operation: 'charge' }]);
    const response = await pay(ctx.app, paymentBody());
    expect(response.statusCode).toBe(402);
    expect(response.json().error).toBe('Tu banco no confirmó el pago. Usa otra tarjeta o inténtalo más tarde.');
    expect(operations()).toEqual(['charge', 'void']);
  });

  it('answers E00007 with the gateway text (502), once scripted or with a wrong key', async () => {
    fake.script([{ kind: 'invalid_auth' }]);
    const body = paymentBody();
    const response = await pay(ctx.app, body);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      success: false,
      error: 'User authentication failed due to invalid authentication values.',
      code: 'PAYMENT_GATEWAY_AUTH',
    });
    expect(response.json().error).toContain('invalid authentication values');
    expect(await lastPayment()).toMatchObject({ status: 'error', transactionId: null, cardLast4: '1111' });
    expect((await lastPayment()).detail).toMatch(/^charge failed: auth E00007; reference [0-9a-f]{20}$/);
    expect(await userByEmail(body.email)).toBeUndefined();
    // One shot: the next payment goes through.
    expect((await pay(ctx.app, paymentBody())).statusCode).toBe(200);

    const refused = await pay(wrongKey.app, paymentBody());
    expect(refused.statusCode).toBe(502);
    expect(refused.json().error).toBe('User authentication failed due to invalid authentication values.');
  });

  it('answers 502 in Spanish when the gateway fails, hangs or cannot be reached', async () => {
    fake.script([{ kind: 'server_error' }]);
    const failed = await pay(ctx.app, paymentBody());
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({
      success: false,
      error: 'No pudimos conectar con el procesador de pagos. Por favor, intenta nuevamente en unos minutos.',
      code: 'PAYMENT_UNAVAILABLE',
    });
    expect((await lastPayment()).detail).toMatch(/^charge failed: unavailable HTTP 500/);

    fake.script([{ kind: 'hang' }]);
    const started = Date.now();
    const hung = await pay(ctx.app, paymentBody());
    expect(hung.statusCode).toBe(502);
    expect(hung.json().code).toBe('PAYMENT_UNAVAILABLE');
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await lastPayment()).detail).toMatch(/^charge failed: unavailable; reference/);

    const closed = await createTestApp(env('http://127.0.0.1:9/xml/v1/request.api'), ctx.database);
    try {
      const unreachable = await pay(closed.app, paymentBody());
      expect(unreachable.statusCode).toBe(502);
      expect(unreachable.json().code).toBe('PAYMENT_UNAVAILABLE');
    } finally {
      await closed.close();
    }
  });
});

describe('undoing a charge when the subscription fails', () => {
  it('voids the charge at the gateway when ARB refuses a duplicate, creating no user', async () => {
    fake.script([{ kind: 'error', operation: 'createSubscription', code: 'E00012' }]);
    const body = paymentBody();
    const response = await pay(ctx.app, body);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ success: false, code: 'PAYMENT_DUPLICATE_SUBSCRIPTION' });
    expect(response.json().error).toMatch(/^You have submitted a duplicate of Subscription \d+\. A duplicate subscription will not be created\.$/);
    expect(response.json().error).toContain('duplicate subscription');

    expect(operations()).toEqual(['charge', 'createProfile', 'createSubscription', 'deleteProfile', 'void']);
    const charged = [...fake.transactions.values()][0]!;
    const voidRequest = bodyOf('void').createTransactionRequest!.transactionRequest as Record<string, unknown>;
    expect(voidRequest).toEqual({ transactionType: 'voidTransaction', refTransId: charged.id });
    expect(requestOf('void').answer).toMatchObject({ resultCode: 'Ok', responseCode: '1' });
    expect(charged.status).toBe('voided');
    expect(fake.customerProfiles.size).toBe(0);

    const payment = await lastPayment();
    expect(payment).toMatchObject({ transactionId: charged.id, status: 'voided', userId: null, subscriptionId: null, cardLast4: '1111' });
    expect(payment.detail).toBe('subscription: duplicate E00012');
    expect(await userByEmail(body.email)).toBeUndefined();
  });

  it('answers any other ARB refusal with the generic payment error, voided too', async () => {
    fake.script([{ kind: 'error', operation: 'createSubscription', code: 'E00013', text: 'Field is invalid.' }]);
    const response = await pay(ctx.app, paymentBody());
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ success: false, error: 'Error al procesar el pago. Por favor, inténtalo más tarde.', code: 'PAYMENT_FAILED' });
    expect(await lastPayment()).toMatchObject({ status: 'voided', detail: 'subscription: rejected E00013' });
  });

  it('retries a subscription whose new customer profile the gateway cannot see yet (E00040)', async () => {
    fake.script([{ kind: 'error', operation: 'createSubscription', code: 'E00040' }]);
    const response = await pay(ctx.app, paymentBody());
    expect(response.statusCode).toBe(200);
    expect(operations()).toEqual(['charge', 'createProfile', 'createSubscription', 'createSubscription']);
  });

  it('records the charge for a manual refund when both the void and the refund are refused', async () => {
    fake.script([
      { kind: 'error', operation: 'createSubscription', code: 'E00013' },
      { kind: 'transaction_error', operation: 'void', errorCode: '16' },
    ]);
    const response = await pay(ctx.app, paymentBody());
    expect(response.statusCode).toBe(502);
    expect(operations()).toEqual(['charge', 'createProfile', 'createSubscription', 'deleteProfile', 'void', 'refund']);
    const payment = await lastPayment();
    expect(payment.status).toBe('error');
    expect(payment.detail).toBe('subscription: rejected E00013; void and refund failed (rejected 54): refund by hand');
    expect(ctx.logs.some((line) => line.includes('undoing a charge failed: refund it by hand'))).toBe(true);
  });

  it('cancels the subscription and voids the charge when the account cannot be created', async () => {
    const failingAuth = (code?: string) =>
      ({
        api: {
          signUpEmail: async () => {
            throw Object.assign(new Error('sign-up failed'), { body: { code } });
          },
          getSession: async () => null,
        },
      }) as never;
    const headers = new Headers();
    for (const [code, expected] of [
      ['USER_ALREADY_EXISTS', 'PAYMENT_EMAIL_REGISTERED'],
      [undefined, 'PAYMENT_ACCOUNT_FAILED'],
    ] as const) {
      fake.reset();
      const service = new BillingService(ctx.database.db, failingAuth(code), new AuthorizeNetGateway(settings()), ctx.app.log);
      const email = uniqueEmail('cuenta');
      const input = {
        firstName: 'Ana',
        lastName: 'López',
        email,
        password: 'secreto123',
        cardNumber: card.number,
        expirationDate: card.expiration,
        cvv: card.cvv,
      };
      await expect(service.authorize(input, { userId: null, headers })).rejects.toMatchObject({ code: expected });
      expect(operations()).toEqual(['charge', 'createProfile', 'createSubscription', 'cancelSubscription', 'deleteProfile', 'void']);
      expect([...fake.subscriptions.values()][0]!.status).toBe('canceled');
      expect(await lastPayment()).toMatchObject({ status: 'voided', userId: null, detail: `account: ${code ?? 'Error'}` });
      expect(await userByEmail(email)).toBeUndefined();
    }
  });
});

describe('cancelling through Authorize.net', () => {
  it('cancels the ARB subscription; a gateway failure leaves it live', async () => {
    const paid = await pay(ctx.app, paymentBody());
    const cookie = cookiesOf(paid);
    const [fakeSubscription] = [...fake.subscriptions.values()];

    fake.script([{ kind: 'server_error', operation: 'cancelSubscription' }]);
    const failed = await ctx.app.inject({ method: 'POST', url: '/api/billing/cancel', payload: {}, headers: { cookie } });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error.code).toBe('PAYMENT_UNAVAILABLE');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/billing/subscription', headers: { cookie } })).json().subscription.status).toBe('trialing');

    const cancelled = await ctx.app.inject({ method: 'POST', url: '/api/billing/cancel', payload: {}, headers: { cookie } });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().subscription).toMatchObject({ status: 'cancelled', nextChargeAt: null });
    expect(bodyOf('cancelSubscription').ARBCancelSubscriptionRequest).toMatchObject({ subscriptionId: fakeSubscription!.id });
    expect(requestOf('cancelSubscription').keys).toEqual(['merchantAuthentication', 'refId', 'subscriptionId']);
    expect(fakeSubscription!.status).toBe('canceled');
  });

  it('cancels for an account deletion even when the gateway already cancelled it, and forgets the card', async () => {
    const paid = await pay(ctx.app, paymentBody());
    const userId = (await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookiesOf(paid) } })).json().user.id as string;
    const [fakeSubscription] = [...fake.subscriptions.values()];
    fakeSubscription!.status = 'canceled';
    const service = new BillingService(ctx.database.db, undefined as never, new AuthorizeNetGateway(settings()), ctx.app.log);
    expect(await service.cancelForDeletion(userId)).toBe(1);
    expect(requestOf('cancelSubscription').answer).toMatchObject({ resultCode: 'Ok', code: 'I00002' });
    expect(fake.customerProfiles.size).toBe(0);
    const [row] = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    expect(row!.status).toBe('cancelled');
  });
});

describe('AuthorizeNetGateway and its wire format', () => {
  it('refuses keys out of the schema order with E00003, and the adapter sends them in order', async () => {
    const auth = { name: LOGIN, transactionKey: TRANSACTION_KEY };
    const wrong = await postAnet(settings(), { ARBCancelSubscriptionRequest: { refId: 'r1', merchantAuthentication: auth, subscriptionId: '1' } });
    expect(wrong.messages).toMatchObject({ resultCode: 'Error', message: [{ code: 'E00003' }] });
    expect(wrong.messages!.message![0]!.text).toContain("has invalid child element 'merchantAuthentication'");

    const nested = await postAnet(settings(), {
      createTransactionRequest: {
        merchantAuthentication: auth,
        transactionRequest: { amount: '1.00', transactionType: 'authCaptureTransaction' },
      },
    });
    expect(nested.messages!.message![0]).toMatchObject({ code: 'E00003' });
    expect(nested.messages!.message![0]!.text).toContain(
      "The element 'transactionRequest' in namespace 'AnetApi/xml/v1/schema/AnetApiSchema.xsd' has invalid child element 'transactionType'",
    );

    const unknown = await postAnet(settings(), { ARBCancelSubscriptionRequest: { merchantAuthentication: auth, subscription: '1' } });
    expect(unknown.messages!.message![0]!.text).toContain("has invalid child element 'subscription'");

    const built = anetPayload(settings(), 'ARBCancelSubscriptionRequest', 'r2', { subscriptionId: '1' });
    expect(Object.keys(built.ARBCancelSubscriptionRequest!)).toEqual(['merchantAuthentication', 'refId', 'subscriptionId']);
    const right = await postAnet(settings(), built);
    expect(right.messages!.message![0]).toMatchObject({ code: 'E00035' }); // in order: only the subscription is unknown
  });

  it('answers with a byte-order mark, which the adapter strips', async () => {
    const raw = await fetch(fake.endpoint, { method: 'POST', body: JSON.stringify(anetPayload(settings(), 'authenticateTestRequest', 'r', {})) });
    const bytes = new Uint8Array(await raw.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(() => JSON.parse(Buffer.from(bytes).toString('latin1'))).toThrow();
    expect(parseAnetBody(bytes).messages).toEqual({ resultCode: 'Ok', message: [{ code: 'I00001', text: 'Successful.' }] });

    const withBom = new Uint8Array([
      0xef,
      0xbb,
      0xbf,
      ...new TextEncoder().encode('{"messages":{"resultCode":"Error","message":{"code":"E00007","text":"x"}}}'),
    ]);
    expect(parseAnetBody(withBom).messages!.message).toEqual([{ code: 'E00007', text: 'x' }]);
    expect(parseAnetBody(new TextEncoder().encode('{"messages":{"resultCode":"Ok","message":[]}}')).messages!.resultCode).toBe('Ok');
    expect(() => parseAnetBody(new TextEncoder().encode('[1]'))).toThrow(SyntaxError);
  });

  it('voids, or refunds a settled charge, and says when neither works', async () => {
    const gateway = new AuthorizeNetGateway(settings());
    const first = await gateway.charge(100, card, customer);
    if (!first.approved) throw new Error('expected an approval');
    expect(await gateway.void(first.transactionId, { amountCents: 100, last4: first.last4 })).toBe('voided');

    const second = await gateway.charge(100, card, customer);
    if (!second.approved) throw new Error('expected an approval');
    fake.settle(second.transactionId);
    expect(await gateway.void(second.transactionId, { amountCents: 100, last4: second.last4 })).toBe('refunded');
    const refund = fake.requests.at(-1)!;
    expect(refund.operation).toBe('refund');
    const refundRequest = (refund.body as { createTransactionRequest: { transactionRequest: Record<string, unknown> } }).createTransactionRequest
      .transactionRequest;
    expect(Object.keys(refundRequest)).toEqual(['transactionType', 'amount', 'payment', 'refTransId']);
    expect(refundRequest).toMatchObject({
      amount: '1.00',
      payment: { creditCard: { cardNumber: 'XXXX1111', expirationDate: 'XXXX' } },
      refTransId: second.transactionId,
    });

    // Refunded already: neither a void nor a second refund.
    await expect(gateway.void(second.transactionId, { amountCents: 100, last4: second.last4 })).rejects.toMatchObject({ kind: 'rejected' });
  });

  it('treats an already cancelled subscription as cancelled, an unknown one as not found', async () => {
    const gateway = new AuthorizeNetGateway(settings());
    const charged = await gateway.charge(100, card, customer);
    if (!charged.approved) throw new Error('expected an approval');
    const created = await gateway.createSubscription({
      transactionId: charged.transactionId,
      customer,
      amountCents: 999,
      startDate: utcDay(7),
      intervalMonths: 1,
    });
    await gateway.cancelSubscription(created.subscriptionId);
    await gateway.cancelSubscription(created.subscriptionId);
    await expect(gateway.cancelSubscription('123')).rejects.toMatchObject({ kind: 'not_found', code: 'E00035' });
  });

  it('never puts a card number or CVV in an error, even when the gateway echoes them', async () => {
    const gateway = new AuthorizeNetGateway(settings());
    fake.script([{ kind: 'error', operation: 'charge', code: 'E00003', text: `The value '${card.number}' is invalid; cardCode '${card.cvv}'.` }]);
    const error = await gateway.charge(100, card, customer).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).message).not.toContain(card.number);
    expect((error as GatewayError).message).not.toContain(`'${card.cvv}'`);
    expect((error as GatewayError).message).toContain('[redacted]');
  });

  it('has control endpoints for tests in another process', async () => {
    const scripted = await fetch(`${fake.url}/__control/script`, {
      method: 'POST',
      body: JSON.stringify({ behaviors: [{ kind: 'decline', operation: 'charge' }] }),
    });
    expect(await scripted.json()).toEqual({ queued: 1 });
    const gateway = new AuthorizeNetGateway(settings());
    expect(await gateway.charge(100, card, customer)).toMatchObject({ approved: false, code: 'anet_2' });
    const charged = await gateway.charge(100, card, customer);
    if (!charged.approved) throw new Error('expected an approval');
    await fetch(`${fake.url}/__control/settle`, { method: 'POST', body: JSON.stringify({ transactionId: charged.transactionId }) });
    expect(fake.transactions.get(charged.transactionId)!.status).toBe('settledSuccessfully');
    const recorded = (await (await fetch(`${fake.url}/__control/requests`)).json()) as Array<{ operation: string; keys: string[] }>;
    expect(recorded.map((r) => r.operation)).toEqual(['charge', 'charge']);
    expect(recorded[0]!.keys).toEqual(['merchantAuthentication', 'refId', 'transactionRequest']);
    expect(JSON.stringify(recorded)).not.toContain(card.number);
    expect(JSON.stringify(recorded)).not.toContain(TRANSACTION_KEY);
    expect((await fetch(`${fake.url}/__control/reset`, { method: 'POST' })).status).toBe(200);
    expect(fake.requests).toHaveLength(0);
    expect(fake.transactions.size).toBe(0);
  });

  it('times out a call that gets no answer', async () => {
    fake.script([{ kind: 'hang' }]);
    const gateway = new AuthorizeNetGateway({ ...settings(), timeoutMs: 1000 });
    await expect(gateway.cancelSubscription('1')).rejects.toMatchObject({ kind: 'unavailable', message: 'timeout' });
    await vi.waitFor(() => expect(fake.requests[0]!.disconnected).toBe(true));
  });
});
