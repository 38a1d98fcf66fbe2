import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { sendJson, sleep, startHttp, type FakeServer } from './http';

/**
 * What the next text-to-speech request gets (first queued first); with none queued, audio. A behavior
 * with `text` is kept for the request of exactly that text (clients ask for several sentences at once,
 * so the order in which they arrive is not the order of the sentences).
 * - quota_exceeded: 401 (ElevenLabs' status for it, not 429) quota_exceeded
 * - invalid_key: 401 invalid_api_key, whatever the key
 * - too_long: 400 max_character_limit_exceeded, whatever the length
 * - busy: 429 too_many_concurrent_requests; system_busy: 429 system_busy
 * - server_error: 500
 * - hang: accepts the request and never answers (until the client goes away)
 * - stall: answers 200 and sends the first `afterChunks` chunks of audio (default 1), then nothing more
 *   (until the client goes away)
 * - slow: the audio, with `chunkDelayMs` between two chunks (a voice that streams slowly)
 */
export type ElevenLabsBehavior = { text?: string } & (
  | { kind: 'quota_exceeded' }
  | { kind: 'invalid_key' }
  | { kind: 'too_long' }
  | { kind: 'busy' }
  | { kind: 'system_busy' }
  | { kind: 'server_error' }
  | { kind: 'hang' }
  | { kind: 'stall'; afterChunks?: number }
  | { kind: 'slow'; chunkDelayMs: number }
);

export interface ElevenLabsRequest {
  at: number;
  /** The {voice_id} of the path. */
  voiceId: string;
  /** output_format and other query parameters. */
  query: Record<string, string>;
  /** The parsed JSON body (the raw text when it is not JSON). */
  body: unknown;
  headers: IncomingHttpHeaders;
  /** The client went away before the answer was complete (abort, timeout). */
  disconnected: boolean;
}

export interface FakeElevenLabsOptions {
  apiKey: string;
  port?: number;
  /** Delay before the first audio byte. Default 0. */
  firstByteMs?: number;
  /** Audio duration per character of text, in ms. Default 20. */
  msPerChar?: number;
  /** Pause between two chunks of audio. Default 5. */
  chunkDelayMs?: number;
}

export interface FakeElevenLabs extends FakeServer {
  /** Every text-to-speech request received, in order (clients use `url` as base URL). */
  requests: ElevenLabsRequest[];
  /** Appends behaviors to the queue. */
  script(behaviors: ElevenLabsBehavior[]): void;
  /** Clears the queue and the recorded requests. */
  reset(): void;
}

/** ElevenLabs' limit for one request with the turbo and flash models. */
export const ELEVENLABS_MAX_CHARS = 5000;
export const ELEVENLABS_MODELS = [
  'eleven_turbo_v2_5',
  'eleven_flash_v2_5',
  'eleven_multilingual_v2',
  'eleven_v3',
  'eleven_turbo_v2',
  'eleven_flash_v2',
  'eleven_monolingual_v1',
  'eleven_multilingual_v1',
] as const;

/**
 * One silent MPEG-1 Layer III frame: 32 kHz, mono, 32 kbit/s, no CRC, no padding. 144 bytes
 * (144 × 32000 / 32000), 1152 samples = 36 ms. All-zero side information: no main data, silence.
 */
export const SILENT_MP3_FRAME: Buffer = (() => {
  const frame = Buffer.alloc(144);
  frame.set([0xff, 0xfb, 0x18, 0xc0]);
  return frame;
})();
export const SILENT_MP3_FRAME_MS = 36;

/** Silent MP3 of about `durationMs` (at least 3 frames). */
export function silentMp3(durationMs: number): Buffer {
  const frames = Math.max(3, Math.ceil(durationMs / SILENT_MP3_FRAME_MS));
  return Buffer.concat(Array.from({ length: frames }, () => SILENT_MP3_FRAME));
}

const detail = (status: string, message: string) => ({ detail: { status, message } });
const invalidKey = detail('invalid_api_key', 'Invalid API key');
const quotaExceeded = detail(
  'quota_exceeded',
  'This request exceeds your quota of 10000. You have 0 credits remaining, while 120 credits are required for this request.',
);
const tooLong = (length: number) =>
  detail(
    'max_character_limit_exceeded',
    `You are sending ${length} characters in a single request, which exceeds the maximum of ${ELEVENLABS_MAX_CHARS} characters. Please split your text into smaller requests.`,
  );
const concurrent = detail(
  'too_many_concurrent_requests',
  'Too many concurrent requests. Your current subscription is associated with a maximum of 2 concurrent requests running in parallel.',
);
const systemBusy = detail('system_busy', 'We are experiencing heavy traffic, please try again later.');
const serverError = detail('internal_server_error', 'An internal server error occurred.');
/** FastAPI's validation error (422), as ElevenLabs answers a malformed body. */
const invalidField = (loc: string[], type: string, msg: string, input: unknown) => ({ detail: [{ type, loc, msg, input }] });

/**
 * ElevenLabs' streaming text-to-speech: POST /v1/text-to-speech/{voice_id}/stream (header xi-api-key,
 * JSON body {text, model_id, voice_settings}) answering audio/mpeg in several chunks, with ElevenLabs'
 * error bodies `{"detail":{"status","message"}}`. Control endpoints for tests in another process:
 * POST /__control/script {behaviors}, POST /__control/reset, GET /__control/requests.
 */
export async function startFakeElevenLabs(options: FakeElevenLabsOptions): Promise<FakeElevenLabs> {
  const requests: ElevenLabsRequest[] = [];
  let queue: ElevenLabsBehavior[] = [];
  const firstByteMs = options.firstByteMs ?? 0;
  const msPerChar = options.msPerChar ?? 20;
  const chunkDelayMs = options.chunkDelayMs ?? 5;

  const script = (behaviors: ElevenLabsBehavior[]) => void queue.push(...behaviors);
  const reset = () => {
    queue = [];
    requests.length = 0;
  };

  const textToSpeech = async (request: IncomingMessage, raw: Buffer, response: ServerResponse, voiceId: string, query: URLSearchParams) => {
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      body = raw.toString('utf8');
    }
    const entry: ElevenLabsRequest = { at: Date.now(), voiceId, query: Object.fromEntries(query), body, headers: request.headers, disconnected: false };
    requests.push(entry);
    response.on('close', () => {
      if (!response.writableFinished) entry.disconnected = true;
    });
    const gone = () => entry.disconnected || response.destroyed;

    if (request.headers['xi-api-key'] !== options.apiKey) return sendJson(response, 401, invalidKey);
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      return sendJson(response, 422, invalidField(['body'], 'json_invalid', 'JSON decode error', raw.toString('utf8').slice(0, 100)));
    }
    const fields = body as Record<string, unknown>;
    if (typeof fields.text !== 'string') return sendJson(response, 422, invalidField(['body', 'text'], 'missing', 'Field required', fields));
    if (fields.model_id !== undefined && typeof fields.model_id !== 'string') {
      return sendJson(response, 422, invalidField(['body', 'model_id'], 'string_type', 'Input should be a valid string', fields.model_id));
    }
    const model = (fields.model_id as string | undefined) ?? 'eleven_multilingual_v2';
    if (!(ELEVENLABS_MODELS as readonly string[]).includes(model)) {
      return sendJson(response, 400, detail('invalid_model_id', `A model with model ID ${model} does not exist.`));
    }
    const settings = fields.voice_settings as Record<string, unknown> | undefined | null;
    for (const name of ['stability', 'similarity_boost'] as const) {
      const value = settings?.[name];
      if (value !== undefined && (typeof value !== 'number' || value < 0 || value > 1)) {
        return sendJson(response, 422, invalidField(['body', 'voice_settings', name], 'less_than_equal', 'Input should be a number from 0 to 1', value));
      }
    }
    const format = query.get('output_format') ?? 'mp3_44100_128';
    if (!/^mp3_\d+_\d+$/.test(format)) return sendJson(response, 400, detail('invalid_output_format', `This fake only answers MP3, not ${format}.`));
    const text = fields.text;
    if (!text.trim()) return sendJson(response, 400, detail('invalid_text', 'The text must not be empty.'));
    if (text.length > ELEVENLABS_MAX_CHARS) return sendJson(response, 400, tooLong(text.length));

    const index = queue.findIndex((queued) => queued.text === undefined || queued.text === text);
    const behavior = index < 0 ? undefined : queue.splice(index, 1)[0];
    switch (behavior?.kind) {
      case 'quota_exceeded':
        return sendJson(response, 401, quotaExceeded);
      case 'invalid_key':
        return sendJson(response, 401, invalidKey);
      case 'too_long':
        return sendJson(response, 400, tooLong(text.length));
      case 'busy':
        return sendJson(response, 429, concurrent);
      case 'system_busy':
        return sendJson(response, 429, systemBusy);
      case 'server_error':
        return sendJson(response, 500, serverError);
      case 'hang':
        return; // never answers; the client's abort (or close()) ends it
    }

    const audio = silentMp3(msPerChar * text.length);
    const frames = audio.length / SILENT_MP3_FRAME.length;
    // At least 4 chunks when there are 4 frames, at most 16 frames (2304 bytes) each.
    const perChunk = Math.min(16, Math.max(1, Math.ceil(frames / 4)));
    const chunks: Buffer[] = [];
    for (let i = 0; i < frames; i += perChunk)
      chunks.push(audio.subarray(i * SILENT_MP3_FRAME.length, Math.min(frames, i + perChunk) * SILENT_MP3_FRAME.length));

    response.writeHead(200, {
      'content-type': 'audio/mpeg',
      'request-id': randomBytes(10).toString('hex'),
      'history-item-id': randomBytes(10).toString('base64url'),
      'character-cost': String(text.length),
    });
    response.flushHeaders();
    if (firstByteMs) await sleep(firstByteMs);
    const stallAfter = behavior?.kind === 'stall' ? Math.max(0, behavior.afterChunks ?? 1) : Infinity;
    const delay = behavior?.kind === 'slow' ? behavior.chunkDelayMs : chunkDelayMs;
    for (let i = 0; i < chunks.length; i++) {
      if (gone()) return;
      if (i >= stallAfter) return; // keeps the connection open without sending more
      if (i > 0 && delay) await sleep(delay);
      if (gone()) return;
      await new Promise<void>((resolve) => void response.write(chunks[i], () => resolve()));
    }
    if (!gone()) response.end();
  };

  const control = (request: IncomingMessage, raw: Buffer, response: ServerResponse, path: string) => {
    if (request.method === 'POST' && path === '/__control/script') {
      let behaviors: unknown;
      try {
        behaviors = (JSON.parse(raw.toString('utf8') || '{}') as { behaviors?: unknown }).behaviors;
      } catch {
        behaviors = undefined;
      }
      if (!Array.isArray(behaviors)) return sendJson(response, 400, { error: 'expected {"behaviors": [...]}' });
      script(behaviors as ElevenLabsBehavior[]);
      return sendJson(response, 200, { queued: queue.length });
    }
    if (request.method === 'POST' && path === '/__control/reset') {
      reset();
      return sendJson(response, 200, { ok: true });
    }
    if (request.method === 'GET' && path === '/__control/requests') {
      return sendJson(
        response,
        200,
        requests.map((r) => ({ voiceId: r.voiceId, query: r.query, body: r.body })),
      );
    }
    sendJson(response, 404, { error: `unknown control endpoint ${request.method} ${path}` });
  };

  const server = await startHttp(async (request, raw, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const path = url.pathname;
    if (path.startsWith('/__control/')) return control(request, raw, response, path);
    const match = /^\/v1\/text-to-speech\/([^/]+)\/stream$/.exec(path);
    if (request.method === 'POST' && match) return textToSpeech(request, raw, response, decodeURIComponent(match[1]!), url.searchParams);
    sendJson(response, 404, { detail: 'Not Found' });
  }, options.port);

  return { url: server.url, close: server.close, requests, script, reset };
}
