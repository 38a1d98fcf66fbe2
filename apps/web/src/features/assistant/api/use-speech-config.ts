import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface SpeechConfig {
  /** 'server': answers are spoken by the server's voice provider; 'browser': by speechSynthesis. */
  tts: 'server' | 'browser';
  /** The server can transcribe recorded audio (for browsers without speech recognition). */
  transcription: boolean;
}

const fetchSpeechConfig = () => api.get<SpeechConfig>('/api/speech/config');
let started: Promise<SpeechConfig> | null = null;

/**
 * Asks the voice settings now (main.tsx, for /chat, before React starts); the first query takes this
 * answer. Not put in the query cache from here: an answer landing while the page is hydrated would
 * change what is being hydrated (decision 0077).
 */
export function startSpeechConfigFetch(): void {
  started = fetchSpeechConfig();
  started.catch(() => {});
}

export const speechConfigQuery = queryOptions({
  queryKey: ['speech-config'],
  queryFn: () => {
    const early = started;
    started = null;
    return early ?? fetchSpeechConfig();
  },
  staleTime: Infinity,
});

export function useSpeechConfig() {
  return useQuery(speechConfigQuery);
}

/** Sends recorded audio to the server for transcription; resolves with the text. */
export async function transcribeRecording(blob: Blob, mode: 'user' | 'guest'): Promise<string> {
  const body = await api.sendRaw<{ text: string }>(`/api/speech/transcribe?mode=${mode}`, blob, blob.type || 'audio/webm');
  return body.text;
}
