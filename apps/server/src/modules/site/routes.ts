import { siteInfoResponse } from '@camino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SiteService } from './service';

/** GET /api/site: operator identity and the real counter (D14), public and cacheable for a minute. */
export const siteRoutes =
  ({ site }: { site: SiteService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/site', { schema: { response: { 200: siteInfoResponse } } }, async (_request, reply) => {
      return reply.header('cache-control', 'public, max-age=60').send(await site.info());
    });
  };
