import type { VoiceId } from '@camino/contracts';
import { Volume2, VolumeX } from 'lucide-react';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { storage } from '@/lib/storage';
import type { AskResult } from '../api/ask';
import { useSpeechConfig } from '../api/use-speech-config';
import { useAnswerFlow, type VoiceStatus } from '../hooks/use-answer-flow';
import { useListening } from '../hooks/use-listening';
import { AnswerBox } from './answer-box';
import { TextQuestionForm } from './text-question-form';
import { VoiceControl } from './voice-control';

const SPEAK_KEY = 'speakAnswers';

interface AssistantPanelProps {
  mode: 'user' | 'guest';
  voiceId: VoiceId;
  /** Inputs disabled (the free plan's limit, the end of the demo). */
  disabled: boolean;
  /** Someone pressed the microphone while disabled (the demo shows its sign-up modal then). */
  onBlocked?: () => void;
  onFinished?: (result: AskResult) => void;
  /** Shown between the answer and the text input (the limit notice). */
  notice?: ReactNode;
  /** Extra controls under the text input (a "new question" button). */
  footer?: (state: { status: VoiceStatus; hasAnswer: boolean; reset: () => void }) => ReactNode;
}

/**
 * The query panel (spec sections 2 and 4): the voice control, the answer as it is written and read
 * aloud, and the text input. Listening, processing and speaking are busy states; inputs are disabled
 * while processing or speaking.
 */
export function AssistantPanel({ mode, voiceId, disabled, onBlocked, onFinished, notice, footer }: AssistantPanelProps) {
  const { t } = useTranslation();
  const config = useSpeechConfig();
  const [speak, setSpeak] = useState(() => storage.get(SPEAK_KEY) !== 'off');
  const flow = useAnswerFlow({ mode, voiceId, tts: speak ? (config.data?.tts ?? 'browser') : 'off', onFinished });
  const { setStatus, submit } = flow;

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
    flow.prepareAudio();
    void listening.start();
  };

  const toggleSpeak = () => {
    const next = !speak;
    setSpeak(next);
    storage.set(SPEAK_KEY, next ? 'on' : 'off');
  };

  const { exchange, status } = flow;
  return (
    <div className="space-y-5">
      <VoiceControl status={status} transcript={listening.transcript} disabled={disabled && !onBlocked} onStart={startListening} onStop={() => void listening.stop()} />
      <AnswerBox question={exchange?.question ?? null} answer={exchange?.answer ?? ''} kind={exchange?.kind ?? null} writing={flow.writing} />
      {notice}
      <div>
        <p className="mb-2 text-center text-sm text-muted">{t('voice.or')}</p>
        <TextQuestionForm
          onAsk={(text) => {
            if (disabled) {
              onBlocked?.();
              return;
            }
            listening.setTranscript('');
            void submit(text);
          }}
          disabled={disabled && !onBlocked}
          busy={status !== 'idle'}
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
        {footer?.({ status, hasAnswer: !!exchange, reset: () => {
          listening.cancel();
          listening.setTranscript('');
          flow.reset();
        } })}
      </div>
    </div>
  );
}
