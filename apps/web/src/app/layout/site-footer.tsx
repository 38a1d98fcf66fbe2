import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import { RightsLinks } from '@/components/rights-links';
import { useSiteInfo } from '@/lib/use-site-info';
import { Logo } from './logo';

export function SiteFooter() {
  const { t } = useTranslation();
  const operator = useSiteInfo().data?.operator;
  return (
    <footer className="mt-auto bg-navy-900 text-white/80">
      <div className="container-page grid gap-8 py-10 md:grid-cols-[1.4fr_1fr] md:items-start">
        <div className="space-y-3">
          <Logo light />
          <p className="max-w-md text-white/75">{t('footer.tagline')}</p>
          <p className="max-w-md text-sm text-white/60">{t('footer.disclaimer')}</p>
        </div>
        <div className="flex flex-col gap-4 md:items-end">
          <nav aria-label={t('rights.navLabel')} className="flex flex-col gap-2 md:items-end">
            <RightsLinks linkClassName="rounded py-1 font-medium text-white hover:underline" />
          </nav>
          <nav aria-label={t('footer.privacyPolicy')} className="flex flex-col gap-2 md:items-end">
            <Link to="/privacy-policy" className="rounded py-1 font-medium text-white hover:underline">
              {t('footer.privacyPolicy')}
            </Link>
            <Link to="/feedback" className="rounded py-1 font-medium text-white hover:underline">
              {t('footer.feedback')}
            </Link>
            <Link to="/delete-account" className="rounded py-1 font-medium text-white hover:underline">
              {t('footer.deleteAccount')}
            </Link>
          </nav>
          {operator ? (
            <address data-testid="footer-operator" className="max-w-xs text-sm text-white/75 not-italic md:text-right">
              {operator.address ? (
                <span className="block">{t('footer.operator', { name: operator.name, address: operator.address })}</span>
              ) : (
                <span className="block">{operator.name}</span>
              )}
              {operator.supportEmail ? (
                <span className="block">
                  {t('footer.support')}{' '}
                  <a href={`mailto:${operator.supportEmail}`} className="font-medium break-all text-white underline underline-offset-2">
                    {operator.supportEmail}
                  </a>
                </span>
              ) : null}
            </address>
          ) : null}
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="container-page py-5 text-sm text-white/60">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
