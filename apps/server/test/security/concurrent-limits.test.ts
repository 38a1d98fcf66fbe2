// Finding: "Limits that don't hold under concurrency" (issue 13). The guest per-address cap was checked
// before the answer and counted after it (60 answered against a cap of 10), and with a model a client
// that left just before the end kept the text and was never counted. Every cap is now taken in the
// same step as its check; these tests fire 20 requests at once against each cap.
import { startFakeOpenAI, type FakeOpenAI } from '@camino/fakes';
import { LIMITS } from '@camino/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../app';
import { signUp } from '../auth-helpers';
import { parseSse } from '../sse';
import { profiles } from '../../src/db/schema';
import { GUEST_IP_DAILY } from '../../src/modules/assistant/conversation';

const CONCURRENT = 20;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function ask(options: { cookie?: string; ip: string; mode: 'user' | 'guest'; message?: string }) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/assistant/ask',
    headers: options.cookie ? { cookie: options.cookie } : {},
    remoteAddress: options.ip,
    payload: { message: options.message ?? '¿Qué es el TPS?', mode: options.mode },
  });
  const events = String(response.headers['content-type']).startsWith('text/event-stream') ? parseSse(response.body) : [];
  return { status: response.statusCode, answered: events.some((e) => e.event === 'done'), cookie: String(response.headers['set-cookie'] ?? '').split(';')[0] };
}

const usage = async (cookie: string, mode: 'user' | 'guest', ip = '10.0.0.1') =>
  (await ctx.app.inject({ method: 'GET', url: `/api/assistant/usage?mode=${mode}`, headers: { cookie }, remoteAddress: ip })).json();

describe(`${CONCURRENT} concurrent questions against each cap`, () => {
  it(`the guest per-address cap (${GUEST_IP_DAILY} a day): ${GUEST_IP_DAILY + 10} new guests from one address at once get ${GUEST_IP_DAILY} answers`, async () => {
    const ip = '10.13.0.1';
    const results = await Promise.all(Array.from({ length: GUEST_IP_DAILY + 10 }, () => ask({ ip, mode: 'guest' })));
    expect(results.filter((r) => r.answered)).toHaveLength(GUEST_IP_DAILY);
    expect(results.filter((r) => r.status === 403)).toHaveLength(10);
  });

  it('the guest cookie (2 questions): 20 requests with one cookie from 20 addresses give at most 2 answers', async () => {
    const first = await ask({ ip: '10.13.1.0', mode: 'guest' });
    expect(first.answered).toBe(true);
    const results = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => ask({ cookie: first.cookie, ip: `10.13.1.${i + 1}`, mode: 'guest' })));
    expect(results.filter((r) => r.answered).length).toBeLessThanOrEqual(LIMITS.guestQuestions - 1);
    expect((await usage(first.cookie, 'guest')).used).toBe(LIMITS.guestQuestions - 1 + results.filter((r) => r.answered).length);
  });

  it('the FREE plan (3 consultations): 20 requests of one account at once, then one by one, never more than 3', async () => {
    const { cookie } = await signUp(ctx.app);
    const burst = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => ask({ cookie, ip: `10.13.2.${i + 1}`, mode: 'user' })));
    let answered = burst.filter((r) => r.answered).length;
    for (let i = 0; i < 5; i++) if ((await ask({ cookie, ip: '10.13.2.200', mode: 'user' })).answered) answered++;
    expect(answered).toBe(LIMITS.freeConsultations);
    expect((await usage(cookie, 'user')).used).toBe(LIMITS.freeConsultations);
  });

  it('a clarifying turn gives its reserved consultation back', async () => {
    const { cookie } = await signUp(ctx.app);
    const clarify = await ctx.app.inject({
      method: 'POST',
      url: '/api/assistant/ask',
      headers: { cookie },
      payload: { message: '¿Cómo arreglo mis papeles?' },
    });
    expect(parseSse(clarify.body).find((e) => e.event === 'done')?.data.kind).toBe('clarify');
    expect((await usage(cookie, 'user')).used).toBe(0);
  });
});

describe('with a language model: counted when the first sentence is sent', () => {
  let fake: FakeOpenAI;
  let model: TestContext;
  let base: string;
  const ANSWER =
    'Claro, te explico. Para renovar tu DACA usas el formulario I-821D. Lo mandas con el I-765. Puedes descargar el formulario I-821D en la sección Documentos de la app.';

  beforeAll(async () => {
    fake = await startFakeOpenAI({ apiKey: 'sk-test-key-1234567890', tokensPerSecond: 40 });
    model = await createTestApp({ LLM_BASE_URL: `${fake.url}/v1`, LLM_API_KEY: 'sk-test-key-1234567890', LLM_TIMEOUT_MS: '20000' }, ctx.database);
    await model.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(model.app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await model.close();
    await fake.close();
  });

  /** Reads the stream until `until` appears in it, then leaves (as a client that disconnects). */
  async function askAndLeave(cookie: string, until: string): Promise<string> {
    fake.script([{ kind: 'reply', text: ANSWER }]);
    const controller = new AbortController();
    const response = await fetch(`${base}/api/assistant/ask`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ message: '¿Cómo renuevo mi DACA?' }),
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    let received = '';
    while (!received.includes(until)) {
      const { value, done } = await reader.read();
      if (done) break;
      received += new TextDecoder().decode(value);
    }
    controller.abort();
    await expect.poll(() => fake.requests.at(-1)?.disconnected, { timeout: 5000 }).toBe(true);
    return received;
  }

  it('a client that leaves after the first sentence, before the end, has used the consultation', async () => {
    const { cookie, userId } = await signUp(model.app);
    const received = await askAndLeave(cookie, 'event: sentence');
    expect(received).not.toContain('event: done');
    await expect
      .poll(async () => (await model.app.inject({ method: 'GET', url: '/api/assistant/usage', headers: { cookie } })).json().used, { timeout: 5000 })
      .toBe(1);
    expect((await ctx.database.db.select().from(profiles).where(eq(profiles.id, userId)))[0]?.plan).toBe('FREE');
  });

  it('a client that leaves before any sentence has not', async () => {
    const { cookie } = await signUp(model.app);
    const received = await askAndLeave(cookie, 'event: start');
    expect(received).not.toContain('event: sentence');
    // The one-at-a-time counter is freed when the answer is settled.
    await expect
      .poll(async () => (await model.app.inject({ method: 'GET', url: '/api/assistant/usage', headers: { cookie } })).json().used, { timeout: 5000 })
      .toBe(0);
  });
});
