import { and, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { lastMessage, signUp, uniqueEmail } from '../../../test/auth-helpers';
import { payments, profiles, subscriptions, user } from '../../db/schema';
import { SandboxGateway } from './sandbox';
import { BillingService } from './service';
import { cookiesOf, freshIp, pay, paymentBody } from './test-helpers';

let ctx: TestContext;
/** The service over the same database, for what has no endpoint (refreshPlan, operator methods). */
let billing: BillingService;

beforeAll(async () => {
  ctx = await createTestApp();
  billing = new BillingService(ctx.database.db, undefined as never, new SandboxGateway(), ctx.app.log);
});
afterAll(() => ctx.close());

const DAY = 86_400_000;

async function me(cookieOrBearer: { cookie?: string; bearer?: string }) {
  const headers: Record<string, string> = {};
  if (cookieOrBearer.cookie) headers.cookie = cookieOrBearer.cookie;
  if (cookieOrBearer.bearer) headers.authorization = `Bearer ${cookieOrBearer.bearer}`;
  return (await ctx.app.inject({ method: 'GET', url: '/api/me', headers })).json().user;
}

const usage = async (cookie: string) => (await ctx.app.inject({ method: 'GET', url: '/api/assistant/usage', headers: { cookie } })).json();
const subscriptionOf = async (cookie: string) => ctx.app.inject({ method: 'GET', url: '/api/billing/subscription', headers: { cookie } });
const userByEmail = async (email: string) => (await ctx.database.db.select().from(user).where(eq(user.email, email)))[0];

describe('a guest pays with a test card', () => {
  it('gets an e-mail receipt through the configured provider (the outbox): the $1, the first $9.99 and its date, how to cancel, no card number', async () => {
    const body = paymentBody({ cardNumber: '5424 0000 0000 0015' });
    expect((await pay(ctx.app, body)).statusCode).toBe(200);
    const receipt = await lastMessage(ctx.database.db, body.email);
    expect(receipt?.channel).toBe('email');
    expect(receipt?.subject).toBe('Tu recibo de Camino Claro: $1.00 por 7 días del Plan Ilimitado');
    const next = new Intl.DateTimeFormat('es-MX', { dateStyle: 'long', timeZone: 'America/Chicago' }).format(new Date(Date.now() + 7 * DAY));
    expect(receipt?.body).toContain('Hola, Ana:');
    expect(receipt?.body).toContain('$1.00 por 7 días de prueba');
    expect(receipt?.body).toContain(`Primer cobro de $9.99: el ${next}. Después se cobran $9.99 cada mes, hasta que canceles.`);
    expect(receipt?.body).toContain('Tarjeta: Mastercard terminada en 0015.');
    expect(receipt?.body).toContain('http://localhost:3000/settings');
    // Never the card number, in any grouping, nor the CVV line.
    expect(receipt?.body.replace(/\s/g, '')).not.toContain('5424000000000015');
    expect(receipt?.body).not.toMatch(/CVV|123\b/);
  });

  it('a declined card sends no receipt', async () => {
    const body = paymentBody({ cardNumber: '4222 2222 2222 2220' });
    expect((await pay(ctx.app, body)).statusCode).not.toBe(200);
    expect(await lastMessage(ctx.database.db, body.email)).toBeUndefined();
  });

  it('creates the account, signs it in, gives UNLIMITED and a trial that charges $9.99 in 7 days', async () => {
    const body = paymentBody();
    const before = Date.now();
    const response = await pay(ctx.app, body);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const answer = response.json();
    expect(answer).toEqual({ success: true, session: { access_token: expect.any(String), refresh_token: expect.any(String) }, redirectTo: '/chat' });
    const cookie = response.cookies.find((c) => c.name === 'camino.session_token');
    expect(cookie?.httpOnly).toBe(true);

    const signedIn = await me({ cookie: cookiesOf(response) });
    expect(signedIn).toMatchObject({ email: body.email, profile: { firstName: 'Ana', lastName: 'López', plan: 'UNLIMITED' } });
    // The session token also works as a Bearer token.
    expect((await me({ bearer: answer.session.access_token }))?.id).toBe(signedIn.id);
    expect(await usage(cookiesOf(response))).toMatchObject({ plan: 'UNLIMITED', limit: null, remaining: null });

    const sub = (await subscriptionOf(cookiesOf(response))).json().subscription;
    expect(sub).toMatchObject({ plan: 'UNLIMITED', status: 'trialing', amountCents: 999, cancelledAt: null, card: { brand: 'Visa', last4: '1111' } });
    const next = Date.parse(sub.nextChargeAt);
    expect(next).toBeGreaterThanOrEqual(before + 7 * DAY - 1000);
    expect(next).toBeLessThanOrEqual(Date.now() + 7 * DAY + 1000);
    expect(sub.currentPeriodEnd).toBe(sub.nextChargeAt);

    const [row] = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, signedIn.id));
    expect(row).toMatchObject({ gateway: 'sandbox', status: 'trialing', amountCents: 999 });
    expect(row!.gatewaySubscriptionId).toMatch(/^sbx_[0-9a-f]{24}$/);
    const paid = await ctx.database.db.select().from(payments).where(eq(payments.userId, signedIn.id));
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({
      subscriptionId: row!.id,
      gateway: 'sandbox',
      kind: 'trial',
      amountCents: 100,
      status: 'approved',
      cardBrand: 'Visa',
      cardLast4: '1111',
      cardExpiry: body.expirationDate,
    });
    expect(paid[0]!.transactionId).toMatch(/^sbx_txn_/);
  });

  it('accepts every published test card, with its brand', async () => {
    const cards: Array<[string, string, string]> = [
      ['4007000000027', 'Visa', '123'],
      ['5424000000000015', 'Mastercard', '123'],
      ['2223000010309703', 'Mastercard', '123'],
      ['370000000000002', 'American Express', '1234'],
      ['6011000000000012', 'Discover', '123'],
    ];
    for (const [number, brand, cvv] of cards) {
      const response = await pay(ctx.app, paymentBody({ cardNumber: number, cvv }));
      expect(response.statusCode, number).toBe(200);
      const sub = (await subscriptionOf(cookiesOf(response))).json().subscription;
      expect(sub.card).toEqual({ brand, last4: number.slice(-4) });
    }
  });
});

describe('a signed-in FREE user upgrades', () => {
  it('needs no password, keeps the account and its session, fills the missing last name', async () => {
    const account = await signUp(ctx.app, { name: 'Rosa' });
    expect((await me({ cookie: account.cookie })).profile.plan).toBe('FREE');
    const response = await pay(ctx.app, paymentBody({ email: 'otro-correo@example.com', firstName: 'Rosa', lastName: 'Pérez', password: undefined }), {
      cookie: account.cookie,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
    const answer = response.json();
    expect(answer.success).toBe(true);
    expect((await me({ bearer: answer.session.access_token }))?.id).toBe(account.userId);

    const after = await me({ cookie: account.cookie });
    expect(after).toMatchObject({ id: account.userId, email: account.email, profile: { firstName: 'Rosa', lastName: 'Pérez', plan: 'UNLIMITED' } });
    // The body's e-mail went to the gateway only: no account was made with it.
    expect(await userByEmail('otro-correo@example.com')).toBeUndefined();
  });
});

describe('validation', () => {
  const cases: Array<[Record<string, unknown>, string, string]> = [
    [{ firstName: 'A' }, 'firstName', 'Por favor ingresa tu nombre'],
    [{ firstName: undefined }, 'firstName', 'Por favor ingresa tu nombre'],
    [{ lastName: '' }, 'lastName', 'Por favor ingresa tu apellido'],
    [{ email: 'no-es-correo' }, 'email', 'Por favor ingresa un correo electrónico válido'],
    [{ password: '12345' }, 'password', 'La contraseña debe tener al menos 6 caracteres'],
    [{ cardNumber: '4111 1111 111' }, 'cardNumber', 'Número de tarjeta inválido'],
    [{ cardNumber: '4111-1111-1111-1111' }, 'cardNumber', 'Número de tarjeta inválido'],
    [{ cardNumber: 4111111111111111 }, 'cardNumber', 'Número de tarjeta inválido'],
    [{ expirationDate: '12/30' }, 'expirationDate', 'Usa el formato MM/AA'],
    [{ expirationDate: '2030-13' }, 'expirationDate', 'Usa el formato MM/AA'],
    [{ cvv: '12' }, 'cvv', 'CVV inválido'],
    [{ cvv: '12345' }, 'cvv', 'CVV inválido'],
  ];

  it('answers each bad field with 400 and the spec message, before any charge', async () => {
    const ip = freshIp();
    for (const [patch, field, message] of cases) {
      const response = await pay(ctx.app, paymentBody(patch), { ip });
      expect(response.statusCode, JSON.stringify(patch)).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION', message, fields: { [field]: message } });
    }
    // Validation does not count against the payment limits (10 per address).
    expect((await pay(ctx.app, paymentBody(), { ip })).statusCode).toBe(200);
  });

  it('requires the password of the new account when signed out', async () => {
    const response = await pay(ctx.app, paymentBody({ password: undefined }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION', message: 'La contraseña debe tener al menos 6 caracteres' });
  });

  it('answers malformed bodies with 400, never 500', async () => {
    for (const payload of ['{"email":', '[]', '"texto"', 'null', '{}']) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/billing/authorize-sub',
        payload,
        headers: { 'content-type': 'application/json' },
        remoteAddress: freshIp(),
      });
      expect(response.statusCode, payload).toBe(400);
    }
  });
});

describe('refused cards', () => {
  async function refused(patch: Record<string, unknown>, message: string) {
    const body = paymentBody(patch);
    const response = await pay(ctx.app, body);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ success: false, error: message, code: 'PAYMENT_DECLINED' });
    expect(await userByEmail(body.email)).toBeUndefined();
    return response;
  }

  it('declines a valid number that is not a test card: no user, no subscription, recorded', async () => {
    const before = await ctx.database.db.select().from(subscriptions);
    await refused({ cardNumber: '4222222222222' }, 'La tarjeta fue rechazada. Usa otra tarjeta o llama a tu banco.');
    expect(await ctx.database.db.select().from(subscriptions)).toHaveLength(before.length);
    const [row] = await ctx.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.status, 'declined'), eq(payments.cardLast4, '2222')))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    expect(row).toMatchObject({ userId: null, subscriptionId: null, amountCents: 100, kind: 'trial', cardBrand: 'Visa', transactionId: null });
  });

  it('refuses a number failing Luhn, an expired card and a CVV of the wrong length', async () => {
    await refused({ cardNumber: '4111111111111112' }, 'El número de tarjeta no es válido.');
    await refused({ expirationDate: '2020-01' }, 'La tarjeta está vencida.');
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
    await refused({ expirationDate: lastMonth }, 'La tarjeta está vencida.');
    await refused({ cvv: '1234' }, 'El código de seguridad no es válido.');
    await refused({ cardNumber: '370000000000002', cvv: '123' }, 'El código de seguridad no es válido.');
  });

  it('accepts a card that expires this month', async () => {
    const thisMonth = new Date().toISOString().slice(0, 7);
    expect((await pay(ctx.app, paymentBody({ expirationDate: thisMonth }))).statusCode).toBe(200);
  });

  it('leaves a signed-in user FREE when the card is declined', async () => {
    const account = await signUp(ctx.app);
    const response = await pay(ctx.app, paymentBody({ cardNumber: '4222222222222', password: undefined }), { cookie: account.cookie });
    expect(response.statusCode).toBe(402);
    expect((await me({ cookie: account.cookie })).profile.plan).toBe('FREE');
    expect((await subscriptionOf(account.cookie)).json()).toEqual({ subscription: null });
    const [row] = await ctx.database.db.select().from(payments).where(eq(payments.userId, account.userId));
    expect(row).toMatchObject({ status: 'declined', detail: 'declined', cardLast4: '2222' });
  });
});

describe('refusals before any charge', () => {
  it('refuses an e-mail that already has an account with the exact English phrase', async () => {
    const { email } = await signUp(ctx.app);
    const count = (await ctx.database.db.select().from(payments)).length;
    const response = await pay(ctx.app, paymentBody({ email: email.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ success: false, error: 'A user with this email address has already been registered', code: 'PAYMENT_EMAIL_REGISTERED' });
    expect(await ctx.database.db.select().from(payments)).toHaveLength(count);
  });

  it('refuses a second subscription with the gateway duplicate text', async () => {
    const account = await signUp(ctx.app);
    expect((await pay(ctx.app, paymentBody({ password: undefined }), { cookie: account.cookie })).statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, account.userId));
    const second = await pay(ctx.app, paymentBody({ password: undefined }), { cookie: account.cookie });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      success: false,
      error: `You have submitted a duplicate of Subscription ${row!.gatewaySubscriptionId}. A duplicate subscription will not be created.`,
      code: 'PAYMENT_DUPLICATE_SUBSCRIPTION',
    });
    expect(second.json().error).toContain('duplicate subscription');
    expect(await ctx.database.db.select().from(payments).where(eq(payments.userId, account.userId))).toHaveLength(1);
  });

  it('charges once when the same account pays twice at the same time', async () => {
    const account = await signUp(ctx.app);
    const [a, b] = await Promise.all([
      pay(ctx.app, paymentBody({ password: undefined }), { cookie: account.cookie }),
      pay(ctx.app, paymentBody({ password: undefined }), { cookie: account.cookie }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 429]);
    expect(await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, account.userId))).toHaveLength(1);
  });
});

describe('subscription management', () => {
  it('needs a session, and answers null without a subscription', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/billing/subscription' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/billing/cancel', payload: {} })).statusCode).toBe(401);
    const account = await signUp(ctx.app);
    expect((await subscriptionOf(account.cookie)).json()).toEqual({ subscription: null });
    const cancel = await ctx.app.inject({ method: 'POST', url: '/api/billing/cancel', payload: {}, headers: { cookie: account.cookie } });
    expect(cancel.statusCode).toBe(404);
    expect(cancel.json().error).toMatchObject({ code: 'SUBSCRIPTION_NOT_FOUND', message: 'No tienes una suscripción activa para cancelar.' });
  });

  it('cancels: UNLIMITED until the period ends, then FREE; then the user can subscribe again', async () => {
    const paid = await pay(ctx.app, paymentBody());
    const cookie = cookiesOf(paid);
    const userId = (await me({ cookie })).id as string;

    const cancel = await ctx.app.inject({ method: 'POST', url: '/api/billing/cancel', payload: {}, headers: { cookie } });
    expect(cancel.statusCode).toBe(200);
    const cancelled = cancel.json().subscription;
    expect(cancelled).toMatchObject({ status: 'cancelled', nextChargeAt: null, amountCents: 999 });
    expect(Date.now() - Date.parse(cancelled.cancelledAt)).toBeLessThan(10_000);
    expect(Date.parse(cancelled.currentPeriodEnd)).toBeGreaterThan(Date.now() + 6 * DAY);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/billing/cancel', payload: {}, headers: { cookie } })).statusCode).toBe(404);

    // Still paid for: the plan stays, and neither refreshPlan nor usage changes it.
    expect(await billing.refreshPlan(userId)).toBe(false);
    expect(await usage(cookie)).toMatchObject({ plan: 'UNLIMITED', remaining: null });
    expect((await me({ cookie })).profile.plan).toBe('UNLIMITED');

    // The paid period ends.
    await ctx.database.db
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.userId, userId));
    expect(await billing.refreshPlan(userId)).toBe(true);
    expect((await me({ cookie })).profile.plan).toBe('FREE');
    expect(await usage(cookie)).toMatchObject({ plan: 'FREE', limit: 3 });
    expect((await subscriptionOf(cookie)).json().subscription.status).toBe('cancelled');

    const again = await pay(ctx.app, paymentBody({ password: undefined }), { cookie });
    expect(again.statusCode).toBe(200);
    expect((await me({ cookie })).profile.plan).toBe('UNLIMITED');
    expect((await subscriptionOf(cookie)).json().subscription.status).toBe('trialing');
  });

  it('ends plans lazily when usage is read, and for everyone in the hourly job', async () => {
    const first = cookiesOf(await pay(ctx.app, paymentBody()));
    const second = cookiesOf(await pay(ctx.app, paymentBody()));
    for (const cookie of [first, second]) {
      expect((await ctx.app.inject({ method: 'POST', url: '/api/billing/cancel', payload: {}, headers: { cookie } })).statusCode).toBe(200);
      const userId = (await me({ cookie })).id as string;
      await ctx.database.db
        .update(subscriptions)
        .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
        .where(eq(subscriptions.userId, userId));
    }
    // Usage reads the plan and ends it in the same statement.
    expect(await usage(first)).toMatchObject({ plan: 'FREE', remaining: 3 });
    expect(await billing.refreshPlans()).toBeGreaterThanOrEqual(1);
    expect((await me({ cookie: second })).profile.plan).toBe('FREE');
  });

  it('leaves alone an UNLIMITED plan given by an operator to a user who never subscribed', async () => {
    const account = await signUp(ctx.app);
    await billing.setPlan(account.userId, 'UNLIMITED');
    await billing.refreshPlans();
    expect(await usage(account.cookie)).toMatchObject({ plan: 'UNLIMITED' });
    await billing.setPlan(account.userId, 'FREE');
    expect((await me({ cookie: account.cookie })).profile.plan).toBe('FREE');
    await expect(billing.setPlan('no-such-user', 'UNLIMITED')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('cancels every live subscription for an account deletion', async () => {
    const cookie = cookiesOf(await pay(ctx.app, paymentBody()));
    const userId = (await me({ cookie })).id as string;
    expect(await billing.cancelForDeletion(userId)).toBe(1);
    expect(await billing.cancelForDeletion(userId)).toBe(0);
    const [row] = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    expect(row).toMatchObject({ status: 'cancelled', nextChargeAt: null });
  });
});

describe('rate limits', () => {
  it('allows 10 payments an hour from one address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) expect((await pay(ctx.app, paymentBody({ cardNumber: '4222222222222' }), { ip })).statusCode).toBe(402);
    const refused = await pay(ctx.app, paymentBody(), { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: 'RATE_LIMITED', message: 'Demasiados intentos de pago. Espera una hora e inténtalo de nuevo.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('allows 5 payments an hour for one e-mail', async () => {
    const email = uniqueEmail('limite');
    for (let i = 0; i < 5; i++) expect((await pay(ctx.app, paymentBody({ email, cardNumber: '4222222222222' }))).statusCode).toBe(402);
    const refused = await pay(ctx.app, paymentBody({ email }));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe('Demasiados intentos de pago. Espera una hora e inténtalo de nuevo.');
    expect(await ctx.database.db.select().from(user).where(eq(user.email, email))).toHaveLength(0);
  });
});

describe('payments rows', () => {
  it('never leaves an approved trial payment without its user and subscription', async () => {
    const orphans = await ctx.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.status, 'approved'), isNull(payments.subscriptionId)));
    expect(orphans).toEqual([]);
    const unlimited = await ctx.database.db.select().from(profiles).where(eq(profiles.plan, 'UNLIMITED'));
    expect(unlimited.length).toBeGreaterThan(0);
  });
});
