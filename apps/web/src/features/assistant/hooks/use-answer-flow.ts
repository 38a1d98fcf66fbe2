import type { VoiceId } from '@camino/contracts';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/components/ui/toast-store';
import type { AskResult } from '../api/ask';
import { useAssistant } from './use-assistant';
import { browserSpeaker, serverSpeaker, type Speaker } from '../lib/speaker';
import { registerTexts } from '@/lib/i18n';
import assistantTexts from '@/locales/es/assistant.json';

registerTexts(assistantTexts);

/** Spec section 4 "Voice control": idle -> listening -> processing -> speaking -> idle. */
export type VoiceStatus = 'idle' | 'listening' | 'processing' | 'speaking';

export interface AnswerFlowOptions {
  mode: 'user' | 'guest';
  voiceId: VoiceId;
  /** Where answers are spoken: the server's voice, the browser's, or not at all. */
  tts: 'server' | 'browser' | 'off';
  /** After the answer has been heard (or shown, when speech is off, or its reading stopped). */
  onFinished?: (result: AskResult) => void;
  /** A guest reached a cap: show the sign-up modal (instead of an error). */
  onGuestLimit?: () => void;
}

/**
 * A question from voice or text to its spoken answer. Each sentence is handed to the speaker as soon as
 * it is complete, so the first one is heard while the rest is still being written. Processing lasts
 * until the first sound, speaking until the last; any failure resets everything to idle.
 */
export function useAnswerFlow({ mode, voiceId, tts, onFinished, onGuestLimit }: AnswerFlowOptions) {
  const { t } = useTranslation();
  const assistant = useAssistant(mode, { onGuestLimit });
  const [status, setStatus] = useState<VoiceStatus>('idle');
  const speaker = useRef<Speaker | null>(null);
  const audio = useRef<HTMLAudioElement | null>(null);
  const busy = status !== 'idle';

  /** Call from a click: lets the page play audio later (browsers allow it after a user gesture). */
  const prepareAudio = useCallback(() => {
    if (tts === 'server' && !audio.current) {
      audio.current = new Audio();
      audio.current.preload = 'auto';
    }
  }, [tts]);

  /** Stops reading the answer aloud (the browser's speech and the server's audio); the text stays. */
  const stopSpeaking = useCallback(() => {
    if (!speaker.current) return;
    speaker.current.cancel();
    speaker.current = null;
    setStatus('idle');
  }, []);

  const cancel = useCallback(() => {
    speaker.current?.cancel();
    speaker.current = null;
    assistant.reset();
    setStatus('idle');
  }, [assistant]);

  /** Asks; true once answered, false when it was not (a failure, a cap, a cancel): the text box then gives the question back. */
  const submit = useCallback(
    async (raw: string): Promise<boolean> => {
      const question = raw.trim();
      if (!question || assistant.writing) return false;
      // A new question while the last answer is read aloud stops the reading and goes on.
      stopSpeaking();
      prepareAudio();
      const events = {
        onStart: () => setStatus('speaking'),
        onServerFailure: (message: string) => toast({ title: t('voice.ttsErrorTitle'), description: message || t('voice.ttsError'), variant: 'destructive' }),
      };
      const current =
        tts === 'off'
          ? null
          : tts === 'server' && audio.current
            ? serverSpeaker({ mode, voiceId, audio: audio.current }, events)
            : browserSpeaker(voiceId, events);
      speaker.current = current;
      setStatus('processing');
      let result: AskResult | null = null;
      try {
        result = await assistant.ask(question, (sentence) => current?.say(sentence));
      } catch {
        current?.cancel();
        speaker.current = null;
        setStatus('idle');
        return false;
      }
      if (!result) {
        current?.cancel();
        speaker.current = null;
        setStatus('idle');
        return false;
      }
      if (current) await current.finish();
      // Heard to the end, or stopped (then a newer question may own the status already).
      if (speaker.current === current) {
        speaker.current = null;
        setStatus('idle');
      }
      onFinished?.(result);
      return true;
    },
    [assistant, mode, onFinished, prepareAudio, stopSpeaking, t, tts, voiceId],
  );

  return {
    status,
    setStatus,
    busy,
    submit,
    cancel,
    stopSpeaking,
    prepareAudio,
    thread: assistant.thread,
    exchange: assistant.exchange,
    writing: assistant.writing,
    reset: cancel,
  };
}
