import { Landmark, Plane, ShieldCheck } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { registerTexts } from '@/lib/i18n';
import assistantTexts from '@/locales/es/assistant.json';

registerTexts(assistantTexts);

const cards = [
  { key: 'tourist', Icon: Plane },
  { key: 'residence', Icon: ShieldCheck },
  { key: 'citizenship', Icon: Landmark },
] as const;

/** Tourist visa, permanent residence and citizenship, with the spec's facts. */
export function FaqCards() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="faq-cards-title">
      <h2 id="faq-cards-title" className="mb-4 text-2xl font-bold">
        {t('chat.faqTitle')}
      </h2>
      <ul className="grid gap-4 md:grid-cols-3">
        {cards.map(({ key, Icon }) => (
          <li key={key} className="rounded-[var(--radius-card)] bg-white p-5 shadow-[var(--shadow-card)] ring-1 ring-navy-900/5">
            <span aria-hidden="true" className="grid h-11 w-11 place-items-center rounded-2xl bg-teal-50 text-teal-600">
              <Icon className="h-6 w-6" />
            </span>
            <h3 className="mt-3 text-lg font-bold">{t(`chat.faq.${key}.title`)}</h3>
            <p className="mt-1 text-muted">{t(`chat.faq.${key}.body`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
