import type { AnswerKind, Turn } from '@camino/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast-store';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { askAssistant } from '../api/ask';
import { usageQueryKey } from '../api/use-usage';

/** Spec section 3 "Assistant state": processing while the answer is written, speaking while it is read. */
export type AssistantStatus = 'idle' | 'listening' | 'processing' | 'speaking';

export interface Exchange {
  question: string;
  answer: string;
  kind: AnswerKind | null;
}

const HISTORY_TURNS = 6;

export interface UseAssistantOptions {
  mode: 'user' | 'guest';
  /** Each finished sentence, as soon as it is complete (for speech). */
  onSentence?: (text: string, index: number) => void;
  /** The answer is complete (speech may still be playing). */
  onAnswer?: (exchange: Exchange) => void;
}

/**
 * The query panel's state (spec section 4 "Query panel"): a text or voice question goes to the server,
 * the answer streams into the response box, the remaining count comes back with it. Empty or busy
 * submits are ignored; a failure resets the state and says why.
 */
export function useAssistant({ mode, onSentence, onAnswer }: UseAssistantOptions) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<AssistantStatus>('idle');
  const [exchange, setExchange] = useState<Exchange | null>(null);
  const turns = useRef<Turn[]>([]);
  const controller = useRef<AbortController | null>(null);
  const busy = status === 'processing' || status === 'speaking' || status === 'listening';

  const ask = useCallback(
    async (raw: string) => {
      const question = raw.trim();
      if (!question || controller.current) return;
      controller.current = new AbortController();
      setStatus('processing');
      setExchange({ question, answer: '', kind: null });
      try {
        const result = await askAssistant(
          { message: question, history: turns.current.slice(-HISTORY_TURNS), mode },
          {
            onStart: (kind) => setExchange((e) => (e ? { ...e, kind } : e)),
            onDelta: (text) => setExchange((e) => (e ? { ...e, answer: e.answer + text } : e)),
            onSentence,
          },
          controller.current.signal,
        );
        queryClient.setQueryData(usageQueryKey(mode), result.usage);
        const finished = { question, answer: result.text, kind: result.kind };
        setExchange(finished);
        // A clarifying turn stays in the conversation so that the reply is understood with it.
        turns.current = result.kind === 'clarify' ? [...turns.current, { role: 'user', content: question }, { role: 'assistant', content: result.text }] : [];
        if (result.savedChatId) void queryClient.invalidateQueries({ queryKey: ['chats'] });
        if (result.saveFailed) toast({ title: t('chat.saveErrorTitle'), description: t('chat.saveError'), variant: 'destructive' });
        setStatus('idle');
        onAnswer?.(finished);
      } catch (error) {
        if (controller.current?.signal.aborted) return;
        setStatus('idle');
        setExchange(null);
        turns.current = [];
        if (error instanceof ApiError && (error.code === 'LIMIT_REACHED' || error.code === 'GUEST_LIMIT_REACHED')) {
          void queryClient.invalidateQueries({ queryKey: usageQueryKey(mode) });
        }
        toast({ title: t('chat.errorTitle'), description: errorMessage(error, t), variant: 'destructive' });
      } finally {
        controller.current = null;
      }
    },
    [mode, onAnswer, onSentence, queryClient, t],
  );

  const reset = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    turns.current = [];
    setExchange(null);
    setStatus('idle');
  }, []);

  return { status, setStatus, exchange, busy, ask, reset };
}
