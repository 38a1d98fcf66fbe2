import { afterEach, describe, expect, it, vi } from 'vitest';
import { askAssistant } from './ask';

const usage = { plan: 'FREE', used: 1, limit: 3, remaining: 2, today: 1 };
const done = { kind: 'answer', text: 'Hola.', source: null, usage, savedChatId: null, saveFailed: false };

/** The server's answer stream as the browser receives it: the given text in pieces of 5 bytes. */
function serve(text: string) {
  const bytes = new TextEncoder().encode(text);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += 5) controller.enqueue(bytes.slice(i, i + 5));
      controller.close();
    },
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { headers: { 'content-type': 'text/event-stream' } })),
  );
}

const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

afterEach(() => vi.unstubAllGlobals());

describe('askAssistant', () => {
  it('follows the stream and resolves with the done event, skipping events it does not know', async () => {
    serve(
      sse('start', { kind: 'answer' }) +
        sse('progress', { x: 1 }) +
        sse('delta', { text: 'Hola.' }) +
        sse('sentence', { index: 0, text: 'Hola.' }) +
        sse('done', done),
    );
    const seen: string[] = [];
    const result = await askAssistant(
      { message: 'hola' },
      { onStart: (kind) => seen.push(`start:${kind}`), onDelta: (t) => seen.push(`delta:${t}`), onSentence: (t, i) => seen.push(`sentence:${i}:${t}`) },
    );
    expect(seen).toEqual(['start:answer', 'delta:Hola.', 'sentence:0:Hola.']);
    expect(result).toEqual(done);
  });

  it("rejects with the server's Spanish message on an error event", async () => {
    serve(sse('start', { kind: 'answer' }) + sse('error', { code: 'MODEL_ERROR', message: 'No pudimos responder.' }));
    await expect(askAssistant({ message: 'hola' }, {})).rejects.toMatchObject({ code: 'MODEL_ERROR', message: 'No pudimos responder.' });
  });

  it('ends with "se interrumpió" on a known event that does not match its schema, or a stream without done', async () => {
    serve(sse('done', { ...done, kind: 'poem' }));
    await expect(askAssistant({ message: 'hola' }, {})).rejects.toMatchObject({ code: 'NETWORK', message: expect.stringContaining('se interrumpió') });
    serve(sse('delta', { text: 'Hola' }));
    await expect(askAssistant({ message: 'hola' }, {})).rejects.toMatchObject({ code: 'NETWORK' });
  });
});
