import { LIMITS, STORAGE_KEYS } from '@camino/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Dialog } from '@/components/ui/dialog';
import { storage } from '@/lib/storage';
import type { AskResult } from '../api/ask';
import { useUsage } from '../api/use-usage';
import { AssistantPanel } from './assistant-panel';
import { registerTexts } from '@/lib/i18n';
import demoTexts from '@/locales/es/demo.json';

registerTexts(demoTexts);

const demoCount = () => Number.parseInt(storage.get(STORAGE_KEYS.guestDemoCount) ?? '0', 10) || 0;

interface VoiceDemoProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The demo is used up: show the sign-up modal. */
  onLimit: () => void;
}

/**
 * The guest voice demo of /login (spec sections 2 and 4 "Demo"): 2 questions answered in one sentence;
 * about a second after the second answer has been heard, the sign-up modal (over the demo, whose answers
 * are still there when it is closed); a third attempt shows the modal instead. The server counts too (a
 * signed cookie and the address), so clearing storage does not give more answers; any cap it reports
 * shows the modal, never an error (D6).
 */
export function VoiceDemo({ open, onOpenChange, onLimit }: VoiceDemoProps) {
  const { t } = useTranslation();
  const usage = useUsage('guest');
  const [count, setCount] = useState(demoCount);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const exhausted = count >= LIMITS.guestQuestions || usage.data?.remaining === 0;

  // The server's count: a reply that used no question (off-topic, a clarifying question) leaves it as it was.
  const onFinished = useCallback(
    (result: AskResult) => {
      const before = demoCount();
      const next = Math.max(before, result.usage.used);
      if (next === before) return;
      storage.set(STORAGE_KEYS.guestDemoCount, String(next));
      setCount(next);
      if (next >= LIMITS.guestQuestions) timer.current = window.setTimeout(onLimit, LIMITS.signupModalDelayMs);
    },
    [onLimit],
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('demo.title')} description={t('demo.description')} closeLabel={t('common.close')} size="xl">
      <AssistantPanel mode="guest" voiceId="custom" disabled={exhausted} onBlocked={onLimit} onGuestLimit={onLimit} onFinished={onFinished} />
      <p className="mt-3 text-center text-sm text-muted">
        {t('demo.remaining', { count: Math.max(0, Math.min(LIMITS.guestQuestions - count, usage.data?.remaining ?? LIMITS.guestQuestions)) })}
      </p>
    </Dialog>
  );
}
