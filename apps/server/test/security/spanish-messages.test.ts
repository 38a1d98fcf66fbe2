// Finding: "Some messages reach users in English ('Bad Request', 'If this email exists in our
// system…') or as zod's 'Llave desconocida'" (issue 13).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../app';
import { signUp } from '../auth-helpers';

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await createTestApp();
  ({ cookie } = await signUp(ctx.app));
});
afterAll(() => ctx.close());

const ENGLISH =
  /\b(Bad Request|Not Found|Internal Server Error|If this email exists|is not a valid|Unauthorized|Forbidden|Too Many Requests|Invalid|expected|required)\b/;

describe('every message a person can see is Spanish', () => {
  it.each([
    ['a malformed URL escape under /api', { method: 'GET', url: '/api/%E0%A4%A' }],
    ['a malformed URL escape on a page', { method: 'GET', url: '/%E0%A4%A' }],
    ['an unknown field', { method: 'PATCH', url: '/api/profile', payload: { firstName: 'Ana', rol: 'admin' }, withCookie: true }],
    ['a password reset request', { method: 'POST', url: '/api/auth/request-password-reset', payload: { email: 'nadie@example.com' } }],
    ['a wrong sign-in', { method: 'POST', url: '/api/auth/sign-in/email', payload: { email: 'nadie@example.com', password: 'x' } }],
    ['a broken JSON body', { method: 'POST', url: '/api/feedback', payload: '{"a":', headers: { 'content-type': 'application/json' }, withCookie: true }],
    ['an unknown auth endpoint', { method: 'POST', url: '/api/auth/delete-user', payload: {} }],
  ] as const)('%s', async (_name, request) => {
    const { withCookie, ...rest } = request as typeof request & { withCookie?: boolean; headers?: Record<string, string> };
    const response = await ctx.app.inject({
      ...(rest as object),
      headers: { ...((rest as { headers?: Record<string, string> }).headers ?? {}), ...(withCookie ? { cookie } : {}) },
    } as never);
    const body = response.json();
    const message: string = body.error?.message ?? body.message;
    expect(message, response.body).toEqual(expect.any(String));
    expect(message).not.toMatch(ENGLISH);
    expect(message).not.toMatch(/Llave desconocida/);
    expect(response.body).not.toMatch(/"error":"Bad Request"/);
  });

  it('the password reset request says in Spanish what happens next', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email: 'nadie@example.com' } });
    expect(response.json().message).toBe('Si ese correo tiene una cuenta, te enviamos un enlace para cambiar tu contraseña. Revisa tu correo.');
  });
});
