// Finding: "Personal data in logs" (issue 13): a failed query logged its parameters (a user's question
// and answer, a password hash, feedback text, a deletion reason); a NUL byte was enough to trigger it.
// Here every write endpoint is driven with marker values at log level trace, then again while the
// database fails (its tables renamed away), and the whole log is searched for the markers.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../src/lib/rate-limiter';
import { createTestApp, type TestContext } from '../app';
import { lastCode, lastMessage, sessionCookie } from '../auth-helpers';
import { paymentBody } from '../../src/modules/billing/test-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ NODE_ENV: 'development', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'camino-sec-')), LOG_LEVEL: 'trace' });
});
afterAll(() => ctx.close());

const M = {
  name: 'Marcadornombre',
  lastName: 'Marcadorapellido',
  email: 'marcador.correo.7731@example.com',
  password: 'MarcadorClave7731',
  newPassword: 'MarcadorNueva7731',
  question: '¿Cómo renuevo mi DACA? marcadorpregunta7731',
  feedback: 'marcadorcomentario7731',
  reason: 'marcadormotivo7731',
  phone: '+15557731773',
  card: '4111111111111111',
};
/** Values only known while the test runs (a code, a reset token, a session token, a password hash). */
const secrets: string[] = [];

async function driveEveryWriteEndpoint(round: string) {
  const email = round === 'ok' ? M.email : `fallo.${M.email}`;
  const inject = (options: object) => ctx.app.inject({ remoteAddress: '10.77.0.1', ...options } as never);
  const up = await inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { name: M.name, email, password: M.password } });
  const cookie = up.statusCode === 200 ? sessionCookie(up) : '';
  if (cookie) secrets.push(cookie.split('=')[1]!.split('.')[0]!);
  await inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password: M.password } });
  await inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password: `${M.password}-mal` } });
  await inject({ method: 'POST', url: '/api/account/phone/send-code', payload: { phoneNumber: M.phone, intent: 'register', firstName: M.name } });
  const code = await lastCode(ctx.database.db, M.phone).catch(() => '000000');
  secrets.push(`tu código de verificación es ${code}`);
  await inject({ method: 'POST', url: '/api/auth/phone-number/verify', payload: { phoneNumber: M.phone, code } });
  await inject({ method: 'PATCH', url: '/api/profile', headers: { cookie }, payload: { firstName: M.name, lastName: M.lastName } });
  await inject({ method: 'POST', url: '/api/assistant/ask', headers: { cookie }, payload: { message: M.question } });
  await inject({
    method: 'POST',
    url: '/api/feedback',
    headers: { cookie },
    payload: { additionalComments: M.feedback, answers: { support_feedback: M.feedback } },
  });
  await inject({ method: 'POST', url: '/api/account/deletion-request', headers: { cookie }, payload: { reason: M.reason } });
  await inject({ method: 'POST', url: '/api/account/deletion-request', payload: { email, reason: M.reason } });
  await inject({
    method: 'POST',
    url: '/api/billing/authorize-sub',
    headers: { cookie },
    payload: paymentBody({ firstName: M.name, lastName: M.lastName, email, cardNumber: M.card }),
  });
  // Last: a password reset ends the sessions used above.
  await inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email } });
  const reset = await lastMessage(ctx.database.db, email).catch(() => undefined);
  const token = reset ? decodeURIComponent(/token=([^\s&]+)/.exec(reset.body)?.[1] ?? '') : 'token-inexistente-marcador7731';
  if (reset) secrets.push(token);
  await inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword: M.newPassword } });
  await inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie }, payload: {} });
}

const TABLES = [
  'saved_chats',
  'feedback',
  'deletion_requests',
  'profiles',
  'account',
  'verification',
  'outbox',
  'phone_registrations',
  'subscriptions',
  'payments',
];

describe('no personal data in any log line, at any level, even when the database fails', () => {
  it('drives every write endpoint, then again with the database failing, and finds no marker in the log', async () => {
    await driveEveryWriteEndpoint('ok');
    const [hash] = rows<{ password: string }>(
      await ctx.database.db.execute(sql`select a.password from account a join "user" u on u.id = a.user_id where u.email = ${M.email}`),
    );
    secrets.push(hash!.password);
    const before = ctx.logs.length;
    for (const table of TABLES) await ctx.database.db.execute(sql.raw(`alter table ${table} rename to ${table}_away`));
    try {
      await driveEveryWriteEndpoint('fail');
    } finally {
      for (const table of TABLES) await ctx.database.db.execute(sql.raw(`alter table ${table}_away rename to ${table}`));
    }
    const failing = ctx.logs.slice(before).join('\n');
    // The database did fail, and that was logged (with the SQLSTATE, not the values).
    expect(failing).toMatch(/"level":50/);
    expect(failing).toContain('"code":"42P01"');
    // What a library printed on the console went through the same redaction.
    expect(failing).toContain('"source":"console"');

    const log = ctx.logs.join('\n');
    for (const [name, value] of Object.entries(M)) expect(log, name).not.toContain(value);
    expect(log).not.toMatch(/"(cvv|cardNumber|password)"/);
    expect(log).not.toContain(M.email.split('@')[0]);
    for (const secret of secrets) expect(log).not.toContain(secret);
    // No password hash (salt:key in hex), no query text with its parameters.
    expect(log).not.toMatch(/[0-9a-f]{32}:[0-9a-f]{128}/);
    expect(log).not.toMatch(/params:/);
    expect(log).not.toMatch(/insert into/i);
  });
});
