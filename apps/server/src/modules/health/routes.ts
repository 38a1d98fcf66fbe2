import { healthResponse } from '@camino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';

export const healthRoutes =
  (database: Database): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/health',
      { schema: { response: { 200: healthResponse, 503: healthResponse } }, config: { rateLimit: false } },
      async (_request, reply) => {
        let ok = true;
        try {
          await database.ping();
        } catch {
          ok = false;
        }
        return reply.status(ok ? 200 : 503).send({
          status: ok ? 'ok' : 'degraded',
          database: { kind: database.kind, ok },
          uptimeSeconds: Math.round(process.uptime()),
        });
      },
    );
  };
