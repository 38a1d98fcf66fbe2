import type { VoiceId } from '@camino/contracts';
import { Volume2, VolumeX, WifiOff } from 'lucide-react';
import { useCallback, useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { storage } from '@/lib/storage';
import type { AskResult } from '../api/ask';
import { useSpeechConfig } from '../api/use-speech-config';
import { useAnswerFlow, type VoiceStatus } from '../hooks/use-answer-flow';
import { useListening } from '../hooks/use-listening';
import { AnswerBox } from '@/components/answer/answer-box';
import { TextQuestionForm } from './text-question-form';
import { VoiceControl } from './voice-control';
import { registerTexts } from '@/lib/i18n';
import assistantTexts from '@/locales/es/assistant.json';

registerTexts(assistantTexts);

const SPEAK_KEY = 'speakAnswers';

interface AssistantPanelProps {
  mode: 'user' | 'guest';
  voiceId: VoiceId;
  /** Inputs disabled (the free plan's limit, the end of the demo). */
  disabled: boolean;
  /** Someone pressed the microphone while disabled (the demo shows its sign-up modal then). */
  onBlocked?: () => void;
  onFinished?: (result: AskResult) => void;
  /** A guest reached a cap (theirs or their address's): the sign-up modal, not an error. */
  onGuestLimit?: () => void;
  /** Shown between the answer and the text input (the limit notice). */
  notice?: ReactNode;
  /** Extra controls under the text input (a "new question" button). */
  footer?: (state: { status: VoiceStatus; hasAnswer: boolean; reset: () => void }) => ReactNode;
}

/**
 * The query panel (spec sections 2 and 4): the voice control, the conversation as a thread (earlier
 * turns, then the live one as it is written and read aloud), and the text input. While an answer is
 * read aloud a stop button shows and the inputs stay usable: a new question stops the reading first.
 * The inputs wait only while a question is heard or answered. A question typed with no connection waits
 * on screen and is sent when the connection returns (issue 15).
 */
export function AssistantPanel({ mode, voiceId, disabled, onBlocked, onFinished, onGuestLimit, notice, footer }: AssistantPanelProps) {
  const { t } = useTranslation();
  const config = useSpeechConfig();
  // Read after the first render: a page rendered at build time says "on" until then, as its HTML does.
  const [speak, setSpeak] = useState(true);
  useEffect(() => {
    if (storage.get(SPEAK_KEY) === 'off') setSpeak(false);
  }, []);
  const flow = useAnswerFlow({ mode, voiceId, tts: speak ? (config.data?.tts ?? 'browser') : 'off', onFinished, onGuestLimit });
  const liveTurn = useRef<HTMLDivElement>(null);
  const turns = flow.thread.length;
  // A new question brings its turn into view (the thread above it grows).
  useEffect(() => {
    if (turns > 1) liveTurn.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [turns]);
  const { setStatus, submit } = flow;
  const [waiting, setWaiting] = useState<string | null>(null);
  const sendWaiting = useEffectEvent(() => {
    if (!waiting) return;
    setWaiting(null);
    void submit(waiting);
  });
  // Attached once: a listener replaced while the 'online' event is dispatched would miss it.
  useEffect(() => {
    window.addEventListener('online', sendWaiting);
    return () => window.removeEventListener('online', sendWaiting);
  }, []);

  const listening = useListening({
    mode,
    transcription: config.data?.transcription ?? false,
    onQuestion: useCallback((text: string) => void submit(text), [submit]),
    onListeningChange: useCallback((on: boolean) => setStatus(on ? 'listening' : 'idle'), [setStatus]),
    onTranscribing: useCallback((on: boolean) => setStatus(on ? 'processing' : 'idle'), [setStatus]),
  });

  const startListening = () => {
    if (disabled) {
      onBlocked?.();
      return;
    }
    flow.stopSpeaking();
    flow.prepareAudio();
    void listening.start();
  };

  const toggleSpeak = () => {
    const next = !speak;
    setSpeak(next);
    storage.set(SPEAK_KEY, next ? 'on' : 'off');
  };

  const { exchange, status, thread, writing } = flow;
  const earlier = thread.slice(0, -1);
  const inputsBusy = status === 'listening' || status === 'processing' || writing;
  return (
    <div className="space-y-5">
      <VoiceControl
        status={status}
        transcript={listening.transcript}
        disabled={(disabled && !onBlocked) || (writing && status !== 'listening')}
        onStart={startListening}
        onStop={() => void listening.stop()}
        onStopSpeaking={flow.stopSpeaking}
      />
      <section aria-label={t('thread.label')} className="space-y-5">
        {earlier.map((turn) => (
          <AnswerBox
            key={turn.id}
            live={false}
            question={turn.question}
            answer={turn.answer}
            kind={turn.kind}
            source={turn.source}
            done={turn.done}
            writing={false}
          />
        ))}
        <div ref={liveTurn} className="scroll-mt-4">
          <AnswerBox
            question={exchange?.question ?? null}
            answer={exchange?.answer ?? ''}
            kind={exchange?.kind ?? null}
            source={exchange?.source ?? null}
            done={exchange?.done ?? false}
            writing={writing}
          />
        </div>
      </section>
      {notice}
      {waiting ? (
        <div role="status" data-testid="waiting-question" className="flex gap-3 rounded-2xl bg-brand-50 p-4 text-ink ring-1 ring-brand-200">
          <WifiOff aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
          <div className="min-w-0 space-y-1">
            <p className="font-semibold">{t('offline.waiting')}</p>
            <p className="break-words whitespace-pre-line text-muted">{waiting}</p>
          </div>
        </div>
      ) : null}
      <div>
        <p className="mb-2 text-center text-sm text-muted">{t('voice.or')}</p>
        <TextQuestionForm
          onAsk={(text) => {
            if (disabled) {
              onBlocked?.();
              return false;
            }
            listening.setTranscript('');
            if (navigator.onLine) return submit(text);
            setWaiting(text);
            return true;
          }}
          disabled={disabled && !onBlocked}
          busy={inputsBusy}
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <button
          type="button"
          role="switch"
          aria-checked={speak}
          onClick={toggleSpeak}
          className="inline-flex min-h-11 items-center gap-2 rounded-full px-3 text-sm font-semibold text-navy-900 hover:bg-navy-900/5"
        >
          {speak ? <Volume2 aria-hidden="true" className="h-5 w-5 text-teal-600" /> : <VolumeX aria-hidden="true" className="h-5 w-5 text-muted" />}
          {t('voice.speakAnswers')}
        </button>
        {footer?.({
          status: writing ? 'processing' : status === 'speaking' ? 'idle' : status,
          hasAnswer: !!exchange,
          reset: () => {
            listening.cancel();
            listening.setTranscript('');
            flow.reset();
          },
        })}
      </div>
    </div>
  );
}
