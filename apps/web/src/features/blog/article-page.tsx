import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Share2 } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { Link, useParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast-store';
import { usePageTitle } from '@/lib/use-page-title';
import { coverFor, formatLongDate, loadArticle, paragraphs } from '@/content/blog';
import { registerTexts } from '@/lib/i18n';
import blogTexts from '@/locales/es/blog.json';

registerTexts(blogTexts);

async function share(title: string, t: (key: string) => string): Promise<void> {
  const url = window.location.href;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
    } catch {
      // The person closed the share sheet.
    }
    return;
  }
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: t('blog.linkCopied'), variant: 'success' });
  } catch {
    toast({ title: t('blog.copyFailed'), variant: 'destructive' });
  }
}

export function Component() {
  const { slug = '' } = useParams();
  const { t, i18n } = useTranslation();
  const article = useQuery({ queryKey: ['article', slug], queryFn: () => loadArticle(slug), staleTime: Infinity });
  usePageTitle(article.data?.title ?? (article.isPending ? undefined : t('blog.notFound')));

  if (article.isPending) {
    return (
      <div className="container-page max-w-3xl space-y-4 py-12" aria-busy="true">
        <Skeleton className="h-10 w-3/4" />
        <Skeleton className="h-5 w-1/3" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }

  if (!article.data) {
    return (
      <div className="container-page flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 py-16 text-center">
        <h1 className="text-3xl font-bold">{t('blog.notFound')}</h1>
        <p className="text-muted">{t('blog.notFoundBody')}</p>
        <Link to="/blog" className={buttonClasses('brand')}>
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          {t('blog.backToBlog')}
        </Link>
      </div>
    );
  }

  const { title, date, author, body, sources, slug: articleSlug } = article.data;
  const cover = coverFor(articleSlug);
  return (
    <article className="pb-16">
      <header className="bg-navy-900 text-white">
        <div className="container-page max-w-3xl py-10 md:py-14">
          <Link to="/blog" className="inline-flex items-center gap-1 rounded text-white/80 hover:text-white hover:underline">
            <ArrowLeft aria-hidden="true" className="h-4 w-4" />
            {t('blog.backToBlog')}
          </Link>
          <h1 className="mt-5 text-3xl font-bold text-white md:text-5xl">{title}</h1>
          <div className="mt-5 flex flex-wrap items-center gap-x-4 gap-y-2 text-white/80">
            <time dateTime={date}>{formatLongDate(date, i18n.language)}</time>
            <span aria-hidden="true">·</span>
            <span>{t('blog.by', { author })}</span>
            <Button variant="outlineLight" size="sm" className="ml-auto" onClick={() => void share(title, t)}>
              <Share2 aria-hidden="true" className="h-4 w-4" />
              {t('blog.share')}
            </Button>
          </div>
        </div>
      </header>
      <div className="container-page max-w-3xl">
        {cover ? (
          <img
            src={cover}
            alt=""
            width={800}
            height={450}
            className="-mt-0 mt-8 aspect-video w-full rounded-[var(--radius-card)] bg-sand-200 object-cover shadow-[var(--shadow-card)]"
          />
        ) : null}
        <div className="prose-article mt-8 text-[1.125rem] leading-relaxed text-ink">
          {paragraphs(body).map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
        {sources.length > 0 ? (
          <section aria-labelledby="sources-heading" className="mt-10 rounded-2xl bg-sand-100 p-5">
            <h2 id="sources-heading" className="text-lg font-bold">
              {t('blog.sources')}
            </h2>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-muted">
              {sources.map((source) => (
                <li key={source}>
                  {/* A source keeps its own title, in its own language. */}
                  <cite className="not-italic">{source}</cite>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <aside className="mt-10 rounded-[var(--radius-card)] bg-brand-600 p-6 text-white md:p-8">
          <h2 className="text-2xl font-bold text-white">{t('blog.helpTitle')}</h2>
          <p className="mt-2 text-white/85">{t('blog.helpBody')}</p>
          <Link to="/login" className={buttonClasses('primary', 'md', 'mt-5')}>
            {t('blog.helpCta')}
          </Link>
        </aside>
      </div>
    </article>
  );
}
