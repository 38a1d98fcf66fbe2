import { storage } from './storage';

/**
 * The person's last answers, kept on this device only so they can be read with no connection (issue 15,
 * docs/decisions/0065-offline-service-worker.md). They say something of the person's legal situation:
 * only the last few, only the signed-in person's, and removed on sign-out, account deletion, or when the
 * server says the session is over or belongs to someone else.
 */
export interface SavedAnswer {
  question: string;
  answer: string;
  /** ISO time the answer finished. */
  at: string;
}

const KEY = 'lastAnswers';
export const SAVED_ANSWERS_MAX = 5;

interface Stored {
  userId: string;
  answers: SavedAnswer[];
}

function read(): Stored | null {
  try {
    const value = JSON.parse(storage.get(KEY) ?? 'null') as Stored | null;
    return value && typeof value.userId === 'string' && Array.isArray(value.answers) ? value : null;
  } catch {
    return null;
  }
}

/** Keeps an answer for `userId`, newest first; another person's answers are dropped first. */
export function rememberAnswer(userId: string, answer: SavedAnswer): void {
  const stored = read();
  const earlier = stored?.userId === userId ? stored.answers : [];
  storage.set(KEY, JSON.stringify({ userId, answers: [answer, ...earlier].slice(0, SAVED_ANSWERS_MAX) }));
}

/** The answers kept on this device, newest first. */
export function savedAnswers(): SavedAnswer[] {
  return read()?.answers ?? [];
}

/** Removes them, unless they are `keepFor`'s (the person still signed in). */
export function forgetAnswers(keepFor?: string): void {
  if (keepFor && read()?.userId === keepFor) return;
  storage.remove(KEY);
}
