import { z } from 'zod';
import { LIMITS } from './constants';
import { plainText } from './text';

/** 'unknown': the product has no reliable information and says where to ask (decisions D4, D6: no consultation used). */
export const ANSWER_KINDS = ['answer', 'urgent', 'clarify', 'offtopic', 'unknown'] as const;
export type AnswerKind = (typeof ANSWER_KINDS)[number];

export const turnSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: plainText().max(4000),
});
export type Turn = z.infer<typeof turnSchema>;

/**
 * Where an answer comes from: the knowledge-base entry it was grounded on (its official page and when
 * it was last checked, AAAA-MM-DD). Shown under the answer: "uscis.gov/i-130 · revisado en noviembre de 2026".
 */
export const answerSourceSchema = z.object({
  by: z.string(),
  url: z.string(),
  checked: z.string(),
});
export type AnswerSource = z.infer<typeof answerSourceSchema>;

/** POST /api/assistant/ask: the answer streams back as server-sent events. */
export const askRequest = z.object({
  message: plainText()
    .trim()
    .min(1, 'Escribe tu pregunta.')
    .max(LIMITS.questionMaxLength, `Tu pregunta puede tener hasta ${LIMITS.questionMaxLength} caracteres.`),
  history: z.array(turnSchema).max(20).default([]),
  mode: z.enum(['user', 'guest']).default('user'),
  /** The saved chat of this conversation (from an earlier `done`): the new turns are added to it. */
  chatId: z.uuid('Chat no válido.').optional(),
});
export type AskRequest = z.input<typeof askRequest>;

/** The consultation counter shown in the chat (spec: "Consultas restantes: N de 3"). */
export const usageResponse = z.object({
  plan: z.enum(['FREE', 'UNLIMITED', 'GUEST']),
  /** Answered consultations so far (in total: the spec's reading (b)). */
  used: z.number().int(),
  /** null when unlimited. */
  limit: z.number().int().nullable(),
  remaining: z.number().int().nullable(),
  /** Saved chats since local midnight (the spec's reading (a), shown as information). */
  today: z.number().int(),
});
export type Usage = z.infer<typeof usageResponse>;

/** The last event of an answer: the whole text, its source (none for a clarifying turn), the counter, the saved chat. */
export const askDoneSchema = z.object({
  kind: z.enum(ANSWER_KINDS),
  text: z.string(),
  source: answerSourceSchema.nullable(),
  usage: usageResponse,
  savedChatId: z.string().nullable(),
  saveFailed: z.boolean(),
});
export type AskDone = z.infer<typeof askDoneSchema>;

/** Server-sent events of the answer stream: the server writes them, the web app parses them with this schema. */
export const askEventSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('start'), data: z.object({ kind: z.enum(ANSWER_KINDS) }) }),
  z.object({ event: z.literal('delta'), data: z.object({ text: z.string() }) }),
  z.object({ event: z.literal('sentence'), data: z.object({ index: z.number().int(), text: z.string() }) }),
  z.object({ event: z.literal('done'), data: askDoneSchema }),
  z.object({ event: z.literal('error'), data: z.object({ code: z.string(), message: z.string() }) }),
]);
export type AskEvent = z.infer<typeof askEventSchema>;

/** One turn of a saved conversation: the person's question or the assistant's reply (with its kind and source). */
export const savedTurnSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  kind: z.enum(ANSWER_KINDS).optional(),
  source: answerSourceSchema.nullable().optional(),
});
export type SavedTurn = z.infer<typeof savedTurnSchema>;

/** A saved conversation: its first question and answer (spec section 3) and every turn in order. */
export const savedChatSchema = z.object({
  id: z.string(),
  title: z.string(),
  question: z.string(),
  answer: z.string(),
  turns: z.array(savedTurnSchema),
  createdAt: z.string(),
});
export type SavedChat = z.infer<typeof savedChatSchema>;
export const savedChatsResponse = z.object({ chats: z.array(savedChatSchema) });

/** Title of a saved chat: the first 50 characters of the question, then "..." when longer. */
export function chatTitle(question: string): string {
  const text = question.trim();
  return text.length > LIMITS.chatTitleLength ? `${text.slice(0, LIMITS.chatTitleLength)}...` : text;
}
