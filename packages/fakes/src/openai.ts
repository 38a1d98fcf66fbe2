import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { sendJson, sleep, startHttp, type FakeServer } from './http';

export interface ChatMessage {
  role: string;
  content: string;
}

/**
 * What the next request gets. Each request takes the first queued behavior addressed to its endpoint
 * (`endpoint` defaults to 'chat'); with none queued, a normal answer.
 * - reply: this text instead of the default reply
 * - rate_limit / insufficient_quota / invalid_key / server_error: OpenAI's error for that case
 * - empty: a 200 answer with no content at all
 * - hang: accepts the request and never answers (until the client goes away)
 * - cut: streams the first `afterTokens` tokens (default 1) of the reply, then drops the connection
 */
export type Behavior = (
  | { kind: 'reply'; text: string }
  | { kind: 'rate_limit' }
  | { kind: 'insufficient_quota' }
  | { kind: 'invalid_key' }
  | { kind: 'server_error' }
  | { kind: 'empty' }
  | { kind: 'hang' }
  | { kind: 'cut'; text?: string; afterTokens?: number }
) & { endpoint?: 'chat' | 'transcription' };

export interface RecordedRequest {
  at: number;
  /** '/v1/chat/completions' or '/v1/audio/transcriptions' */
  path: string;
  headers: IncomingHttpHeaders;
  /**
   * The parsed JSON body (chat), or for a transcription the form fields with the file described as
   * { filename, size, contentType } (the audio bytes are not kept).
   */
  body: unknown;
  /** The client went away before the answer was complete (abort, timeout). */
  disconnected: boolean;
}

export interface FakeOpenAIOptions {
  apiKey: string;
  port?: number;
  /** Delay before the first content token (the role chunk goes at once). Default 0. */
  ttftMs?: number;
  /** Token pace; default as fast as possible. */
  tokensPerSecond?: number;
  defaultReply?: (messages: ChatMessage[]) => string;
  /** What /v1/audio/transcriptions answers. */
  transcript?: string;
}

export interface FakeOpenAI extends FakeServer {
  /** Every request received, in order (clients use `${url}/v1` as base URL). */
  requests: RecordedRequest[];
  /** Appends behaviors to the queue. */
  script(behaviors: Behavior[]): void;
  /** Clears the queue and the recorded requests, and restores the starting timing. */
  reset(): void;
  /** Changes the pacing of the next answers. */
  timing(timing: { ttftMs?: number; tokensPerSecond?: number }): void;
}

export const FAKE_OPENAI_DEFAULT_REPLY = 'Con gusto te ayudo con tu pregunta.';
export const FAKE_OPENAI_DEFAULT_TRANSCRIPT = '¿Cómo renuevo mi permiso de trabajo?';

type ErrorBody = { error: { message: string; type: string; param: string | null; code: string | null } };
const errorBody = (message: string, type: string, code: string | null, param: string | null = null): ErrorBody => ({
  error: { message, type, param, code },
});

/** OpenAI shows the first 5 and last 2 characters of a wrong key. */
const maskKey = (key: string) => (key.length >= 8 ? `${key.slice(0, 5)}***${key.slice(-2)}` : '***');

const invalidKey = (key: string) =>
  errorBody(
    `Incorrect API key provided: ${maskKey(key)}. You can find your API key at https://platform.openai.com/account/api-keys.`,
    'invalid_request_error',
    'invalid_api_key',
  );
const rateLimited = (model: string) =>
  errorBody(
    `Rate limit reached for ${model} in organization org-fake on requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in 20s.`,
    'requests',
    'rate_limit_exceeded',
  );
const insufficientQuota = errorBody('You exceeded your current quota, please check your plan and billing details.', 'insufficient_quota', 'insufficient_quota');
const serverError = errorBody('The server had an error while processing your request. Sorry about that!', 'server_error', null);
const invalidFile = errorBody(
  "Invalid file format. Supported formats: ['flac', 'm4a', 'mp3', 'mp4', 'mpeg', 'mpga', 'oga', 'ogg', 'wav', 'webm']",
  'invalid_request_error',
  null,
);

/** Splits a reply into small tokens: words with their trailing spaces and punctuation, long words in 4-character pieces. */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  for (const word of text.match(/\S+\s*|\s+/gu) ?? []) {
    const chars = Array.from(word);
    if (chars.length <= 8) tokens.push(word);
    else for (let i = 0; i < chars.length; i += 4) tokens.push(chars.slice(i, i + 4).join(''));
  }
  return tokens;
}

const approxTokens = (text: string) => Math.ceil(text.length / 4);

interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

/** A minimal multipart/form-data parser (RFC 7578). */
export function parseMultipart(body: Buffer, boundary: string): Part[] {
  const parts: Part[] = [];
  const delimiter = Buffer.from(`--${boundary}`);
  let index = body.indexOf(delimiter);
  while (index !== -1) {
    let cursor = index + delimiter.length;
    if (body[cursor] === 0x2d && body[cursor + 1] === 0x2d) break; // closing delimiter "--boundary--"
    while (body[cursor] === 0x20 || body[cursor] === 0x09) cursor++; // transport padding
    if (body[cursor] === 0x0d && body[cursor + 1] === 0x0a) cursor += 2;
    const headerEnd = body.indexOf('\r\n\r\n', cursor);
    if (headerEnd === -1) break;
    const next = body.indexOf(Buffer.from(`\r\n--${boundary}`), headerEnd + 4);
    if (next === -1) break;
    const headers = new Map<string, string>();
    for (const line of body.subarray(cursor, headerEnd).toString('utf8').split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    const disposition = headers.get('content-disposition') ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    const filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
    if (name !== undefined) {
      parts.push({ name, filename, contentType: headers.get('content-type'), data: body.subarray(headerEnd + 4, next) });
    }
    index = next + 2;
  }
  return parts;
}

/**
 * An OpenAI-compatible API: POST /v1/chat/completions (streamed or not) and POST /v1/audio/transcriptions,
 * with OpenAI's error bodies, plus control endpoints for tests in another process:
 * POST /__control/script {behaviors}, POST /__control/reset, GET /__control/requests,
 * POST /__control/timing {ttftMs, tokensPerSecond}.
 */
export async function startFakeOpenAI(options: FakeOpenAIOptions): Promise<FakeOpenAI> {
  const requests: RecordedRequest[] = [];
  let queue: Behavior[] = [];
  let ttftMs = options.ttftMs ?? 0;
  let tokensPerSecond = options.tokensPerSecond;

  const take = (endpoint: 'chat' | 'transcription'): Behavior | undefined => {
    const index = queue.findIndex((b) => (b.endpoint ?? 'chat') === endpoint);
    return index === -1 ? undefined : queue.splice(index, 1)[0];
  };
  const script = (behaviors: Behavior[]) => void queue.push(...behaviors);
  const reset = () => {
    queue = [];
    requests.length = 0;
    ttftMs = options.ttftMs ?? 0;
    tokensPerSecond = options.tokensPerSecond;
  };
  const timing = (next: { ttftMs?: number; tokensPerSecond?: number }) => {
    if (next.ttftMs !== undefined) ttftMs = Math.max(0, Number(next.ttftMs) || 0);
    if ('tokensPerSecond' in next) tokensPerSecond = next.tokensPerSecond ? Number(next.tokensPerSecond) : undefined;
  };

  const record = (request: IncomingMessage, response: ServerResponse, path: string, body: unknown): RecordedRequest => {
    const entry: RecordedRequest = { at: Date.now(), path, headers: request.headers, body, disconnected: false };
    requests.push(entry);
    response.on('close', () => {
      if (!response.writableFinished) entry.disconnected = true;
    });
    return entry;
  };

  /** The key from the Authorization header, or undefined when it is the right one. */
  const wrongKey = (request: IncomingMessage): string | undefined => {
    const match = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
    const key = match?.[1]?.trim() ?? '';
    return key === options.apiKey ? undefined : key;
  };

  const sendError = (response: ServerResponse, behavior: Behavior, model: string, key: string): boolean => {
    switch (behavior.kind) {
      case 'rate_limit':
        sendJson(response, 429, rateLimited(model), {
          'retry-after': '2',
          'x-ratelimit-limit-requests': '3',
          'x-ratelimit-remaining-requests': '0',
          'x-ratelimit-reset-requests': '20s',
        });
        return true;
      case 'insufficient_quota':
        sendJson(response, 429, insufficientQuota);
        return true;
      case 'invalid_key':
        sendJson(response, 401, invalidKey(key));
        return true;
      case 'server_error':
        sendJson(response, 500, serverError);
        return true;
      case 'hang':
        return true; // never answers; the client's abort (or close()) ends it
      default:
        return false;
    }
  };

  const chatCompletions = async (request: IncomingMessage, raw: Buffer, response: ServerResponse) => {
    let body: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(raw.toString('utf8'));
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
      body = parsed as Record<string, unknown>;
    } catch {
      record(request, response, '/v1/chat/completions', raw.toString('utf8'));
      return sendJson(
        response,
        400,
        errorBody(
          "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON. If you have trouble figuring out how to fix this, please contact us through our help center at help.openai.com.)",
          'invalid_request_error',
          null,
        ),
      );
    }
    const entry = record(request, response, '/v1/chat/completions', body);
    const key = wrongKey(request);
    if (key !== undefined) return sendJson(response, 401, invalidKey(key));
    if (typeof body.model !== 'string' || !body.model) {
      return sendJson(response, 400, errorBody('you must provide a model parameter', 'invalid_request_error', null));
    }
    if (!Array.isArray(body.messages)) {
      return sendJson(response, 400, errorBody("Missing required parameter: 'messages'.", 'invalid_request_error', 'missing_required_parameter', 'messages'));
    }
    const model = body.model;
    const messages = body.messages as ChatMessage[];
    const behavior = take('chat') ?? { kind: 'reply', text: options.defaultReply?.(messages) ?? FAKE_OPENAI_DEFAULT_REPLY };
    if (sendError(response, behavior, model, options.apiKey)) return;

    const text =
      behavior.kind === 'reply'
        ? behavior.text
        : behavior.kind === 'cut'
          ? (behavior.text ?? options.defaultReply?.(messages) ?? FAKE_OPENAI_DEFAULT_REPLY)
          : '';
    const id = `chatcmpl-${randomBytes(15).toString('base64url')}`;
    const created = Math.floor(Date.now() / 1000);
    const usage = {
      prompt_tokens: approxTokens(messages.map((m) => String(m?.content ?? '')).join('\n')),
      completion_tokens: approxTokens(text),
      total_tokens: 0,
      prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
      completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
    };
    usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;
    const headers = { 'x-request-id': `req_${randomBytes(16).toString('hex')}`, 'openai-processing-ms': '42' };

    if (body.stream !== true) {
      if (ttftMs) await sleep(ttftMs);
      if (behavior.kind === 'cut') return void response.destroy();
      return sendJson(
        response,
        200,
        {
          id,
          object: 'chat.completion',
          created,
          model,
          choices: [{ index: 0, message: { role: 'assistant', content: text, refusal: null, annotations: [] }, logprobs: null, finish_reason: 'stop' }],
          usage,
          service_tier: 'default',
          system_fingerprint: 'fp_fake',
        },
        headers,
      );
    }

    const includeUsage = (body.stream_options as { include_usage?: unknown } | undefined)?.include_usage === true;
    const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) => ({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      service_tier: 'default',
      system_fingerprint: 'fp_fake',
      choices,
      ...(includeUsage ? { usage: null } : {}),
      ...extra,
    });
    const gone = () => entry.disconnected || response.destroyed;
    let written = 0;
    /** Writes one event; every other one in two halves (split by bytes, so sometimes inside a UTF-8 character). */
    const write = (bytes: Buffer) => new Promise<void>((resolve) => void response.write(bytes, () => resolve()));
    const send = async (data: string) => {
      const bytes = Buffer.from(`data: ${data}\n\n`, 'utf8');
      if (written++ % 2 === 1) {
        const half = Math.floor(bytes.length / 2);
        await write(bytes.subarray(0, half));
        await sleep(2);
        if (gone()) return;
        await write(bytes.subarray(half));
      } else {
        await write(bytes);
      }
    };
    /** Drops the connection mid-stream, a moment after the last token so the client has read it. */
    const cut = async () => {
      await sleep(20);
      response.destroy();
    };

    response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive', ...headers });
    await send(JSON.stringify(chunk([{ index: 0, delta: { role: 'assistant', content: '', refusal: null }, logprobs: null, finish_reason: null }])));
    const tokens = tokenize(text);
    const limit = behavior.kind === 'cut' ? Math.max(0, behavior.afterTokens ?? 1) : tokens.length;
    if (ttftMs && tokens.length) await sleep(ttftMs);
    for (let i = 0; i < tokens.length; i++) {
      if (gone()) return;
      if (i >= limit) return cut();
      if (i > 0 && tokensPerSecond) await sleep(1000 / tokensPerSecond);
      if (gone()) return;
      await send(JSON.stringify(chunk([{ index: 0, delta: { content: tokens[i] }, logprobs: null, finish_reason: null }])));
    }
    if (gone()) return;
    if (behavior.kind === 'cut') return cut();
    await send(JSON.stringify(chunk([{ index: 0, delta: {}, logprobs: null, finish_reason: 'stop' }])));
    if (includeUsage) await send(JSON.stringify(chunk([], { usage })));
    if (gone()) return;
    await send('[DONE]');
    response.end();
  };

  const transcriptions = async (request: IncomingMessage, raw: Buffer, response: ServerResponse) => {
    const contentType = request.headers['content-type'] ?? '';
    const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
    const parts = /^multipart\/form-data/i.test(contentType) && boundary ? parseMultipart(raw, boundary[1] ?? boundary[2]!) : [];
    const fields: Record<string, unknown> = {};
    for (const part of parts) {
      fields[part.name] =
        part.filename !== undefined || part.name === 'file'
          ? { filename: part.filename ?? null, size: part.data.length, contentType: part.contentType ?? null }
          : part.data.toString('utf8');
    }
    record(request, response, '/v1/audio/transcriptions', fields);
    const key = wrongKey(request);
    if (key !== undefined) return sendJson(response, 401, invalidKey(key));
    if (!/^multipart\/form-data/i.test(contentType)) {
      return sendJson(
        response,
        400,
        errorBody(
          `Invalid Content-Type header (${contentType || 'none'}), expected multipart/form-data. (HINT: If you're using curl, you can pass -H 'Content-Type: multipart/form-data')`,
          'invalid_request_error',
          null,
        ),
      );
    }
    const behavior = take('transcription');
    if (behavior && sendError(response, behavior, String(fields.model ?? 'whisper-1'), options.apiKey)) return;
    const file = parts.find((p) => p.name === 'file');
    if (!file || file.data.length === 0) return sendJson(response, 400, invalidFile);
    if (typeof fields.model !== 'string' || !fields.model) {
      return sendJson(response, 400, errorBody('you must provide a model parameter', 'invalid_request_error', null));
    }
    if (ttftMs) await sleep(ttftMs);
    const text = behavior?.kind === 'empty' ? '' : behavior?.kind === 'reply' ? behavior.text : (options.transcript ?? FAKE_OPENAI_DEFAULT_TRANSCRIPT);
    if (fields.response_format === 'text') {
      response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      return void response.end(`${text}\n`);
    }
    sendJson(response, 200, { text, usage: { type: 'duration', seconds: 3 } });
  };

  const control = (request: IncomingMessage, raw: Buffer, response: ServerResponse, path: string) => {
    const json = (): Record<string, unknown> => {
      try {
        const parsed: unknown = JSON.parse(raw.toString('utf8') || '{}');
        return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
      } catch {
        return {};
      }
    };
    if (request.method === 'POST' && path === '/__control/script') {
      const behaviors = json().behaviors;
      if (!Array.isArray(behaviors)) return sendJson(response, 400, { error: 'expected {"behaviors": [...]}' });
      script(behaviors as Behavior[]);
      return sendJson(response, 200, { queued: queue.length });
    }
    if (request.method === 'POST' && path === '/__control/reset') {
      reset();
      return sendJson(response, 200, { ok: true });
    }
    if (request.method === 'GET' && path === '/__control/requests')
      return sendJson(
        response,
        200,
        requests.map((r) => r.body),
      );
    if (request.method === 'POST' && path === '/__control/timing') {
      timing(json() as { ttftMs?: number; tokensPerSecond?: number });
      return sendJson(response, 200, { ttftMs, tokensPerSecond: tokensPerSecond ?? null });
    }
    sendJson(response, 404, { error: `unknown control endpoint ${request.method} ${path}` });
  };

  const server = await startHttp(async (request, raw, response) => {
    const path = (request.url ?? '/').split('?')[0]!;
    if (path.startsWith('/__control/')) return control(request, raw, response, path);
    if (request.method === 'POST' && path === '/v1/chat/completions') return chatCompletions(request, raw, response);
    if (request.method === 'POST' && path === '/v1/audio/transcriptions') return transcriptions(request, raw, response);
    sendJson(response, 404, errorBody(`Invalid URL (${request.method} ${path})`, 'invalid_request_error', null));
  }, options.port);

  return { url: server.url, close: server.close, requests, script, reset, timing };
}
