import { savedChatsResponse } from '@camino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import type { Auth } from '../auth';
import { requireUserId } from '../auth';
import type { ChatService } from './service';

export const chatRoutes =
  ({ auth, chats }: { auth: Auth; chats: ChatService }): FastifyPluginAsyncZod =>
  async (app) => {
    /** Spec call 12: the caller's chats, newest first. */
    app.get('/chats', { schema: { response: { 200: savedChatsResponse } } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { chats: await chats.list(await requireUserId(auth, request)) };
    });

    /** Spec call 13: delete one of the caller's chats. */
    app.delete(
      '/chats/:id',
      { schema: { params: z.object({ id: z.uuid('Chat no válido.') }), response: { 204: z.null().describe('Deleted: no content.') } } },
      async (request, reply) => {
        const userId = await requireUserId(auth, request);
        if (!(await chats.remove(userId, request.params.id))) throw new AppError('NOT_FOUND', 'No encontramos ese chat.');
        return reply.status(204).send(null);
      },
    );
  };
