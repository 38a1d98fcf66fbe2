import { SPEECH } from '@camino/contracts';

/** The parts of the Web Speech API we use (not in TypeScript's DOM types everywhere). */
export interface RecognitionLike {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  start(): void;
  stop(): void;
  abort(): void;
  onresult: ((event: { resultIndex: number; results: ArrayLike<{ isFinal: boolean; 0: { transcript: string } }> }) => void) | null;
  onerror: ((event: { error: string; message?: string }) => void) | null;
  onend: (() => void) | null;
  onstart: (() => void) | null;
}

type RecognitionConstructor = new () => RecognitionLike;

export function recognitionConstructor(): RecognitionConstructor | null {
  const w = window as unknown as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

/** The spec's destructive toasts (section 8 "Voice and microphone toasts"), by cause. */
export type VoiceProblem =
  | 'unsupported' // No soportado
  | 'compatibility' // Error de compatibilidad: no media-device API
  | 'security' // Error de seguridad: not a secure page
  | 'microphone' // Error de micrófono: no active track or a generic failure
  | 'permission' // Permiso denegado (getUserMedia refused)
  | 'not-found' // Micrófono no encontrado
  | 'denied' // Acceso denegado (recognition not-allowed)
  | 'start'; // Error: recognition could not start

export class VoiceError extends Error {
  constructor(readonly problem: VoiceProblem) {
    super(problem);
  }
}

/**
 * Checks what the microphone needs before listening (spec section 5 "Microphone"): a secure page, the
 * media-device API, permission, and at least one active audio track. The stream is closed again at once:
 * recognition (or the recorder) opens its own.
 */
export async function checkMicrophone(keep = false): Promise<MediaStream | null> {
  if (!window.isSecureContext) throw new VoiceError('security');
  if (!navigator.mediaDevices?.getUserMedia) throw new VoiceError('compatibility');
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  } catch (error) {
    const name = (error as DOMException).name;
    if (name === 'NotAllowedError' || name === 'SecurityError') throw new VoiceError('permission');
    if (name === 'NotFoundError' || name === 'OverconstrainedError') throw new VoiceError('not-found');
    throw new VoiceError('microphone');
  }
  const active = stream.getAudioTracks().some((track) => track.readyState === 'live' && track.enabled);
  if (!active) {
    stream.getTracks().forEach((track) => track.stop());
    throw new VoiceError('microphone');
  }
  if (keep) return stream;
  stream.getTracks().forEach((track) => track.stop());
  return null;
}

export interface ListenHandlers {
  /** The transcript to show: the last final text, or else the interim text. */
  onTranscript: (text: string) => void;
  onProblem: (problem: VoiceProblem) => void;
  /** Recognition ended (stopped by us, or by the browser). */
  onEnd: (finalText: string) => void;
}

/**
 * One listening session: es-ES, continuous, interim results, one alternative (spec section 9).
 * Returns stop() (ends and delivers the final text) and abort() (ends without delivering).
 */
export function listen(Recognition: RecognitionConstructor, handlers: ListenHandlers): { stop: () => void; abort: () => void } {
  const recognition = new Recognition();
  recognition.lang = SPEECH.recognitionLang;
  recognition.continuous = true;
  recognition.interimResults = true;
  recognition.maxAlternatives = 1;
  let finalText = '';
  let aborted = false;
  recognition.onresult = (event) => {
    let interim = '';
    finalText = '';
    for (let i = 0; i < event.results.length; i++) {
      const result = event.results[i]!;
      if (result.isFinal) finalText += result[0].transcript;
      else interim += result[0].transcript;
    }
    handlers.onTranscript(finalText.trim() ? finalText.trim() : interim.trim());
  };
  recognition.onerror = (event) => {
    if (event.error === 'no-speech') {
      console.info('speech recognition: no speech');
      return;
    }
    if (event.error === 'aborted') return;
    aborted = true;
    handlers.onProblem(
      event.error === 'not-allowed' || event.error === 'service-not-allowed' ? 'denied' : event.error === 'audio-capture' ? 'not-found' : 'start',
    );
  };
  recognition.onend = () => {
    if (!aborted) handlers.onEnd(finalText.trim());
  };
  try {
    recognition.start();
  } catch {
    throw new VoiceError('start');
  }
  return {
    stop: () => recognition.stop(),
    abort: () => {
      aborted = true;
      recognition.abort();
    },
  };
}
