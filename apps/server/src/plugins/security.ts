import { randomBytes } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config';

/** API answers, assets and anything else: nothing may load or frame them. */
const RESOURCE_CSP = "default-src 'none'; frame-ancestors 'none'";

let pagePolicy = (nonce: string) => nonce;

/**
 * Strict content security policy for an HTML page: everything from our own origin, no inline script
 * at all, inline <style> only with this response's nonce (Radix adds a few). Returns the nonce.
 */
export function pageNonce(reply: FastifyReply): string {
  const nonce = randomBytes(16).toString('base64');
  reply.header('content-security-policy', pagePolicy(nonce));
  return nonce;
}

/** Security headers (helmet) and the content security policy, built once instead of per request. */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const https = config.publicUrl.startsWith('https://');
  pagePolicy = (nonce) =>
    [
      "default-src 'self'",
      "script-src 'self'",
      `style-src 'self' 'nonce-${nonce}'`,
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
