import { useTranslation } from '@/lib/i18n';
import { buttonClasses } from '@/components/ui/button';
import { openPlanChooser } from '@/lib/plan-chooser';
import { registerTexts } from '@/lib/i18n';
import landingTexts from '@/locales/es/landing.json';

registerTexts(landingTexts);

/** The landing page's subscribe/start call-to-action (shown twice): opens the plan chooser. */
export function SubscribeCta({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <button type="button" className={buttonClasses('primary', 'lg')} onClick={openPlanChooser}>
      {label ?? t('landing.hero.cta')}
    </button>
  );
}
