import { useTranslation } from '@/lib/i18n';
import { Link, Navigate, useParams } from 'react-router';
import detention from '@content/knowledge/derechos-detencion.yaml';
import iceAtHome from '@content/knowledge/derechos-ice-en-casa.yaml';
import { PageHeader } from '@/components/page-header';
import { buttonClasses } from '@/components/ui/button';
import { registerTexts } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import assistantTexts from '@/locales/es/assistant.json';

registerTexts(assistantTexts);

interface RightsEntry {
  title: string;
  description: string;
  sections: Array<{ id: string; title: string; answer: Array<{ text: string }> }>;
}

/** The know-your-rights pages: two entries of the knowledge base, readable with no connection (issue 15). */
const entries: Record<string, RightsEntry> = {
  'ice-en-casa': iceAtHome as RightsEntry,
  'si-te-detienen': detention as RightsEntry,
};

/** /derechos/:slug ("Si ICE llega a tu casa", "Si te detienen"): the entry's sections as short lists. */
export function Component() {
  const { t } = useTranslation();
  const entry = entries[useParams().slug ?? ''];
  usePageTitle(entry?.title);
  if (!entry) return <Navigate to="/landing" replace />;
  return (
    <>
      <PageHeader title={entry.title} subtitle={entry.description} />
      <div className="container-page max-w-3xl space-y-8 py-8 md:py-12">
        {entry.sections.map((section) => (
          <section key={section.id} aria-labelledby={`rights-${section.id}`} className="space-y-3">
            <h2 id={`rights-${section.id}`} className="text-2xl font-bold">
              {section.title}
            </h2>
            <ul className="list-disc space-y-2 pl-6 text-lg leading-relaxed">
              {section.answer.map((part) => (
                <li key={part.text}>{part.text}</li>
              ))}
            </ul>
          </section>
        ))}
        <p className="text-sm text-muted">{t('chat.disclaimer')}</p>
        <Link to="/chat" className={buttonClasses('brand', 'lg')}>
          {t('rights.ask')}
        </Link>
      </div>
    </>
  );
}
