import { Download, FileText, Search } from 'lucide-react';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { usePageTitle } from '@/lib/use-page-title';
import { useDocuments, type DocumentItem } from './api/use-documents';
import { downloadDocument } from './download';
import { filterDocuments } from './filter';
import { registerTexts } from '@/lib/i18n';
import documentsTexts from '@/locales/es/documents.json';

registerTexts(documentsTexts);

function SourceBadge({ source }: { source: DocumentItem['source'] }) {
  const { t } = useTranslation();
  return (
    <span
      className={
        source === 'guide'
          ? 'rounded-full bg-teal-50 px-2 py-0.5 text-xs font-bold text-teal-600'
          : 'rounded-full bg-brand-50 px-2 py-0.5 text-xs font-bold text-brand-700'
      }
    >
      {t(source === 'guide' ? 'documents.guide' : 'documents.official')}
    </span>
  );
}

/** /documents: the downloadable forms, a table on desktop and cards on mobile (spec section 2). */
export function Component() {
  const { t } = useTranslation();
  usePageTitle(t('documents.title'));
  const documents = useDocuments();
  const [busy, setBusy] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const shown = useMemo(() => filterDocuments(documents.data ?? [], deferredQuery), [documents.data, deferredQuery]);
  const searchId = useId();

  const download = async (doc: DocumentItem) => {
    setBusy(doc.id);
    await downloadDocument(doc, t);
    setBusy(null);
  };

  const button = (doc: DocumentItem, className?: string) => (
    <Button
      variant="brand"
      size="sm"
      className={className}
      disabled={busy === doc.id}
      onClick={() => void download(doc)}
      aria-label={t('documents.downloadLabel', { title: doc.title })}
    >
      <Download aria-hidden="true" className="h-4 w-4" />
      {t('documents.download')}
    </Button>
  );

  return (
    <>
      <PageHeader title={t('documents.title')} subtitle={t('documents.subtitle')} />
      <div className="container-page py-8 md:py-12">
        {documents.isPending ? (
          <p role="status" className="flex items-center justify-center gap-3 py-16 text-muted">
            <span aria-hidden="true" className="h-5 w-5 animate-spin rounded-full border-2 border-brand-600 border-t-transparent" />
            {t('documents.loading')}
          </p>
        ) : documents.isError ? (
          <div role="alert" className="flex flex-col items-center gap-3 py-16 text-center">
            <p className="text-lg font-semibold text-coral-700">{t('documents.loadError')}</p>
            <Button variant="secondary" onClick={() => void documents.refetch()}>
              {t('documents.retry')}
            </Button>
          </div>
        ) : documents.data.length === 0 ? (
          <p className="py-16 text-center text-muted">{t('documents.empty')}</p>
        ) : (
          <>
            <div className="mb-6 flex flex-col gap-2 md:max-w-md">
              <label htmlFor={searchId} className="font-semibold text-navy-900">
                {t('documents.searchLabel')}
              </label>
              <div className="relative">
                <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-4 h-5 w-5 -translate-y-1/2 text-navy-900/50" />
                <Input
                  id={searchId}
                  type="search"
                  className="pl-11"
                  value={query}
                  placeholder={t('documents.searchPlaceholder')}
                  onChange={(e) => setQuery(e.target.value)}
                />
              </div>
              <p role="status" className="text-sm text-muted">
                {shown.length === 0 ? t('documents.noMatch', { query: deferredQuery.trim() }) : t('documents.matches', { count: shown.length })}
              </p>
            </div>
            {shown.length > 0 ? (
              <>
                <table
                  data-testid="documents-table"
                  className="hidden w-full overflow-hidden rounded-[var(--radius-card)] bg-white text-left shadow-[var(--shadow-card)] ring-1 ring-navy-900/5 md:table"
                >
                  <thead className="bg-sand-100 text-sm text-navy-900">
                    <tr>
                      <th scope="col" className="px-5 py-3 font-bold">
                        {t('documents.name')}
                      </th>
                      <th scope="col" className="px-5 py-3 font-bold">
                        {t('documents.descriptionHeading')}
                      </th>
                      <th scope="col" className="px-5 py-3 text-right font-bold">
                        {t('documents.action')}
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-navy-900/10">
                    {shown.map((doc) => (
                      <tr key={doc.id} data-testid="document-row">
                        <td className="px-5 py-4 align-top">
                          <span className="flex items-start gap-2 font-semibold text-navy-900">
                            <FileText aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
                            <span>
                              {doc.title} <SourceBadge source={doc.source} />
                            </span>
                          </span>
                        </td>
                        <td className="px-5 py-4 align-top text-muted">{doc.description}</td>
                        <td className="px-5 py-4 text-right align-top">{button(doc)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                <ul data-testid="documents-cards" className="space-y-4 md:hidden">
                  {shown.map((doc) => (
                    <li
                      key={doc.id}
                      data-testid="document-card"
                      className="rounded-[var(--radius-card)] bg-white p-5 shadow-[var(--shadow-card)] ring-1 ring-navy-900/5"
                    >
                      <p className="flex items-start gap-2 font-bold text-navy-900">
                        <FileText aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
                        <span>
                          {doc.title} <SourceBadge source={doc.source} />
                        </span>
                      </p>
                      <p className="mt-2 text-muted">{doc.description}</p>
                      {button(doc, 'mt-4 w-full')}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            <p className="mt-6 text-sm text-muted">{t('documents.disclaimer')}</p>
          </>
        )}
      </div>
    </>
  );
}
