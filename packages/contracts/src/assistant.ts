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

/** POST /api/assistant/ask: the answer streams back as server-sent events. */
export const askRequest = z.object({
  message: plainText().trim().min(1, 'Escribe tu pregunta.').max(LIMITS.questionMaxLength, `Tu pregunta puede tener hasta ${LIMITS.questionMaxLength} caracteres.`),
  history: z.array(turnSchema).max(20).default([]),
  mode: z.enum(['user', 'guest']).default('user'),
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

/** Server-sent events of the answer stream. */
export type AskEvent =
  | { event: 'start'; data: { kind: AnswerKind } }
  | { event: 'delta'; data: { text: string } }
  | { event: 'sentence'; data: { index: number; text: string } }
  | { event: 'done'; data: { kind: AnswerKind; text: string; usage: Usage; savedChatId: string | null; saveFailed: boolean } }
  | { event: 'error'; data: { code: string; message: string } };

export const savedChatSchema = z.object({
  id: z.string(),
  title: z.string(),
  question: z.string(),
  answer: z.string(),
  createdAt: z.string(),
});
export type SavedChat = z.infer<typeof savedChatSchema>;
export const savedChatsResponse = z.object({ chats: z.array(savedChatSchema) });

/** Title of a saved chat: the first 50 characters of the question, then "..." when longer. */
export function chatTitle(question: string): string {
  const text = question.trim();
  return text.length > LIMITS.chatTitleLength ? `${text.slice(0, LIMITS.chatTitleLength)}...` : text;
}
