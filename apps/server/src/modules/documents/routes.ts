import { documentDownloadResponse, documentIdParams, documentsResponse, plainText } from '@camino/contracts';
import { mediaResponse } from '../../plugins/route-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { DocumentService } from './service';
import { DOCUMENTS_BUCKET } from './storage/storage';

const HOUR = 3600;

/** `attachment` with the file name; RFC 5987 `filename*` when it is not plain ASCII. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  if (ascii === name) return `attachment; filename="${name}"`;
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Documents (spec calls 16 and 17, decisions D9), all public: the catalog, a signed link per download,
 * and the file behind a signed link.
 */
export const documentRoutes =
  ({ documents, rateLimiter }: { documents: DocumentService; rateLimiter: RateLimiter }): FastifyPluginAsyncZod =>
  async (app) => {
    // Closing the server waits for a seeding under way, then closes the bucket's client.
    app.addHook('onClose', () => documents.close());

    /** Spec call 16: every document, newest first; never cached. */
    app.get('/documents', { schema: { response: { 200: documentsResponse } } }, async (_request, reply) => {
      // The body is checked against `documentsResponse` and serialised once per catalog read
      // (DocumentService.listJson), not per request: Fastify sends the ready JSON text as it is.
      const body = (await documents.listJson()) as unknown as z.output<typeof documentsResponse>;
      return reply.header('cache-control', 'no-store').type('application/json; charset=utf-8').send(body);
    });

    /** Spec call 17: a link to the document's file, valid 3600 s. */
    app.post('/documents/:id/download', { schema: { params: documentIdParams, response: { 200: documentDownloadResponse } } }, async (request, reply) => {
      await rateLimiter.consume({
        key: `documents:download:ip:${request.ip}`,
        max: 120,
        windowSeconds: HOUR,
        message: 'Pediste muchas descargas seguidas. Espera un momento e inténtalo de nuevo.',
      });
      reply.header('cache-control', 'no-store');
      return documents.download(request.params.id);
    });

    /** The file behind a signed link: checked signature and expiry, streamed as an attachment. */
    app.get(
      `/files/${DOCUMENTS_BUCKET}/:name`,
      {
        schema: {
          params: z.object({ name: plainText().max(300) }),
          querystring: z.object({ expires: plainText().max(20).optional(), signature: plainText().max(200).optional() }),
          response: { 200: mediaResponse('application/pdf', 'The document, as an attachment.') },
        },
      },
      async (request, reply) => {
        const { name } = request.params;
        const file = await documents.openSigned(name, request.query.expires, request.query.signature);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-length', String(file.size))
          .header('content-disposition', contentDisposition(name))
          .header('cache-control', 'private, no-store')
          .send(file.body);
      },
    );
  };
