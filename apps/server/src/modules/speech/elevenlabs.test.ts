import { existsSync } from 'node:fs';
import { SILENT_MP3_FRAME, silentMp3, startFakeElevenLabs, type FakeElevenLabs } from '@camino/fakes';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { speak, TtsError, ttsHttpError, type ElevenLabsSettings } from './elevenlabs';

const KEY = 'xi-test-0123456789abcdef';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let fake: FakeElevenLabs;
let settings: ElevenLabsSettings;
beforeAll(async () => {
  fake = await startFakeElevenLabs({ apiKey: KEY, msPerChar: 20 });
  settings = { baseUrl: fake.url, apiKey: KEY, model: 'eleven_turbo_v2_5', timeoutMs: 1000 };
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

async function bytes(stream: ReadableStream<Uint8Array>): Promise<{ data: Buffer; chunks: number }> {
  const parts: Uint8Array[] = [];
  for await (const part of stream as unknown as AsyncIterable<Uint8Array>) parts.push(part);
  return { data: Buffer.concat(parts), chunks: parts.length };
}

async function failure(work: Promise<unknown>): Promise<TtsError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof TtsError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

/** A raw call to the fake, as any client would make it. */
function post(path: string, body: unknown, key = KEY) {
  return fetch(`${fake.url}${path}`, { method: 'POST', headers: { 'xi-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

describe('speak() against the fake ElevenLabs', () => {
  it('streams MP3 frames in several chunks, as long as the text takes to say', async () => {
    const text = 'Claro, con gusto te explico cómo renovar tu permiso de trabajo.';
    const { data, chunks } = await bytes(await speak(settings, { text, voiceId: 'voice123' }));
    expect(chunks).toBeGreaterThanOrEqual(4);
    const frames = Math.ceil((text.length * 20) / 36);
    expect(data.length).toBe(frames * 144);
    for (let i = 0; i < frames; i++) expect(data.subarray(i * 144, i * 144 + 4)).toEqual(Buffer.from([0xff, 0xfb, 0x18, 0xc0]));
    expect(fake.requests[0]).toMatchObject({ voiceId: 'voice123', query: { output_format: 'mp3_44100_128' } });
  });

  it.each([
    [401, 'invalid_api_key', 'invalid_key'],
    [401, 'quota_exceeded', 'quota'],
    [400, 'max_character_limit_exceeded', 'too_long'],
    [429, 'too_many_concurrent_requests', 'busy'],
    [429, 'system_busy', 'busy'],
    [429, undefined, 'busy'],
    [401, undefined, 'invalid_key'],
    [500, undefined, 'other'],
    [503, 'service_unavailable', 'other'],
    [422, undefined, 'other'],
  ] as const)('maps HTTP %i %s to %s', (status, providerStatus, kind) => {
    const error = ttsHttpError(status, providerStatus);
    expect(error.kind).toBe(kind);
    expect(error.status).toBe(status);
  });

  it('reads the provider status of an error body, and nothing else of it', async () => {
    const error = await failure(speak({ ...settings, apiKey: 'xi-wrong' }, { text: 'Hola.', voiceId: 'v' }));
    expect(error).toMatchObject({ kind: 'invalid_key', status: 401, providerStatus: 'invalid_api_key', detail: 'HTTP 401 invalid_api_key' });
    fake.script([{ kind: 'quota_exceeded' }]);
    const quota = await failure(speak(settings, { text: 'Hola.', voiceId: 'v' }));
    expect(quota).toMatchObject({ kind: 'quota', status: 401, providerStatus: 'quota_exceeded' });
    expect(quota.message).not.toContain('credits');
  });

  it('the fake keeps a behavior bound to a text for the request of that text, whatever arrives first', async () => {
    fake.script([{ kind: 'quota_exceeded', text: 'Segunda.' }]);
    const first = await bytes(await speak(settings, { text: 'Primera.', voiceId: 'v' }));
    expect(first.data.length).toBeGreaterThan(0);
    expect(await failure(speak(settings, { text: 'Segunda.', voiceId: 'v' }))).toMatchObject({ kind: 'quota' });
    await bytes(await speak(settings, { text: 'Segunda.', voiceId: 'v' }));
  });

  it('gives up on a provider that does not answer, and on one that stops mid-audio', async () => {
    fake.script([{ kind: 'hang' }]);
    const started = Date.now();
    const hung = await failure(speak(settings, { text: 'Hola.', voiceId: 'v' }));
    expect(hung).toMatchObject({ kind: 'other', detail: 'timeout after 1000 ms' });
    expect(Date.now() - started).toBeLessThan(3000);

    fake.script([{ kind: 'stall', afterChunks: 1 }]);
    const stream = await speak(settings, { text: 'Una respuesta un poco más larga que se corta.', voiceId: 'v' });
    const stalled = await bytes(stream).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(stalled).toBeInstanceOf(TtsError);
    expect(stalled).toMatchObject({ detail: 'timeout after 1000 ms' });
    await expect.poll(() => fake.requests.at(-1)?.disconnected, { timeout: 3000 }).toBe(true);
  });

  it("rethrows the caller's abort and stops the request", async () => {
    fake.script([{ kind: 'hang' }]);
    const controller = new AbortController();
    const pending = speak(settings, { text: 'Hola.', voiceId: 'v' }, controller.signal).catch((error: unknown) => error);
    await expect.poll(() => fake.requests.length).toBe(1);
    controller.abort(new Error('client left'));
    expect(await pending).toMatchObject({ message: 'client left' });
    await expect.poll(() => fake.requests[0]?.disconnected, { timeout: 3000 }).toBe(true);
  });

  it('says when the provider cannot be reached', async () => {
    const closed = await startFakeElevenLabs({ apiKey: KEY });
    await closed.close();
    const error = await failure(speak({ ...settings, baseUrl: closed.url }, { text: 'Hola.', voiceId: 'v' }));
    expect(error.kind).toBe('other');
    expect(error.detail).toMatch(/^network /);
  });
});

describe('the fake ElevenLabs wire format', () => {
  it("answers ElevenLabs' error bodies", async () => {
    const wrongKey = await post('/v1/text-to-speech/v/stream', { text: 'Hola', model_id: 'eleven_turbo_v2_5' }, 'nope');
    expect(wrongKey.status).toBe(401);
    expect(await wrongKey.json()).toEqual({ detail: { status: 'invalid_api_key', message: 'Invalid API key' } });

    const long = await post('/v1/text-to-speech/v/stream', { text: 'a'.repeat(5001), model_id: 'eleven_turbo_v2_5' });
    expect(long.status).toBe(400);
    expect((await long.json()).detail.status).toBe('max_character_limit_exceeded');
    expect((await post('/v1/text-to-speech/v/stream', { text: 'a'.repeat(5000), model_id: 'eleven_turbo_v2_5' })).status).toBe(200);

    const missing = await post('/v1/text-to-speech/v/stream', { model_id: 'eleven_turbo_v2_5' });
    expect(missing.status).toBe(422);
    expect((await missing.json()).detail[0]).toMatchObject({ type: 'missing', loc: ['body', 'text'] });
    expect((await post('/v1/text-to-speech/v/stream', { text: 'Hola', model_id: 'gpt-4o' })).status).toBe(400);
    expect((await post('/v1/text-to-speech/v/stream', { text: 'Hola', voice_settings: { stability: 2 } })).status).toBe(422);

    fake.script([{ kind: 'quota_exceeded' }, { kind: 'busy' }, { kind: 'system_busy' }, { kind: 'server_error' }]);
    const quota = await post('/v1/text-to-speech/v/stream', { text: 'Hola' });
    expect(quota.status).toBe(401);
    expect(await quota.json()).toEqual({
      detail: {
        status: 'quota_exceeded',
        message: 'This request exceeds your quota of 10000. You have 0 credits remaining, while 120 credits are required for this request.',
      },
    });
    const busy = await post('/v1/text-to-speech/v/stream', { text: 'Hola' });
    expect([busy.status, (await busy.json()).detail.status]).toEqual([429, 'too_many_concurrent_requests']);
    const systemBusy = await post('/v1/text-to-speech/v/stream', { text: 'Hola' });
    expect([systemBusy.status, (await systemBusy.json()).detail.status]).toEqual([429, 'system_busy']);
    expect((await post('/v1/text-to-speech/v/stream', { text: 'Hola' })).status).toBe(500);
  });

  it('answers audio/mpeg with the request and history ids', async () => {
    const response = await post('/v1/text-to-speech/v/stream?output_format=mp3_44100_128', { text: 'Hola', model_id: 'eleven_turbo_v2_5' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    expect(response.headers.get('request-id')).toBeTruthy();
    expect(response.headers.get('history-item-id')).toBeTruthy();
    // 4 characters × 20 ms is 80 ms: still at least 3 frames.
    expect(Buffer.from(await response.arrayBuffer())).toEqual(Buffer.concat([SILENT_MP3_FRAME, SILENT_MP3_FRAME, SILENT_MP3_FRAME]));
  });

  it('has control endpoints for tests in another process', async () => {
    const scripted = await fetch(`${fake.url}/__control/script`, { method: 'POST', body: JSON.stringify({ behaviors: [{ kind: 'busy' }] }) });
    expect(await scripted.json()).toEqual({ queued: 1 });
    expect((await post('/v1/text-to-speech/abc/stream', { text: 'Hola' })).status).toBe(429);
    const requests = await (await fetch(`${fake.url}/__control/requests`)).json();
    expect(requests).toEqual([{ voiceId: 'abc', query: {}, body: { text: 'Hola' } }]);
    await fetch(`${fake.url}/__control/reset`, { method: 'POST' });
    expect(fake.requests).toHaveLength(0);
  });
});

describe.skipIf(!existsSync(CHROMIUM))('the fake MP3 in a browser', () => {
  it('plays to the end in Chromium, for as long as it says', async () => {
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--autoplay-policy=no-user-gesture-required', '--disable-gpu', '--disable-background-networking'],
    });
    try {
      const page = await browser.newPage();
      await page.setContent('<!doctype html><audio id="player"></audio>');
      const audio = silentMp3(1000); // 28 frames: 1.008 s
      const result = await page.evaluate(async (base64) => {
        const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const player = document.getElementById('player') as HTMLAudioElement;
        player.src = URL.createObjectURL(new Blob([data], { type: 'audio/mpeg' }));
        return new Promise<{ ended: boolean; duration: number; error?: number }>((resolve) => {
          const timer = setTimeout(() => resolve({ ended: false, duration: player.duration }), 10_000);
          player.onerror = () => {
            clearTimeout(timer);
            resolve({ ended: false, duration: player.duration, error: player.error?.code });
          };
          player.onended = () => {
            clearTimeout(timer);
            resolve({ ended: true, duration: player.duration });
          };
          void player.play().catch(() => {});
        });
      }, audio.toString('base64'));
      expect(result.error).toBeUndefined();
      expect(result.ended).toBe(true);
      expect(result.duration).toBeGreaterThan(0.9);
      expect(result.duration).toBeLessThan(1.2);
    } finally {
      await browser.close();
    }
  }, 30_000);
});
