import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from './logo';

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="mt-auto bg-navy-900 text-white/80">
      <div className="container-page grid gap-8 py-10 md:grid-cols-[1.4fr_1fr] md:items-start">
        <div className="space-y-3">
          <Logo light />
          <p className="max-w-md text-white/75">{t('footer.tagline')}</p>
          <p className="max-w-md text-sm text-white/60">{t('footer.disclaimer')}</p>
        </div>
        <nav aria-label={t('footer.privacyPolicy')} className="flex flex-col gap-2 md:items-end">
          <Link to="/privacy-policy" className="rounded py-1 font-medium text-white hover:underline">
            {t('footer.privacyPolicy')}
          </Link>
          <Link to="/delete-account" className="rounded py-1 font-medium text-white hover:underline">
            {t('footer.deleteAccount')}
          </Link>
        </nav>
      </div>
      <div className="border-t border-white/10">
        <p className="container-page py-5 text-sm text-white/60">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
