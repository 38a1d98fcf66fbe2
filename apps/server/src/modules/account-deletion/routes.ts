import { DELETION_MESSAGES, deletionRequest, deletionRequestResponse } from '@camino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { Auth } from '../auth';
import { getSession } from '../auth';
import { recordDeletionRequest } from './process';

const email = z.email(DELETION_MESSAGES.emailInvalid).max(254); // after the request schema's plainText

/**
 * Spec call 18: a request to delete the account, status 'pending', with the session's user id, or for
 * someone signed out the e-mail they gave (so that a person can verify it before anything is deleted).
 */
export const deletionRoutes =
  ({ auth, db, rateLimiter }: { auth: Auth; db: Db; rateLimiter: RateLimiter }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post('/account/deletion-request', { schema: { body: deletionRequest, response: { 201: deletionRequestResponse } } }, async (request, reply) => {
      await rateLimiter.consume({ key: `deletion:ip:${request.ip}`, max: 5, windowSeconds: 3600, message: 'Ya enviaste varias solicitudes. Inténtalo más tarde.' });
      const session = await getSession(auth, request);
      let contact: string | null = null;
      if (!session) {
        const parsed = email.safeParse(request.body.email ?? '');
        if (!request.body.email?.trim()) throw new AppError('VALIDATION', DELETION_MESSAGES.emailRequired, { email: DELETION_MESSAGES.emailRequired });
        if (!parsed.success) throw new AppError('VALIDATION', DELETION_MESSAGES.emailInvalid, { email: DELETION_MESSAGES.emailInvalid });
        contact = parsed.data.toLowerCase();
      }
      await recordDeletionRequest(db, { userId: session?.userId ?? null, email: contact, reason: request.body.reason });
      return reply.status(201).send({ ok: true });
    });
  };
