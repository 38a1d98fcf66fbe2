import type { Usage } from '@camino/contracts';
import { MessageCircleQuestion } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { registerTexts } from '@/lib/i18n';
import assistantTexts from '@/locales/es/assistant.json';

registerTexts(assistantTexts);

/** 'Consultas restantes: N de 3', or ∞ for the unlimited plan. */
export function UsageCounter({ usage }: { usage: Usage | undefined }) {
  const { t } = useTranslation();
  if (!usage) return <p className="h-6" aria-hidden="true" />;
  const text = usage.limit === null ? t('chat.remainingUnlimited') : t('chat.remaining', { count: usage.remaining ?? 0, limit: usage.limit });
  return (
    <p
      data-testid="usage-counter"
      className="inline-flex items-center gap-2 rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700"
      aria-live="polite"
    >
      <MessageCircleQuestion aria-hidden="true" className="h-4 w-4" />
      {text}
    </p>
  );
}
