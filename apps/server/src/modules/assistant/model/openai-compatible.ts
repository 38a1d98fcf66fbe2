// Any OpenAI-compatible chat-completions endpoint (OpenAI, Azure OpenAI, Ollama, vLLM, LM Studio, ...)
// over plain fetch, streamed. Retry rules and user messages: product spec sections 8 and 9, decision D3.

import { createParser } from 'eventsource-parser';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ModelSettings {
  /** e.g. https://api.openai.com/v1 */
  baseUrl: string;
  apiKey: string;
  model: string;
  temperature: number;
  maxTokens: number;
  /** At most this many attempts (spec: 3). */
  maxAttempts: number;
  /** Wait after a 429 before the next attempt (spec: 2000 ms). */
  rateLimitWaitMs: number;
  /** Bounds the wait for the response headers and each gap between chunks. */
  timeoutMs: number;
}

export type ModelErrorKind = 'invalid_key' | 'insufficient_quota' | 'rate_limited' | 'empty' | 'other';

export const MODEL_MESSAGES: Record<ModelErrorKind, string> = {
  invalid_key: 'API key inválida. Por favor, contacta al administrador.',
  insufficient_quota: 'La cuota de API se ha agotado. Por favor, contacta al administrador.',
  rate_limited: 'Se ha excedido el límite de solicitudes. Por favor, intenta más tarde.',
  empty: 'No se recibió respuesta del modelo de lenguaje. Por favor, inténtalo de nuevo.',
  other: 'Hubo un error al procesar tu pregunta. Por favor, inténtalo de nuevo.',
};

/**
 * A model failure; `message` is the user-facing Spanish text. `detail` says what happened for logs
 * (HTTP status and provider code, timeout, network error code); it never holds the API key or the
 * provider's message (which can echo part of the key).
 */
export class ModelError extends Error {
  override readonly name = 'ModelError';
  readonly kind: ModelErrorKind;
  readonly status: number | undefined;
  readonly detail: string;

  constructor(kind: ModelErrorKind, detail: string, status?: number) {
    super(MODEL_MESSAGES[kind]);
    this.kind = kind;
    this.detail = detail;
    this.status = status;
  }
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

interface ProviderError {
  code?: unknown;
  type?: unknown;
}

/** Maps an HTTP failure (status and OpenAI error body) to a ModelError. */
function httpError(status: number, error: ProviderError | undefined): ModelError {
  const code = typeof error?.code === 'string' ? error.code : undefined;
  const type = typeof error?.type === 'string' ? error.type : undefined;
  const detail = `HTTP ${status}${code ? ` ${code}` : type ? ` ${type}` : ''}`;
  if (status === 401 || code === 'invalid_api_key') return new ModelError('invalid_key', detail, status);
  if (code === 'insufficient_quota' || type === 'insufficient_quota') return new ModelError('insufficient_quota', detail, status);
  if (status === 429) return new ModelError('rate_limited', detail, status);
  return new ModelError('other', detail, status);
}

async function readError(response: Response): Promise<ProviderError | undefined> {
  try {
    const text = await response.text();
    const parsed = JSON.parse(text) as { error?: unknown };
    return parsed && typeof parsed.error === 'object' && parsed.error ? (parsed.error as ProviderError) : undefined;
  } catch {
    return undefined;
  }
}

const abortReason = (signal: AbortSignal): unknown => signal.reason ?? new DOMException('This operation was aborted', 'AbortError');

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  if (cause && typeof cause.code === 'string') return `network ${cause.code}`;
  return error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error';
}

/**
 * A per-attempt watchdog: an AbortController that a timer aborts after `timeoutMs` of waiting on the
 * network, joined with the caller's signal. The timer only runs while armed, so a slow consumer of the
 * stream does not count against the model.
 */
function watchdog(timeoutMs: number, signal: AbortSignal | undefined) {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const state = {
    timedOut: false,
    signal: signal ? AbortSignal.any([signal, controller.signal]) : controller.signal,
    async guard<T>(work: Promise<T>): Promise<T> {
      clearTimeout(timer);
      timer = setTimeout(() => {
        state.timedOut = true;
        controller.abort(new DOMException('The model did not answer in time', 'TimeoutError'));
      }, timeoutMs);
      try {
        return await work;
      } finally {
        clearTimeout(timer);
      }
    },
    /** Turns any failure into a ModelError, except the caller's abort, which is rethrown as is. */
    fail(error: unknown): unknown {
      if (signal?.aborted) return abortReason(signal);
      if (error instanceof ModelError) return error;
      return new ModelError('other', state.timedOut ? `timeout after ${timeoutMs} ms` : describe(error));
    },
    /** Stops the request (and its body) if it is still running. */
    close() {
      clearTimeout(timer);
      controller.abort();
    },
  };
  return state;
}

interface Chunk {
  choices?: Array<{ delta?: { content?: unknown }; message?: { content?: unknown } }>;
  error?: ProviderError;
}

/** One request: yields the text deltas; ends normally with or without content; throws ModelError or the caller's abort. */
async function* attempt(settings: ModelSettings, messages: ChatMessage[], signal: AbortSignal | undefined): AsyncGenerator<string> {
  const dog = watchdog(settings.timeoutMs, signal);
  try {
    const response = await dog.guard(
      fetch(`${trimSlash(settings.baseUrl)}/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${settings.apiKey}`, 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({
          model: settings.model,
          messages,
          temperature: settings.temperature,
          max_tokens: settings.maxTokens,
          stream: true,
        }),
        signal: dog.signal,
      }),
    );
    if (!response.ok) throw httpError(response.status, await dog.guard(readError(response)));

    const contentType = response.headers.get('content-type') ?? '';
    if (contentType.includes('application/json')) {
      // A server that ignored stream: true answers with a whole completion.
      const completion = (await dog.guard(response.json())) as Chunk;
      if (completion.error) throw httpError(response.status, completion.error);
      const content = completion.choices?.[0]?.message?.content;
      if (typeof content === 'string' && content) yield content;
      return;
    }
    if (!response.body) return;

    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    // Events completed by each read (eventsource-parser); `reset({ consume: true })` at the end of the
    // stream keeps a last event that lacks its blank line.
    const events: string[] = [];
    const parser = createParser({ onEvent: (event) => events.push(event.data) });
    for (;;) {
      const { done, value } = await dog.guard(reader.read());
      if (done) {
        parser.feed(decoder.decode());
        parser.reset({ consume: true });
      } else parser.feed(decoder.decode(value, { stream: true }));
      for (const data of events.splice(0)) {
        if (data.trim() === '[DONE]') return;
        let chunk: Chunk;
        try {
          chunk = JSON.parse(data) as Chunk;
        } catch {
          continue; // not JSON: ignore, as OpenAI's own clients do for unknown lines
        }
        if (chunk.error) throw httpError(response.status, chunk.error);
        const content = chunk.choices?.[0]?.delta?.content;
        if (typeof content === 'string' && content) yield content;
      }
      if (done) return;
    }
  } catch (error) {
    throw dog.fail(error);
  } finally {
    dog.close();
  }
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal!));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Yields the reply's text deltas as they arrive.
 *
 * At most `maxAttempts` attempts: a 429 other than insufficient_quota waits `rateLimitWaitMs` then
 * retries; an empty reply retries at once; anything else throws at once. Once text has been yielded
 * nothing is retried. Failures throw a ModelError whose message is the spec's Spanish text; an abort of
 * `signal` stops the request and rethrows the abort reason (an AbortError by default).
 */
export async function* streamChat(settings: ModelSettings, messages: ChatMessage[], signal?: AbortSignal): AsyncGenerator<string> {
  const attempts = Math.max(1, Math.floor(settings.maxAttempts));
  for (let number = 1; ; number++) {
    const last = number >= attempts;
    if (signal?.aborted) throw abortReason(signal);
    let yielded = false;
    // Whitespace before the first real text is held back, so a blank reply counts as empty.
    let pending = '';
    try {
      for await (const delta of attempt(settings, messages, signal)) {
        if (!yielded && !(pending + delta).trim()) {
          pending += delta;
          continue;
        }
        const text = yielded ? delta : pending + delta;
        yielded = true;
        yield text;
      }
    } catch (error) {
      if (!(error instanceof ModelError) || yielded || last || error.kind !== 'rate_limited') throw error;
      await wait(settings.rateLimitWaitMs, signal);
      continue;
    }
    if (yielded) return;
    if (last) throw new ModelError('empty', `no content after ${attempts} attempts`);
  }
}

/** Speech to text: POST {baseUrl}/audio/transcriptions (multipart: file, model, language "es"). */
export async function transcribe(
  settings: { baseUrl: string; apiKey: string; model: string; timeoutMs: number },
  audio: { data: Uint8Array; filename: string; contentType: string },
  signal?: AbortSignal,
): Promise<string> {
  const dog = watchdog(settings.timeoutMs, signal);
  try {
    const form = new FormData();
    form.append('file', new Blob([audio.data as Uint8Array<ArrayBuffer>], { type: audio.contentType }), audio.filename);
    form.append('model', settings.model);
    form.append('language', 'es');
    form.append('response_format', 'json');
    const response = await dog.guard(
      fetch(`${trimSlash(settings.baseUrl)}/audio/transcriptions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${settings.apiKey}` },
        body: form,
        signal: dog.signal,
      }),
    );
    if (!response.ok) throw httpError(response.status, await dog.guard(readError(response)));
    const body = (await dog.guard(response.json())) as { text?: unknown };
    if (typeof body.text !== 'string') throw new ModelError('other', 'transcription without text');
    return body.text;
  } catch (error) {
    throw dog.fail(error);
  } finally {
    dog.close();
  }
}
