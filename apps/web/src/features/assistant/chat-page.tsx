import { RotateCcw, WifiOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { AnswerBox } from '@/components/answer/answer-box';
import { PageHeader } from '@/components/page-header';
import { RightsLinks } from '@/components/rights-links';
import { Button } from '@/components/ui/button';
import { savedAnswers } from '@/lib/offline-answers';
import { useOnline } from '@/lib/online';
import { useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/use-page-title';
import { useUsage } from './api/use-usage';
import { AssistantPanel } from './components/assistant-panel';
import { FaqCards } from './components/faq-cards';
import { LimitNotice } from './components/limit-notice';
import { UsageCounter } from './components/usage-counter';
import { PlanTrigger } from '@/components/plan-trigger';
import { registerTexts } from '@/lib/i18n';
import assistantTexts from '@/locales/es/assistant.json';

registerTexts(assistantTexts);

/** /chat: the main assistant page (spec section 2); with no connection, also what this device keeps. */
export function Component() {
  const { t } = useTranslation();
  usePageTitle(t('chat.title'));
  const { data: user } = useSession();
  const usage = useUsage('user');
  const limitReached = usage.data?.remaining === 0;
  const online = useOnline();

  return (
    <>
      <PageHeader title={t('chat.title')} subtitle={t('chat.subtitle')} />
      <div className="container-page max-w-4xl space-y-10 py-8 md:py-12">
        {online ? null : <OfflineSection />}
        <section aria-labelledby="ask-title" className="rounded-[var(--radius-card)] bg-sand-100 p-4 ring-1 ring-navy-900/5 sm:p-6">
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <h2 id="ask-title" className="text-xl font-bold sm:text-2xl">
              {t('chat.askTitle')}
            </h2>
            <UsageCounter usage={usage.data} />
          </div>
          <AssistantPanel
            mode="user"
            voiceId={user?.profile.voiceId ?? 'custom'}
            disabled={limitReached}
            notice={
              limitReached ? (
                <LimitNotice>
                  <PlanTrigger size="lg" />
                </LimitNotice>
              ) : null
            }
            footer={({ status, hasAnswer, reset }) =>
              hasAnswer && status === 'idle' ? (
                <Button variant="ghost" size="sm" onClick={reset}>
                  <RotateCcw aria-hidden="true" className="h-4 w-4" />
                  {t('chat.newQuestion')}
                </Button>
              ) : null
            }
          />
          <p className="mt-4 text-sm text-muted">{t('chat.disclaimer')}</p>
        </section>
        <FaqCards />
      </div>
    </>
  );
}

/** With no connection: says so, links the rights pages, and shows the last answers kept on this device. */
function OfflineSection() {
  const { t } = useTranslation();
  const [answers] = useState(savedAnswers);
  return (
    <section aria-labelledby="offline-title" data-testid="offline-section" className="space-y-5">
      <div role="status" className="flex gap-3 rounded-2xl bg-brand-50 p-4 ring-1 ring-brand-200">
        <WifiOff aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
        <div className="space-y-2">
          <h2 id="offline-title" className="text-lg font-bold">
            {t('offline.title')}
          </h2>
          <p>{t('offline.body')}</p>
          <p className="flex flex-wrap gap-x-4 gap-y-1">
            <RightsLinks linkClassName="font-semibold text-brand-700 underline underline-offset-2" />
          </p>
        </div>
      </div>
      {answers.length ? (
        <div className="space-y-5">
          <h2 className="text-xl font-bold">{t('offline.lastAnswers')}</h2>
          <p className="text-sm text-muted">{t('offline.lastAnswersNote')}</p>
          {answers.map((saved) => (
            <AnswerBox key={saved.at} live={false} question={saved.question} answer={saved.answer} kind="answer" writing={false} />
          ))}
        </div>
      ) : null}
    </section>
  );
}
