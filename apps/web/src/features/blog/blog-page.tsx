import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { PageHeader } from '@/components/page-header';
import { usePageTitle } from '@/lib/use-page-title';
import { articles } from '@/content/blog';
import { ArticleCard } from '@/components/marketing/article-card';
import { registerTexts } from '@/lib/i18n';
import blogTexts from '@/locales/es/blog.json';

registerTexts(blogTexts);

export function Component() {
  const { t } = useTranslation();
  usePageTitle(t('blog.title'));
  const [featured] = articles;
  return (
    <>
      <PageHeader title={t('blog.title')} subtitle={t('blog.subtitle')} />
      <div className="container-page space-y-12 py-10 md:py-14">
        {featured ? (
          <section aria-labelledby="featured-heading">
            <h2 id="featured-heading" className="mb-4 text-sm font-bold tracking-wider text-teal-600 uppercase">
              {t('blog.featured')}
            </h2>
            <ArticleCard article={featured} featured />
          </section>
        ) : null}
        <section aria-labelledby="all-heading">
          <h2 id="all-heading" className="mb-6 text-2xl font-bold">
            {t('blog.all')}
          </h2>
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {articles.map((article) => (
              <ArticleCard key={article.slug} article={article} />
            ))}
          </div>
        </section>
        {/* The spec's static, non-functional pagination (pages 1-3, href #): product-spec section 2. */}
        {/* eslint-disable jsx-a11y/anchor-is-valid */}
        <nav aria-label={t('blog.pagination')} className="flex items-center justify-center gap-2">
          <a href="#" className="inline-flex h-11 items-center gap-1 rounded-full px-4 font-medium text-navy-900 hover:bg-navy-900/5">
            <ChevronLeft aria-hidden="true" className="h-4 w-4" />
            {t('blog.previous')}
          </a>
          {[1, 2, 3].map((page) => (
            <a
              key={page}
              href="#"
              aria-current={page === 1 ? 'page' : undefined}
              className={
                page === 1
                  ? 'grid h-11 w-11 place-items-center rounded-full bg-brand-600 font-semibold text-white'
                  : 'grid h-11 w-11 place-items-center rounded-full font-semibold text-navy-900 hover:bg-navy-900/5'
              }
            >
              {page}
            </a>
          ))}
          <a href="#" className="inline-flex h-11 items-center gap-1 rounded-full px-4 font-medium text-navy-900 hover:bg-navy-900/5">
            {t('blog.next')}
            <ChevronRight aria-hidden="true" className="h-4 w-4" />
          </a>
        </nav>
        {/* eslint-enable jsx-a11y/anchor-is-valid */}
      </div>
    </>
  );
}
