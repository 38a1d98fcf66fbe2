import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/**
 * pino options. Request bodies are never logged (Fastify does not log them, and nothing here adds
 * them); query strings are cut from URLs because signed links carry tokens; cookies and authorization
 * headers are redacted.
 */
export function loggerOptions(config: Config, stream?: NodeJS.WritableStream) {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      remove: true,
    },
    serializers: {
      req(request: FastifyRequest) {
        return { method: request.method, url: request.url.split('?')[0] };
      },
    },
  };
}
