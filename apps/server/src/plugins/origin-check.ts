import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { AppError } from '../lib/errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cookie-authenticated writes must come from our own pages: a request with a foreign Origin is refused
 * (a second line of defence after SameSite=Lax cookies and JSON-only bodies). Requests without an
 * Origin (curl, server-to-server webhooks) are not browser cross-site requests and pass.
 */
export function registerOriginCheck(app: FastifyInstance, config: Config): void {
  const allowed = new Set([new URL(config.publicUrl).origin, ...config.trustedOrigins]);
  app.addHook('onRequest', async (request) => {
    if (SAFE.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    if (origin && !allowed.has(origin)) throw new AppError('FORBIDDEN');
  });
}
