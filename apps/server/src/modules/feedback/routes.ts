import { FEEDBACK_MESSAGES, feedbackRequest, feedbackResponse } from '@camino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { Auth } from '../auth';
import { getSession } from '../auth';
import type { FeedbackService } from './service';

/** Spec call 19: the survey, stored with the user id from the session (never from the browser). */
export const feedbackRoutes =
  ({ auth, feedback, rateLimiter }: { auth: Auth; feedback: FeedbackService; rateLimiter: RateLimiter }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post('/feedback', { schema: { body: feedbackRequest, response: { 201: feedbackResponse } } }, async (request, reply) => {
      const session = await getSession(auth, request);
      if (!session) throw new AppError('UNAUTHENTICATED', FEEDBACK_MESSAGES.signIn);
      await rateLimiter.consume({
        key: `feedback:${session.userId}`,
        max: 10,
        windowSeconds: 3600,
        message: 'Ya enviaste varios comentarios. Gracias; inténtalo más tarde.',
      });
      await feedback.save(session.userId, request.body);
      return reply.status(201).send({ ok: true });
    });
  };
