import { askEventSchema, type AnswerKind, type AskDone, type AskRequest } from '@camino/contracts';
import { apiFetch, ApiError } from '@/lib/api-client';
import { readSse } from '@/lib/sse';

export interface AskHandlers {
  onStart?: (kind: AnswerKind) => void;
  onDelta?: (text: string) => void;
  onSentence?: (text: string, index: number) => void;
}

/** The finished answer: its text, its source, the counter and the saved chat. */
export type AskResult = AskDone;

const EVENTS = new Set<string>(askEventSchema.options.map((option) => option.shape.event.value));
const interrupted = () => new ApiError(0, 'NETWORK', 'La respuesta se interrumpió. Revisa tu internet e inténtalo de nuevo.');

/**
 * Asks the assistant and follows the answer as it streams (server-sent events, each checked against the
 * contracts' schema). Resolves with the finished answer; rejects with an ApiError carrying the server's
 * Spanish message.
 */
export async function askAssistant(request: AskRequest, handlers: AskHandlers, signal?: AbortSignal): Promise<AskResult> {
  const tz = new Date().getTimezoneOffset();
  const response = await apiFetch(`/api/assistant/ask?tz=${tz}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(request),
    signal,
  });
  if (!response.body) throw new ApiError(0, 'NETWORK', 'No hay conexión con el servidor. Revisa tu internet e inténtalo de nuevo.');
  for await (const message of readSse(response.body, signal)) {
    // An event this version does not know is skipped; a known one that does not match its schema ends the answer.
    if (!EVENTS.has(message.event)) continue;
    const parsed = askEventSchema.safeParse({ event: message.event, data: parseJson(message.data) });
    if (!parsed.success) throw interrupted();
    const { event, data } = parsed.data;
    switch (event) {
      case 'start':
        handlers.onStart?.(data.kind);
        break;
      case 'delta':
        handlers.onDelta?.(data.text);
        break;
      case 'sentence':
        handlers.onSentence?.(data.text, data.index);
        break;
      case 'done':
        return data;
      case 'error':
        throw new ApiError(502, data.code as never, data.message);
    }
  }
  throw interrupted();
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
