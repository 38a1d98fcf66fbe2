// Shared by the billing tests (never imported by the server).
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { uniqueEmail } from '../../../test/auth-helpers';

let ipCounter = 0;
/** Each payment from its own address, so per-IP limits of one test never leak into another. */
export const freshIp = () => `10.${90 + Math.floor(ipCounter / 62_500)}.${Math.floor(ipCounter / 250) % 250}.${(ipCounter++ % 250) + 1}`;

/** YYYY-MM, three years ahead. */
export const futureExpiry = () => `${new Date().getUTCFullYear() + 3}-12`;

export function paymentBody(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Ana',
    lastName: 'López',
    email: uniqueEmail('pago'),
    password: 'secreto123',
    cardNumber: '4111 1111 1111 1111',
    expirationDate: futureExpiry(),
    cvv: '123',
    ...overrides,
  };
}

export function pay(
  app: FastifyInstance,
  body: Record<string, unknown>,
  options: { cookie?: string; ip?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/billing/authorize-sub',
    payload: body,
    headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
    remoteAddress: options.ip ?? freshIp(),
  });
}

/** The session cookie(s) of a response, ready for a `cookie` request header. */
export function cookiesOf(response: LightMyRequestResponse): string {
  return response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

/** YYYY-MM-DD, `days` from now (UTC). */
export const utcDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
