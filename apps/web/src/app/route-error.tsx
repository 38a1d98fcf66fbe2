import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';

/** Shown when a page fails to load (for instance a lost connection while fetching its code). */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <div role="alert" className="container-page flex min-h-[50vh] flex-col items-center justify-center gap-4 text-center">
      <h1 className="text-2xl font-bold">{t('routeError.title')}</h1>
      <p className="max-w-md text-muted">{t('routeError.body')}</p>
      <div className="flex gap-3">
        <button type="button" className={buttonClasses('brand')} onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </button>
        <Link to="/landing" className={buttonClasses('secondary')}>
          {t('nav.home')}
        </Link>
      </div>
    </div>
  );
}
