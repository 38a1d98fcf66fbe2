// Finding: "500s on control characters" (issue 13): a NUL byte gave HTTP 500 on 9 inputs (reset token,
// names, profile, feedback, deletion reason, outbox query, webhook), and in chat the consultation was
// counted and the chat not saved. Every field now refuses control characters at the schema level.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook } from '../../src/modules/billing/webhooks';
import { createTestApp, type TestContext } from '../app';
import { signUp, uniqueEmail, uniquePhone } from '../auth-helpers';
import { paymentBody } from '../../src/modules/billing/test-helpers';

const WEBHOOK_KEY = 'C0FFEE'.repeat(20);
let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await createTestApp({ NODE_ENV: 'development', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'camino-sec-')), AUTHORIZENET_SIGNATURE_KEY: WEBHOOK_KEY });
  ({ cookie } = await signUp(ctx.app));
});
afterAll(() => ctx.close());

const NUL = '\u0000';
/** The Spanish text of packages/contracts' plainText schema (written out: the test says what a person reads). */
const CONTROL_CHARACTERS_MESSAGE = 'El texto tiene caracteres no permitidos (caracteres de control). Bórralos e inténtalo de nuevo.';
/** A request per input field; `bad` puts the control character in. */
const cases: Array<[string, (bad: string) => Promise<{ statusCode: number; body: string; json(): any }>]> = [
  [
    'sign-up name',
    (bad) => ctx.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { name: `Ana${bad}`, email: uniqueEmail(), password: 'secreto123' } }),
  ],
  ['sign-in password', (bad) => ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: uniqueEmail(), password: `clave${bad}` } })],
  ['reset token', (bad) => ctx.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token: `abc${bad}def`, newPassword: 'secreto123' } })],
  [
    'phone sign-up first name',
    (bad) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/account/phone/send-code',
        payload: { phoneNumber: uniquePhone(), intent: 'register', firstName: `Ana${bad}` },
      }),
  ],
  ['profile last name', (bad) => ctx.app.inject({ method: 'PATCH', url: '/api/profile', headers: { cookie }, payload: { lastName: `López${bad}` } })],
  [
    'feedback comment',
    (bad) => ctx.app.inject({ method: 'POST', url: '/api/feedback', headers: { cookie }, payload: { additionalComments: `Muy útil${bad}` } }),
  ],
  [
    'feedback answer',
    (bad) => ctx.app.inject({ method: 'POST', url: '/api/feedback', headers: { cookie }, payload: { answers: { support_feedback: `bien${bad}` } } }),
  ],
  [
    'deletion reason',
    (bad) => ctx.app.inject({ method: 'POST', url: '/api/account/deletion-request', headers: { cookie }, payload: { reason: `ya no${bad}` } }),
  ],
  [
    'deletion e-mail',
    (bad) => ctx.app.inject({ method: 'POST', url: '/api/account/deletion-request', payload: { email: `a${bad}@example.com`, reason: 'ya no' } }),
  ],
  ['outbox query', (bad) => ctx.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(`+1555${bad}`)}` })],
  ['question', (bad) => ctx.app.inject({ method: 'POST', url: '/api/assistant/ask', headers: { cookie }, payload: { message: `¿Qué es el DACA?${bad}` } })],
  [
    'conversation history',
    (bad) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/assistant/ask',
        headers: { cookie },
        payload: { message: '¿Y el I-90?', history: [{ role: 'user', content: `hola${bad}` }] },
      }),
  ],
  ['text to speech', (bad) => ctx.app.inject({ method: 'POST', url: '/api/speech/tts', headers: { cookie }, payload: { text: `Hola${bad}` } })],
  ['payment name', (bad) => ctx.app.inject({ method: 'POST', url: '/api/billing/authorize-sub', payload: paymentBody({ firstName: `Ana${bad}` }) })],
  ['document file name', (bad) => ctx.app.inject({ method: 'GET', url: `/api/documents/file/${encodeURIComponent(`guia${bad}.pdf`)}?expires=1&signature=x` })],
  [
    'webhook notification id',
    (bad) => {
      const raw = JSON.stringify({
        notificationId: `n-${bad}`,
        eventType: 'net.authorize.payment.authcapture.created',
        eventDate: new Date().toISOString(),
        payload: { id: '1' },
      });
      return ctx.app.inject({
        method: 'POST',
        url: '/api/billing/webhooks/authorizenet',
        payload: raw,
        headers: { 'content-type': 'application/json', 'x-anet-signature': signWebhook(raw, WEBHOOK_KEY) },
      });
    },
  ],
];

describe('control characters are refused with a Spanish message, never a 500', () => {
  for (const [name, send] of cases) {
    it(name, async () => {
      for (const bad of [NUL, '\u0007', '\u001b[31m', '\u007f', '\u0085', '\u2028']) {
        const response = await send(bad);
        expect(response.statusCode, `${name} ${JSON.stringify(bad)}: ${response.body}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${name} ${JSON.stringify(bad)}: ${response.body}`).toBeLessThan(500);
      }
      const nul = await send(NUL);
      // Documents and webhooks answer their own refusal; every form field names the control characters.
      if (!name.startsWith('document') && !name.startsWith('webhook')) expect(nul.json().error.message, name).toBe(CONTROL_CHARACTERS_MESSAGE);
    });
  }

  it('tab and line breaks are still accepted in free text', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/feedback',
      headers: { cookie },
      payload: { additionalComments: 'Primera línea\nSegunda\tcon tabulador\r\n' },
    });
    expect(response.statusCode).toBeLessThan(300);
  });

  it('a question with a NUL byte uses no consultation', async () => {
    const { cookie: fresh } = await signUp(ctx.app);
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/assistant/ask',
      headers: { cookie: fresh },
      payload: { message: `¿Qué es el DACA?${NUL}` },
    });
    expect(asked.statusCode).toBe(400);
    const usage = await ctx.app.inject({ method: 'GET', url: '/api/assistant/usage', headers: { cookie: fresh } });
    expect(usage.json().used).toBe(0);
  });
});
