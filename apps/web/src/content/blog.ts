export interface ArticleMeta {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  /** YYYY-MM-DD */
  date: string;
  author: string;
  sources: string[];
}

export interface Article extends ArticleMeta {
  body: string;
}

/** Front matter of every article, bundled (small); bodies are loaded per article. */
const metas = import.meta.glob<Record<string, unknown>>('@content/blog/*.md', { query: '?meta', import: 'default', eager: true });
const bodies = import.meta.glob<{ body: string }>('@content/blog/*.md');
const covers = import.meta.glob<string>('@/assets/illustrations/blog-*.svg', { query: '?url', import: 'default', eager: true });

function toMeta(raw: Record<string, unknown>): ArticleMeta {
  const date = raw.date instanceof Date ? raw.date.toISOString().slice(0, 10) : String(raw.date);
  return {
    id: Number(raw.id),
    slug: String(raw.slug),
    title: String(raw.title),
    excerpt: String(raw.excerpt),
    date,
    author: String(raw.author),
    sources: Array.isArray(raw.sources) ? raw.sources.map(String) : [],
  };
}

/** All articles, newest first. */
export const articles: ArticleMeta[] = Object.values(metas)
  .map(toMeta)
  .sort((a, b) => b.date.localeCompare(a.date));

export function coverFor(slug: string): string | undefined {
  return Object.entries(covers).find(([path]) => path.endsWith(`/blog-${slug}.svg`))?.[1];
}

export async function loadArticle(slug: string): Promise<Article | null> {
  const meta = articles.find((article) => article.slug === slug);
  const loader = Object.entries(bodies).find(([path]) => path.endsWith(`/${slug}.md`))?.[1];
  if (!meta || !loader) return null;
  const { body } = await loader();
  return { ...meta, body };
}

/** "27 de junio de 2025" (or the English long date). */
export function formatLongDate(date: string, language: string): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-US' : 'es-MX', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/** The body split into paragraphs on blank lines (spec section 2). */
export function paragraphs(body: string): string[] {
  return body
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}
