import { createParser } from 'eventsource-parser';

/** Parses a whole server-sent events body (eventsource-parser) into { event, data } pairs, data as JSON. */
export function parseSse(body: string): Array<{ event: string; data: any }> {
  const events: Array<{ event: string; data: any }> = [];
  const parser = createParser({ onEvent: (message) => events.push({ event: message.event ?? 'message', data: JSON.parse(message.data) }) });
  parser.feed(body);
  parser.reset({ consume: true });
  return events;
}
