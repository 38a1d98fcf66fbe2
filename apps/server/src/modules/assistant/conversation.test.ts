import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { signUp } from '../../../test/auth-helpers';
import { parseSse } from '../../../test/sse';
import { profiles } from '../../db/schema';
import { GUEST_IP_DAILY } from './conversation';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function ask(
  app: FastifyInstance,
  cookie: string | undefined,
  message: string,
  options: { history?: unknown[]; mode?: 'user' | 'guest'; ip?: string; chatId?: string } = {},
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/assistant/ask',
    headers: cookie ? { cookie } : {},
    remoteAddress: options.ip ?? '10.1.1.1',
    payload: { message, history: options.history ?? [], mode: options.mode ?? 'user', ...(options.chatId ? { chatId: options.chatId } : {}) },
  });
  const events = response.headers['content-type']?.toString().startsWith('text/event-stream') ? parseSse(response.body) : [];
  const done = events.find((e) => e.event === 'done')?.data;
  const text = events
    .filter((e) => e.event === 'delta')
    .map((e) => e.data.text)
    .join('');
  return { response, events, done, text };
}

describe('asking the built-in engine', () => {
  it('streams the answer, counts 3 -> 2 -> 1 -> 0, then refuses with the spec message', async () => {
    const { cookie } = await signUp(ctx.app);
    const questions = ['¿Cómo renuevo mi DACA?', '¿Qué es el formulario I-864?', '¿Cuánto tarda la naturalización?'];
    const remaining: number[] = [];
    for (const question of questions) {
      const { response, events, done, text } = await ask(ctx.app, cookie, question);
      // Written by @fastify/sse with the headers set through Fastify (helmet's among them).
      expect(response.headers).toMatchObject({
        'cache-control': 'no-store, no-transform',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
      });
      expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(events[0]).toEqual({ event: 'start', data: { kind: 'answer' } });
      expect(events.filter((e) => e.event === 'sentence').length).toBeGreaterThanOrEqual(3);
      expect(text).toBe(done.text);
      expect(text).toMatch(/sección Documentos de la app/);
      remaining.push(done.usage.remaining);
    }
    expect(remaining).toEqual([2, 1, 0]);
    const refused = await ask(ctx.app, cookie, '¿Y el I-90?');
    expect(refused.response.statusCode).toBe(403);
    expect(refused.response.json().error).toEqual({
      code: 'LIMIT_REACHED',
      message: 'Límite alcanzado: Has alcanzado el límite de consultas gratuitas. Actualiza tu plan para continuar.',
    });
    const usage = await ctx.app.inject({ method: 'GET', url: '/api/assistant/usage', headers: { cookie } });
    expect(usage.json()).toMatchObject({ plan: 'FREE', used: 3, limit: 3, remaining: 0, today: 3 });
  });

  it('asks two clarifying questions first, without using a consultation, then answers with the whole exchange', async () => {
    const { cookie } = await signUp(ctx.app);
    const first = await ask(ctx.app, cookie, '¿Cómo puedo arreglar papeles?');
    expect(first.done.kind).toBe('clarify');
    expect(first.done.text).toBe('¿Entraste a Estados Unidos con visa o sin papeles? ¿Estás ahora dentro de Estados Unidos o en otro país?');
    expect(first.done.usage.remaining).toBe(3);
    expect(first.done.savedChatId).toBeNull();

    const history = [
      { role: 'user', content: '¿Cómo puedo arreglar papeles?' },
      { role: 'assistant', content: first.done.text },
    ];
    const second = await ask(ctx.app, cookie, 'Entré con visa de turista, estoy aquí y mi esposa es ciudadana', { history });
    expect(second.done.kind).toBe('answer');
    expect(second.done.text).toContain('I-130');
    expect(second.done.text).toContain('I-485');
    expect(second.done.usage.remaining).toBe(2);
    const chats = await ctx.app.inject({ method: 'GET', url: '/api/chats', headers: { cookie } });
    expect(chats.json().chats[0].question).toBe('¿Cómo puedo arreglar papeles?');
  });

  it('asks what a vague first question is about, without a consultation, then answers it with the reply', async () => {
    const { cookie } = await signUp(ctx.app);
    const q1 = 'tengo una consulta, ¿cuánto sale el trámite?';
    const first = await ask(ctx.app, cookie, q1);
    expect(first.done).toMatchObject({ kind: 'clarify', source: null, savedChatId: null });
    expect(first.done.text).toMatch(/^¿Sobre qué trámite o documento es tu pregunta.*\? ¿Qué papeles tienes ahora.*\?$/);
    expect(first.done.usage.remaining).toBe(3);
    const history = [
      { role: 'user', content: q1 },
      { role: 'assistant', content: first.done.text },
    ];
    const second = await ask(ctx.app, cookie, 'la ciudadanía, soy residente desde hace 6 años', { history });
    expect(second.done.kind).toBe('answer');
    expect(second.done.text).toMatch(/N-400 cuesta \d+ dólares/);
    expect(second.done.usage.remaining).toBe(2);
    const chats = (await ctx.app.inject({ method: 'GET', url: '/api/chats', headers: { cookie } })).json().chats;
    expect(chats[0].turns[1]).toMatchObject({ kind: 'clarify', content: first.done.text });
  });

  it('saves the whole conversation in one chat: the clarifying questions, the reply, the answer and a follow-up', async () => {
    const { cookie } = await signUp(ctx.app);
    const q1 = '¿Cómo puedo arreglar papeles?';
    const first = await ask(ctx.app, cookie, q1);
    expect(first.done).toMatchObject({ kind: 'clarify', source: null, savedChatId: null });
    const q2 = 'Entré con visa de turista, estoy aquí y mi esposa es ciudadana';
    const history = [
      { role: 'user', content: q1 },
      { role: 'assistant', content: first.done.text },
    ];
    const second = await ask(ctx.app, cookie, q2, { history });
    expect(second.done.kind).toBe('answer');
    expect(second.done.savedChatId).toEqual(expect.any(String));
    const q3 = '¿Qué es el formulario I-864?';
    const third = await ask(ctx.app, cookie, q3, {
      history: [...history, { role: 'user', content: q2 }, { role: 'assistant', content: second.done.text }],
      chatId: second.done.savedChatId,
    });
    expect(third.done.savedChatId).toBe(second.done.savedChatId);

    const chats = (await ctx.app.inject({ method: 'GET', url: '/api/chats', headers: { cookie } })).json().chats;
    expect(chats).toHaveLength(1);
    expect(chats[0]).toMatchObject({ title: q1, question: q1, answer: second.done.text });
    expect(chats[0].turns.map((t: { role: string; content: string }) => [t.role, t.content])).toEqual([
      ['user', q1],
      ['assistant', first.done.text],
      ['user', q2],
      ['assistant', second.done.text],
      ['user', q3],
      ['assistant', third.done.text],
    ]);
    expect(chats[0].turns[5].source).toEqual(third.done.source);
    expect(chats[0].turns[1].kind).toBe('clarify');
    expect(chats[0].turns[3]).toMatchObject({ kind: 'answer', source: second.done.source });

    // Another user's chat id is never written to: their answer starts a chat of their own.
    const other = await signUp(ctx.app);
    const stranger = await ask(ctx.app, other.cookie, '¿Qué es el formulario I-90?', { chatId: second.done.savedChatId });
    expect(stranger.done.savedChatId).not.toBe(second.done.savedChatId);
    const mine = (await ctx.app.inject({ method: 'GET', url: '/api/chats', headers: { cookie } })).json().chats;
    expect(mine[0].turns).toHaveLength(6);
    const bad = await ask(ctx.app, cookie, '¿Qué es el I-90?', { chatId: 'not-a-uuid' });
    expect(bad.response.statusCode).toBe(400);
    expect(bad.response.json().error.message).toBe('Chat no válido.');
  });

  it('sends the source of the knowledge-base entry with the answer', async () => {
    const { cookie } = await signUp(ctx.app);
    const { done } = await ask(ctx.app, cookie, '¿Qué es el formulario I-130?');
    expect(done.kind).toBe('answer');
    expect(done.source).toEqual({ by: 'USCIS', url: 'https://www.uscis.gov/i-130', checked: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    const offtopic = await ask(ctx.app, cookie, '¿Me das una receta de tamales?');
    expect(offtopic.done.source).toBeNull();
  });

  it('shows no limit for the unlimited plan', async () => {
    const { cookie, userId } = await signUp(ctx.app);
    await ctx.database.db.update(profiles).set({ plan: 'UNLIMITED' }).where(eq(profiles.id, userId));
    for (let i = 0; i < 4; i++) {
      const { done } = await ask(ctx.app, cookie, '¿Qué es el formulario G-28?');
      expect(done.usage).toMatchObject({ plan: 'UNLIMITED', limit: null, remaining: null });
    }
  });

  it('caps the unlimited plan at 40 questions an hour against abuse, and says when it can go on', async () => {
    const { cookie, userId } = await signUp(ctx.app);
    await ctx.database.db.update(profiles).set({ plan: 'UNLIMITED' }).where(eq(profiles.id, userId));
    for (let i = 0; i < 40; i++) expect((await ask(ctx.app, cookie, '¿Qué es el formulario G-28?', { ip: '10.7.7.7' })).response.statusCode).toBe(200);
    const refused = await ask(ctx.app, cookie, '¿Qué es el formulario G-28?', { ip: '10.7.7.7' });
    expect(refused.response.statusCode).toBe(429);
    expect(Number(refused.response.headers['retry-after'])).toBeGreaterThan(3000);
    expect(refused.response.json().error.message).toMatch(/^Hiciste muchas preguntas en poco tiempo\. Podrás seguir preguntando en (59|60) minutos\.$/);
  });

  it('saves each answered exchange, only for its owner', async () => {
    const a = await signUp(ctx.app);
    const b = await signUp(ctx.app);
    const long = 'Me gustaría saber, por favor, cuál es el formulario para pedir el permiso de trabajo mientras espero';
    const { done } = await ask(ctx.app, a.cookie, long);
    expect(done.savedChatId).toEqual(expect.any(String));
    const listA = (await ctx.app.inject({ method: 'GET', url: '/api/chats', headers: { cookie: a.cookie } })).json().chats;
    expect(listA[0]).toMatchObject({ id: done.savedChatId, title: `${long.slice(0, 50)}...`, question: long, answer: done.text });

    const listB = (await ctx.app.inject({ method: 'GET', url: '/api/chats', headers: { cookie: b.cookie } })).json().chats;
    expect(listB).toEqual([]);
    const stolen = await ctx.app.inject({ method: 'DELETE', url: `/api/chats/${done.savedChatId}`, headers: { cookie: b.cookie } });
    expect(stolen.statusCode).toBe(404);
    const own = await ctx.app.inject({ method: 'DELETE', url: `/api/chats/${done.savedChatId}`, headers: { cookie: a.cookie } });
    expect(own.statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/chats', headers: { cookie: a.cookie } })).json().chats).toEqual([]);
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/chats/not-a-uuid', headers: { cookie: a.cookie } })).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/chats' })).statusCode).toBe(401);
  });

  it('answers off-topic questions with a kind redirect that uses no consultation', async () => {
    const { cookie } = await signUp(ctx.app);
    const { done } = await ask(ctx.app, cookie, '¿Me das una receta de tamales?');
    expect(done.kind).toBe('offtopic');
    expect(done.usage.remaining).toBe(3);
    expect(done.savedChatId).toBeNull();
  });

  it('validates the question and requires a session for the signed-in mode', async () => {
    const { cookie } = await signUp(ctx.app);
    const empty = await ask(ctx.app, cookie, '   ');
    expect(empty.response.statusCode).toBe(400);
    expect(empty.response.json().error.message).toBe('Escribe tu pregunta.');
    const long = await ask(ctx.app, cookie, 'a'.repeat(1001));
    expect(long.response.statusCode).toBe(400);
    const anonymous = await ask(ctx.app, undefined, '¿Qué es el I-90?');
    expect(anonymous.response.statusCode).toBe(401);
  });

  it('never writes the question or the answer into the logs', async () => {
    const { cookie } = await signUp(ctx.app);
    const marker = 'ZORRO-7731';
    const { done } = await ask(ctx.app, cookie, `Mi vecino ${marker} pregunta: ¿cómo renuevo la mica?`);
    const logs = ctx.logs.join('\n');
    expect(logs).toContain('"msg":"answered"');
    expect(logs).not.toContain(marker);
    expect(logs).not.toContain(done.text.slice(0, 40));
  });
});

describe('the guest demo', () => {
  it('gives each guest 2 one-sentence answers, counted by a signed cookie', async () => {
    const first = await ask(ctx.app, undefined, '¿Qué es el DACA?', { mode: 'guest', ip: '10.9.0.1' });
    const cookie = String(first.response.headers['set-cookie']).split(';')[0]!;
    expect(cookie).toMatch(/^camino\.guest=/);
    expect(first.done.usage).toMatchObject({ plan: 'GUEST', remaining: 1 });
    expect(first.events.filter((e) => e.event === 'sentence')).toHaveLength(1);
    expect(first.done.text).not.toContain('?');

    const second = await ask(ctx.app, cookie, '¿Cómo puedo arreglar papeles?', { mode: 'guest', ip: '10.9.0.1' });
    expect(second.done.kind).not.toBe('clarify');
    expect(second.done.usage.remaining).toBe(0);
    const third = await ask(ctx.app, cookie, '¿Y la ciudadanía?', { mode: 'guest', ip: '10.9.0.1' });
    expect(third.response.statusCode).toBe(403);
    expect(third.response.json().error.code).toBe('GUEST_LIMIT_REACHED');

    const forged = await ask(ctx.app, 'camino.guest=someone-else', '¿Y la ciudadanía?', { mode: 'guest', ip: '10.9.0.1' });
    expect(forged.response.statusCode).toBe(200);
    expect(String(forged.response.headers['set-cookie'])).toMatch(/^camino\.guest=/);
  });

  it("does not count a guest's off-topic message as one of the demo's questions", async () => {
    const hello = await ask(ctx.app, undefined, 'hola, ¿qué tal?', { mode: 'guest', ip: '10.9.0.2' });
    expect(hello.done.kind).toBe('offtopic');
    expect(hello.done.usage.remaining).toBe(2);
    const cookie = String(hello.response.headers['set-cookie']).split(';')[0];
    const real = await ask(ctx.app, cookie, '¿Qué es el DACA?', { mode: 'guest', ip: '10.9.0.2' });
    expect(real.done.kind).toBe('answer');
    expect(real.done.usage.remaining).toBe(1);
  });

  it('caps guest answers per address high enough for 20 browsers, so clearing cookies does not give unlimited answers', async () => {
    const statuses: number[] = [];
    for (let browser = 0; browser < 20; browser++) {
      const first = await ask(ctx.app, undefined, '¿Qué es el TPS?', { mode: 'guest', ip: '10.9.9.9' });
      const cookie = String(first.response.headers['set-cookie']).split(';')[0];
      const second = await ask(ctx.app, cookie, '¿Qué es el I-90?', { mode: 'guest', ip: '10.9.9.9' });
      statuses.push(first.response.statusCode, second.response.statusCode);
    }
    expect(statuses).toHaveLength(GUEST_IP_DAILY);
    expect(statuses.every((s) => s === 200)).toBe(true);
    // The 21st browser: its usage already says no question is left (the page shows the sign-up modal) ...
    const usage = await ctx.app.inject({ method: 'GET', url: '/api/assistant/usage?mode=guest', remoteAddress: '10.9.9.9' });
    expect(usage.json()).toMatchObject({ plan: 'GUEST', used: 0, remaining: 0 });
    // ... and a question is refused with the guest code, counted nowhere.
    const extra = await ask(ctx.app, undefined, '¿Qué es el TPS?', { mode: 'guest', ip: '10.9.9.9' });
    expect(extra.response.statusCode).toBe(403);
    expect(extra.response.json().error.code).toBe('GUEST_LIMIT_REACHED');
    // Another address is not affected.
    expect((await ask(ctx.app, undefined, '¿Qué es el TPS?', { mode: 'guest', ip: '10.9.9.10' })).response.statusCode).toBe(200);
  });
});

describe('bad input to the assistant gets a Spanish message or a sensible answer, never a 500', () => {
  it.each([
    ['empty', '   ', 400, 'Escribe tu pregunta.'],
    ['5,000 characters', 'papeles '.repeat(625), 400, 'Tu pregunta puede tener hasta 1000 caracteres.'],
    ['control characters', 'hola\u0000 como renuevo mi DACA', 400, 'caracteres no permitidos'],
  ])('%s: a 400 with a Spanish message, nothing counted', async (_label, message, status, text) => {
    const { cookie } = await signUp(ctx.app);
    const { response } = await ask(ctx.app, cookie, message);
    expect(response.statusCode).toBe(status);
    expect(response.json().error.message).toContain(text);
    const usage = await ctx.app.inject({ method: 'GET', url: '/api/assistant/usage', headers: { cookie } });
    expect(usage.json().remaining).toBe(3);
  });

  it.each([
    ['emoji only', '😀😀🙏', ['offtopic', 'unknown']],
    ['only English', 'How do I renew my green card?', ['answer']],
    ['only English, not about immigration', 'What is the best pizza in town?', ['offtopic']],
  ])('%s: a sensible answer in Spanish', async (_label, message, kinds) => {
    const { cookie } = await signUp(ctx.app);
    const { response, done } = await ask(ctx.app, cookie, message);
    expect(response.statusCode).toBe(200);
    expect(kinds).toContain(done.kind);
    expect(done.text).toMatch(/[áéíóúñ]|inmigración|formulario/);
  });
});
