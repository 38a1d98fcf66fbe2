import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';
import { RateLimitedError } from '../lib/rate-limiter';

/** Maps every error to `{ error: { code, message } }`. No stack trace or internal message reaches a client. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A stream cut by a client that left (audio, server-sent events): nothing can be sent any more.
    if (reply.raw.headersSent || error.code === 'ERR_STREAM_PREMATURE_CLOSE') {
      request.log.info({ code: error.code }, 'client left during the response');
      if (!reply.raw.writableEnded) reply.raw.destroy();
      return;
    }
    const appError = toAppError(error);
    if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: appError.code, status: appError.status }, 'request refused');
    if (appError.status === 429 && !reply.getHeader('retry-after')) {
      reply.header('retry-after', String(appError instanceof RateLimitedError ? appError.retryAfterSeconds : 60));
    }
    return reply.status(appError.status).send(appError.toBody());
  });
}

function toAppError(error: FastifyError): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
      fields[key] ??= issue.message ?? 'Valor inválido';
    }
    // The first field's message is already the user-facing Spanish text of the schema.
    return new AppError('VALIDATION', Object.values(fields)[0], fields);
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('BAD_REQUEST', 'Tipo de contenido no admitido.', undefined, 415);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError('BAD_REQUEST', 'El cuerpo de la solicitud no es JSON válido.');
  }
  const status = error.statusCode ?? 500;
  if (status === 429) return new AppError('RATE_LIMITED');
  if (status === 404) return new AppError('NOT_FOUND');
  if (status === 413) return new AppError('PAYLOAD_TOO_LARGE');
  if (status >= 400 && status < 500) return new AppError('BAD_REQUEST', undefined, undefined, status);
  return new AppError('INTERNAL');
}
