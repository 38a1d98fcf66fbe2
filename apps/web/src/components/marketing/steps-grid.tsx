import { FileDown, MessageSquareText, Sparkles, UserPlus } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { registerTexts } from '@/lib/i18n';
import marketingTexts from '@/locales/es/marketing.json';

registerTexts(marketingTexts);

const steps = [
  { key: 'account', Icon: UserPlus },
  { key: 'explain', Icon: MessageSquareText },
  { key: 'guidance', Icon: Sparkles },
  { key: 'documents', Icon: FileDown },
] as const;

/** The four steps: create your account, explain your situation, receive guidance, access documents. */
export function StepsGrid({ headingLevel = 'h3' }: { headingLevel?: 'h2' | 'h3' }) {
  const { t } = useTranslation();
  const Heading = headingLevel;
  return (
    <ol className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
      {steps.map(({ key, Icon }, index) => (
        <li key={key} className="relative rounded-[var(--radius-card)] bg-white p-6 shadow-[var(--shadow-card)] ring-1 ring-navy-900/5">
          <div className="flex items-center gap-3">
            <span aria-hidden="true" className="grid h-12 w-12 place-items-center rounded-2xl bg-brand-50 text-brand-600">
              <Icon className="h-6 w-6" />
            </span>
            <span className="text-sm font-bold tracking-wider text-teal-600 uppercase">{t('howItWorks.stepLabel', { n: index + 1 })}</span>
          </div>
          <Heading className="mt-4 text-xl font-bold">{t(`steps.${key}.title`)}</Heading>
          <p className="mt-2 text-muted">{t(`steps.${key}.body`)}</p>
        </li>
      ))}
    </ol>
  );
}
