import { CreditCard } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast-store';
import { PlanTrigger } from '@/components/plan-trigger';
import { useCancelSubscription, useSubscription } from '../api/use-subscription';
import { registerTexts } from '@/lib/i18n';
import settingsTexts from '@/locales/es/settings.json';

registerTexts(settingsTexts);

const longDate = (iso: string, language: string) => new Intl.DateTimeFormat(language === 'en' ? 'en-US' : 'es-MX', { dateStyle: 'long' }).format(new Date(iso));

/** The plan, the next charge and "cancel any time" (decisions D7). */
export function SubscriptionSection({ plan }: { plan: 'FREE' | 'UNLIMITED' }) {
  const { t, i18n } = useTranslation();
  const subscription = useSubscription();
  const cancel = useCancelSubscription();
  const [confirming, setConfirming] = useState(false);
  const sub = subscription.data;
  const live = sub && (sub.status === 'trialing' || sub.status === 'active' || sub.status === 'past_due');

  return (
    <section aria-labelledby="plan-title" className="rounded-[var(--radius-card)] bg-white p-6 shadow-[var(--shadow-card)] ring-1 ring-navy-900/5 sm:p-8">
      <h2 id="plan-title" className="flex items-center gap-2 text-xl font-bold">
        <CreditCard aria-hidden="true" className="h-5 w-5 text-brand-600" />
        {t('subscription.title')}
      </h2>
      {subscription.isPending ? (
        <Skeleton className="mt-4 h-16 w-full" />
      ) : plan === 'UNLIMITED' || sub ? (
        <div className="mt-3 space-y-2" data-testid="subscription">
          <p className="text-lg font-semibold">
            {t('subscription.unlimited')}
            {sub ? (
              <span className="ml-2 rounded-full bg-teal-50 px-2.5 py-0.5 text-sm font-semibold text-teal-600">{t(`subscription.status.${sub.status}`)}</span>
            ) : null}
          </p>
          {sub?.nextChargeAt && live ? (
            <p>{t('subscription.nextCharge', { amount: `$${(sub.amountCents / 100).toFixed(2)}`, date: longDate(sub.nextChargeAt, i18n.language) })}</p>
          ) : null}
          {sub && !live && plan === 'UNLIMITED' ? <p>{t('subscription.activeUntil', { date: longDate(sub.currentPeriodEnd, i18n.language) })}</p> : null}
          {sub?.card ? <p className="text-muted">{t('subscription.card', { brand: sub.card.brand, last4: sub.card.last4 })}</p> : null}
          {live ? (
            <Button variant="secondary" className="mt-2" onClick={() => setConfirming(true)}>
              {t('subscription.cancel')}
            </Button>
          ) : null}
        </div>
      ) : (
        <div className="mt-3 space-y-3">
          <p className="text-lg font-semibold">{t('subscription.free')}</p>
          <p className="text-muted">{t('subscription.freeBody')}</p>
          <PlanTrigger />
        </div>
      )}
      {sub ? (
        <Dialog
          open={confirming}
          onOpenChange={setConfirming}
          title={t('subscription.cancelTitle')}
          description={t('subscription.cancelBody', { date: longDate(sub.currentPeriodEnd, i18n.language) })}
          closeLabel={t('common.close')}
        >
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button
              variant="destructive"
              disabled={cancel.isPending}
              onClick={() =>
                cancel.mutate(undefined, {
                  onSuccess: () => {
                    setConfirming(false);
                    toast({
                      title: t('subscription.cancelled'),
                      description: t('subscription.cancelledBody', { date: longDate(sub.currentPeriodEnd, i18n.language) }),
                      variant: 'success',
                    });
                  },
                  onError: () => toast({ title: t('subscription.cancelError'), variant: 'destructive' }),
                })
              }
            >
              {t('subscription.cancelConfirm')}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('subscription.cancelKeep')}
            </Button>
          </div>
        </Dialog>
      ) : null}
    </section>
  );
}
