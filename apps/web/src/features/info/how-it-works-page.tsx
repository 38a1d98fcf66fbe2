import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import assistantPhone from '@/assets/illustrations/assistant-phone.svg';
import { StepsGrid } from '@/components/marketing/steps-grid';
import { PageHeader } from '@/components/page-header';
import { buttonClasses } from '@/components/ui/button';
import { usePageTitle } from '@/lib/use-page-title';
import { registerTexts } from '@/lib/i18n';
import marketingTexts from '@/locales/es/marketing.json';

registerTexts(marketingTexts);

export function Component() {
  const { t } = useTranslation();
  usePageTitle(t('howItWorks.title'));
  return (
    <>
      <PageHeader title={t('howItWorks.title')} subtitle={t('howItWorks.subtitle')} />
      <div className="container-page space-y-14 py-10 md:py-14">
        <StepsGrid headingLevel="h2" />
        <section className="grid items-center gap-8 rounded-[var(--radius-card)] bg-white p-6 shadow-[var(--shadow-card)] ring-1 ring-navy-900/5 md:grid-cols-[1fr_320px] md:p-10">
          <div>
            <h2 className="text-3xl font-bold">{t('howItWorks.ctaTitle')}</h2>
            <p className="mt-3 text-lg text-muted">{t('howItWorks.ctaBody')}</p>
            <Link to="/login" className={buttonClasses('primary', 'lg', 'mt-6')}>
              {t('howItWorks.cta')}
            </Link>
          </div>
          <img src={assistantPhone} alt="" width={320} height={320} className="mx-auto w-56 md:w-full" />
        </section>
      </div>
    </>
  );
}
