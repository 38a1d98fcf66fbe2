import { BookCheck, Languages, Lock, Scale } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import trustShield from '@/assets/illustrations/trust-shield.svg';
import { Testimonials } from '@/components/marketing/testimonials';
import { PageHeader } from '@/components/page-header';
import { buttonClasses } from '@/components/ui/button';
import { usePageTitle } from '@/lib/use-page-title';
import { useSiteInfo } from '@/lib/use-site-info';
import { registerTexts } from '@/lib/i18n';
import infoTexts from '@/locales/es/info.json';

registerTexts(infoTexts);

const pillars = [
  { key: 'sources', Icon: BookCheck },
  { key: 'privacy', Icon: Lock },
  { key: 'clarity', Icon: Languages },
  { key: 'honesty', Icon: Scale },
] as const;

export function Component() {
  const { t } = useTranslation();
  usePageTitle(t('trust.title'));
  const operator = useSiteInfo().data?.operator;
  return (
    <>
      <PageHeader title={t('trust.title')} subtitle={t('trust.subtitle')} />
      <div className="container-page space-y-16 py-10 md:py-14">
        <ul className="grid gap-5 sm:grid-cols-2">
          {pillars.map(({ key, Icon }) => (
            <li key={key} className="flex gap-4 rounded-[var(--radius-card)] bg-white p-6 shadow-[var(--shadow-card)] ring-1 ring-navy-900/5">
              <span aria-hidden="true" className="grid h-12 w-12 shrink-0 place-items-center rounded-2xl bg-teal-50 text-teal-600">
                <Icon className="h-6 w-6" />
              </span>
              <div>
                <h2 className="text-xl font-bold">{t(`trust.pillars.${key}.title`)}</h2>
                <p className="mt-2 text-muted">{t(`trust.pillars.${key}.body`)}</p>
              </div>
            </li>
          ))}
        </ul>
        <section aria-labelledby="mission" className="grid items-center gap-8 md:grid-cols-[1fr_360px]">
          <div>
            <h2 id="mission" className="text-3xl font-bold">
              {t('trust.missionTitle')}
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-ink">{t('trust.mission')}</p>
          </div>
          <img src={trustShield} alt="" width={360} height={300} className="mx-auto w-64 md:w-full" />
        </section>
        {operator ? (
          <section
            aria-labelledby="operator"
            data-testid="trust-operator"
            className="rounded-[var(--radius-card)] bg-white p-6 shadow-[var(--shadow-card)] ring-1 ring-navy-900/5 md:p-8"
          >
            <h2 id="operator" className="text-2xl font-bold">
              {t('trust.operatorTitle')}
            </h2>
            <p className="mt-3 text-lg text-ink">
              {operator.address ? t('trust.operatorBody', { name: operator.name, address: operator.address }) : operator.name}
            </p>
            {operator.supportEmail ? (
              <p className="mt-2 text-lg text-ink">
                {t('trust.operatorContact')}{' '}
                <a href={`mailto:${operator.supportEmail}`} className="font-semibold break-all text-brand-600 underline underline-offset-2">
                  {operator.supportEmail}
                </a>
              </p>
            ) : null}
          </section>
        ) : null}
        <section aria-labelledby="community">
          <h2 id="community" className="text-3xl font-bold">
            {t('trust.testimonialsTitle')}
          </h2>
          <Testimonials />
        </section>
        <section className="rounded-[var(--radius-card)] bg-brand-600 p-8 text-center text-white md:p-12">
          <h2 className="text-3xl font-bold text-white">{t('trust.ctaTitle')}</h2>
          <Link to="/login" className={buttonClasses('primary', 'lg', 'mt-6')}>
            {t('trust.cta')}
          </Link>
        </section>
      </div>
    </>
  );
}
