// Finding: "10 wrong passwords lock the real owner out for 15 minutes (a lockout anyone can cause);
// there is no global SMS budget (30 numbers from 30 addresses got 30 SMS); rejected duplicate payment
// clicks use up the payment attempts" (issue 13).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimiter } from '../../src/lib/rate-limiter';
import { createTestApp, type TestContext } from '../app';
import { signUp, uniquePhone } from '../auth-helpers';
import { paymentBody, pay } from '../../src/modules/billing/test-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ SMS_HOURLY_BUDGET: '5' });
});
afterAll(() => ctx.close());

const signIn = (email: string, password: string, ip: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password }, remoteAddress: ip });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('sign-in throttling slows an attacker without locking the owner out', () => {
  it('after 10 wrong passwords from an attacker, the owner signs in from a new address within the backoff (at most 30 s)', async () => {
    const { email, password } = await signUp(ctx.app);
    for (let i = 0; i < 10; i++) expect((await signIn(email, `mala-${i}`, '203.0.113.50')).statusCode).toBe(401);
    // The attacker's address has used its tries on this account.
    const attacker = await signIn(email, 'mala-11', '203.0.113.50');
    expect(attacker.statusCode).toBe(429);

    let owner = await signIn(email, password, '198.51.100.7');
    if (owner.statusCode === 429) {
      const wait = Number(owner.headers['retry-after']);
      expect(wait).toBeLessThanOrEqual(30);
      expect(owner.json().error.message).toMatch(/espera/i);
      await sleep(wait * 1000 + 100);
      owner = await signIn(email, password, '198.51.100.7');
    }
    expect(owner.statusCode).toBe(200);
  });

  it('an attacker with many addresses gets about one guess per backoff step, not one per address', async () => {
    const { email } = await signUp(ctx.app);
    for (let i = 0; i < 10; i++) await signIn(email, `mala-${i}`, `203.0.114.${i + 1}`);
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(email, `otra-${i}`, `203.0.115.${i + 1}`)));
    const guesses = burst.filter((r) => r.statusCode === 401).length;
    expect(guesses).toBeLessThanOrEqual(1);
    expect(burst.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(19);
  });
});

describe('a global hourly SMS budget', () => {
  it('refuses codes past the budget (here 5) whatever the number and address, with a Spanish message and an alert line in the log', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/account/phone/send-code',
        payload: { phoneNumber: uniquePhone(), intent: 'register', firstName: 'Ana' },
        remoteAddress: `10.31.0.${i + 1}`,
      });
      statuses.push(response.statusCode);
      if (response.statusCode !== 200)
        expect(response.json().error.message).toBe('En este momento no podemos enviar más códigos por SMS. Inténtalo de nuevo en una hora.');
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 503, 503]);
    expect(ctx.logs.filter((line) => line.includes('"alert":"sms_budget"'))).toHaveLength(1);
  });
});

describe('duplicate payment clicks', () => {
  it('a click refused because a payment is under way does not use up a payment attempt', async () => {
    const { cookie, userId } = await signUp(ctx.app);
    const limiter = new RateLimiter(ctx.database.db);
    // A payment of this account is under way (the first click): every other click is refused.
    await limiter.consume({ key: `pay:inflight:${userId}`, max: 1, windowSeconds: 120, message: '' });
    const body = paymentBody();
    const clicks = await Promise.all(Array.from({ length: 10 }, () => pay(ctx.app, body, { cookie })));
    expect(clicks.map((c) => c.statusCode)).toEqual(Array(10).fill(429));
    expect(clicks[0]!.json().error.message).toBe('Ya estamos procesando un pago. Espera un momento.');
    await limiter.reset(`pay:inflight:${userId}`);
    const real = await pay(ctx.app, body, { cookie });
    expect(real.statusCode).toBe(200);
    expect(real.json().success).toBe(true);
  });
});
