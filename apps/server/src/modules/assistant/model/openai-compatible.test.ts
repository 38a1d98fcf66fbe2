import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startFakeOpenAI, type FakeOpenAI } from '@camino/fakes';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MODEL_MESSAGES, ModelError, streamChat, transcribe, type ChatMessage, type ModelSettings } from './openai-compatible';

const KEY = 'sk-test-0123456789abcdef';
const question: ChatMessage[] = [
  { role: 'system', content: 'Eres un guía amable.' },
  { role: 'user', content: '¿Cómo renuevo mi green card?' },
];

async function collect(iterable: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const delta of iterable) out.push(delta);
  return out;
}

/** Resolves to the thrown error (fails the test if nothing is thrown). */
async function failure(work: Promise<unknown>): Promise<unknown> {
  try {
    await work;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('streamChat and transcribe against a local OpenAI-compatible server', () => {
  let fake: FakeOpenAI;
  let settings: ModelSettings;
  beforeAll(async () => {
    fake = await startFakeOpenAI({ apiKey: KEY });
    settings = {
      baseUrl: `${fake.url}/v1`,
      apiKey: KEY,
      model: 'gpt-4o-mini',
      temperature: 0.7,
      maxTokens: 500,
      maxAttempts: 3,
      rateLimitWaitMs: 200,
      timeoutMs: 5_000,
    };
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  it('streams a reply in order and sends the spec parameters', async () => {
    const text = 'Para renovar tu green card usa el formulario I-90. Puedes presentarlo en línea en uscis.gov. Los formularios están en la sección Documentos.';
    fake.script([{ kind: 'reply', text }]);
    const deltas = await collect(streamChat(settings, question));
    expect(deltas.length).toBeGreaterThan(10);
    expect(deltas.join('')).toBe(text);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(fake.requests[0]!.body).toEqual({ model: 'gpt-4o-mini', messages: question, temperature: 0.7, max_tokens: 500, stream: true });
  });

  it('yields the first tokens before the reply is finished', async () => {
    fake.timing({ tokensPerSecond: 20 });
    fake.script([{ kind: 'reply', text: 'uno dos tres cuatro cinco seis siete ocho' }]);
    const started = Date.now();
    const arrivals: number[] = [];
    for await (const _ of streamChat(settings, question)) arrivals.push(Date.now() - started);
    expect(arrivals).toHaveLength(8);
    expect(arrivals[0]!).toBeLessThan(200);
    expect(arrivals.at(-1)!).toBeGreaterThan(300);
  });

  it('reassembles SSE events split across chunks, byte by byte, inside UTF-8 characters, with CRLF and comments', async () => {
    const event = (content: string) => `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content }, finish_reason: null }] })}`;
    const stream = [
      ': keep-alive\r\n\r\n',
      `${event('')}\r\n\r\n`,
      `${event('¿Cómo ')}\r\n\r\n${event('estás')}\r\n\r\n`, // two events in one write
      `event: message\nid: 3\n${event('? Ñandú')}\n\n`,
      `${event(' señor.')}\r\r`,
      'data: [DONE]\n\n',
      `${event(' (after DONE, ignored)')}\n\n`,
    ].join('');
    const bytes = Buffer.from(stream, 'utf8');
    const server: Server = createServer(async (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      for (let i = 0; i < bytes.length; i += 3) {
        response.write(bytes.subarray(i, i + 3));
        await new Promise((resolve) => setImmediate(resolve));
      }
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const deltas = await collect(streamChat({ ...settings, baseUrl: `http://127.0.0.1:${port}/v1` }, question));
      expect(deltas).toEqual(['¿Cómo ', 'estás', '? Ñandú', ' señor.']);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('accepts accented replies from the fake, whose events arrive in halves', async () => {
    const text = 'Sí, la solicitud de asilo se presenta con el formulario I-589 dentro del año de tu llegada; pídele ayuda a un representante acreditado.';
    fake.script([{ kind: 'reply', text }]);
    expect((await collect(streamChat(settings, question))).join('')).toBe(text);
  });

  it('waits after a 429 and retries', async () => {
    fake.script([{ kind: 'rate_limit' }]);
    const started = Date.now();
    const deltas = await collect(streamChat(settings, question));
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(deltas.join('')).toBe('Con gusto te ayudo con tu pregunta.');
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]!.at - fake.requests[0]!.at).toBeGreaterThanOrEqual(190);
  });

  it('gives the 429 message after three 429s', async () => {
    fake.script([{ kind: 'rate_limit' }, { kind: 'rate_limit' }, { kind: 'rate_limit' }]);
    const error = await failure(collect(streamChat(settings, question)));
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ kind: 'rate_limited', status: 429, message: 'Se ha excedido el límite de solicitudes. Por favor, intenta más tarde.' });
    expect(fake.requests).toHaveLength(3);
  });

  it('retries an empty reply at once', async () => {
    fake.script([{ kind: 'empty' }]);
    const started = Date.now();
    expect((await collect(streamChat({ ...settings, rateLimitWaitMs: 2_000 }, question))).join('')).toBe('Con gusto te ayudo con tu pregunta.');
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(fake.requests).toHaveLength(2);
  });

  it('treats a whitespace-only reply as empty', async () => {
    fake.script([
      { kind: 'reply', text: '  \n ' },
      { kind: 'reply', text: ' Hola.' },
    ]);
    expect(await collect(streamChat(settings, question))).toEqual([' Hola.']);
    expect(fake.requests).toHaveLength(2);
  });

  it('gives the empty message after three empty replies', async () => {
    fake.script([{ kind: 'empty' }, { kind: 'empty' }, { kind: 'empty' }]);
    const error = await failure(collect(streamChat(settings, question)));
    expect(error).toMatchObject({ kind: 'empty', message: 'No se recibió respuesta del modelo de lenguaje. Por favor, inténtalo de nuevo.' });
    expect(fake.requests).toHaveLength(3);
  });

  it('mixes the rules: 429, empty, then a reply within three attempts', async () => {
    fake.script([{ kind: 'rate_limit' }, { kind: 'empty' }, { kind: 'reply', text: 'Listo.' }]);
    expect(await collect(streamChat(settings, question))).toEqual(['Listo.']);
    expect(fake.requests).toHaveLength(3);
  });

  it('does not retry insufficient_quota', async () => {
    fake.script([{ kind: 'insufficient_quota' }]);
    const started = Date.now();
    const error = await failure(collect(streamChat({ ...settings, rateLimitWaitMs: 2_000 }, question)));
    expect(error).toMatchObject({ kind: 'insufficient_quota', message: 'La cuota de API se ha agotado. Por favor, contacta al administrador.' });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(fake.requests).toHaveLength(1);
  });

  it('does not retry an invalid key, and never puts the key in the error', async () => {
    const wrong = 'sk-wrong-secret-value';
    const error = await failure(collect(streamChat({ ...settings, apiKey: wrong }, question)));
    expect(error).toMatchObject({ kind: 'invalid_key', status: 401, message: 'API key inválida. Por favor, contacta al administrador.' });
    expect(fake.requests).toHaveLength(1);
    const everything = JSON.stringify({ ...(error as ModelError), message: (error as Error).message, stack: (error as Error).stack });
    expect(everything).not.toContain('secret');
    expect(everything).not.toContain('sk-');

    fake.script([{ kind: 'invalid_key' }]);
    expect(await failure(collect(streamChat(settings, question)))).toMatchObject({ kind: 'invalid_key' });
    expect(fake.requests).toHaveLength(2);
  });

  it('does not retry a server error: the generic message at once', async () => {
    fake.script([{ kind: 'server_error' }]);
    const error = await failure(collect(streamChat(settings, question)));
    expect(error).toMatchObject({ kind: 'other', status: 500, message: 'Hubo un error al procesar tu pregunta. Por favor, inténtalo de nuevo.' });
    expect(fake.requests).toHaveLength(1);
  });

  it('maps a network error to the generic message', async () => {
    const error = await failure(collect(streamChat({ ...settings, baseUrl: 'http://127.0.0.1:1/v1' }, question)));
    expect(error).toMatchObject({ kind: 'other', message: MODEL_MESSAGES.other });
  });

  it('stops a hanging request when the caller aborts, as an AbortError', async () => {
    fake.script([{ kind: 'hang' }]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    const error = await failure(collect(streamChat(settings, question, controller.signal)));
    expect(error).not.toBeInstanceOf(ModelError);
    expect((error as Error).name).toBe('AbortError');
    expect(Date.now() - started).toBeLessThan(1_000);
    await expect.poll(() => fake.requests[0]?.disconnected).toBe(true);
    expect(fake.requests).toHaveLength(1);
  });

  it('stops a stream mid-way when the caller aborts', async () => {
    fake.timing({ tokensPerSecond: 10 });
    const controller = new AbortController();
    const seen: string[] = [];
    const error = await failure(
      (async () => {
        for await (const delta of streamChat(settings, question, controller.signal)) {
          seen.push(delta);
          controller.abort();
        }
      })(),
    );
    expect((error as Error).name).toBe('AbortError');
    expect(seen).toEqual(['Con ']);
    await expect.poll(() => fake.requests[0]?.disconnected).toBe(true);
  });

  it('stops the request when the consumer stops reading', async () => {
    fake.timing({ tokensPerSecond: 10 });
    for await (const delta of streamChat(settings, question)) {
      expect(delta).toBe('Con ');
      break;
    }
    await expect.poll(() => fake.requests[0]?.disconnected).toBe(true);
  });

  it('ends the 429 wait at once when the caller aborts', async () => {
    fake.script([{ kind: 'rate_limit' }]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    const error = await failure(collect(streamChat({ ...settings, rateLimitWaitMs: 10_000 }, question, controller.signal)));
    expect((error as Error).name).toBe('AbortError');
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(fake.requests).toHaveLength(1);
  });

  it('does not retry a failure after the first token', async () => {
    fake.script([{ kind: 'cut', text: 'Primera parte de la respuesta.', afterTokens: 2 }]);
    const seen: string[] = [];
    const error = await failure(
      (async () => {
        for await (const delta of streamChat(settings, question)) seen.push(delta);
      })(),
    );
    expect(seen).toEqual(['Primera ', 'parte ']);
    expect(error).toMatchObject({ kind: 'other', message: MODEL_MESSAGES.other });
    expect(fake.requests).toHaveLength(1);
  });

  it('times out between chunks after the first token, without retrying', async () => {
    fake.timing({ tokensPerSecond: 2 });
    const seen: string[] = [];
    const error = await failure(
      (async () => {
        for await (const delta of streamChat({ ...settings, timeoutMs: 200 }, question)) seen.push(delta);
      })(),
    );
    expect(seen).toEqual(['Con ']);
    expect(error).toMatchObject({ kind: 'other' });
    expect(fake.requests).toHaveLength(1);
  });

  it('times out on a hanging server with the generic message, once', async () => {
    fake.script([{ kind: 'hang' }]);
    const started = Date.now();
    const error = await failure(collect(streamChat({ ...settings, timeoutMs: 200 }, question)));
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ kind: 'other', message: 'Hubo un error al procesar tu pregunta. Por favor, inténtalo de nuevo.' });
    expect((error as ModelError).detail).toMatch(/timeout/);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(fake.requests).toHaveLength(1);
    await expect.poll(() => fake.requests[0]?.disconnected).toBe(true);
  });

  it('does not count a slow consumer against the timeout', async () => {
    fake.script([{ kind: 'reply', text: 'uno dos tres' }]);
    const deltas: string[] = [];
    for await (const delta of streamChat({ ...settings, timeoutMs: 100 }, question)) {
      deltas.push(delta);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    expect(deltas.join('')).toBe('uno dos tres');
  });

  it('transcribes audio with file, model and language "es"', async () => {
    const audio = { data: new Uint8Array(2048).fill(7), filename: 'pregunta.webm', contentType: 'audio/webm' };
    const text = await transcribe({ baseUrl: `${fake.url}/v1`, apiKey: KEY, model: 'whisper-1', timeoutMs: 5_000 }, audio);
    expect(text).toBe('¿Cómo renuevo mi permiso de trabajo?');
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/v1/audio/transcriptions',
      body: { file: { filename: 'pregunta.webm', size: 2048, contentType: 'audio/webm' }, model: 'whisper-1', language: 'es' },
    });
  });

  it('refuses an empty audio file and maps transcription errors', async () => {
    const transcription = { baseUrl: `${fake.url}/v1`, apiKey: KEY, model: 'whisper-1', timeoutMs: 5_000 };
    const empty = { data: new Uint8Array(0), filename: 'vacio.webm', contentType: 'audio/webm' };
    expect(await failure(transcribe(transcription, empty))).toMatchObject({ kind: 'other', status: 400, message: MODEL_MESSAGES.other });
    const audio = { data: new Uint8Array([1, 2, 3]), filename: 'a.webm', contentType: 'audio/webm' };
    expect(await failure(transcribe({ ...transcription, apiKey: 'sk-wrong' }, audio))).toMatchObject({ kind: 'invalid_key' });
    fake.script([{ kind: 'insufficient_quota', endpoint: 'transcription' }]);
    expect(await failure(transcribe(transcription, audio))).toMatchObject({ kind: 'insufficient_quota' });
  });

  it('the fake refuses a transcription request without a file part', async () => {
    const form = new FormData();
    form.append('model', 'whisper-1');
    form.append('language', 'es');
    const response = await fetch(`${fake.url}/v1/audio/transcriptions`, { method: 'POST', headers: { authorization: `Bearer ${KEY}` }, body: form });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/^Invalid file format/);
  });
});

describe('the fake OpenAI server over HTTP', () => {
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI({ apiKey: KEY, defaultReply: (messages) => `Eco: ${messages.at(-1)?.content}` });
  });
  afterAll(() => fake.close());

  const post = (path: string, body: unknown, key = KEY) =>
    fetch(`${fake.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('speaks the wire format: completion, stream, errors', async () => {
    const completion = await post('/v1/chat/completions', { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hola' }] });
    expect(completion.status).toBe(200);
    expect(await completion.json()).toMatchObject({
      object: 'chat.completion',
      model: 'gpt-4o-mini',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Eco: hola', refusal: null }, logprobs: null, finish_reason: 'stop' }],
      usage: { prompt_tokens: expect.any(Number), completion_tokens: expect.any(Number), total_tokens: expect.any(Number) },
    });

    const stream = await post('/v1/chat/completions', { model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'hola' }] });
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = (await stream.text()).split('\n\n');
    expect(events.at(-1)).toBe('');
    expect(events.at(-2)).toBe('data: [DONE]');
    const chunks = events
      .slice(0, -2)
      .map((e) => JSON.parse(e.replace(/^data: /, '')) as { object: string; choices: Array<{ delta: Record<string, string>; finish_reason: string | null }> });
    expect(chunks[0]!.choices[0]).toMatchObject({ delta: { role: 'assistant', content: '' }, finish_reason: null });
    expect(chunks.at(-1)!.choices[0]).toEqual({ index: 0, delta: {}, logprobs: null, finish_reason: 'stop' });
    expect(chunks.every((c) => c.object === 'chat.completion.chunk')).toBe(true);
    expect(
      chunks
        .slice(1, -1)
        .map((c) => c.choices[0]!.delta.content)
        .join(''),
    ).toBe('Eco: hola');

    const unauthorized = await post('/v1/chat/completions', { model: 'gpt-4o-mini', messages: [] }, 'sk-wrong');
    expect(unauthorized.status).toBe(401);
    expect(await unauthorized.json()).toEqual({
      error: {
        message: 'Incorrect API key provided: sk-wr***ng. You can find your API key at https://platform.openai.com/account/api-keys.',
        type: 'invalid_request_error',
        param: null,
        code: 'invalid_api_key',
      },
    });
  });

  it('control endpoints: script, requests, timing, reset', async () => {
    expect((await post('/__control/reset', {})).status).toBe(200);
    expect(await (await fetch(`${fake.url}/__control/requests`)).json()).toEqual([]);

    await post('/__control/script', { behaviors: [{ kind: 'rate_limit' }] });
    await post('/__control/script', { behaviors: [{ kind: 'reply', text: 'Guionizado.' }] });
    const limited = await post('/v1/chat/completions', { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'a' }] });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe('rate_limit_exceeded');
    const scripted = await post('/v1/chat/completions', { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'b' }] });
    expect(((await scripted.json()) as { choices: Array<{ message: { content: string } }> }).choices[0]!.message.content).toBe('Guionizado.');
    const normal = await post('/v1/chat/completions', { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'c' }] });
    expect(((await normal.json()) as { choices: Array<{ message: { content: string } }> }).choices[0]!.message.content).toBe('Eco: c');

    const recorded = (await (await fetch(`${fake.url}/__control/requests`)).json()) as Array<{ messages: ChatMessage[] }>;
    expect(recorded.map((body) => body.messages[0]!.content)).toEqual(['a', 'b', 'c']);

    expect(await (await post('/__control/timing', { ttftMs: 800 })).json()).toEqual({ ttftMs: 800, tokensPerSecond: null });
    let started = Date.now();
    await (await post('/v1/chat/completions', { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'd' }] })).json();
    expect(Date.now() - started).toBeGreaterThanOrEqual(790);

    await post('/__control/script', { behaviors: [{ kind: 'server_error' }] });
    expect((await post('/__control/reset', {})).status).toBe(200);
    expect(await (await fetch(`${fake.url}/__control/requests`)).json()).toEqual([]);
    started = Date.now();
    const afterReset = await post('/v1/chat/completions', { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'e' }] });
    expect(afterReset.status).toBe(200); // the scripted server_error was cleared
    expect(Date.now() - started).toBeLessThan(500); // timing restored
  });
});
