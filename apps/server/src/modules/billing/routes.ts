import { authorizeSubRequest, authorizeSubResponse, PAYMENT_MESSAGES, subscriptionResponse, type ErrorCode } from '@camino/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import { RateLimitedError, type Limit, type RateLimiter } from '../../lib/rate-limiter';
import type { Auth } from '../auth';
import { getSession, requireUserId, toHeaders } from '../auth';
import type { BillingService } from './service';
import { verifySignature, type WebhookHandler } from './webhooks';
import { z } from 'zod';

const HOUR = 60 * 60;
const PAYMENT_LIMIT_MESSAGE = 'Demasiados intentos de pago. Espera una hora e inténtalo de nuevo.';
const IN_FLIGHT_MESSAGE = 'Ya estamos procesando un pago. Espera un momento.';

/** Card attempts: 10 per address and 5 per e-mail (and per signed-in account) an hour. */
export const paymentLimits = (ip: string, email: string, userId: string | null): Limit[] => [
  { key: `pay:ip:${ip}`, max: 10, windowSeconds: HOUR, message: PAYMENT_LIMIT_MESSAGE },
  { key: `pay:email:${email.toLowerCase()}`, max: 5, windowSeconds: HOUR, message: PAYMENT_LIMIT_MESSAGE },
  ...(userId ? [{ key: `pay:user:${userId}`, max: 5, windowSeconds: HOUR, message: PAYMENT_LIMIT_MESSAGE }] : []),
];

/** Refusals answered in the spec's shape `{ success: false, error }` (with their HTTP status). */
const REFUSALS = new Set<ErrorCode>([
  'PAYMENT_DECLINED',
  'PAYMENT_EMAIL_REGISTERED',
  'PAYMENT_DUPLICATE_SUBSCRIPTION',
  'PAYMENT_GATEWAY_AUTH',
  'PAYMENT_UNAVAILABLE',
  'PAYMENT_FAILED',
  'PAYMENT_ACCOUNT_FAILED',
]);

/** Largest webhook body accepted (Authorize.net's notifications are a few hundred bytes). */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

/**
 * Plans and payments (spec call 15, decisions D7): authorize-sub, the caller's subscription, cancel,
 * and the Authorize.net webhook. Bodies are never logged (card numbers pass through authorize-sub).
 */
export const billingRoutes =
  ({
    auth,
    billing,
    webhooks,
    config,
    rateLimiter,
  }: {
    auth: Auth;
    billing: BillingService;
    webhooks: WebhookHandler;
    config: Config;
    rateLimiter: RateLimiter;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post('/billing/authorize-sub', { schema: { body: authorizeSubRequest, response: { 200: authorizeSubResponse } } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const body = request.body;
      const session = await getSession(auth, request);
      if (!session && !body.password) throw new AppError('VALIDATION', PAYMENT_MESSAGES.password, { password: PAYMENT_MESSAGES.password });
      // One payment at a time per account (or e-mail): a double click never charges twice. Checked
      // first, so that a refused duplicate click does not use up one of the payment attempts.
      const inFlight = `pay:inflight:${session?.userId ?? body.email}`;
      if (!(await rateLimiter.take(inFlight, 1, 120))) throw new RateLimitedError(IN_FLIGHT_MESSAGE, 5);
      let refusal: AppError;
      try {
        await rateLimiter.consume(...paymentLimits(request.ip, body.email, session?.userId ?? null));
        const result = await billing.authorize(body, { userId: session?.userId ?? null, headers: toHeaders(request) });
        if (result.setCookie.length) reply.header('set-cookie', result.setCookie);
        return result.body;
      } catch (error) {
        if (!(error instanceof AppError && REFUSALS.has(error.code))) throw error;
        refusal = error;
      } finally {
        // Before any answer leaves: a person who retries at once after a declined card is not told that a
        // payment is still under way.
        await rateLimiter.reset(inFlight);
      }
      // Not the 200 schema: a refusal has its own status, with the same shape.
      return (reply as unknown as FastifyReply).status(refusal.status).send({ success: false, error: refusal.message, code: refusal.code });
    });

    /** The caller's latest subscription, or null. */
    app.get('/billing/subscription', { schema: { response: { 200: subscriptionResponse } } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const userId = await requireUserId(auth, request);
      return { subscription: await billing.subscription(userId) };
    });

    /** Cancels the caller's live subscription; the plan stays until the paid period ends. */
    app.post('/billing/cancel', { schema: { response: { 200: subscriptionResponse } } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const userId = await requireUserId(auth, request);
      return { subscription: await billing.cancel(userId) };
    });

    // The webhook needs the raw bytes to check the signature: in this scope only, every body is kept
    // as a Buffer instead of being parsed.
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
      scope.post('/billing/webhooks/authorizenet', { schema: { response: { 200: z.object({ received: z.literal(true) }) } } }, async (request) => {
        const key = config.payments.webhookSignatureKey;
        if (!key) throw new AppError('NOT_FOUND');
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        if (!verifySignature(raw, request.headers['x-anet-signature'], key)) throw new AppError('WEBHOOK_SIGNATURE');
        await webhooks.handle(webhooks.parse(raw));
        return { received: true as const };
      });
    });
  };
