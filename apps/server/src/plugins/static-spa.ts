import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';
import { COOKIE_PREFIX } from '../modules/auth';
import { appPagePolicy } from './security';

/** One HTML page as sent: the same bytes for everyone (docs/decisions/0068), so compressed once. */
interface Page {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

function loadPage(file: string): Page {
  const html = readFileSync(file);
  // The build writes .br and .gz beside the page (scripts/build.mjs); a page without them is compressed here.
  const read = (suffix: string, compress: () => Buffer) => (existsSync(file + suffix) ? readFileSync(file + suffix) : compress());
  return {
    html,
    br: read('.br', () => zlib.brotliCompressSync(html)),
    gzip: read('.gz', () => zlib.gzipSync(html, { level: 9 })),
    etag: `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
  };
}

/** The service worker (docs/decisions/0065-offline-service-worker.md) and its own policy: a worker's
 * fetches obey the policy of its script, so the resource policy (default-src 'none') would block them. */
const SERVICE_WORKER = 'service-worker.js';
const SERVICE_WORKER_CSP = "default-src 'none'; connect-src 'self'";

/**
 * Signed-in pages whose build-time HTML is the page itself, shown while the browser checks the session
 * (SHELL_PAGES of the web guard, docs/decisions/0077). A browser opening one with no session cookie is
 * sent to /login here, before any of it is drawn; a cookie that has expired is sent there by the guard.
 * Only navigations: the service worker's copy for offline use is fetched without cookies, and gets the page.
 */
const SIGNED_IN_SHELLS = new Set(['/chat']);
const SESSION_COOKIE = new RegExp(`(?:^|;\\s*)(?:__Secure-)?${COOKIE_PREFIX}\\.session_token=[^;\\s]`);

/**
 * Serves the built SPA: hashed assets cached for a year (pre-compressed .br/.gz when present); for every
 * other GET that is not under /api, the page rendered at build time for that path (dist/pages/, issue
 * 15) or index.html, so client routes work on reload. Pages carry an ETag: a revisit costs a 304.
 */
export async function registerStaticSpa(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ webDist }, 'web build not found: only the API is served (run npm run build)');
    app.setNotFoundHandler((_request, reply) => reply.status(404).send(new AppError('NOT_FOUND').toBody()));
    return;
  }
  const indexPage = loadPage(indexFile);
  const pagesDir = path.join(webDist, 'pages');
  const prerendered = new Map(
    (existsSync(pagesDir) ? readdirSync(pagesDir) : [])
      .filter((name) => name.endsWith('.html'))
      .map((name) => [`/${name.slice(0, -'.html'.length)}`, loadPage(path.join(pagesDir, name))]),
  );

  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    index: false,
    wildcard: false,
    preCompressed: true,
    setHeaders(reply, filePath) {
      const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
      if (name === SERVICE_WORKER) {
        // Checked on every visit, so a new release reaches the phone; it may fetch our own pages only.
        reply.header('cache-control', 'no-cache').header('content-security-policy', SERVICE_WORKER_CSP);
        return;
      }
      if (name === 'manifest.webmanifest') reply.header('content-type', 'application/manifest+json; charset=utf-8');
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  const sendPage = (request: FastifyRequest, reply: FastifyReply, page: Page) => {
    appPagePolicy(reply);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding').header('etag', page.etag);
    const cached = String(request.headers['if-none-match'] ?? '');
    if (cached.split(',').some((tag) => tag.trim() === page.etag)) return reply.status(304).send();
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(page.br);
    if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(page.gzip);
    return reply.send(page.html);
  };

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if ((request.method === 'GET' || request.method === 'HEAD') && !isApi && !path.extname(pathname)) {
      const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
      const shell = SIGNED_IN_SHELLS.has(trimmed) && request.headers['sec-fetch-mode'] === 'navigate';
      if (shell && !SESSION_COOKIE.test(String(request.headers.cookie ?? ''))) {
        return reply.header('cache-control', 'no-store').redirect('/login', 302);
      }
      return sendPage(request, reply, prerendered.get(trimmed) ?? indexPage);
    }
    return reply.status(404).send(new AppError('NOT_FOUND').toBody());
  });
}
