import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { outbox } from '../src/db/schema';

/** The session cookie of a response, ready for a `cookie` request header. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name.endsWith('session_token'));
  if (!cookie) throw new Error(`no session cookie (status ${response.statusCode}: ${response.body})`);
  return `${cookie.name}=${cookie.value}`;
}

let counter = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}.${Date.now()}.${counter++}@example.com`;
export const uniquePhone = () => `+1555${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;

export async function signUp(app: FastifyInstance, options: { email?: string; password?: string; name?: string } = {}) {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? 'secreto123';
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { email, password, name: options.name ?? 'Ana' },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: sessionCookie(response) } });
  return { email, password, cookie: sessionCookie(response), userId: me.json().user.id as string };
}

/** The last message the outbox holds for a recipient. */
export async function lastMessage(db: Db, recipient: string) {
  const [message] = await db.select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(desc(outbox.id)).limit(1);
  return message;
}

export async function lastCode(db: Db, phone: string): Promise<string> {
  const message = await lastMessage(db, phone);
  const code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1];
  if (!code) throw new Error(`no code sent to ${phone}`);
  return code;
}
