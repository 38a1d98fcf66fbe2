import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { coverFor, formatLongDate, type ArticleMeta } from '@/content/blog';
import { registerTexts } from '@/lib/i18n';
import blogTexts from '@/locales/es/blog.json';

registerTexts(blogTexts);

export function ArticleCard({ article, featured = false, headingLevel = 'h3' }: { article: ArticleMeta; featured?: boolean; headingLevel?: 'h2' | 'h3' }) {
  const { t, i18n } = useTranslation();
  const Heading = headingLevel;
  const cover = coverFor(article.slug);
  return (
    <article
      className={cn(
        'group relative flex overflow-hidden rounded-[var(--radius-card)] bg-white shadow-[var(--shadow-card)] ring-1 ring-navy-900/5 transition-shadow hover:shadow-[var(--shadow-pop)]',
        featured ? 'flex-col md:flex-row' : 'flex-col',
      )}
    >
      {cover ? (
        <img
          src={cover}
          alt=""
          loading="lazy"
          width={800}
          height={450}
          className={cn('aspect-video w-full bg-sand-200 object-cover', featured && 'md:aspect-auto md:w-1/2')}
        />
      ) : null}
      <div className={cn('flex flex-1 flex-col gap-3 p-5', featured && 'md:p-8')}>
        <p className="text-sm text-muted">
          <time dateTime={article.date}>{formatLongDate(article.date, i18n.language)}</time>
        </p>
        <Heading className={cn('font-bold text-navy-900', featured ? 'text-2xl md:text-3xl' : 'text-xl')}>
          <Link to={`/blog/${article.slug}`} className="after:absolute after:inset-0 group-hover:text-brand-700">
            {article.title}
          </Link>
        </Heading>
        <p className="text-muted">{article.excerpt}</p>
        <p aria-hidden="true" className="mt-auto font-semibold text-brand-600">
          {t('blog.readMore')} →
        </p>
      </div>
    </article>
  );
}
