import { startFakeOpenAI, type FakeOpenAI } from '@camino/fakes';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { signUp } from '../../../test/auth-helpers';
import { parseSse } from '../../../test/sse';

let fake: FakeOpenAI;
let ctx: TestContext;
beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: 'sk-test-key-1234567890' });
  ctx = await createTestApp({ LLM_BASE_URL: `${fake.url}/v1`, LLM_API_KEY: 'sk-test-key-1234567890', LLM_MODEL: 'gpt-4o-mini', LLM_TIMEOUT_MS: '5000' });
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});
beforeEach(() => fake.reset());

async function ask(app: FastifyInstance, cookie: string, message: string) {
  const response = await app.inject({ method: 'POST', url: '/api/assistant/ask', headers: { cookie }, payload: { message } });
  const events = parseSse(response.body);
  return {
    events,
    text: events
      .filter((e) => e.event === 'delta')
      .map((e) => e.data.text)
      .join(''),
    done: events.find((e) => e.event === 'done')?.data,
    error: events.find((e) => e.event === 'error')?.data,
  };
}

const GOOD =
  'Claro, te explico. Para renovar tu DACA usas el formulario I-821D. Lo mandas con el I-765. Es información general; en la sección Documentos de la app tienes guías del I-821D y I-765.';
/** Matched by its words only, not by a keyword phrase: a failing model shows its error instead of the built-in answer. */
const UNSURE = '¿Cuántos días tarda inmigración en contestar una carta?';

describe('answers from a language model', () => {
  it('streams the model answer, grounded with the knowledge base, with the spec settings', async () => {
    const { cookie } = await signUp(ctx.app);
    fake.script([{ kind: 'reply', text: GOOD }]);
    const { text, done } = await ask(ctx.app, cookie, '¿Cómo renuevo mi DACA?');
    expect(text).toBe(GOOD);
    expect(done).toMatchObject({ kind: 'answer', text: GOOD });
    // The model's answer names the source of the entry it was grounded on.
    expect(done.source).toMatchObject({ by: 'USCIS', url: expect.stringMatching(/^https:\/\/www\.uscis\.gov\/.*daca/i) });
    expect(done.usage.remaining).toBe(2);
    const body = fake.requests.at(-1)!.body as {
      model: string;
      temperature: number;
      max_tokens: number;
      stream: boolean;
      messages: Array<{ role: string; content: string }>;
    };
    expect(body).toMatchObject({ model: 'gpt-4o-mini', temperature: 0.7, max_tokens: 500, stream: true });
    const system = body.messages[0]!.content;
    expect(system).toContain('nunca dices que lo eres');
    expect(system).toContain('3 a 5 oraciones');
    expect(system).toContain('sección Documentos');
    expect(system).toContain('Formularios: I-821D, I-765.');
    expect(system).toMatch(/\(según USCIS, revisado en noviembre de 2026; uscis\.gov[^)]*\)/);
    expect(system).toContain('Oración de cierre: Es información general;');
    expect(body.messages.at(-1)).toEqual({ role: 'user', content: '¿Cómo renuevo mi DACA?' });
  });

  it('never lets "EE.UU." or a seventh sentence reach the user', async () => {
    const { cookie } = await signUp(ctx.app);
    const seven = 'Vives en EE.UU. desde hace años. Usa el formulario I-821D. Dos. Tres. Cuatro. Cinco. Seis.';
    fake.script([{ kind: 'reply', text: seven }]);
    const { text, done, events } = await ask(ctx.app, cookie, '¿Cómo renuevo mi DACA?');
    expect(text).not.toMatch(/EE\.?UU/);
    expect(text).toContain('Vives en Estados Unidos desde hace años.');
    expect(events.filter((e) => e.event === 'sentence')).toHaveLength(5);
    expect(done.text).toMatch(/Es información general; en la sección Documentos de la app tienes guías del I-821D y I-765\.$/);
  });

  it('retries after a 429 and answers', async () => {
    const { cookie } = await signUp(ctx.app);
    fake.script([{ kind: 'rate_limit' }, { kind: 'reply', text: GOOD }]);
    const started = Date.now();
    const { text } = await ask(ctx.app, cookie, '¿Cómo renuevo mi DACA?');
    expect(text).toBe(GOOD);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    expect(fake.requests.filter((r) => r.path.endsWith('/chat/completions'))).toHaveLength(2);
  });

  it('falls back to the built-in engine when the model fails and the engine has a confident match', async () => {
    const { cookie } = await signUp(ctx.app);
    fake.script([{ kind: 'server_error' }]);
    const { done, error } = await ask(ctx.app, cookie, '¿Cómo renuevo mi DACA?');
    expect(error).toBeUndefined();
    expect(done.text).toContain('I-821D');
    expect(done.usage.remaining).toBe(2);
  });

  it.each([
    ['invalid_key', 'API key inválida. Por favor, contacta al administrador.'],
    ['insufficient_quota', 'La cuota de API se ha agotado. Por favor, contacta al administrador.'],
    ['server_error', 'Hubo un error al procesar tu pregunta. Por favor, inténtalo de nuevo.'],
  ] as const)('shows the spec message for %s when no confident answer exists, using no consultation', async (kind, message) => {
    const { cookie } = await signUp(ctx.app);
    fake.script([{ kind }]);
    const { error, done } = await ask(ctx.app, cookie, UNSURE);
    expect(done).toBeUndefined();
    expect(error.message).toBe(message);
    const usage = await ctx.app.inject({ method: 'GET', url: '/api/assistant/usage', headers: { cookie } });
    expect(usage.json().remaining).toBe(3);
  });

  it('says it has no reliable information without calling the model, using no consultation (D4, D6)', async () => {
    const { cookie } = await signUp(ctx.app);
    const before = fake.requests.length;
    const { done, error } = await ask(ctx.app, cookie, '¿Cuál es el horario de la oficina de inmigración de Plutón para visas interplanetarias?');
    expect(error).toBeUndefined();
    expect(done.kind).toBe('unknown');
    expect(done.text).toMatch(/No tengo información segura/);
    expect(done.text).toMatch(/representante acreditado/);
    expect(done.source).toBeNull();
    expect(fake.requests.length).toBe(before);
    expect(done.usage.remaining).toBe(3);
  });

  it('shows the 429 message after three rate-limited attempts', async () => {
    const { cookie } = await signUp(ctx.app);
    fake.script([{ kind: 'rate_limit' }, { kind: 'rate_limit' }, { kind: 'rate_limit' }]);
    const { error } = await ask(ctx.app, cookie, UNSURE);
    expect(error).toEqual({ code: 'MODEL_RATE_LIMITED', message: 'Se ha excedido el límite de solicitudes. Por favor, intenta más tarde.' });
  }, 15_000);

  it('retries an empty reply at once and answers', async () => {
    const { cookie } = await signUp(ctx.app);
    fake.script([{ kind: 'empty' }, { kind: 'reply', text: GOOD }]);
    const { text } = await ask(ctx.app, cookie, '¿Cómo renuevo mi DACA?');
    expect(text).toBe(GOOD);
  });

  it('stops the model when the person leaves, and frees them to ask again', async () => {
    const { cookie } = await signUp(ctx.app);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address() as { port: number };
    fake.script([{ kind: 'hang' }]);
    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:${address.port}/api/assistant/ask`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ message: '¿Cómo renuevo mi DACA?' }),
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const second = await ctx.app.inject({ method: 'POST', url: '/api/assistant/ask', headers: { cookie }, payload: { message: '¿Y el I-90?' } });
    expect(second.statusCode).toBe(429);
    expect(second.json().error.message).toBe('Espera a que termine la respuesta anterior.');
    controller.abort();
    await expect.poll(() => fake.requests.at(-1)?.disconnected, { timeout: 3000 }).toBe(true);
    fake.script([{ kind: 'reply', text: GOOD }]);
    await expect.poll(async () => (await ask(ctx.app, cookie, '¿Cómo renuevo mi DACA?')).text, { timeout: 3000 }).toBe(GOOD);
  });
});
