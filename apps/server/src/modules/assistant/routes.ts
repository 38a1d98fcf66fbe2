import { askRequest, usageResponse } from '@camino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Auth } from '../auth';
import type { ConversationService } from './conversation';
import { identify } from './identity';
import { mediaResponse } from '../../plugins/route-schemas';

const tzQuery = z.object({ tz: z.coerce.number().int().min(-840).max(840).default(0) });

export const assistantRoutes =
  ({ auth, conversation, config }: { auth: Auth; conversation: ConversationService; config: Config }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/assistant/usage',
      { schema: { querystring: tzQuery.extend({ mode: z.enum(['user', 'guest']).default('user') }), response: { 200: usageResponse } } },
      async (request, reply) => {
        const { identity, setCookie } = await identify(auth, request, reply, request.query.mode, config);
        if (setCookie) reply.header('set-cookie', setCookie);
        reply.header('cache-control', 'no-store');
        return conversation.usage(identity, request.query.tz);
      },
    );

    /**
     * Asks the assistant. Limits and validation answer as JSON errors; once admitted, the answer streams
     * as server-sent events: start, delta (text as it is written), sentence (each finished sentence, for
     * speech), then done (with the remaining consultations) or error.
     */
    app.post(
      '/assistant/ask',
      {
        schema: {
          body: askRequest,
          querystring: tzQuery,
          response: { 200: mediaResponse('text/event-stream', 'Server-sent events: start, delta, sentence, then done or error (AskEvent in the contracts).') },
        },
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        // 'manual': the request body, not the Accept header, asks for the stream; limits answer as JSON first.
        sse: { kind: 'manual', heartbeat: false },
      },
      async (request, reply) => {
        const { message, history, mode, chatId } = request.body;
        const { identity, setCookie } = await identify(auth, request, reply, mode, config);
        const admission = await conversation.admit(identity);

        // The events go out through @fastify/sse as the conversation yields them; a client that leaves
        // stops the answer (and the model's request with it).
        const controller = new AbortController();
        reply.sse.onClose(() => controller.abort(new Error('client closed')));
        if (setCookie) reply.header('set-cookie', setCookie);
        reply.header('cache-control', 'no-store, no-transform').header('x-content-type-options', 'nosniff');
        try {
          // A client that left while its question was being admitted gets nothing and loses nothing.
          if (!reply.sse.isConnected) await conversation.giveBack(admission);
          else await reply.sse.send(conversation.ask(admission, { message, history, mode, chatId }, controller.signal, request.query.tz));
        } finally {
          await admission.release().catch(() => {});
        }
      },
    );
  };
