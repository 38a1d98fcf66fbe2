import type { AnswerKind } from '@camino/contracts';
import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

interface AnswerBoxProps {
  question: string | null;
  answer: string;
  kind: AnswerKind | null;
  writing: boolean;
}

/** The question asked and the answer, line breaks kept, growing as the answer streams in. */
export function AnswerBox({ question, answer, kind, writing }: AnswerBoxProps) {
  const { t } = useTranslation();
  return (
    <div className="space-y-3">
      {question ? (
        <div className="ml-auto max-w-[90%] rounded-2xl rounded-br-md bg-brand-600 px-4 py-3 text-white sm:max-w-[80%]">
          <p className="sr-only">{t('chat.yourQuestion')}</p>
          <p data-testid="question-box" className="whitespace-pre-line">
            {question}
          </p>
        </div>
      ) : null}
      <div
        data-testid="response-box"
        aria-live="polite"
        aria-busy={writing}
        className={cn(
          'min-h-28 rounded-2xl rounded-bl-md bg-white px-4 py-4 text-[1.0625rem] leading-relaxed whitespace-pre-line ring-1 ring-navy-900/10',
          !answer && 'text-muted',
        )}
      >
        <p className="mb-1 flex items-center gap-1.5 text-sm font-bold text-teal-600">
          <Sparkles aria-hidden="true" className="h-4 w-4" />
          {t('chat.answer')}
        </p>
        {answer || (writing ? '' : t('chat.answerPlaceholder'))}
        {writing ? <span aria-hidden="true" className="ml-0.5 inline-block h-4 w-1.5 animate-pulse rounded-sm bg-teal-500 align-[-2px]" /> : null}
        {kind === 'clarify' && !writing ? <p className="mt-3 text-sm font-medium text-brand-700">{t('chat.clarifyHint')}</p> : null}
      </div>
    </div>
  );
}
