import { AUTH_MESSAGES, phoneNumberSchema, plainText, sendCodeRequest, sendCodeResponse } from '@camino/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { phoneRegistrations, user } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Limit, RateLimiter } from '../../lib/rate-limiter';
import type { Auth } from './auth';
import { translateAuthError } from './auth-errors';
import { resetLimits, signInLimits, signInPairKey, signUpLimits, SMS_BUDGET_MESSAGE, smsLimits, verifyLimits } from './limits';
import { SignInThrottle } from './sign-in-throttle';
import { generatePhonePassword, hashPassword } from './password';
import { toHeaders } from './session';
import { mediaResponse } from '../../plugins/route-schemas';

const email = plainText({ error: AUTH_MESSAGES.emailInvalid }).trim().toLowerCase().max(254).pipe(z.email(AUTH_MESSAGES.emailInvalid));

/**
 * The better-auth endpoints the product uses, each with a strict body (nothing else is forwarded) and
 * its rate limits. Any other better-auth endpoint is not reachable from outside.
 */
const endpoints: Record<string, { method: 'GET' | 'POST'; body?: z.ZodType; limits?: (body: never, ip: string) => Limit[] }> = {
  'sign-up/email': {
    method: 'POST',
    body: z.object({
      name: plainText({ error: AUTH_MESSAGES.nameRequired }).trim().min(1, AUTH_MESSAGES.nameRequired).max(80),
      email,
      password: plainText({ error: AUTH_MESSAGES.passwordShort }).min(6, AUTH_MESSAGES.passwordShort).max(128),
    }),
    limits: (_body: never, ip: string) => signUpLimits(ip),
  },
  'sign-in/email': {
    method: 'POST',
    body: z.object({ email, password: plainText().min(1, AUTH_MESSAGES.passwordShort).max(128) }),
    limits: (body: { email: string }, ip: string) => signInLimits(body.email, ip),
  },
  'phone-number/verify': {
    method: 'POST',
    body: z.object({
      phoneNumber: phoneNumberSchema,
      code: plainText({ error: AUTH_MESSAGES.codeRequired }).trim().min(1, AUTH_MESSAGES.codeRequired).max(6, 'El código tiene 6 dígitos.'),
    }),
    limits: (body: { phoneNumber: string }, ip: string) => verifyLimits(body.phoneNumber, ip),
  },
  'request-password-reset': {
    method: 'POST',
    body: z.object({ email }),
    limits: (body: { email: string }, ip: string) => resetLimits(body.email, ip),
  },
  'reset-password': {
    method: 'POST',
    body: z.object({
      token: plainText().min(1, 'Falta el enlace para cambiar tu contraseña.').max(512, 'El enlace para cambiar tu contraseña no es válido.'),
      newPassword: plainText({ error: AUTH_MESSAGES.passwordShort }).min(6, AUTH_MESSAGES.passwordShort).max(128),
    }),
  },
  'sign-out': { method: 'POST', body: z.object({}).optional() },
  'get-session': { method: 'GET' },
};

/** better-auth's English success message of request-password-reset, in the product's Spanish. */
export const RESET_REQUESTED_MESSAGE = 'Si ese correo tiene una cuenta, te enviamos un enlace para cambiar tu contraseña. Revisa tu correo.';

/**
 * What a page script may read of a better-auth answer: the session token lives only in the HttpOnly
 * cookie, so it is removed from every body (sign-up, sign-in, get-session); English texts become Spanish.
 */
export function pageSafeBody(path: string, body: unknown): unknown {
  if (!body || typeof body !== 'object') return body;
  const copy = { ...(body as Record<string, unknown>) };
  delete copy.token;
  if (copy.session && typeof copy.session === 'object') {
    const session = { ...(copy.session as Record<string, unknown>) };
    delete session.token;
    copy.session = session;
  }
  if (path === 'request-password-reset' && 'message' in copy) copy.message = RESET_REQUESTED_MESSAGE;
  return copy;
}

const SMS_ALERT_EVERY_MS = 60_000;

export const authRoutes =
  ({ auth, db, rateLimiter, smsHourlyBudget }: { auth: Auth; db: Db; rateLimiter: RateLimiter; smsHourlyBudget: number }): FastifyPluginAsyncZod =>
  async (app) => {
    const throttle = new SignInThrottle(db);
    const publicOrigin = new URL(auth.options.baseURL!).origin;
    let lastSmsAlert = 0;
    app.route({
      method: ['GET', 'POST'],
      url: '/auth/*',
      schema: {
        response: {
          '2xx': mediaResponse(
            'application/json',
            "better-auth's answer for the endpoint (sign-up, sign-in, session, reset), passed through without its token.",
          ),
        },
      },
      handler: async (request, reply) => {
        const path = (request.params as { '*': string })['*'].split('?')[0] ?? '';
        const endpoint = endpoints[path];
        if (!endpoint || endpoint.method !== request.method) throw new AppError('NOT_FOUND');

        let body: unknown;
        if (endpoint.body) {
          const parsed = endpoint.body.safeParse(request.body ?? {});
          if (!parsed.success) {
            const fields = Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.') || '_', issue.message]));
            throw new AppError('VALIDATION', parsed.error.issues[0]?.message, fields);
          }
          body = parsed.data;
        }
        if (endpoint.limits) await rateLimiter.consume(...endpoint.limits(body as never, request.ip));
        const signIn = path === 'sign-in/email' ? (body as { email: string }).email : null;
        if (signIn) await throttle.claim(signIn);

        const url = new URL(request.url, 'http://internal');
        const headers = toHeaders(request);
        headers.delete('content-length');
        if (body !== undefined) headers.set('content-type', 'application/json');
        // The origin check (plugins/origin-check.ts) already accepted this Origin: the page's own origin
        // (http://127.0.0.1:3000, a phone on the Wi-Fi) is told to better-auth as the public one.
        if (headers.has('origin')) headers.set('origin', publicOrigin);
        const response = await auth.handler(
          new Request(new URL(url.pathname + url.search, auth.options.baseURL), {
            method: request.method,
            headers,
            body: body === undefined ? undefined : JSON.stringify(body),
          }),
        );

        const cookies = response.headers.getSetCookie();
        if (cookies.length) reply.header('set-cookie', cookies);
        if (!response.ok) {
          const detail = (await response.json().catch(() => ({}))) as { code?: string };
          const error = translateAuthError(response.status, detail.code);
          if (signIn && error.code === 'INVALID_CREDENTIALS') await throttle.failed(signIn);
          throw error;
        }
        if (signIn) {
          await throttle.succeeded(signIn);
          await rateLimiter.reset(signInPairKey(signIn, request.ip));
        }
        reply.header('cache-control', 'no-store');
        const text = await response.text();
        if (!(response.headers.get('content-type') ?? '').includes('json')) return reply.status(response.status).send(text);
        return reply
          .status(response.status)
          .type('application/json; charset=utf-8')
          .send(JSON.stringify(pageSafeBody(path, JSON.parse(text))));
      },
    });

    /**
     * Sends the SMS code for phone registration or sign-in (spec calls 1 and 4). Registering a number
     * that already has an account sends a code to sign in instead, and says so.
     */
    app.post('/account/phone/send-code', { schema: { body: sendCodeRequest, response: { 200: sendCodeResponse } } }, async (request) => {
      const { phoneNumber, intent, firstName } = request.body;
      await rateLimiter.consume(...smsLimits(phoneNumber, request.ip));
      const existing = (await db.select({ id: user.id }).from(user).where(eq(user.phoneNumber, phoneNumber)).limit(1)).length > 0;
      if (!existing) {
        if (intent === 'login') throw new AppError('PHONE_NOT_REGISTERED');
        if (!firstName) throw new AppError('VALIDATION', AUTH_MESSAGES.nameRequired, { firstName: AUTH_MESSAGES.nameRequired });
        const passwordHash = await hashPassword(generatePhonePassword());
        await db
          .insert(phoneRegistrations)
          .values({ phoneNumber, firstName, passwordHash })
          .onConflictDoUpdate({ target: phoneRegistrations.phoneNumber, set: { firstName, passwordHash, createdAt: new Date() } });
      }
      // A global hourly budget: many numbers from many addresses cannot run up the SMS bill (issue 13).
      if (!(await rateLimiter.take('sms:global', smsHourlyBudget, 60 * 60))) {
        if (Date.now() - lastSmsAlert > SMS_ALERT_EVERY_MS) {
          lastSmsAlert = Date.now();
          request.log.error(
            { alert: 'sms_budget', budget: smsHourlyBudget },
            'ALERT: the hourly SMS budget is used up; codes are refused until the hour ends (SMS_HOURLY_BUDGET)',
          );
        }
        throw new AppError('SERVICE_UNAVAILABLE', SMS_BUDGET_MESSAGE, undefined, 503);
      }
      try {
        await auth.api.sendPhoneNumberOTP({ body: { phoneNumber } });
      } catch (error) {
        request.log.error({ err: error }, 'sending the SMS code failed');
        throw new AppError('CODE_SEND_FAILED', undefined, undefined, 502);
      }
      return { existing };
    });
  };
