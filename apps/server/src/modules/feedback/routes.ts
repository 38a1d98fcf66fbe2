import { FEEDBACK_MESSAGES, feedbackRequest, feedbackResponse, OPEN_IDS, RATING_IDS } from '@camino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { feedback } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { Auth } from '../auth';
import { getSession } from '../auth';

const camel = (id: string) => id.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** Spec call 19: the survey, stored with the user id from the session (never from the browser). */
export const feedbackRoutes =
  ({ auth, db, rateLimiter }: { auth: Auth; db: Db; rateLimiter: RateLimiter }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post('/feedback', { schema: { body: feedbackRequest, response: { 201: feedbackResponse } } }, async (request, reply) => {
      const session = await getSession(auth, request);
      if (!session) throw new AppError('UNAUTHENTICATED', FEEDBACK_MESSAGES.signIn);
      await rateLimiter.consume({ key: `feedback:${session.userId}`, max: 10, windowSeconds: 3600, message: 'Ya enviaste varios comentarios. Gracias; inténtalo más tarde.' });
      const { ratings, answers, additionalComments } = request.body;
      const values: Record<string, unknown> = { userId: session.userId, additionalComments: additionalComments?.trim() || null };
      for (const id of RATING_IDS) values[camel(id)] = ratings[id] ?? null;
      for (const id of OPEN_IDS) values[camel(id)] = answers[id]?.trim() || null;
      await db.insert(feedback).values(values as typeof feedback.$inferInsert);
      return reply.status(201).send({ ok: true });
    });
  };
