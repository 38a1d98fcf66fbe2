import { AUTH_MESSAGES, phoneNumberSchema, sendCodeRequest, sendCodeResponse } from '@camino/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { phoneRegistrations, user } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Limit, RateLimiter } from '../../lib/rate-limiter';
import type { Auth } from './auth';
import { translateAuthError } from './auth-errors';
import { resetLimits, signInLimits, signUpLimits, smsLimits, verifyLimits } from './limits';
import { generatePhonePassword, hashPassword } from './password';
import { toHeaders } from './session';

const email = z.email(AUTH_MESSAGES.emailInvalid).trim().toLowerCase().max(254);

/**
 * The better-auth endpoints the product uses, each with a strict body (nothing else is forwarded) and
 * its rate limits. Any other better-auth endpoint is not reachable from outside.
 */
const endpoints: Record<string, { method: 'GET' | 'POST'; body?: z.ZodType; limits?: (body: never, ip: string) => Limit[] }> = {
  'sign-up/email': {
    method: 'POST',
    body: z.object({
      name: z.string({ error: AUTH_MESSAGES.nameRequired }).trim().min(1, AUTH_MESSAGES.nameRequired).max(80),
      email,
      password: z.string({ error: AUTH_MESSAGES.passwordShort }).min(6, AUTH_MESSAGES.passwordShort).max(128),
    }),
    limits: (_body: never, ip: string) => signUpLimits(ip),
  },
  'sign-in/email': {
    method: 'POST',
    body: z.object({ email, password: z.string().min(1, AUTH_MESSAGES.passwordShort).max(128) }),
    limits: (body: { email: string }, ip: string) => signInLimits(body.email, ip),
  },
  'phone-number/verify': {
    method: 'POST',
    body: z.object({
      phoneNumber: phoneNumberSchema,
      code: z.string({ error: AUTH_MESSAGES.codeRequired }).trim().min(1, AUTH_MESSAGES.codeRequired).max(6, 'El código tiene 6 dígitos.'),
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
      token: z.string().min(1).max(512),
      newPassword: z.string({ error: AUTH_MESSAGES.passwordShort }).min(6, AUTH_MESSAGES.passwordShort).max(128),
    }),
  },
  'sign-out': { method: 'POST', body: z.object({}).optional() },
  'get-session': { method: 'GET' },
};

export const authRoutes =
  ({ auth, db, rateLimiter }: { auth: Auth; db: Db; rateLimiter: RateLimiter }): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({
      method: ['GET', 'POST'],
      url: '/auth/*',
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

        const url = new URL(request.url, 'http://internal');
        const headers = toHeaders(request);
        headers.delete('content-length');
        if (body !== undefined) headers.set('content-type', 'application/json');
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
          throw translateAuthError(response.status, detail.code);
        }
        const contentType = response.headers.get('content-type');
        if (contentType) reply.type(contentType);
        reply.header('cache-control', 'no-store');
        return reply.status(response.status).send(await response.text());
      },
    });

    /**
     * Sends the SMS code for phone registration or sign-in (spec calls 1 and 4). Registering a number
     * that already has an account sends a code to sign in instead, and says so.
     */
    app.post(
      '/account/phone/send-code',
      { schema: { body: sendCodeRequest, response: { 200: sendCodeResponse } } },
      async (request) => {
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
        try {
          await auth.api.sendPhoneNumberOTP({ body: { phoneNumber } });
        } catch (error) {
          request.log.error({ err: error }, 'sending the SMS code failed');
          throw new AppError('CODE_SEND_FAILED', undefined, undefined, 502);
        }
        return { existing };
      },
    );
  };
