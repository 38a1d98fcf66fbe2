import { describe, expect, it } from 'vitest';
import { readSse } from './sse';

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

describe('readSse', () => {
  it('parses events split anywhere across chunks, including inside a multi-byte letter', async () => {
    const text = 'event: delta\ndata: {"text":"Cómo"}\n\nevent: done\ndata: {"ok":true}\n\n';
    const bytes = new TextEncoder().encode(text);
    const split = bytes.indexOf(0xc3) + 1; // between the two bytes of "ó"
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, split));
        controller.enqueue(bytes.slice(split, split + 7));
        controller.enqueue(bytes.slice(split + 7));
        controller.close();
      },
    });
    const events = [];
    for await (const event of readSse(stream)) events.push(event);
    expect(events).toEqual([
      { event: 'delta', data: '{"text":"Cómo"}' },
      { event: 'done', data: '{"ok":true}' },
    ]);
  });

  it('reads several events in one chunk', async () => {
    const events = [];
    for await (const event of readSse(streamOf(['event: a\ndata: 1\n\nevent: b\ndata: 2\n\n']))) events.push(event);
    expect(events.map((e) => e.event)).toEqual(['a', 'b']);
  });

  it('joins multi-line data, skips comments and names an unnamed event "message"', async () => {
    const events = [];
    for await (const event of readSse(streamOf([': keep-alive\r\n\r\ndata: a\r\ndata: b\r\n\r\n']))) events.push(event);
    expect(events).toEqual([{ event: 'message', data: 'a\nb' }]);
  });
});
