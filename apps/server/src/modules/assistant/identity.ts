import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import type { Auth } from '../auth';
import { getSession } from '../auth';
import type { Identity } from './conversation';

/** The guest demo's id, in a signed cookie. Sent to every /api route (the assistant and speech). */
export const GUEST_COOKIE = 'camino.guest';
const GUEST_COOKIE_PATH = '/api';

/** The guest id of a valid signed cookie, or null (missing, forged or empty). Never creates one. */
export function readGuestId(request: FastifyRequest): string | null {
  const raw = request.cookies[GUEST_COOKIE];
  const unsigned = raw ? request.unsignCookie(raw) : null;
  return unsigned?.valid && unsigned.value ? unsigned.value : null;
}

/**
 * Who asks, without creating anything: the session's user (UNAUTHENTICATED without a session), or the
 * guest of a valid cookie (null without one).
 */
export async function currentIdentity(auth: Auth, request: FastifyRequest, mode: 'user' | 'guest'): Promise<Identity | null> {
  if (mode === 'user') {
    const session = await getSession(auth, request);
    if (!session) throw new AppError('UNAUTHENTICATED');
    return { type: 'user', userId: session.userId, ip: request.ip };
  }
  const guestId = readGuestId(request);
  return guestId ? { type: 'guest', guestId, ip: request.ip } : null;
}

/**
 * Who asks: the session's user, or for the guest demo the id in a signed cookie (created on first use).
 * Returns the Set-Cookie header to send when a guest id was created.
 */
export async function identify(
  auth: Auth,
  request: FastifyRequest,
  reply: FastifyReply,
  mode: 'user' | 'guest',
  config: Config,
): Promise<{ identity: Identity; setCookie?: string }> {
  const existing = await currentIdentity(auth, request, mode);
  if (existing) return { identity: existing };
  const guestId = randomUUID();
  const setCookie = request.server.serializeCookie(GUEST_COOKIE, reply.signCookie(guestId), {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https://'),
    path: GUEST_COOKIE_PATH,
    maxAge: 60 * 60 * 24 * 365,
  });
  return { identity: { type: 'guest', guestId, ip: request.ip }, setCookie };
}
