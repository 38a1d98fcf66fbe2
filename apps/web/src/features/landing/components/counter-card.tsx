import { Users, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/cn';
import { useSiteInfo } from '@/lib/use-site-info';
import { registerTexts } from '@/lib/i18n';
import landingTexts from '@/locales/es/landing.json';

registerTexts(landingTexts);

/** Spanish number format with a thousands point also for four digits: 5300 -> "5.300". */
export function formatCount(value: number): string {
  return String(Math.trunc(value)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/**
 * "Más de 5.300 inmigrantes ayudados" (decisions D14: the server's real figure, rounded down to a
 * hundred; 100 people or fewer, a line with no number): inline in the header, a fixed card at the bottom-right once the
 * header has scrolled away. Its close button exists only while fixed. Hover, focus or a tap reveals the
 * extra message.
 */
export function CounterCard({ fixed, hidden: away = false }: { fixed: boolean; hidden?: boolean }) {
  const { t } = useTranslation();
  const helped = useSiteInfo().data?.helped ?? null;
  const [dismissed, setDismissed] = useState(false);
  const [reveal, setReveal] = useState(false);
  const pointerType = useRef<string>('mouse');

  const hidden = fixed && (dismissed || away);

  const card = (
    <div
      data-testid="counter-card"
      data-fixed={fixed ? 'true' : 'false'}
      hidden={hidden}
      className={cn(
        'w-[19rem] max-w-[calc(100vw-2rem)] rounded-2xl bg-white/95 text-navy-900 shadow-[var(--shadow-pop)] ring-1 ring-navy-900/10 backdrop-blur',
        fixed ? 'fixed right-4 bottom-4 z-20 animate-fade-in' : 'relative',
      )}
    >
      <button
        type="button"
        className="flex w-full items-center gap-3 rounded-2xl p-4 pr-12 text-left"
        aria-expanded={reveal}
        aria-describedby="counter-message"
        onPointerDown={(event) => (pointerType.current = event.pointerType)}
        onPointerEnter={(event) => event.pointerType === 'mouse' && setReveal(true)}
        onPointerLeave={(event) => event.pointerType === 'mouse' && setReveal(false)}
        onFocus={() => setReveal(true)}
        onBlur={() => setReveal(false)}
        onClick={() => pointerType.current !== 'mouse' && setReveal((open) => !open)}
      >
        <span aria-hidden="true" className="grid h-11 w-11 shrink-0 place-items-center rounded-full bg-teal-50 text-teal-600">
          <Users className="h-6 w-6" />
        </span>
        <span className="text-[1.05rem] leading-snug font-bold" aria-live="polite">
          {helped === null ? t('counter.labelFew') : t('counter.label', { value: formatCount(helped) })}
        </span>
      </button>
      <p id="counter-message" data-testid="counter-message" hidden={!reveal} className="border-t border-navy-900/10 px-4 py-3 text-sm text-muted">
        {helped !== null && helped >= 1000 ? t('counter.message') : t('counter.messageFew')}
      </p>
      {fixed ? (
        <button
          type="button"
          aria-label={t('counter.close')}
          onClick={() => setDismissed(true)}
          className="absolute top-2 right-2 grid h-9 w-9 place-items-center rounded-full text-navy-900/60 hover:bg-navy-900/5 hover:text-navy-900"
        >
          <X aria-hidden="true" className="h-4 w-4" />
        </button>
      ) : null}
    </div>
  );

  // Fixed, the card leaves the header's stacking context so that nothing on the page covers it.
  return (
    <div className="min-h-[5.5rem]" data-testid="counter-slot">
      {fixed ? createPortal(card, document.body) : card}
    </div>
  );
}
