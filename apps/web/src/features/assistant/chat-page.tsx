import { RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/use-page-title';
import { useUsage } from './api/use-usage';
import { AssistantPanel } from './components/assistant-panel';
import { FaqCards } from './components/faq-cards';
import { LimitNotice } from './components/limit-notice';
import { UsageCounter } from './components/usage-counter';
import { PlanTrigger } from '@/components/plan-trigger';

/** /chat: the main assistant page (spec section 2). */
export function Component() {
  const { t } = useTranslation();
  usePageTitle(t('chat.title'));
  const { data: user } = useSession();
  const usage = useUsage('user');
  const limitReached = usage.data?.remaining === 0;

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
