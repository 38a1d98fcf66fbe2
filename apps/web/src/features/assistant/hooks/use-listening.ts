import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/components/ui/toast-store';
import { errorMessage } from '@/lib/error-message';
import { transcribeRecording } from '../api/use-speech-config';
import { checkMicrophone, listen, recognitionConstructor, VoiceError, type VoiceProblem } from '../lib/recognition';
import { hasMediaRecorder, record, type Recording } from '../lib/recorder';
import { registerTexts } from '@/lib/i18n';
import assistantTexts from '@/locales/es/assistant.json';

registerTexts(assistantTexts);

const PROBLEM_KEYS: Record<VoiceProblem, string> = {
  unsupported: 'unsupported',
  compatibility: 'compatibility',
  security: 'security',
  microphone: 'microphone',
  permission: 'permission',
  'not-found': 'notFound',
  denied: 'denied',
  start: 'start',
};

interface ListeningOptions {
  mode: 'user' | 'guest';
  /** The server can transcribe a recording (for browsers without speech recognition). */
  transcription: boolean;
  /** The final transcript, trimmed (not called when nothing was heard). */
  onQuestion: (text: string) => void;
  onListeningChange: (listening: boolean) => void;
  /** The recording is being transcribed by the server. */
  onTranscribing?: (busy: boolean) => void;
}

/**
 * The microphone (spec sections 4 "Voice control" and 5 "Microphone"): checks, then the browser's
 * speech recognition, or, without it, a recording the server transcribes. Every failure is the spec's
 * destructive toast and ends listening; "no speech" is only logged.
 */
export function useListening({ mode, transcription, onQuestion, onListeningChange, onTranscribing }: ListeningOptions) {
  const { t } = useTranslation();
  const [transcript, setTranscript] = useState('');
  const session = useRef<{ stop: () => void; abort: () => void } | null>(null);
  const recording = useRef<Recording | null>(null);
  const listeningRef = useRef(false);

  const problem = useCallback(
    (kind: VoiceProblem) => {
      const key = PROBLEM_KEYS[kind];
      toast({ title: t(`voice.problems.${key}.title`), description: t(`voice.problems.${key}.body`), variant: 'destructive' });
    },
    [t],
  );

  const cleanUp = useCallback(() => {
    session.current?.abort();
    session.current = null;
    recording.current?.cancel();
    recording.current = null;
    if (listeningRef.current) {
      listeningRef.current = false;
      onListeningChange(false);
    }
  }, [onListeningChange]);

  useEffect(() => cleanUp, [cleanUp]);

  const start = useCallback(async () => {
    cleanUp();
    setTranscript('');
    const Recognition = recognitionConstructor();
    const canRecord = transcription && hasMediaRecorder();
    if (!Recognition && !canRecord) {
      problem('unsupported');
      return;
    }
    try {
      if (Recognition) {
        await checkMicrophone();
        listeningRef.current = true;
        onListeningChange(true);
        session.current = listen(Recognition, {
          onTranscript: setTranscript,
          onProblem: (kind) => {
            problem(kind);
            cleanUp();
          },
          onEnd: (finalText) => {
            // Stopped by the person, or ended by the browser (a long silence): what was heard goes out.
            session.current = null;
            listeningRef.current = false;
            onListeningChange(false);
            if (finalText) onQuestion(finalText);
          },
        });
      } else {
        const stream = await checkMicrophone(true);
        recording.current = record(stream!);
        listeningRef.current = true;
        onListeningChange(true);
      }
    } catch (error) {
      cleanUp();
      problem(error instanceof VoiceError ? error.problem : 'start');
    }
  }, [cleanUp, onListeningChange, onQuestion, problem, transcription]);

  const stop = useCallback(async () => {
    if (session.current) {
      session.current.stop();
      return;
    }
    const current = recording.current;
    if (!current) return;
    recording.current = null;
    listeningRef.current = false;
    onListeningChange(false);
    const blob = await current.stop();
    onTranscribing?.(true);
    try {
      const text = (await transcribeRecording(blob, mode)).trim();
      setTranscript(text);
      if (text) onQuestion(text);
    } catch (error) {
      toast({ title: t('voice.problems.microphone.title'), description: errorMessage(error, t), variant: 'destructive' });
    } finally {
      onTranscribing?.(false);
    }
  }, [mode, onListeningChange, onQuestion, onTranscribing, t]);

  return { transcript, setTranscript, start, stop, cancel: cleanUp };
}
