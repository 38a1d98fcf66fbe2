import { z } from 'zod';
import { SPEECH } from './constants';
import { plainText } from './text';

/** GET /api/speech/config: who speaks the answers and whether the server transcribes. Never a key or URL. */
export const speechConfigResponse = z.object({
  /** 'server': POST /api/speech/tts answers audio; 'browser': use the browser's speech synthesis. */
  tts: z.enum(['server', 'browser']),
  /** true: POST /api/speech/transcribe turns recorded audio into text. */
  transcription: z.boolean(),
});
export type SpeechConfig = z.infer<typeof speechConfigResponse>;

export const speechMode = z.enum(['user', 'guest']).default('user');

/** POST /api/speech/tts: the answer streams back as audio/mpeg. */
export const ttsRequest = z.object({
  text: plainText().trim().min(1, 'No hay texto para leer.').max(SPEECH.ttsMaxChars, `El texto para leer puede tener hasta ${SPEECH.ttsMaxChars} caracteres.`),
  mode: speechMode,
});
export type TtsRequest = z.input<typeof ttsRequest>;

/** Recorded audio accepted by POST /api/speech/transcribe (the raw bytes are the request body). */
export const TRANSCRIBE_AUDIO_TYPES = ['audio/webm', 'audio/ogg', 'audio/mp4', 'audio/mpeg', 'audio/wav'] as const;
export type TranscribeAudioType = (typeof TRANSCRIBE_AUDIO_TYPES)[number];
/** Longest recording accepted: 5 MB. */
export const TRANSCRIBE_MAX_BYTES = 5 * 1024 * 1024;

/** POST /api/speech/transcribe?mode=user|guest */
export const transcribeQuery = z.object({ mode: speechMode });
export const transcribeResponse = z.object({ text: z.string() });
export type TranscribeResponse = z.infer<typeof transcribeResponse>;
