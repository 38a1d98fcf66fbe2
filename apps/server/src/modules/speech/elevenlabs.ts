// ElevenLabs text-to-speech over plain fetch, streamed (spec sections 7 and 9, reference facts
// "Providers' wire formats"). The key stays on the server (decision D2).
import { SPEECH } from '@camino/contracts';

export interface ElevenLabsSettings {
  /** e.g. https://api.elevenlabs.io */
  baseUrl: string;
  apiKey: string;
  /** e.g. eleven_turbo_v2_5 */
  model: string;
  /** Longest wait for the response headers and between two chunks of audio. */
  timeoutMs: number;
}

/** The provider answers MP3 at 44.1 kHz, 128 kbit/s: decoded by every browser. */
export const OUTPUT_FORMAT = 'mp3_44100_128';

export type TtsErrorKind = 'invalid_key' | 'quota' | 'busy' | 'too_long' | 'other';

/** The API error code of each kind. */
export const TTS_CODES = {
  invalid_key: 'TTS_INVALID_KEY',
  quota: 'TTS_QUOTA',
  busy: 'TTS_BUSY',
  too_long: 'TTS_TOO_LONG',
  other: 'TTS_ERROR',
} as const satisfies Record<TtsErrorKind, string>;

/**
 * A text-to-speech failure. `status` and `providerStatus` (ElevenLabs' `detail.status`, e.g.
 * quota_exceeded) are what the logs get; never the key, the provider's message or the text spoken.
 */
export class TtsError extends Error {
  override readonly name = 'TtsError';
  constructor(
    readonly kind: TtsErrorKind,
    readonly detail: string,
    readonly status?: number,
    readonly providerStatus?: string,
  ) {
    super(detail);
  }
}

/** Maps a non-OK answer (status and `{"detail":{"status","message"}}`) to a TtsError. */
export function ttsHttpError(status: number, providerStatus: string | undefined): TtsError {
  const detail = `HTTP ${status}${providerStatus ? ` ${providerStatus}` : ''}`;
  const kind: TtsErrorKind =
    providerStatus === 'quota_exceeded'
      ? 'quota' // ElevenLabs answers it with 401, not 429
      : providerStatus === 'invalid_api_key' || providerStatus === 'missing_api_key' || status === 401
        ? 'invalid_key'
        : providerStatus === 'max_character_limit_exceeded'
          ? 'too_long'
          : providerStatus === 'too_many_concurrent_requests' || providerStatus === 'system_busy' || status === 429
            ? 'busy'
            : 'other';
  return new TtsError(kind, detail, status, providerStatus);
}

async function readProviderStatus(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.json()) as { detail?: { status?: unknown } };
    const status = body?.detail?.status;
    return typeof status === 'string' && /^[a-z0-9_]{1,64}$/.test(status) ? status : undefined;
  } catch {
    return undefined;
  }
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  if (cause && typeof cause.code === 'string') return `network ${cause.code}`;
  return error instanceof Error ? error.name : 'unknown error';
}

/**
 * Starts speaking `text` with the provider voice `voiceId`. Resolves once the provider has accepted
 * the request, with the audio as it arrives (audio/mpeg); rejects with a TtsError, or with the
 * caller's abort reason when `signal` is aborted. Aborting `signal` later stops the download too.
 * A watchdog aborts the request when the provider is silent for `timeoutMs` (before the headers or
 * between two chunks).
 */
export async function speak(settings: ElevenLabsSettings, input: { text: string; voiceId: string }, signal?: AbortSignal): Promise<ReadableStream<Uint8Array>> {
  const timeout = new AbortController();
  const joined = signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => timeout.abort(new DOMException('The voice service did not answer in time', 'TimeoutError')), settings.timeoutMs);
  };
  const fail = (error: unknown): unknown => {
    clearTimeout(timer);
    if (signal?.aborted) return signal.reason;
    if (error instanceof TtsError) return error;
    return new TtsError('other', timeout.signal.aborted ? `timeout after ${settings.timeoutMs} ms` : describe(error));
  };

  arm();
  let response: Response;
  try {
    const url = `${settings.baseUrl.replace(/\/+$/, '')}/v1/text-to-speech/${encodeURIComponent(input.voiceId)}/stream?output_format=${OUTPUT_FORMAT}`;
    response = await fetch(url, {
      method: 'POST',
      headers: { 'xi-api-key': settings.apiKey, 'content-type': 'application/json', accept: 'audio/mpeg' },
      body: JSON.stringify({
        text: input.text,
        model_id: settings.model,
        voice_settings: { stability: SPEECH.stability, similarity_boost: SPEECH.similarityBoost },
      }),
      signal: joined,
    });
    if (!response.ok) throw ttsHttpError(response.status, await readProviderStatus(response));
    if (!response.body) throw new TtsError('other', 'HTTP 200 without a body', 200);
  } catch (error) {
    throw fail(error);
  }

  // Re-arms the watchdog on every chunk; the consumer's own pace does not count (pull-based).
  const reader = response.body.getReader();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        arm();
        try {
          const { done, value } = await reader.read();
          clearTimeout(timer);
          if (done) controller.close();
          else controller.enqueue(value);
        } catch (error) {
          controller.error(fail(error));
        }
      },
      async cancel(reason) {
        clearTimeout(timer);
        await reader.cancel(reason).catch(() => {});
      },
    },
    { highWaterMark: 0 },
  );
}
