import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { registerTexts } from '@/lib/i18n';
import assistantTexts from '@/locales/es/assistant.json';

registerTexts(assistantTexts);

/** The free-plan limit (spec sections 4 and 8): the message, and the way to continue. */
export function LimitNotice({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div role="status" data-testid="limit-notice" className="rounded-2xl bg-sun-300/30 p-5 ring-1 ring-sun-500/40">
      <p className="flex items-center gap-2 text-lg font-bold text-navy-900">
        <Lock aria-hidden="true" className="h-5 w-5" />
        {t('chat.limitTitle')}
      </p>
      <p className="mt-1 text-ink">{t('chat.limitBody')}</p>
      <p className="mt-1 text-sm text-muted">{t('chat.limitPrice')}</p>
      {children ? <div className="mt-4">{children}</div> : null}
    </div>
  );
}
