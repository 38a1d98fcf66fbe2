import { startFakeElevenLabs, startFakeOpenAI, type FakeElevenLabs, type FakeOpenAI } from '@camino/fakes';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { signUp } from '../../../test/auth-helpers';

const XI_KEY = 'xi-secret-key-ABCDEF1234567890';
const STT_KEY = 'sk-stt-secret-0987654321zyxw';
const TRANSCRIPT = '  ¿Cómo renuevo mi permiso de trabajo?  ';
/** Never logged: the text spoken and the transcript carry this. */
const MARKER = 'PALABRA-SECRETA-4417';

let eleven: FakeElevenLabs;
let openai: FakeOpenAI;
let ctx: TestContext;
/** No voice provider at all: the browser speaks. */
let bare: TestContext;
const responses: LightMyRequestResponse[] = [];
/** Signed-in users (sign-up is limited per address, so a few are shared). Sessions work on both apps. */
let user: { cookie: string; userId: string };
let voiceUser: { cookie: string; userId: string };

beforeAll(async () => {
  eleven = await startFakeElevenLabs({ apiKey: XI_KEY, msPerChar: 20 });
  openai = await startFakeOpenAI({ apiKey: STT_KEY, transcript: TRANSCRIPT });
  ctx = await createTestApp({
    ELEVENLABS_API_KEY: XI_KEY,
    ELEVENLABS_BASE_URL: eleven.url,
    ELEVENLABS_VOICE_IDS: 'es-female=SpanishOverride01',
    ELEVENLABS_TIMEOUT_MS: '1000',
    STT_BASE_URL: `${openai.url}/v1`,
    STT_API_KEY: STT_KEY,
    // The same fake answers the questions, so a test can hold an answer in flight.
    LLM_BASE_URL: `${openai.url}/v1`,
    LLM_API_KEY: STT_KEY,
    LLM_TIMEOUT_MS: '5000',
  });
  bare = await createTestApp({}, ctx.database);
  user = await signUp(ctx.app);
  voiceUser = await signUp(ctx.app);
});
afterAll(async () => {
  // fetch() may leave a spare keep-alive connection that never carried a request; close() would wait for it.
  ctx.app.server.closeAllConnections();
  await bare.close();
  await ctx.close();
  await eleven.close();
  await openai.close();
});
beforeEach(() => {
  eleven.reset();
  openai.reset();
});

let ipCounter = 0;
const freshIp = () => `10.77.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

/** Every answer is kept, to check at the end that no key ever reached a client. */
async function inject(app: FastifyInstance, options: InjectOptions): Promise<LightMyRequestResponse> {
  const response = await app.inject(options);
  responses.push(response);
  return response;
}

function tts(app: FastifyInstance, payload: unknown, options: { cookie?: string; ip?: string } = {}) {
  return inject(app, {
    method: 'POST',
    url: '/api/speech/tts',
    headers: { 'accept-encoding': 'br, gzip', ...(options.cookie ? { cookie: options.cookie } : {}) },
    remoteAddress: options.ip ?? '10.70.0.1',
    payload: payload as Record<string, unknown>,
  });
}

function transcribeAudio(
  app: FastifyInstance,
  body: Buffer | undefined,
  options: { cookie?: string; ip?: string; type?: string; mode?: 'user' | 'guest' } = {},
) {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (body !== undefined) headers['content-type'] = options.type ?? 'audio/webm;codecs=opus';
  return inject(app, {
    method: 'POST',
    url: `/api/speech/transcribe${options.mode ? `?mode=${options.mode}` : ''}`,
    headers,
    remoteAddress: options.ip ?? '10.70.0.1',
    ...(body !== undefined ? { payload: body } : {}),
  });
}

/** A guest who asked `questions` demo questions (0: only the cookie, from GET /assistant/usage). */
async function guest(app: FastifyInstance, questions: number): Promise<string> {
  const ip = freshIp();
  const usage = await app.inject({ method: 'GET', url: '/api/assistant/usage?mode=guest', remoteAddress: ip });
  const setCookie = String(usage.headers['set-cookie']);
  expect(setCookie).toMatch(/Path=\/api(;|$)/);
  const cookie = setCookie.split(';')[0]!;
  for (let i = 0; i < questions; i++) {
    const asked = await app.inject({
      method: 'POST',
      url: '/api/assistant/ask',
      headers: { cookie },
      remoteAddress: ip,
      payload: { message: '¿Qué es el DACA?', mode: 'guest' },
    });
    expect(asked.body).toContain('event: done');
  }
  return cookie;
}

let listening: Promise<string> | undefined;
/** The app on a real port, for tests that need a real connection (streaming, disconnects). */
const address = () => (listening ??= ctx.app.listen({ port: 0, host: '127.0.0.1' }));

const isMp3 = (bytes: Buffer) => bytes.length > 4 && bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0;

describe('GET /api/speech/config', () => {
  it('says the server speaks and transcribes when both providers are configured, and names no key or URL', async () => {
    const response = await inject(ctx.app, { method: 'GET', url: '/api/speech/config' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ tts: 'server', transcription: true });
    expect(response.body).not.toContain(eleven.url);
    expect(response.body).not.toContain(openai.url);
  });

  it('says the browser speaks when no provider is configured', async () => {
    const response = await inject(bare.app, { method: 'GET', url: '/api/speech/config' });
    expect(response.json()).toEqual({ tts: 'browser', transcription: false });
  });
});

describe('POST /api/speech/tts', () => {
  it('streams MP3 for a signed-in user, with the voice of their profile mapped to the provider voice', async () => {
    const { cookie } = voiceUser;
    const text = `Hola, te explico el formulario I-765. ${MARKER}`;
    const first = await tts(ctx.app, { text: `  ${text}  ` }, { cookie });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('audio/mpeg');
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(isMp3(first.rawPayload)).toBe(true);
    // Silent frames of 144 bytes, 36 ms each, for 20 ms a character.
    expect(first.rawPayload.length).toBe(Math.ceil((text.length * 20) / 36) * 144);

    const sent = eleven.requests.at(-1)!;
    expect(sent.voiceId).toBe('EXAVITQu4vr4xnSDxMaL'); // 'custom', the default voice
    expect(sent.query).toEqual({ output_format: 'mp3_44100_128' });
    expect(sent.body).toEqual({ text, model_id: 'eleven_turbo_v2_5', voice_settings: { stability: 0.5, similarity_boost: 0.75 } });
    expect(sent.headers['xi-api-key']).toBe(XI_KEY);
    expect(sent.headers.accept).toBe('audio/mpeg');
    expect(sent.headers['content-type']).toBe('application/json');

    for (const [voiceId, provider] of [
      ['en-male-1', 'pNInz6obpgDQGcFmaJgB'],
      ['es-female', 'SpanishOverride01'], // ELEVENLABS_VOICE_IDS
    ] as const) {
      const patched = await inject(ctx.app, { method: 'PATCH', url: '/api/profile', headers: { cookie }, payload: { voiceId } });
      expect(patched.statusCode).toBe(200);
      const spoken = await tts(ctx.app, { text: 'Con gusto te ayudo.', mode: 'user' }, { cookie });
      expect(spoken.statusCode).toBe(200);
      expect(eleven.requests.at(-1)!.voiceId).toBe(provider);
    }
  });

  it('sends the audio as it arrives and stops the provider when the listener leaves', async () => {
    const { cookie } = user;
    eleven.script([{ kind: 'stall', afterChunks: 1 }]);
    const controller = new AbortController();
    const response = await fetch(`${await address()}/api/speech/tts`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Una respuesta larga que se lee poco a poco, oración por oración.' }),
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const { value } = await reader.read();
    // The first chunk arrives while the provider is still producing the rest.
    expect(isMp3(Buffer.from(value!))).toBe(true);
    expect(eleven.requests.at(-1)!.disconnected).toBe(false);
    controller.abort();
    await expect.poll(() => eleven.requests.at(-1)?.disconnected, { timeout: 3000 }).toBe(true);
  });

  it('stops waiting for the provider when the listener leaves before the audio starts', async () => {
    const { cookie } = user;
    eleven.script([{ kind: 'hang' }]);
    const controller = new AbortController();
    const pending = fetch(`${await address()}/api/speech/tts`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Hola.' }),
      signal: controller.signal,
    }).catch((error: unknown) => error);
    await expect.poll(() => eleven.requests.length, { timeout: 3000 }).toBe(1);
    controller.abort();
    await pending;
    await expect.poll(() => eleven.requests.at(-1)?.disconnected, { timeout: 3000 }).toBe(true);
  });

  it.each([
    ['quota_exceeded', 502, 'TTS_QUOTA', 'Se agotó la cuota del servicio de voz. Por favor, contacta al administrador.', 401],
    ['invalid_key', 502, 'TTS_INVALID_KEY', 'La clave del servicio de voz no es válida. Por favor, contacta al administrador.', 401],
    ['too_long', 422, 'TTS_TOO_LONG', 'El texto es demasiado largo para leerlo en voz alta.', 400],
    ['busy', 503, 'TTS_BUSY', 'El servicio de voz está ocupado. Inténtalo en un momento.', 429],
    ['system_busy', 503, 'TTS_BUSY', 'El servicio de voz está ocupado. Inténtalo en un momento.', 429],
    ['server_error', 502, 'TTS_ERROR', 'No se pudo generar el audio. Por favor, inténtalo de nuevo.', 500],
    ['hang', 502, 'TTS_ERROR', 'No se pudo generar el audio. Por favor, inténtalo de nuevo.', undefined],
  ] as const)('maps ElevenLabs %s to %i %s, logging only the status', async (kind, status, code, message, providerStatus) => {
    const { cookie } = user;
    eleven.script([{ kind }]);
    const before = ctx.logs.length;
    const response = await tts(ctx.app, { text: `Una oración. ${MARKER}` }, { cookie });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error: { code, message } });
    const logged = ctx.logs.slice(before).join('\n');
    expect(logged).toContain('text-to-speech failed');
    if (providerStatus) expect(logged).toContain(`"status":${providerStatus}`);
    expect(logged).not.toContain('credits remaining');
    expect(logged).not.toContain(MARKER);
  });

  it('says when the key is wrong', async () => {
    const wrong = await createTestApp({ ELEVENLABS_API_KEY: 'xi-wrong-key-000', ELEVENLABS_BASE_URL: eleven.url }, ctx.database);
    try {
      const { cookie } = user;
      const response = await tts(wrong.app, { text: 'Hola.' }, { cookie });
      expect(response.statusCode).toBe(502);
      expect(response.json().error.code).toBe('TTS_INVALID_KEY');
      expect(wrong.logs.join('\n')).not.toContain('xi-wrong-key-000');
    } finally {
      await wrong.close();
    }
  });

  it('refuses an empty text and one over 600 characters', async () => {
    const { cookie } = user;
    const long = await tts(ctx.app, { text: 'a'.repeat(601) }, { cookie });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatchObject({ code: 'VALIDATION', message: 'El texto para leer puede tener hasta 600 caracteres.' });
    expect((await tts(ctx.app, { text: 'a'.repeat(600) }, { cookie })).statusCode).toBe(200);
    const blank = await tts(ctx.app, { text: '   ' }, { cookie });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.code).toBe('VALIDATION');
    expect(eleven.requests).toHaveLength(1);
  });

  it('asks an anonymous visitor to sign in', async () => {
    const response = await tts(ctx.app, { text: 'Hola.' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
    expect(eleven.requests).toHaveLength(0);
  });

  it('speaks to a guest only while the demo is in use', async () => {
    const noCookie = await tts(ctx.app, { text: 'Hola.', mode: 'guest' });
    expect(noCookie.statusCode).toBe(403);
    expect(noCookie.json().error).toEqual({
      code: 'SPEECH_NOT_ALLOWED',
      message: 'La voz está disponible durante tu prueba gratuita. Crea tu cuenta gratis para seguir usándola.',
    });
    const forged = await tts(ctx.app, { text: 'Hola.', mode: 'guest' }, { cookie: 'camino.guest=someone-else' });
    expect(forged.statusCode).toBe(403);

    const notStarted = await tts(ctx.app, { text: 'Hola.', mode: 'guest' }, { cookie: await guest(ctx.app, 0) });
    expect(notStarted.statusCode).toBe(403);
    expect(eleven.requests).toHaveLength(0);

    const one = await tts(ctx.app, { text: 'El DACA protege de la deportación.', mode: 'guest' }, { cookie: await guest(ctx.app, 1) });
    expect(one.statusCode).toBe(200);
    expect(isMp3(one.rawPayload)).toBe(true);
    expect(eleven.requests.at(-1)!.voiceId).toBe('EXAVITQu4vr4xnSDxMaL');

    const two = await tts(ctx.app, { text: 'Su última respuesta.', mode: 'guest' }, { cookie: await guest(ctx.app, 2) });
    expect(two.statusCode).toBe(200);
  });

  it("speaks a guest's first answer while it is still streaming, before it counts as used", async () => {
    const cookie = await guest(ctx.app, 0);
    openai.timing({ ttftMs: 1500 });
    const asking = ctx.app.inject({
      method: 'POST',
      url: '/api/assistant/ask',
      headers: { cookie },
      remoteAddress: freshIp(),
      payload: { message: '¿Qué es el DACA?', mode: 'guest' },
    });
    await expect.poll(() => openai.requests.some((r) => r.path === '/v1/chat/completions'), { timeout: 3000 }).toBe(true);
    const during = await tts(ctx.app, { text: 'El DACA es un permiso de trabajo.', mode: 'guest' }, { cookie });
    expect(during.statusCode).toBe(200);
    expect((await asking).body).toContain('event: done');
  });

  it('limits each person to 120 an hour and each address to 300, with a Spanish message', async () => {
    const { cookie, userId } = await signUp(ctx.app);
    await ctx.database.db.execute(
      sql`insert into rate_limits (key, count, window_start, expires_at) values (${`tts:user:${userId}`}, 120, now(), now() + interval '1 hour')`,
    );
    const response = await tts(ctx.app, { text: 'Hola.' }, { cookie });
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBeDefined();
    expect(response.json().error).toEqual({ code: 'RATE_LIMITED', message: 'Usaste la voz muchas veces seguidas. Espera un momento e inténtalo de nuevo.' });

    const other = await signUp(ctx.app);
    await ctx.database.db.execute(
      sql`insert into rate_limits (key, count, window_start, expires_at) values (${'tts:ip:10.70.9.9'}, 300, now(), now() + interval '1 hour')`,
    );
    const byAddress = await tts(ctx.app, { text: 'Hola.' }, { cookie: other.cookie, ip: '10.70.9.9' });
    expect(byAddress.statusCode).toBe(429);
    expect(byAddress.json().error.message).toBe('Demasiadas solicitudes de voz desde esta conexión. Espera un momento e inténtalo de nuevo.');
    expect(eleven.requests).toHaveLength(0);
  });

  it('answers 409 TTS_NOT_CONFIGURED without ElevenLabs, so the browser speaks', async () => {
    const { cookie } = user;
    const response = await tts(bare.app, { text: 'Hola.' }, { cookie });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('TTS_NOT_CONFIGURED');
  });
});

describe('POST /api/speech/transcribe', () => {
  const audio = Buffer.from('1a45dfa3' + '00'.repeat(200), 'hex'); // starts like a WebM file

  it('turns the recorded audio into trimmed text with the configured model', async () => {
    const { cookie } = user;
    const response = await transcribeAudio(ctx.app, audio, { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ text: '¿Cómo renuevo mi permiso de trabajo?' });
    const sent = openai.requests.at(-1)!;
    expect(sent.path).toBe('/v1/audio/transcriptions');
    expect(sent.headers.authorization).toBe(`Bearer ${STT_KEY}`);
    expect(sent.body).toMatchObject({ model: 'whisper-1', language: 'es', file: { filename: 'audio.webm', size: audio.length, contentType: 'audio/webm' } });
  });

  it.each([
    ['audio/ogg', 'audio.ogg'],
    ['audio/mp4', 'audio.mp4'],
    ['audio/mpeg', 'audio.mp3'],
    ['audio/wav', 'audio.wav'],
  ])('accepts %s as %s', async (type, filename) => {
    const { cookie } = user;
    const response = await transcribeAudio(ctx.app, audio, { cookie, type });
    expect(response.statusCode).toBe(200);
    expect((openai.requests.at(-1)!.body as { file: { filename: string } }).file.filename).toBe(filename);
  });

  it('refuses a missing or empty recording, and another content type', async () => {
    const { cookie } = user;
    const missing = await transcribeAudio(ctx.app, undefined, { cookie });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toEqual({ code: 'STT_NO_AUDIO', message: 'No recibimos el audio. Intenta grabar tu pregunta de nuevo.' });
    const empty = await transcribeAudio(ctx.app, Buffer.alloc(0), { cookie });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe('STT_NO_AUDIO');
    const text = await transcribeAudio(ctx.app, Buffer.from('hola'), { cookie, type: 'text/plain' });
    expect(text.statusCode).toBe(400);
    expect(text.json().error.code).toBe('STT_NO_AUDIO');
    const flac = await transcribeAudio(ctx.app, audio, { cookie, type: 'audio/flac' });
    expect(flac.statusCode).toBe(415);
    expect(openai.requests).toHaveLength(0);
  });

  it('refuses a recording over 5 MB with 413', async () => {
    const { cookie } = user;
    const response = await transcribeAudio(ctx.app, Buffer.alloc(5 * 1024 * 1024 + 1), { cookie });
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toEqual({ code: 'STT_AUDIO_TOO_LARGE', message: 'La grabación es demasiado larga. Haz una pregunta más corta.' });
    const atLimit = await transcribeAudio(ctx.app, Buffer.alloc(5 * 1024 * 1024, 1), { cookie });
    expect(atLimit.statusCode).toBe(200);
    // Other speech routes keep the app's JSON limit and message.
    const bigJson = await tts(ctx.app, { text: 'x'.repeat(1024 * 1024 + 10) }, { cookie });
    expect(bigJson.statusCode).toBe(413);
    expect(bigJson.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('says when it heard nothing', async () => {
    const { cookie } = user;
    openai.script([{ kind: 'reply', text: '   ', endpoint: 'transcription' }]);
    const blank = await transcribeAudio(ctx.app, audio, { cookie });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().error).toEqual({ code: 'STT_EMPTY', message: 'No te escuchamos bien. Intenta de nuevo, más cerca del micrófono.' });
    openai.script([{ kind: 'empty', endpoint: 'transcription' }]);
    expect((await transcribeAudio(ctx.app, audio, { cookie })).json().error.code).toBe('STT_EMPTY');
  });

  it.each([
    ['invalid_key', 'API key inválida. Por favor, contacta al administrador.'],
    ['insufficient_quota', 'La cuota de API se ha agotado. Por favor, contacta al administrador.'],
    ['rate_limit', 'Se ha excedido el límite de solicitudes. Por favor, intenta más tarde.'],
    ['server_error', 'Hubo un error al procesar tu pregunta. Por favor, inténtalo de nuevo.'],
  ] as const)('maps a provider %s to 502 STT_ERROR with its Spanish message', async (kind, message) => {
    const { cookie } = user;
    openai.script([{ kind, endpoint: 'transcription' }]);
    const response = await transcribeAudio(ctx.app, audio, { cookie });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ error: { code: 'STT_ERROR', message } });
    expect(ctx.logs.join('\n')).toContain('transcription failed');
  });

  it('lets a guest record only while the demo has questions left', async () => {
    expect((await transcribeAudio(ctx.app, audio, { mode: 'guest' })).statusCode).toBe(403);
    expect((await transcribeAudio(ctx.app, audio, { mode: 'guest', cookie: await guest(ctx.app, 0) })).statusCode).toBe(200);
    expect((await transcribeAudio(ctx.app, audio, { mode: 'guest', cookie: await guest(ctx.app, 1) })).statusCode).toBe(200);
    const done = await transcribeAudio(ctx.app, audio, { mode: 'guest', cookie: await guest(ctx.app, 2) });
    expect(done.statusCode).toBe(403);
    expect(done.json().error.code).toBe('SPEECH_NOT_ALLOWED');
    expect((await transcribeAudio(ctx.app, audio)).statusCode).toBe(401);
  });

  it('is rate limited like text-to-speech', async () => {
    const { cookie, userId } = await signUp(ctx.app);
    await ctx.database.db.execute(
      sql`insert into rate_limits (key, count, window_start, expires_at) values (${`stt:user:${userId}`}, 120, now(), now() + interval '1 hour')`,
    );
    const response = await transcribeAudio(ctx.app, audio, { cookie });
    expect(response.statusCode).toBe(429);
    expect(response.json().error.code).toBe('RATE_LIMITED');
  });

  it('answers 409 STT_NOT_CONFIGURED without a transcription provider', async () => {
    const { cookie } = user;
    const response = await transcribeAudio(bare.app, audio, { cookie });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('STT_NOT_CONFIGURED');
  });
});

describe('secrets and privacy', () => {
  it('never puts a provider key in a response or in the logs, nor the text spoken or heard', async () => {
    const { cookie } = user;
    openai.script([{ kind: 'reply', text: `Pregunta ${MARKER}`, endpoint: 'transcription' }]);
    const heard = await transcribeAudio(ctx.app, Buffer.from('audio'), { cookie });
    expect(heard.json().text).toContain(MARKER);
    expect(responses.length).toBeGreaterThan(30);
    for (const response of responses) {
      const seen = `${JSON.stringify(response.headers)}\n${response.body}`;
      expect(seen).not.toContain(XI_KEY);
      expect(seen).not.toContain(STT_KEY);
    }
    const logs = [...ctx.logs, ...bare.logs].join('\n');
    expect(logs).toContain('"msg":"speaking"');
    expect(logs).toContain('"msg":"transcribed"');
    expect(logs).not.toContain(XI_KEY);
    expect(logs).not.toContain(STT_KEY);
    expect(logs).not.toContain(MARKER);
    expect(logs).not.toContain('Hola, te explico');
    expect(logs).not.toContain('renuevo mi permiso');
  });
});
