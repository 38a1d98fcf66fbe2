// Finding: "Sign-out and session expiry take up to 30 s to apply (cookie cache); the session token is
// returned to page scripts (get-session, sign-up, sign-in bodies), which defeats HttpOnly" (issue 13).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteAccount } from '../../src/modules/account-deletion/process';
import { createTestApp, type TestContext } from '../app';
import { lastMessage, sessionCookie, signUp, uniqueEmail } from '../auth-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const ORIGIN = { origin: 'http://localhost:3000' };
/** Every cookie of a response (session token and, when enabled, the cached session data). */
const allCookies = (response: { cookies: Array<{ name: string; value: string }> }) =>
  response.cookies
    .filter((c) => c.value)
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');
const me = async (cookie: string) => (await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().user;

/** A second device of the same person: its own sign-in, its own cookies. */
async function signIn(email: string, password: string) {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password }, remoteAddress: '10.21.0.1' });
  expect(response.statusCode).toBe(200);
  // Read the session once, as the app does on load (this is when a cookie cache would be filled).
  const cookie = allCookies(response);
  const session = await ctx.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
  const refreshed = session.cookies.filter((c) => c.value).map((c) => `${c.name}=${c.value}`);
  return [cookie, ...refreshed].join('; ');
}

describe('sessions end at once', () => {
  it('signing out on one device ends the session there and nothing else; the signed-out cookie opens nothing', async () => {
    const { email, password } = await signUp(ctx.app);
    const phone = await signIn(email, password);
    const laptop = await signIn(email, password);
    expect(await me(phone)).not.toBeNull();
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: laptop, ...ORIGIN }, payload: {} });
    expect(out.statusCode).toBe(200);
    expect(await me(laptop)).toBeNull();
    expect(await me(phone)).not.toBeNull();
  });

  it('a password reset ends every session of the account at once', async () => {
    const { email, password } = await signUp(ctx.app);
    const device = await signIn(email, password);
    expect(await me(device)).not.toBeNull();
    await ctx.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email }, remoteAddress: '10.21.0.2' });
    const token = /token=([^\s&]+)/.exec((await lastMessage(ctx.database.db, email))!.body)![1]!;
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: decodeURIComponent(token), newPassword: 'nueva-clave-1' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await me(device)).toBeNull();
  });

  it('deleting the account ends its sessions at once', async () => {
    const { email, password, userId } = await signUp(ctx.app);
    const device = await signIn(email, password);
    expect(await me(device)).not.toBeNull();
    await deleteAccount({ db: ctx.database.db, cancelSubscriptions: async () => {} }, userId);
    expect(await me(device)).toBeNull();
  });
});

describe('no session token in a body a page script can read', () => {
  it('sign-up, sign-in and get-session answer without the token; the HttpOnly cookie still signs in', async () => {
    const email = uniqueEmail();
    const up = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email, password: 'secreto123', name: 'Ana' },
      remoteAddress: '10.21.1.1',
    });
    const token = up.cookies.find((c) => c.name.endsWith('session_token'))!.value.split('.')[0]!;
    expect(token.length).toBeGreaterThan(10);
    const inResponse = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password: 'secreto123' },
      remoteAddress: '10.21.1.1',
    });
    const session = await ctx.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: sessionCookie(inResponse) } });
    const signedInToken = inResponse.cookies.find((c) => c.name.endsWith('session_token'))!.value.split('.')[0]!;
    for (const [name, response, secret] of [
      ['sign-up', up, token],
      ['sign-in', inResponse, signedInToken],
      ['get-session', session, signedInToken],
    ] as const) {
      expect(response.statusCode, name).toBe(200);
      expect(response.body, name).not.toContain(secret);
      expect(response.json(), name).not.toHaveProperty('token');
      expect(response.json().session ?? {}, name).not.toHaveProperty('token');
      for (const header of Object.keys(response.headers)) expect(header, name).not.toBe('set-auth-token');
    }
    expect(session.json().user.email).toBe(email);
  });
});
