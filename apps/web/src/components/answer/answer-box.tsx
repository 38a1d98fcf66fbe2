import type { AnswerKind, AnswerSource } from '@camino/contracts';
import { Sparkles } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/cn';
import { checkedMonth, displayUrl, shareText } from '@/lib/source-line';
import { AnswerText } from './answer-text';
import { ShareAnswer } from './share-answer';
import { registerTexts } from '@/lib/i18n';
import assistantTexts from '@/locales/es/assistant.json';

registerTexts(assistantTexts);

interface AnswerBoxProps {
  question: string | null;
  answer: string;
  kind: AnswerKind | null;
  writing: boolean;
  source?: AnswerSource | null;
  /** The answer is complete: its source and "Compartir" show under it. */
  done?: boolean;
  /** The live turn (the spec's transcript and answer boxes); earlier turns of the thread are not. */
  live?: boolean;
}

/**
 * One turn of the conversation: the question asked and the answer (line breaks kept, phone numbers,
 * official addresses and form numbers made usable), growing as it streams in; under a finished answer,
 * its source and "Compartir".
 */
export function AnswerBox({ question, answer, kind, writing, source = null, done = false, live = true }: AnswerBoxProps) {
  const { t, i18n } = useTranslation();
  const sourceLabel = source ? t('thread.source', { url: displayUrl(source.url), month: checkedMonth(source.checked, i18n.language) }) : '';
  return (
    <div className="space-y-3" data-testid={live ? 'live-turn' : 'thread-turn'}>
      {question ? (
        <div className="ml-auto max-w-[90%] rounded-2xl rounded-br-md bg-brand-600 px-4 py-3 text-white sm:max-w-[80%]">
          <p className="sr-only">{t('chat.yourQuestion')}</p>
          <p data-testid={live ? 'question-box' : 'thread-question'} className="whitespace-pre-line">
            {question}
          </p>
        </div>
      ) : null}
      <div className="max-w-full sm:max-w-[92%]">
        <div
          data-testid={live ? 'response-box' : 'thread-answer'}
          {...(live ? { 'aria-live': 'polite' as const, 'aria-busy': writing } : {})}
          className={cn(
            'rounded-2xl rounded-bl-md bg-white px-4 py-4 text-[1.0625rem] leading-relaxed break-words whitespace-pre-line ring-1 ring-navy-900/10',
            live && 'min-h-28',
            !answer && 'text-muted',
          )}
        >
          <p className="mb-1 flex items-center gap-1.5 text-sm font-bold text-teal-600">
            <Sparkles aria-hidden="true" className="h-4 w-4" />
            {t('chat.answer')}
          </p>
          {answer ? <AnswerText text={answer} /> : writing ? '' : t('chat.answerPlaceholder')}
          {writing ? <span aria-hidden="true" className="ml-0.5 inline-block h-4 w-1.5 animate-pulse rounded-sm bg-teal-500 align-[-2px]" /> : null}
          {kind === 'clarify' && !writing && live ? <p className="mt-3 text-sm font-medium text-brand-700">{t('chat.clarifyHint')}</p> : null}
        </div>
        {done && answer && kind !== 'clarify' ? (
          <div className="mt-1 flex flex-wrap items-center justify-between gap-x-3 gap-y-1 pl-1">
            {source ? (
              <p data-testid="answer-source" className="text-sm text-muted">
                {t('thread.sourceBy')}{' '}
                <a
                  href={source.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-600"
                >
                  {displayUrl(source.url)}
                </a>{' '}
                · {t('thread.checked', { month: checkedMonth(source.checked, i18n.language) })}
              </p>
            ) : (
              <span />
            )}
            <ShareAnswer text={shareText(answer, source, sourceLabel)} />
          </div>
        ) : null}
      </div>
    </div>
  );
}
