import { Mic, Square, VolumeX } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/cn';
import type { VoiceStatus } from '../hooks/use-answer-flow';
import { registerTexts } from '@/lib/i18n';
import assistantTexts from '@/locales/es/assistant.json';

registerTexts(assistantTexts);

interface VoiceControlProps {
  status: VoiceStatus;
  transcript: string;
  disabled: boolean;
  onStart: () => void;
  onStop: () => void;
  /** Stops reading the answer aloud (shown while it is read). */
  onStopSpeaking: () => void;
}

const HINTS: Record<VoiceStatus, string> = {
  idle: 'voice.hintIdle',
  listening: 'voice.hintListening',
  processing: 'voice.hintProcessing',
  speaking: 'voice.hintSpeaking',
};

/**
 * The round microphone button (spec section 2 "Voice question control"): green when idle, red with
 * pulsing rings while listening; the hint for each state; while an answer is read aloud, a button to
 * stop it (the microphone stays usable: a new question stops the reading); the transcript.
 */
export function VoiceControl({ status, transcript, disabled, onStart, onStop, onStopSpeaking }: VoiceControlProps) {
  const { t } = useTranslation();
  const listening = status === 'listening';
  const busy = status === 'processing';
  return (
    <div className="flex flex-col items-center gap-3">
      <div className="relative grid h-28 w-28 place-items-center">
        {listening ? (
          <>
            <span aria-hidden="true" className="absolute inset-2 animate-ring rounded-full bg-coral-500/40" />
            <span aria-hidden="true" className="absolute inset-2 animate-ring rounded-full bg-coral-500/30 [animation-delay:0.6s]" />
          </>
        ) : null}
        <button
          type="button"
          data-testid="mic-button"
          data-state={status}
          onClick={listening ? onStop : onStart}
          disabled={disabled || busy}
          aria-pressed={listening}
          aria-label={listening ? t('voice.stopLabel') : t('voice.startLabel')}
          className={cn(
            'relative grid h-24 w-24 place-items-center rounded-full text-white shadow-[var(--shadow-pop)] transition-colors focus-visible:outline-4 disabled:cursor-not-allowed disabled:opacity-60',
            listening ? 'bg-coral-700 hover:bg-coral-600' : 'bg-[#15803d] hover:bg-[#166534]',
          )}
        >
          {listening ? <Square aria-hidden="true" className="h-9 w-9" fill="currentColor" /> : <Mic aria-hidden="true" className="h-11 w-11" />}
        </button>
      </div>
      <p data-testid="voice-hint" className="text-center font-semibold text-navy-900" aria-live="polite">
        {t(HINTS[status])}
      </p>
      {status === 'speaking' ? (
        <button
          type="button"
          data-testid="stop-speaking"
          onClick={onStopSpeaking}
          className="inline-flex min-h-11 items-center gap-2 rounded-full bg-white px-4 text-sm font-semibold text-navy-900 ring-1 ring-navy-900/15 hover:bg-sand-100"
        >
          <VolumeX aria-hidden="true" className="h-5 w-5 text-coral-700" />
          {t('thread.stopSpeaking')}
        </button>
      ) : null}
      {transcript ? (
        <p data-testid="transcript-box" className="max-w-xl rounded-2xl bg-white px-4 py-2 text-center whitespace-pre-line text-ink ring-1 ring-navy-900/10">
          <span className="sr-only">{t('voice.transcriptLabel')}: </span>
          {transcript}
        </p>
      ) : null}
    </div>
  );
}
