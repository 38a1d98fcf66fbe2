import { MessageCircleQuestion } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Accordion } from '@/components/ui/accordion';
import { buttonClasses } from '@/components/ui/button';
import { faqItems } from '@/content/faq';
import { usePageTitle } from '@/lib/use-page-title';
import { registerTexts } from '@/lib/i18n';
import infoTexts from '@/locales/es/info.json';

registerTexts(infoTexts);

export function Component() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('faqPage.title'));
  return (
    <>
      <PageHeader title={t('faqPage.title')} subtitle={t('faqPage.subtitle')} />
      <div className="container-page max-w-3xl space-y-10 py-10 md:py-14">
        <Accordion items={faqItems(i18n.language)} />
        <aside className="flex flex-col items-start gap-4 rounded-[var(--radius-card)] bg-teal-50 p-6 ring-1 ring-teal-500/20 sm:flex-row sm:items-center">
          <MessageCircleQuestion aria-hidden="true" className="h-10 w-10 shrink-0 text-teal-600" />
          <div className="flex-1">
            <h2 className="text-xl font-bold">{t('faqPage.contactTitle')}</h2>
            <p className="text-muted">{t('faqPage.contactBody')}</p>
          </div>
          <Link to="/login" className={buttonClasses('brand')}>
            {t('faqPage.contact')}
          </Link>
        </aside>
      </div>
    </>
  );
}
