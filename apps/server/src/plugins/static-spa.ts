import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';
import { pageNonce } from './security';

/**
 * Serves the built SPA: hashed assets cached for a year (pre-compressed .br/.gz when present), and
 * index.html for every other GET that is not under /api, so client routes work on reload.
 */
export async function registerStaticSpa(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ webDist }, 'web build not found: only the API is served (run npm run build)');
    app.setNotFoundHandler((_request, reply) => reply.status(404).send(new AppError('NOT_FOUND').toBody()));
    return;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');

  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    index: false,
    wildcard: false,
    preCompressed: true,
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if ((request.method === 'GET' || request.method === 'HEAD') && !isApi && !path.extname(pathname)) {
      const nonce = pageNonce(reply);
      const html = indexHtml.replace('__CSP_NONCE__', nonce);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
      // Compressed here: the page differs per request (its nonce), so it cannot be pre-compressed.
      const accepted = String(request.headers['accept-encoding'] ?? '');
      if (/\bbr\b/.test(accepted)) {
        const body = zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
        return reply.header('content-encoding', 'br').send(body);
      }
      if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(zlib.gzipSync(html));
      return reply.send(html);
    }
    return reply.status(404).send(new AppError('NOT_FOUND').toBody());
  });
}
