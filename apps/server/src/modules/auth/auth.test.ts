import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { lastCode, lastMessage, sessionCookie, signUp, uniqueEmail, uniquePhone } from '../../../test/auth-helpers';
import { account, profiles, user } from '../../db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** Each call comes from its own address, so per-IP limits of one test never leak into another. */
const randomIp = () => `10.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}.${1 + Math.floor(Math.random() * 250)}`;
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: randomIp() });

describe('email sign-up and sign-in', () => {
  it('creates the user with a profile, signs in with an HttpOnly cookie', async () => {
    const email = uniqueEmail();
    const response = await post('/api/auth/sign-up/email', { email, password: 'secreto123', name: 'Lucía' });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === 'camino.session_token');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');

    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: sessionCookie(response) } });
    expect(me.json().user).toMatchObject({
      email,
      phoneNumber: null,
      profile: { firstName: 'Lucía', lastName: null, preferredLanguage: 'es', voiceId: 'custom', plan: 'FREE' },
    });
  });

  it('refuses a registered e-mail with the spec message', async () => {
    const { email } = await signUp(ctx.app);
    const response = await post('/api/auth/sign-up/email', { email: email.toUpperCase(), password: 'otraclave', name: 'X' });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatchObject({ code: 'EMAIL_TAKEN', message: 'Este correo ya está registrado. Por favor, inicia sesión.' });
  });

  it('validates with the spec messages, never forwarding unknown fields', async () => {
    const short = await post('/api/auth/sign-up/email', { email: uniqueEmail(), password: '12345', name: 'Ana' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe('La contraseña debe tener al menos 6 caracteres');
    const noName = await post('/api/auth/sign-up/email', { email: uniqueEmail(), password: '123456', name: '  ' });
    expect(noName.json().error.message).toBe('Por favor ingresa tu nombre');
    const badEmail = await post('/api/auth/sign-up/email', { email: 'no-es-correo', password: '123456', name: 'Ana' });
    expect(badEmail.json().error.message).toBe('Por favor ingresa un correo electrónico válido');
  });

  it('answers malformed bodies with 400, never 500', async () => {
    for (const payload of ['{"email":', '[]', '"texto"', 'null']) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload, headers: { 'content-type': 'application/json' } });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json().error.message).toEqual(expect.any(String));
    }
    const text = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: 'a=b', headers: { 'content-type': 'text/plain' } });
    expect(text.statusCode).toBeGreaterThanOrEqual(400);
    expect(text.statusCode).toBeLessThan(500);
  });

  it('signs in with the right password only', async () => {
    const { email, password } = await signUp(ctx.app);
    const wrong = await post('/api/auth/sign-in/email', { email, password: 'incorrecta' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Correo o contraseña incorrectos.' });
    const right = await post('/api/auth/sign-in/email', { email, password });
    expect(right.statusCode).toBe(200);
    expect(sessionCookie(right)).toMatch(/^camino\.session_token=/);
  });

  it('signs out: the cookie no longer opens a session', async () => {
    const { cookie } = await signUp(ctx.app);
    const out = await post('/api/auth/sign-out', {}, { cookie, origin: 'http://localhost:3000' });
    expect(out.statusCode).toBe(200);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.json()).toEqual({ user: null });
  });

  it('treats an unknown or garbled session as signed out, without an error', async () => {
    for (const cookie of ['camino.session_token=nope', 'camino.session_token=a.b.c', '']) {
      const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toEqual({ user: null });
    }
  });

  it('keeps other better-auth endpoints out of reach', async () => {
    for (const url of ['/api/auth/phone-number/send-otp', '/api/auth/sign-in/phone-number', '/api/auth/update-user', '/api/auth/list-sessions']) {
      const response = await post(url, {});
      expect(response.statusCode, url).toBe(404);
    }
  });
});

describe('phone registration and sign-in', () => {
  it('registers by phone: code by SMS, verification creates the user with the name and a 12-character password', async () => {
    const phone = uniquePhone();
    const noName = await post('/api/account/phone/send-code', { phoneNumber: phone, intent: 'register' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.message).toBe('Por favor ingresa tu nombre');

    const sent = await post('/api/account/phone/send-code', { phoneNumber: phone, intent: 'register', firstName: 'Mario' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ existing: false });
    const code = await lastCode(ctx.database.db, phone);

    const wrong = await post('/api/auth/phone-number/verify', { phoneNumber: phone, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('INVALID_CODE');

    const verified = await post('/api/auth/phone-number/verify', { phoneNumber: phone, code });
    expect(verified.statusCode).toBe(200);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: sessionCookie(verified) } });
    const body = me.json().user;
    expect(body).toMatchObject({ email: null, phoneNumber: phone, profile: { firstName: 'Mario', plan: 'FREE' } });

    const [credential] = await ctx.database.db.select().from(account).where(eq(account.userId, body.id));
    expect(credential?.providerId).toBe('credential');
    expect(credential?.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    const [row] = await ctx.database.db.select().from(user).where(eq(user.id, body.id));
    expect(row?.name).toBe('Mario');
  });

  it('registering an existing number sends a sign-in code instead', async () => {
    const phone = uniquePhone();
    await post('/api/account/phone/send-code', { phoneNumber: phone, intent: 'register', firstName: 'Rosa' });
    await post('/api/auth/phone-number/verify', { phoneNumber: phone, code: await lastCode(ctx.database.db, phone) });

    const again = await post('/api/account/phone/send-code', { phoneNumber: phone, intent: 'register', firstName: 'Otra' });
    expect(again.json()).toEqual({ existing: true });
    const login = await post('/api/auth/phone-number/verify', { phoneNumber: phone, code: await lastCode(ctx.database.db, phone) });
    expect(login.statusCode).toBe(200);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: sessionCookie(login) } });
    expect(me.json().user.profile.firstName).toBe('Rosa');
  });

  it('signs in by code, and refuses an unknown number', async () => {
    const phone = uniquePhone();
    const unknown = await post('/api/account/phone/send-code', { phoneNumber: phone, intent: 'login' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Este número no está registrado. Crea tu cuenta primero.');
  });

  it('accepts only +1 and 10 digits', async () => {
    for (const phoneNumber of ['5551234567', '+52 5512345678', '+1555123456', '+155512345678']) {
      const response = await post('/api/account/phone/send-code', { phoneNumber, intent: 'register', firstName: 'A' });
      expect(response.statusCode, phoneNumber).toBe(400);
    }
  });
});

describe('rate limits', () => {
  it('sends at most 5 codes per phone number per hour', async () => {
    const phone = uniquePhone();
    for (let i = 0; i < 5; i++) {
      const ok = await post('/api/account/phone/send-code', { phoneNumber: phone, intent: 'register', firstName: 'Luz' });
      expect(ok.statusCode).toBe(200);
    }
    const limited = await post('/api/account/phone/send-code', { phoneNumber: phone, intent: 'register', firstName: 'Luz' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe('Has pedido demasiados códigos. Espera una hora antes de pedir otro.');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3000);
  });

  it('sends at most 20 codes per IP address per hour', async () => {
    const remoteAddress = '203.0.113.9';
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/account/phone/send-code',
        remoteAddress,
        payload: { phoneNumber: uniquePhone(), intent: 'register', firstName: 'Eva' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('limits sign-in attempts per account', async () => {
    const { email } = await signUp(ctx.app);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await post('/api/auth/sign-in/email', { email, password: 'mala-clave' })).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    const limited = await post('/api/auth/sign-in/email', { email, password: 'mala-clave' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe('Demasiados intentos para iniciar sesión. Espera unos minutos e inténtalo de nuevo.');
  });
});

describe('password reset by e-mail', () => {
  it('sends a link, sets the new password, and the old one stops working', async () => {
    const { email, password } = await signUp(ctx.app);
    const request = await post('/api/auth/request-password-reset', { email });
    expect(request.statusCode).toBe(200);
    const message = await lastMessage(ctx.database.db, email);
    expect(message?.subject).toBe('Cambia tu contraseña de Camino Claro');
    const token = /reset-password\?token=([^\s]+)/.exec(message!.body)?.[1];
    expect(token).toBeTruthy();

    const reset = await post('/api/auth/reset-password', { token: decodeURIComponent(token!), newPassword: 'nueva-clave-1' });
    expect(reset.statusCode).toBe(200);
    expect((await post('/api/auth/sign-in/email', { email, password })).statusCode).toBe(401);
    expect((await post('/api/auth/sign-in/email', { email, password: 'nueva-clave-1' })).statusCode).toBe(200);

    const reused = await post('/api/auth/reset-password', { token: decodeURIComponent(token!), newPassword: 'otra-clave-2' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe('INVALID_RESET_TOKEN');
  });

  it('answers the same for an unknown e-mail (no account enumeration)', async () => {
    const response = await post('/api/auth/request-password-reset', { email: uniqueEmail('nadie') });
    expect(response.statusCode).toBe(200);
  });
});

describe('profiles', () => {
  it('a user reads and changes only their own profile; the plan is never writable', async () => {
    const a = await signUp(ctx.app, { name: 'Ana' });
    const b = await signUp(ctx.app, { name: 'Beto' });
    const headers = { cookie: a.cookie, origin: 'http://localhost:3000' };

    const updated = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers,
      payload: { firstName: 'Ana María', lastName: 'López', preferredLanguage: 'en', voiceId: 'en-male-1' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ firstName: 'Ana María', lastName: 'López', preferredLanguage: 'en', voiceId: 'en-male-1', plan: 'FREE' });

    const withPlan = await ctx.app.inject({ method: 'PATCH', url: '/api/profile', headers, payload: { plan: 'UNLIMITED' } });
    expect(withPlan.statusCode).toBe(400);
    const smuggled = await ctx.app.inject({ method: 'PATCH', url: '/api/profile', headers, payload: { firstName: 'X', id: b.userId, userId: b.userId } });
    expect(smuggled.statusCode).toBe(400);

    const [rowA] = await ctx.database.db.select().from(profiles).where(eq(profiles.id, a.userId));
    const [rowB] = await ctx.database.db.select().from(profiles).where(eq(profiles.id, b.userId));
    expect(rowA?.plan).toBe('FREE');
    expect(rowB).toMatchObject({ firstName: 'Beto', lastName: null, preferredLanguage: 'es' });

    const bView = await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie: b.cookie } });
    expect(bView.json().firstName).toBe('Beto');
  });

  it('refuses profile access without a session, and bad values with 400', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/profile' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'PATCH', url: '/api/profile', payload: { firstName: 'X' } })).statusCode).toBe(401);
    const { cookie } = await signUp(ctx.app);
    for (const payload of [{ preferredLanguage: 'fr' }, { voiceId: 'robot' }, { firstName: 'x'.repeat(200) }]) {
      const response = await ctx.app.inject({ method: 'PATCH', url: '/api/profile', headers: { cookie }, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('refuses writes from a foreign origin', async () => {
    const { cookie } = await signUp(ctx.app);
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { cookie, origin: 'https://evil.example' },
      payload: { firstName: 'Hack' },
    });
    expect(response.statusCode).toBe(403);
  });
});
