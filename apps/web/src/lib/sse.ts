import { EventSourceParserStream } from 'eventsource-parser/stream';

/** One server-sent event: its name ('message' when it has none) and its data text. */
export interface SseEvent {
  event: string;
  data: string;
}

/** Reads a server-sent events stream (eventsource-parser): yields each event as it completes. */
export async function* readSse(body: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncGenerator<SseEvent> {
  const reader = body
    .pipeThrough(new TextDecoderStream() as TransformStream<Uint8Array, string>)
    .pipeThrough(new EventSourceParserStream())
    .getReader();
  try {
    for (;;) {
      if (signal?.aborted) return;
      const { value, done } = await reader.read();
      if (done) return;
      yield { event: value.event ?? 'message', data: value.data };
    }
  } finally {
    reader.releaseLock();
  }
}
