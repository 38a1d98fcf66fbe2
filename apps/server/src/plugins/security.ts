import { randomBytes } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config';

/** API answers, assets and anything else: nothing may load or frame them. */
const RESOURCE_CSP = "default-src 'none'; frame-ancestors 'none'";

let pagePolicy = (styleSource: string) => styleSource;

/**
 * Strict content security policy for a generated HTML page (the dev outbox): everything from our own
 * origin, no inline script at all, inline <style> only with this response's nonce. Returns the nonce.
 */
export function pageNonce(reply: FastifyReply): string {
  const nonce = randomBytes(16).toString('base64');
  reply.header('content-security-policy', pagePolicy(`'nonce-${nonce}'`));
  return nonce;
}

/**
 * The policy of the app's pages (docs/decisions/0068): no inline script at all; inline styles allowed
 * (the critical CSS inlined at build time, the few <style> Radix adds), so the page has no nonce and
 * its bytes are the same for everyone: compressed once, cached with an ETag.
 */
export function appPagePolicy(reply: FastifyReply): void {
  reply.header('content-security-policy', pagePolicy("'unsafe-inline'"));
}

/** Security headers (helmet) and the content security policy, built once instead of per request. */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const https = config.publicUrl.startsWith('https://');
  pagePolicy = (styleSource) =>
    [
      "default-src 'self'",
      "script-src 'self'",
      `style-src 'self' ${styleSource}`,
      "img-src 'self' data: blob:",
      "font-src 'self'",
      "connect-src 'self'",
      "media-src 'self' blob:",
      "worker-src 'self' blob:",
      "manifest-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
      ...(https ? ['upgrade-insecure-requests'] : []),
    ].join('; ');

  await app.register(helmet, {
    contentSecurityPolicy: false,
    strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', RESOURCE_CSP);
    // Microphone only for our own pages; nothing else.
    reply.header('permissions-policy', 'microphone=(self), camera=(), geolocation=(), payment=()');
  });
}
