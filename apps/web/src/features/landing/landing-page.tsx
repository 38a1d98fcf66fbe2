import { ArrowLeft, Check, ChevronDown } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import headerBg from '@/assets/illustrations/header-bg.svg';
import heroFamily from '@/assets/illustrations/hero-family.svg';
import { ArticleCard } from '@/components/marketing/article-card';
import { StepsGrid } from '@/components/marketing/steps-grid';
import { Testimonials } from '@/components/marketing/testimonials';
import { buttonClasses } from '@/components/ui/button';
import { articles } from '@/content/blog';
import { faqItems } from '@/content/faq';
import { usePageTitle } from '@/lib/use-page-title';
import { LIMITS } from '@camino/contracts';
import { CounterCard } from './components/counter-card';
import { SubscribeCta } from './components/subscribe-cta';
import { useInView } from './hooks/use-in-view';
import { registerTexts } from '@/lib/i18n';
import landingTexts from '@/locales/es/landing.json';

registerTexts(landingTexts);

const membership = ['unlimited', 'allDay', 'pdf', 'devices'] as const;
const findFooter = () => document.querySelector('footer');

export function Component() {
  const { t, i18n } = useTranslation();
  usePageTitle(undefined);
  const headerRef = useRef<HTMLElement>(null);
  const headerInView = useInView(headerRef);
  // The fixed counter steps aside at the footer, so it never covers the operator and support lines.
  const footerInView = useInView(findFooter, false);
  const latest = articles.slice(0, LIMITS.landingBlogPosts);
  const faqExcerpt = faqItems(i18n.language).slice(0, 3);

  return (
    <>
      <header
        ref={headerRef}
        className="relative isolate overflow-hidden bg-navy-900 bg-cover bg-center text-white"
        style={{ backgroundImage: `url(${headerBg})` }}
      >
        <div aria-hidden="true" className="absolute inset-0 -z-10 bg-gradient-to-b from-navy-950/40 via-navy-900/20 to-navy-950/70" />
        <div className="container-page flex min-h-[34rem] flex-col pt-5 pb-8 md:min-h-[38rem]">
          <Link to="/landing" className="inline-flex w-fit items-center gap-1.5 rounded-full px-2 py-1 text-white/85 hover:bg-white/10 hover:text-white">
            <ArrowLeft aria-hidden="true" className="h-4 w-4" />
            {t('landing.back')}
          </Link>
          <div className="my-auto grid gap-8 py-10 md:grid-cols-[1fr_auto] md:items-end">
            <div className="max-w-2xl">
              <h1 className="text-4xl leading-tight font-bold text-white drop-shadow-sm sm:text-5xl md:text-6xl">{t('landing.headline')}</h1>
              <p className="mt-5 max-w-xl text-lg text-white/85 md:text-xl">{t('landing.subtitle')}</p>
            </div>
            <CounterCard fixed={!headerInView} hidden={!headerInView && footerInView} />
          </div>
          <a
            href="#hero"
            aria-label={t('landing.scrollDown')}
            className="mx-auto grid h-12 w-12 animate-bounce-slow place-items-center rounded-full bg-white/10 text-white ring-1 ring-white/30 hover:bg-white/20"
          >
            <ChevronDown aria-hidden="true" className="h-6 w-6" />
          </a>
        </div>
      </header>

      <section id="hero" aria-labelledby="hero-title" className="scroll-mt-20 py-14 md:py-20">
        <div className="container-page grid items-center gap-10 md:grid-cols-2">
          <div>
            <p className="font-bold tracking-wide text-teal-600">{t('landing.hero.eyebrow')}</p>
            <h2 id="hero-title" className="mt-3 text-4xl font-bold md:text-5xl">
              {t('landing.hero.title')}
            </h2>
            <p className="mt-5 text-lg text-muted">{t('landing.hero.body')}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <SubscribeCta />
              <Link to="/how-it-works" className={buttonClasses('secondary', 'lg')}>
                {t('landing.hero.secondary')}
              </Link>
            </div>
            <p data-testid="hero-price-note" className="mt-4 text-muted">
              {t('landing.hero.priceNote')}
            </p>
          </div>
          <img src={heroFamily} alt={t('landing.hero.imageAlt')} width={600} height={480} className="mx-auto w-full max-w-md md:max-w-none" />
        </div>
      </section>

      <section aria-labelledby="membership-title" className="pb-14 md:pb-20">
        <div className="container-page">
          <div className="grid gap-8 rounded-[var(--radius-card)] bg-navy-900 p-7 text-white shadow-[var(--shadow-pop)] md:grid-cols-[1fr_1.2fr] md:p-12">
            <div>
              <h2 id="membership-title" className="text-3xl font-bold text-white">
                {t('landing.membership.title')}
              </h2>
              <p className="mt-4 text-lg text-white/80">{t('landing.membership.price')}</p>
            </div>
            <ul className="grid gap-3 sm:grid-cols-2">
              {membership.map((key) => (
                <li key={key} className="flex items-center gap-3 rounded-2xl bg-white/8 p-4 ring-1 ring-white/10">
                  <span aria-hidden="true" className="grid h-8 w-8 shrink-0 place-items-center rounded-full bg-teal-500 text-white">
                    <Check className="h-5 w-5" />
                  </span>
                  <span className="font-semibold">{t(`landing.membership.items.${key}`)}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section aria-labelledby="steps-title" className="bg-sand-100 py-14 md:py-20">
        <div className="container-page">
          <h2 id="steps-title" className="text-3xl font-bold md:text-4xl">
            {t('landing.steps.title')}
          </h2>
          <p className="mt-3 mb-8 max-w-2xl text-lg text-muted">{t('landing.steps.subtitle')}</p>
          <StepsGrid />
        </div>
      </section>

      <section aria-labelledby="testimonials-title" className="py-14 md:py-20">
        <div className="container-page">
          <h2 id="testimonials-title" className="text-3xl font-bold md:text-4xl">
            {t('landing.testimonials.title')}
          </h2>
          <Testimonials />
        </div>
      </section>

      <section aria-labelledby="faq-title" className="bg-sand-100 py-14 md:py-20">
        <div className="container-page grid gap-8 md:grid-cols-[1fr_1.6fr]">
          <div>
            <h2 id="faq-title" className="text-3xl font-bold md:text-4xl">
              {t('landing.faq.title')}
            </h2>
            <Link to="/faq" className={buttonClasses('secondary', 'md', 'mt-6')}>
              {t('landing.faq.all')}
            </Link>
          </div>
          <dl className="space-y-4">
            {faqExcerpt.map((item) => (
              <div key={item.id} className="rounded-2xl bg-white p-5 shadow-[var(--shadow-card)] ring-1 ring-navy-900/5">
                <dt className="text-lg font-bold text-navy-900">{item.question}</dt>
                <dd className="mt-2 text-muted">{item.answer}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="blog-title" className="py-14 md:py-20">
        <div className="container-page">
          <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
            <h2 id="blog-title" className="text-3xl font-bold md:text-4xl">
              {t('landing.blog.title')}
            </h2>
            <Link to="/blog" className={buttonClasses('secondary')}>
              {t('landing.blog.all')}
            </Link>
          </div>
          <div className="grid gap-6 md:grid-cols-3">
            {latest.map((article) => (
              <ArticleCard key={article.slug} article={article} />
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="final-cta-title" className="pb-16 md:pb-24">
        <div className="container-page">
          <div className="relative overflow-hidden rounded-[var(--radius-card)] bg-brand-600 p-8 text-center text-white md:p-14">
            <div aria-hidden="true" className="absolute inset-0 bg-[radial-gradient(ellipse_at_top,rgb(244_162_89/0.35),transparent_60%)]" />
            <div className="relative">
              <h2 id="final-cta-title" className="text-3xl font-bold text-white md:text-4xl">
                {t('landing.finalCta.title')}
              </h2>
              <p className="mx-auto mt-3 max-w-xl text-lg text-white/85">{t('landing.finalCta.body')}</p>
              <div className="mt-8 flex justify-center">
                <SubscribeCta label={t('landing.finalCta.cta')} />
              </div>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
