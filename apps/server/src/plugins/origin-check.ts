import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { AppError } from '../lib/errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cookie-authenticated writes must come from our own pages (PUBLIC_URL, TRUSTED_ORIGINS, or the origin the
 * page was opened at): a request with a foreign Origin is refused
 * (a second line of defence after SameSite=Lax cookies and JSON-only bodies). Requests without an
 * Origin (curl, server-to-server webhooks) are not browser cross-site requests and pass.
 */
export function registerOriginCheck(app: FastifyInstance, config: Config): void {
  const allowed = new Set([new URL(config.publicUrl).origin, ...config.trustedOrigins]);
  app.addHook('onRequest', async (request) => {
    if (SAFE.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    if (origin && !allowed.has(origin) && origin !== ownOrigin(request)) throw new AppError('FORBIDDEN');
  });
}

/**
 * The origin of the page that is talking to us: the scheme and the Host the browser used. Opening the
 * app at http://127.0.0.1:3000, or from a phone at the machine's address, makes requests from that
 * origin; a foreign page's requests carry its own Origin, which never equals our Host.
 */
function ownOrigin(request: FastifyRequest): string | null {
  const host = request.headers.host;
  return host ? `${request.protocol}://${host}` : null;
}
