import { LIMITS, type AnswerKind, type Turn } from '@camino/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast-store';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { askAssistant, type AskResult } from '../api/ask';
import { usageQueryKey } from '../api/use-usage';

export interface Exchange {
  question: string;
  answer: string;
  kind: AnswerKind | null;
}

/**
 * One conversation with the assistant (spec section 4 "Query panel"): the question goes to the server,
 * the answer streams into the response box, the remaining count comes back with it. A clarifying turn
 * and every answer stay in the history (bounded), so the reply to the clarifying questions and a
 * follow-up ("¿y cuánto cuesta?") are understood with the conversation. A failure clears the answer and says why.
 */
export function useAssistant(mode: 'user' | 'guest') {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [exchange, setExchange] = useState<Exchange | null>(null);
  const [writing, setWriting] = useState(false);
  const turns = useRef<Turn[]>([]);
  const controller = useRef<AbortController | null>(null);

  const ask = useCallback(
    async (question: string, onSentence?: (text: string, index: number) => void): Promise<AskResult | null> => {
      if (controller.current) return null;
      controller.current = new AbortController();
      setWriting(true);
      setExchange({ question, answer: '', kind: null });
      try {
        const result = await askAssistant(
          { message: question, history: turns.current.slice(-LIMITS.historyMaxTurns), mode },
          {
            onStart: (kind) => setExchange((e) => (e ? { ...e, kind } : e)),
            onDelta: (text) => setExchange((e) => (e ? { ...e, answer: e.answer + text } : e)),
            onSentence,
          },
          controller.current.signal,
        );
        queryClient.setQueryData(usageQueryKey(mode), result.usage);
        setExchange({ question, answer: result.text, kind: result.kind });
        turns.current = [...turns.current, { role: 'user' as const, content: question }, { role: 'assistant' as const, content: result.text }].slice(-LIMITS.historyMaxTurns);
        if (result.savedChatId) void queryClient.invalidateQueries({ queryKey: ['chats'] });
        if (result.saveFailed) toast({ title: t('chat.saveErrorTitle'), description: t('chat.saveError'), variant: 'destructive' });
        return result;
      } catch (error) {
        if (controller.current?.signal.aborted) return null;
        setExchange(null);
        turns.current = [];
        if (error instanceof ApiError && (error.code === 'LIMIT_REACHED' || error.code === 'GUEST_LIMIT_REACHED')) {
          void queryClient.invalidateQueries({ queryKey: usageQueryKey(mode) });
        }
        toast({ title: t('chat.errorTitle'), description: errorMessage(error, t), variant: 'destructive' });
        throw error;
      } finally {
        controller.current = null;
        setWriting(false);
      }
    },
    [mode, queryClient, t],
  );

  const reset = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    turns.current = [];
    setExchange(null);
    setWriting(false);
  }, []);

  return { exchange, writing, ask, reset };
}
