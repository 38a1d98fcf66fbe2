import { useTranslation } from '@/lib/i18n';
import policy from '@content/privacy/privacy-policy.yaml';
import { PageHeader } from '@/components/page-header';
import { usePageTitle } from '@/lib/use-page-title';
import { useSiteInfo } from '@/lib/use-site-info';
import { fillOperator } from '@/lib/operator-text';
import { registerTexts } from '@/lib/i18n';
import infoTexts from '@/locales/es/info.json';

registerTexts(infoTexts);

interface Section {
  title: string;
  body: string;
}
interface Policy {
  updated: string;
  contact: Record<'en' | 'es', Section>;
  en: Section[];
  es: Section[];
}

const { en, es, updated, contact } = policy as Policy;

function PolicyColumn({ lang, label, sections, updatedLabel }: { lang: 'en' | 'es'; label: string; sections: Section[]; updatedLabel: string }) {
  return (
    <section lang={lang} aria-label={label} className="rounded-[var(--radius-card)] bg-white p-6 shadow-[var(--shadow-card)] ring-1 ring-navy-900/5 md:p-8">
      <p className="text-sm font-bold tracking-wider text-teal-600 uppercase">{label}</p>
      <p className="mt-1 text-sm text-muted">{updatedLabel}</p>
      <div className="mt-6 space-y-6">
        {sections.map((section) => (
          <div key={section.title}>
            <h2 className="text-xl font-bold">{section.title}</h2>
            <p className="mt-2 text-ink">{section.body}</p>
          </div>
        ))}
      </div>
    </section>
  );
}

export function Component() {
  const { t } = useTranslation();
  usePageTitle(t('privacy.title'));
  const date = String(updated).slice(0, 10);
  const operator = useSiteInfo().data?.operator;
  const withContact = (lang: 'en' | 'es', sections: Section[]) =>
    operator ? [...sections, { title: contact[lang].title, body: fillOperator(contact[lang].body, operator) }] : sections;
  return (
    <>
      <PageHeader title={t('privacy.title')} subtitle={t('privacy.subtitle')} />
      <div className="container-page grid gap-6 py-10 md:py-14 lg:grid-cols-2">
        <PolicyColumn lang="en" label={t('privacy.englishLabel')} sections={withContact('en', en)} updatedLabel={`Last updated: ${date}`} />
        <PolicyColumn lang="es" label={t('privacy.spanishLabel')} sections={withContact('es', es)} updatedLabel={`Última actualización: ${date}`} />
      </div>
    </>
  );
}
