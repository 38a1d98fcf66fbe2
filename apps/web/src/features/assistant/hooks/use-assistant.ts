import { LIMITS, type AnswerKind, type AnswerSource, type SessionUser, type Turn } from '@camino/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/components/ui/toast-store';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { forgetConversation, keepConversation, keptConversation } from '@/lib/current-conversation';
import { rememberAnswer } from '@/lib/offline-answers';
import { sessionQueryKey, useSession } from '@/lib/session';
import type { AskResult } from '../api/ask';
import { usageQueryKey } from '../api/use-usage';
import { registerTexts } from '@/lib/i18n';
import assistantTexts from '@/locales/es/assistant.json';

registerTexts(assistantTexts);

export interface Exchange {
  id: number;
  question: string;
  answer: string;
  kind: AnswerKind | null;
  source: AnswerSource | null;
  /** The answer is complete (it can be shared). */
  done: boolean;
}

let nextId = 1;
/** How many exchanges of the conversation are kept for the tab. */
const KEPT_EXCHANGES = 20;

/**
 * The answer's stream reader, with the schema of its events (zod, ~24 KB gzip), is loaded once the
 * question box works, not before it: it is needed only when a question leaves (issue 15).
 */
const loadAsk = () => import('../api/ask');

/**
 * One conversation with the assistant (spec section 4 "Query panel"), kept on screen as a thread: every
 * question and answer in order (the clarifying questions and the reply to them included), the newest at
 * the bottom streaming into the response box. Every turn is in the history sent with the next question
 * (bounded), so the reply to the clarifying questions and a follow-up ("¿y cuánto cuesta?") are
 * understood; the saved chat of the conversation grows turn by turn. A failure removes the failed
 * question and says why; the turns before it stay. `reset` starts a new conversation. Signed in, the
 * conversation is kept for the tab (lib/current-conversation.ts): a reload brings it back, after the
 * first render (the page is drawn at build time without it).
 */
export function useAssistant(mode: 'user' | 'guest', options: { onGuestLimit?: () => void } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [thread, setThread] = useState<Exchange[]>([]);
  const [writing, setWriting] = useState(false);
  const turns = useRef<Turn[]>([]);
  const chatId = useRef<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const { onGuestLimit } = options;
  const signedInId = useSession().data?.id;

  useEffect(() => {
    loadAsk().catch(() => {});
  }, []);

  // The session may be known only after a question left (opened offline, it is asked when the connection
  // returns, with the waiting question): the kept turns go before it, they never replace it.
  const restored = useRef(false);
  useEffect(() => {
    if (mode !== 'user' || !signedInId || restored.current) return;
    restored.current = true;
    const kept = keptConversation(signedInId);
    if (!kept) return;
    turns.current = [...kept.turns, ...turns.current].slice(-LIMITS.historyMaxTurns);
    chatId.current ??= kept.chatId;
    setThread((all) => [...kept.thread.map((e) => ({ ...e, id: nextId++, done: true })), ...all]);
  }, [mode, signedInId]);

  const ask = useCallback(
    async (question: string, onSentence?: (text: string, index: number) => void): Promise<AskResult | null> => {
      if (controller.current) return null;
      const own = new AbortController();
      controller.current = own;
      const id = nextId++;
      const update = (change: (e: Exchange) => Exchange) => setThread((all) => all.map((e) => (e.id === id ? change(e) : e)));
      setWriting(true);
      setThread((all) => [...all, { id, question, answer: '', kind: null, source: null, done: false }]);
      try {
        const { askAssistant } = await loadAsk();
        const result = await askAssistant(
          { message: question, history: turns.current.slice(-LIMITS.historyMaxTurns), mode, ...(chatId.current ? { chatId: chatId.current } : {}) },
          {
            onStart: (kind) => update((e) => ({ ...e, kind })),
            onDelta: (text) => update((e) => ({ ...e, answer: e.answer + text })),
            onSentence,
          },
          own.signal,
        );
        if (own.signal.aborted) return null;
        queryClient.setQueryData(usageQueryKey(mode), result.usage);
        update((e) => ({ ...e, answer: result.text, kind: result.kind, source: result.source ?? null, done: true }));
        // Kept on this device to be read offline (issue 15): answers only, not clarifying questions.
        const userId = queryClient.getQueryData<SessionUser | null>(sessionQueryKey)?.id;
        // An answer came, so the network is back: a session not known yet (the page was opened offline, and the
        // browser may not say it is online again) is asked now, and the conversation kept for the tab comes back.
        if (mode === 'user' && queryClient.getQueryData(sessionQueryKey) === undefined) void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
        if (mode === 'user' && userId && (result.kind === 'answer' || result.kind === 'urgent'))
          rememberAnswer(userId, { question, answer: result.text, at: new Date().toISOString() });
        turns.current = [...turns.current, { role: 'user' as const, content: question }, { role: 'assistant' as const, content: result.text }].slice(
          -LIMITS.historyMaxTurns,
        );
        if (result.savedChatId) {
          chatId.current = result.savedChatId;
          void queryClient.invalidateQueries({ queryKey: ['chats'] });
        }
        // Kept once the kept conversation was brought back (else it would come back twice).
        if (mode === 'user' && userId && restored.current) {
          const exchange = { question, answer: result.text, kind: result.kind, source: result.source ?? null };
          const earlier = keptConversation(userId)?.thread ?? [];
          keepConversation({ userId, chatId: chatId.current, turns: turns.current, thread: [...earlier, exchange].slice(-KEPT_EXCHANGES) });
        }
        if (result.saveFailed) toast({ title: t('chat.saveErrorTitle'), description: t('chat.saveError'), variant: 'destructive' });
        return result;
      } catch (error) {
        if (own.signal.aborted) return null;
        setThread((all) => all.filter((e) => e.id !== id));
        const limit = error instanceof ApiError && (error.code === 'LIMIT_REACHED' || error.code === 'GUEST_LIMIT_REACHED');
        if (limit) void queryClient.invalidateQueries({ queryKey: usageQueryKey(mode) });
        // A guest at any cap (their own or their address's) gets the sign-up modal, not an error (D6).
        if (error instanceof ApiError && error.code === 'GUEST_LIMIT_REACHED' && onGuestLimit) onGuestLimit();
        else toast({ title: t('chat.errorTitle'), description: errorMessage(error, t), variant: 'destructive' });
        throw error;
      } finally {
        if (controller.current === own) {
          controller.current = null;
          setWriting(false);
        }
      }
    },
    [mode, onGuestLimit, queryClient, t],
  );

  const reset = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    turns.current = [];
    chatId.current = null;
    forgetConversation();
    setThread([]);
    setWriting(false);
  }, []);

  return { thread, exchange: thread.at(-1) ?? null, writing, ask, reset };
}
