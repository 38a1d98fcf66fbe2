import { DELETION_MESSAGES, deletionRequest, deletionRequestResponse, parseDeletionContact, pendingDeletionResponse } from '@camino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { Auth } from '../auth';
import { getSession, requireUserId } from '../auth';
import type { DeletionRequestService } from './requests';

/**
 * Spec call 18: a request to delete the account, status 'pending', with the session's user id, or for
 * someone signed out the e-mail or phone they gave (so that a person can verify it before anything is
 * deleted). A signed-in user sees a pending request and can withdraw it.
 */
export const deletionRoutes =
  ({ auth, requests, rateLimiter }: { auth: Auth; requests: DeletionRequestService; rateLimiter: RateLimiter }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post('/account/deletion-request', { schema: { body: deletionRequest, response: { 201: deletionRequestResponse } } }, async (request, reply) => {
      await rateLimiter.consume({
        key: `deletion:ip:${request.ip}`,
        max: 5,
        windowSeconds: 3600,
        message: 'Ya enviaste varias solicitudes. Inténtalo más tarde.',
      });
      const session = await getSession(auth, request);
      let contact: string | null = null;
      if (!session) {
        const raw = request.body.contact ?? request.body.email ?? '';
        if (!raw.trim()) throw new AppError('VALIDATION', DELETION_MESSAGES.contactRequired, { contact: DELETION_MESSAGES.contactRequired });
        contact = parseDeletionContact(raw);
        if (!contact) throw new AppError('VALIDATION', DELETION_MESSAGES.contactInvalid, { contact: DELETION_MESSAGES.contactInvalid });
      } else {
        // One pending request per account: sending again changes nothing.
        if (await requests.pending(session.userId)) return reply.status(201).send({ ok: true });
      }
      await requests.record({ userId: session?.userId ?? null, email: contact, reason: request.body.reason });
      return reply.status(201).send({ ok: true });
    });

    app.get('/account/deletion-request', { schema: { response: { 200: pendingDeletionResponse } } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const userId = await requireUserId(auth, request);
      const pending = await requests.pending(userId);
      return { pending: pending ? { id: pending.id, createdAt: pending.createdAt.toISOString() } : null };
    });

    /** Withdraws the caller's pending request (kept as 'withdrawn', without its reason). */
    app.delete('/account/deletion-request', { schema: { response: { 200: pendingDeletionResponse } } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const userId = await requireUserId(auth, request);
      await requests.withdraw(userId);
      return { pending: null };
    });
  };
