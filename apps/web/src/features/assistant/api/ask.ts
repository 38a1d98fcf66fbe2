import type { AnswerKind, AskDone, AskRequest } from '@camino/contracts';
import { apiFetch, ApiError } from '@/lib/api-client';
import { readSse } from '@/lib/sse';

export interface AskHandlers {
  onStart?: (kind: AnswerKind) => void;
  onDelta?: (text: string) => void;
  onSentence?: (text: string, index: number) => void;
}

/** The finished answer: its text, its source, the counter and the saved chat. */
export type AskResult = AskDone;

/**
 * Asks the assistant and follows the answer as it streams (server-sent events). Resolves with the
 * finished answer; rejects with an ApiError carrying the server's Spanish message.
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
  for await (const { event, data } of readSse(response.body, signal)) {
    const payload = data as Record<string, unknown>;
    switch (event) {
      case 'start':
        handlers.onStart?.(payload.kind as AnswerKind);
        break;
      case 'delta':
        handlers.onDelta?.(payload.text as string);
        break;
      case 'sentence':
        handlers.onSentence?.(payload.text as string, payload.index as number);
        break;
      case 'done':
        return payload as unknown as AskResult;
      case 'error':
        throw new ApiError(502, payload.code as never, payload.message as string);
    }
  }
  throw new ApiError(0, 'NETWORK', 'La respuesta se interrumpió. Revisa tu internet e inténtalo de nuevo.');
}
