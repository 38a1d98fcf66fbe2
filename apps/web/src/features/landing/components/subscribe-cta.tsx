import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';

/** The landing page's subscribe/start call-to-action (shown twice). */
export function SubscribeCta({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Link to="/login" className={buttonClasses('primary', 'lg')}>
      {label ?? t('landing.hero.cta')}
    </Link>
  );
}
