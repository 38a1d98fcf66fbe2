import { Quote } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { registerTexts } from '@/lib/i18n';
import marketingTexts from '@/locales/es/marketing.json';

registerTexts(marketingTexts);

const people = [
  { key: 'maria', tone: 'bg-sun-300' },
  { key: 'jose', tone: 'bg-teal-100' },
  { key: 'ana', tone: 'bg-brand-100' },
] as const;

/** The three example stories, labelled as examples wherever they appear (D14). */
export function Testimonials() {
  const { t } = useTranslation();
  return (
    <>
      <p className="mt-3 mb-8 text-muted">{t('testimonials.note')}</p>
      <ul className="grid gap-5 md:grid-cols-3">
        {people.map(({ key, tone }) => {
          const name = t(`testimonials.${key}.name`);
          return (
            <li key={key}>
              <figure className="flex h-full flex-col rounded-[var(--radius-card)] bg-white p-6 shadow-[var(--shadow-card)] ring-1 ring-navy-900/5">
                <Quote aria-hidden="true" className="h-8 w-8 text-sun-400" />
                <blockquote className="mt-3 flex-1 text-lg text-ink">“{t(`testimonials.${key}.quote`)}”</blockquote>
                <figcaption className="mt-5 flex items-center gap-3">
                  <span aria-hidden="true" className={`grid h-11 w-11 place-items-center rounded-full font-bold text-navy-900 ${tone}`}>
                    {name.charAt(0)}
                  </span>
                  <span>
                    <span className="block font-semibold text-navy-900">{name}</span>
                    <span className="block text-sm text-muted">{t(`testimonials.${key}.place`)}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          );
        })}
      </ul>
    </>
  );
}
