import { Check } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useSession } from '@/lib/session';
import { cn } from '@/lib/cn';
import { closePlanChooser, usePlanChooserState } from '@/lib/plan-chooser';
import { PaymentDialog } from './payment-dialog';

type Result = { kind: 'free' } | { kind: 'error'; message: string } | null;

/**
 * 'Elige tu Plan Ideal' (spec section 2 "Subscription dialogs"): the free and the unlimited plan; the
 * unlimited one opens the payment dialog. Its result dialog's 'Entendido' reloads the page unless the
 * result was an error.
 */
export function PlanChooser() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { open } = usePlanChooserState();
  const { data: user } = useSession();
  const [paying, setPaying] = useState(false);
  const [result, setResult] = useState<Result>(null);
  const unlimited = user?.profile.plan === 'UNLIMITED';

  const plans = [
    { key: 'free', featured: false },
    { key: 'unlimited', featured: true },
  ] as const;

  return (
    <>
      <Dialog
        open={open && !paying}
        onOpenChange={(next) => !next && closePlanChooser()}
        title={t('plans.chooserTitle')}
        description={t('plans.chooserDescription')}
        closeLabel={t('common.close')}
        size="3xl"
      >
        <div className="grid gap-4 md:grid-cols-2">
          {plans.map(({ key, featured }) => {
            const features = t(`plans.${key}.features`, { returnObjects: true }) as string[];
            return (
              <section
                key={key}
                aria-labelledby={`plan-${key}`}
                className={cn(
                  'relative flex flex-col rounded-2xl p-5 ring-1',
                  featured ? 'bg-navy-900 text-white ring-navy-900' : 'bg-sand-50 ring-navy-900/10',
                )}
              >
                {featured ? (
                  <span className="absolute -top-3 right-4 rounded-full bg-sun-400 px-3 py-1 text-xs font-bold text-navy-950">
                    {t('plans.unlimited.badge')}
                  </span>
                ) : null}
                <h3 id={`plan-${key}`} className={cn('text-xl font-bold', featured && 'text-white')}>
                  {t(`plans.${key}.name`)}
                </h3>
                <p className={cn('mt-2 text-3xl font-bold', featured ? 'text-sun-300' : 'text-navy-900')}>{t(`plans.${key}.price`)}</p>
                {featured ? (
                  <p className="mt-1 text-sm text-white/80">{t('plans.unlimited.trial')}</p>
                ) : (
                  <p className="mt-1 text-sm text-muted">{t('plans.free.period')}</p>
                )}
                <ul className="mt-4 flex-1 space-y-2">
                  {features.map((feature) => (
                    <li key={feature} className="flex items-start gap-2">
                      <Check aria-hidden="true" className={cn('mt-0.5 h-5 w-5 shrink-0', featured ? 'text-teal-100' : 'text-teal-600')} />
                      {feature}
                    </li>
                  ))}
                </ul>
                {key === 'unlimited' ? (
                  <Button variant="primary" size="lg" className="mt-5 w-full" disabled={unlimited} onClick={() => setPaying(true)}>
                    {unlimited ? t('plans.free.current') : t('plans.unlimited.cta')}
                  </Button>
                ) : (
                  <Button
                    variant="secondary"
                    size="lg"
                    className="mt-5 w-full"
                    disabled={unlimited}
                    onClick={() => {
                      closePlanChooser();
                      if (user) setResult({ kind: 'free' });
                      else void navigate('/login');
                    }}
                  >
                    {!unlimited && user ? t('plans.free.current') : t('plans.free.cta')}
                  </Button>
                )}
              </section>
            );
          })}
        </div>
      </Dialog>
      <PaymentDialog
        open={paying}
        onOpenChange={(next) => {
          setPaying(next);
          if (!next) closePlanChooser();
        }}
        onFailedClose={(message) => setResult({ kind: 'error', message })}
      />
      <Dialog
        open={result !== null}
        onOpenChange={(next) => !next && setResult(null)}
        title={result?.kind === 'error' ? t('plans.resultTitleError') : t('plans.resultTitleFree')}
        description={result?.kind === 'error' ? result.message : t('plans.resultBodyFree')}
        closeLabel={t('common.close')}
      >
        <Button
          variant="brand"
          size="lg"
          className="w-full"
          onClick={() => {
            const reload = result?.kind !== 'error';
            setResult(null);
            if (reload) window.location.reload();
          }}
        >
          {t('plans.ok')}
        </Button>
      </Dialog>
    </>
  );
}
