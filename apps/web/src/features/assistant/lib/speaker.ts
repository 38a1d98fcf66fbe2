import type { VoiceId } from '@camino/contracts';
import { apiFetch, ApiError } from '@/lib/api-client';
import { pickBrowserVoice } from './voices';

/**
 * Reads an answer aloud sentence by sentence, as the sentences arrive: the first one plays while the
 * rest is still being written, each starts when the one before ends (no gap, no overlap).
 */
export interface Speaker {
  say(sentence: string): void;
  /** No more sentences: resolves when the last one has been heard. */
  finish(): Promise<void>;
  cancel(): void;
}

export interface SpeakerEvents {
  /** The first sound of the answer started. */
  onStart?: () => void;
  /** The server's voice failed: the reason (Spanish), once; the rest is spoken by the browser. */
  onServerFailure?: (message: string) => void;
}

class Drain {
  private resolve: (() => void) | null = null;
  private readonly promise = new Promise<void>((r) => (this.resolve = r));
  done() {
    this.resolve?.();
    this.resolve = null;
  }
  wait() {
    return this.promise;
  }
}

/** The browser's own speech synthesis (the embedded default, with no voice provider configured). */
export function browserSpeaker(voiceId: VoiceId, events: SpeakerEvents = {}): Speaker {
  const synth = typeof window !== 'undefined' ? window.speechSynthesis : undefined;
  const drain = new Drain();
  let pending = 0;
  let finished = false;
  let started = false;
  let cancelled = false;
  const check = () => {
    if (finished && pending === 0) drain.done();
  };
  return {
    say(sentence) {
      if (!synth || cancelled) return;
      const utterance = new SpeechSynthesisUtterance(sentence);
      const voice = pickBrowserVoice(synth.getVoices(), voiceId);
      if (voice) utterance.voice = voice;
      utterance.lang = voice?.lang ?? 'es-MX';
      utterance.rate = 0.95;
      pending++;
      utterance.onstart = () => {
        if (!started && !cancelled) {
          started = true;
          events.onStart?.();
        }
      };
      const done = () => {
        pending--;
        check();
      };
      utterance.onend = done;
      utterance.onerror = done;
      synth.speak(utterance);
    },
    finish() {
      finished = true;
      check();
      return drain.wait();
    },
    cancel() {
      cancelled = true;
      synth?.cancel();
      pending = 0;
      finished = true;
      drain.done();
    },
  };
}

/**
 * The server's voice (ElevenLabs through our API; the key stays on the server). Each sentence's audio
 * is requested as soon as the sentence exists; playback follows the order of the sentences on one
 * audio element. A failure hands the rest of the answer to the browser's voice.
 */
export function serverSpeaker(options: { mode: 'user' | 'guest'; voiceId: VoiceId; audio: HTMLAudioElement }, events: SpeakerEvents = {}): Speaker {
  const { audio } = options;
  const drain = new Drain();
  const queue: Array<{ text: string; url: Promise<string | null> }> = [];
  const urls: string[] = [];
  let playing = false;
  let finished = false;
  let started = false;
  let cancelled = false;
  let fallback: Speaker | null = null;
  const controller = new AbortController();

  const fetchAudio = async (text: string): Promise<string | null> => {
    try {
      const response = await apiFetch('/api/speech/tts', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'audio/mpeg' },
        body: JSON.stringify({ text, mode: options.mode }),
        signal: controller.signal,
      });
      const url = URL.createObjectURL(await response.blob());
      urls.push(url);
      return url;
    } catch (error) {
      if (!cancelled && !fallback) {
        fallback = browserSpeaker(options.voiceId, { onStart: events.onStart });
        if (!(error instanceof ApiError && error.code === ('TTS_NOT_CONFIGURED' as never)))
          events.onServerFailure?.(error instanceof ApiError ? error.message : '');
      }
      return null;
    }
  };

  const next = async (): Promise<void> => {
    if (playing || cancelled) return;
    const item = queue.shift();
    if (!item) {
      if (finished) {
        if (fallback) await fallback.finish();
        drain.done();
      }
      return;
    }
    playing = true;
    const url = await item.url;
    if (cancelled) return;
    if (!url) {
      fallback?.say(item.text);
      playing = false;
      return next();
    }
    audio.src = url;
    audio.onended = () => {
      playing = false;
      void next();
    };
    audio.onerror = () => {
      playing = false;
      void next();
    };
    try {
      await audio.play();
      if (!started) {
        started = true;
        events.onStart?.();
      }
    } catch {
      // Autoplay refused or the audio could not be decoded: the text is on screen; go on.
      playing = false;
      return next();
    }
  };

  return {
    say(text) {
      if (cancelled) return;
      queue.push({ text, url: fetchAudio(text) });
      void next();
    },
    finish() {
      finished = true;
      void next();
      return drain.wait();
    },
    cancel() {
      cancelled = true;
      controller.abort();
      audio.pause();
      audio.removeAttribute('src');
      fallback?.cancel();
      urls.forEach((url) => URL.revokeObjectURL(url));
      queue.length = 0;
      drain.done();
    },
  };
}
