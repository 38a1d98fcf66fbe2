import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import type { Auth } from './auth';

export function toHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers.set(key, Array.isArray(value) ? value.join(', ') : String(value));
  }
  headers.set('x-forwarded-for', request.ip);
  return headers;
}

export interface SessionInfo {
  userId: string;
  email: string;
  phoneNumber: string | null;
  name: string;
}

const cache = new WeakMap<FastifyRequest, Promise<SessionInfo | null>>();

/**
 * The signed-in user of this request, from the session cookie (or bearer token). An expired, unknown
 * or malformed session is simply null: never an error.
 */
export function getSession(auth: Auth, request: FastifyRequest): Promise<SessionInfo | null> {
  let pending = cache.get(request);
  if (!pending) {
    pending = auth.api
      .getSession({ headers: toHeaders(request) })
      .then((result) =>
        result
          ? {
              userId: result.user.id,
              email: result.user.email,
              phoneNumber: (result.user as { phoneNumber?: string | null }).phoneNumber ?? null,
              name: result.user.name,
            }
          : null,
      )
      .catch(() => null);
    cache.set(request, pending);
  }
  return pending;
}

/** The signed-in user's id, or 401. The id always comes from the session, never from the browser. */
export async function requireUserId(auth: Auth, request: FastifyRequest): Promise<string> {
  const session = await getSession(auth, request);
  if (!session) throw new AppError('UNAUTHENTICATED');
  return session.userId;
}
