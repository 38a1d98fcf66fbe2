import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { plainText } from '@camino/contracts';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { pageNonce } from '../../plugins/security';
import { mediaResponse } from '../../plugins/route-schemas';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

async function latest(db: Db, recipient?: string) {
  const query = db.select().from(outbox).orderBy(desc(outbox.id)).limit(50);
  return recipient ? query.where(eq(outbox.recipient, recipient)) : query;
}

const loopback = (address: string | undefined) => !!address && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));

/**
 * Whether the request comes from this machine: the socket's address is loopback, and so is the client
 * address a trusted proxy forwarded. A forwarded request through an untrusted proxy is refused (a proxy
 * on this machine would otherwise make every visitor look local).
 */
export function isLoopback(request: FastifyRequest, trustProxy: boolean): boolean {
  const forwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  if (forwarded && !trustProxy) return false;
  return loopback(request.socket.remoteAddress) && loopback(request.ip);
}

/**
 * Outside production only: the outbox as a page (/dev/outbox) so a newcomer can read the SMS code or
 * the reset link, and as JSON for the browser tests. Never registered in production, and answers only
 * requests from this machine (decision D15): anyone else on the network would read sign-in codes.
 */
export function registerDevOutbox(app: FastifyInstance, db: Db, trustProxy: boolean): void {
  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?')[0]!;
    if ((path === '/dev/outbox' || path.startsWith('/api/dev/')) && !isLoopback(request, trustProxy)) throw new AppError('NOT_FOUND');
  });
  app.get(
    '/api/dev/outbox',
    {
      schema: {
        querystring: z.object({ to: plainText().max(254).optional() }),
        response: {
          200: z.object({
            messages: z.array(
              z.object({ id: z.number(), channel: z.string(), to: z.string(), subject: z.string().nullable(), body: z.string(), createdAt: z.date() }),
            ),
          }),
        },
      },
    },
    async (request) => {
      const { to } = request.query as { to?: string };
      const messages = await latest(db, to);
      return { messages: messages.map((m) => ({ id: m.id, channel: m.channel, to: m.recipient, subject: m.subject, body: m.body, createdAt: m.createdAt })) };
    },
  );

  app.get('/dev/outbox', { schema: { response: { 200: mediaResponse('text/html', 'The outbox as a page (development only).') } } }, async (_request, reply) => {
    const messages = await latest(db);
    const rows = messages
      .map(
        (m) =>
          `<tr><td>${escapeHtml(m.createdAt.toISOString().replace('T', ' ').slice(0, 19))}</td><td>${m.channel}</td><td>${escapeHtml(m.recipient)}</td><td>${escapeHtml(m.subject ?? '')}</td><td><pre>${escapeHtml(m.body)}</pre></td></tr>`,
      )
      .join('');
    const nonce = pageNonce(reply);
    const html = `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Outbox (desarrollo)</title>
<style nonce="${nonce}">body{font-family:system-ui,sans-serif;margin:2rem;color:#1b2430}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.5rem;text-align:left;vertical-align:top}pre{white-space:pre-wrap;margin:0;font-family:inherit}</style></head>
<body><h1>Outbox</h1><p>SMS y correos que el servidor habría enviado (solo fuera de producción).</p>
<table><thead><tr><th>Fecha (UTC)</th><th>Canal</th><th>Para</th><th>Asunto</th><th>Mensaje</th></tr></thead><tbody>${rows || '<tr><td colspan="5">Sin mensajes todavía.</td></tr>'}</tbody></table></body></html>`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  });
}
