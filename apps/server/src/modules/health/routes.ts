import { healthResponse } from '@camino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';

/** How long a database check stands for: load balancers polling hard share one round trip a second. */
const CHECK_TTL_MS = 1000;

export const healthRoutes =
  (database: Database): FastifyPluginAsyncZod =>
  async (app) => {
    let last = { ok: false, at: 0 };
    let pending: Promise<boolean> | null = null;
    const check = (): Promise<boolean> => {
      if (Date.now() - last.at < CHECK_TTL_MS) return Promise.resolve(last.ok);
      pending ??= database
        .ping()
        .then(
          () => true,
          () => false,
        )
        .then((ok) => {
          // A failure is not cached: the next request asks the database again.
          last = { ok, at: ok ? Date.now() : 0 };
          pending = null;
          return ok;
        });
      return pending;
    };

    app.get('/health', { schema: { response: { 200: healthResponse, 503: healthResponse } }, config: { rateLimit: false } }, async (_request, reply) => {
      const ok = await check();
      return reply
        .status(ok ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ status: ok ? 'ok' : 'degraded', database: { kind: database.kind, ok }, uptimeSeconds: Math.round(process.uptime()) });
    });
  };
