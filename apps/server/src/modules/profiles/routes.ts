import { meResponse, profileSchema, profileUpdate } from '@camino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isPhoneEmail, type Auth } from '../auth';
import { getSession, requireUserId } from '../auth';
import { AppError } from '../../lib/errors';
import type { ProfileService } from './service';

export const profileRoutes =
  ({ auth, profiles }: { auth: Auth; profiles: ProfileService }): FastifyPluginAsyncZod =>
  async (app) => {
    /** Who is signed in (spec call 6): `{ user: null }` when nobody is, never an error. */
    app.get('/me', { schema: { response: { 200: meResponse } } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const session = await getSession(auth, request);
      if (!session) return { user: null };
      const profile = await profiles.get(session.userId).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'UNAUTHENTICATED') return null;
        throw error;
      });
      if (!profile) return { user: null };
      return {
        user: {
          id: session.userId,
          email: isPhoneEmail(session.email) ? null : session.email,
          phoneNumber: session.phoneNumber,
          profile,
        },
      };
    });

    /** Spec call 8: the caller's profile only. */
    app.get('/profile', { schema: { response: { 200: profileSchema } } }, async (request) => {
      return profiles.get(await requireUserId(auth, request));
    });

    /** Spec call 9: first_name, last_name, preferred_language, voice_id of the caller only. */
    app.patch('/profile', { schema: { body: profileUpdate, response: { 200: profileSchema } } }, async (request) => {
      return profiles.update(await requireUserId(auth, request), request.body);
    });
  };
