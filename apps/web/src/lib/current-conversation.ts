import type { AnswerKind, AnswerSource, Turn } from '@camino/contracts';
import { tabStorage } from './storage';

/**
 * The conversation on the chat screen, kept for this browser tab only (sessionStorage): a reload, or a
 * phone that drops the tab from memory, brings back the thread and its context, so "¿y cuánto cuesta?"
 * is still understood. Only the signed-in person's, gone when the tab closes, on "Nueva pregunta" and on
 * sign-out.
 */
export interface StoredExchange {
  question: string;
  answer: string;
  kind: AnswerKind | null;
  source: AnswerSource | null;
}

export interface StoredConversation {
  userId: string;
  chatId: string | null;
  turns: Turn[];
  thread: StoredExchange[];
}

const KEY = 'currentConversation';

function read(): StoredConversation | null {
  try {
    const value = JSON.parse(tabStorage.get(KEY) ?? 'null') as StoredConversation | null;
    return value && typeof value.userId === 'string' && Array.isArray(value.turns) && Array.isArray(value.thread) ? value : null;
  } catch {
    return null;
  }
}

export function keepConversation(conversation: StoredConversation): void {
  tabStorage.set(KEY, JSON.stringify(conversation));
}

/** The conversation kept in this tab for `userId`, or null. */
export function keptConversation(userId: string): StoredConversation | null {
  const stored = read();
  return stored?.userId === userId ? stored : null;
}

/** Removes it, unless it is `keepFor`'s (the person still signed in). */
export function forgetConversation(keepFor?: string): void {
  if (keepFor && read()?.userId === keepFor) return;
  tabStorage.remove(KEY);
}
