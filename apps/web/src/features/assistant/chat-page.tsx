import { RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { usePageTitle } from '@/lib/use-page-title';
import { useUsage } from './api/use-usage';
import { AnswerBox } from './components/answer-box';
import { FaqCards } from './components/faq-cards';
import { LimitNotice } from './components/limit-notice';
import { TextQuestionForm } from './components/text-question-form';
import { UsageCounter } from './components/usage-counter';
import { useAssistant } from './hooks/use-assistant';

/** /chat: the main assistant page (spec section 2). */
export function Component() {
  const { t } = useTranslation();
  usePageTitle(t('chat.title'));
  const usage = useUsage('user');
  const assistant = useAssistant({ mode: 'user' });
  const limitReached = usage.data?.remaining === 0;
  const { exchange, status } = assistant;

  return (
    <>
      <PageHeader title={t('chat.title')} subtitle={t('chat.subtitle')} />
      <div className="container-page max-w-4xl space-y-10 py-8 md:py-12">
        <section aria-labelledby="ask-title" className="rounded-[var(--radius-card)] bg-sand-100 p-4 ring-1 ring-navy-900/5 sm:p-6">
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <h2 id="ask-title" className="text-xl font-bold sm:text-2xl">
              {t('chat.askTitle')}
            </h2>
            <UsageCounter usage={usage.data} />
          </div>
          <div className="space-y-4">
            <AnswerBox question={exchange?.question ?? null} answer={exchange?.answer ?? ''} kind={exchange?.kind ?? null} writing={status === 'processing'} />
            {limitReached && status === 'idle' ? <LimitNotice /> : null}
            <TextQuestionForm onAsk={(q) => void assistant.ask(q)} disabled={limitReached} busy={assistant.busy} />
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm text-muted">{t('chat.disclaimer')}</p>
              {exchange && status === 'idle' ? (
                <Button variant="ghost" size="sm" onClick={assistant.reset}>
                  <RotateCcw aria-hidden="true" className="h-4 w-4" />
                  {t('chat.newQuestion')}
                </Button>
              ) : null}
            </div>
          </div>
        </section>
        <FaqCards />
      </div>
    </>
  );
}
