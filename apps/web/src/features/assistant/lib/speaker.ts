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

interface ServerSpeakerOptions {
  mode: 'user' | 'guest';
  voiceId: VoiceId;
  audio: HTMLAudioElement;
}

/** The browser can play MP3 as its bytes arrive (Media Source Extensions): Chrome, Firefox, Android. */
const canStream = () => typeof MediaSource !== 'undefined' && MediaSource.isTypeSupported('audio/mpeg');

const ttsRequest = (text: string, mode: 'user' | 'guest', signal: AbortSignal) =>
  apiFetch('/api/speech/tts', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'audio/mpeg' },
    body: JSON.stringify({ text, mode }),
    signal,
  });

/**
 * The server's voice (ElevenLabs through our API; the key stays on the server). Each sentence's audio
 * is requested as soon as the sentence exists; playback follows the order of the sentences on one
 * audio element. A failure hands the rest of the answer to the browser's voice. Where the browser
 * can, the audio plays as it downloads (issue 15); elsewhere (iPhone Safari) each sentence's whole file
 * is fetched before it plays.
 */
export function serverSpeaker(options: ServerSpeakerOptions, events: SpeakerEvents = {}): Speaker {
  return canStream() ? streamingSpeaker(options, events) : wholeFileSpeaker(options, events);
}

const once = (target: EventTarget, ...types: string[]) =>
  new Promise<void>((resolve) => {
    const done = () => {
      types.forEach((type) => target.removeEventListener(type, done));
      resolve();
    };
    types.forEach((type) => target.addEventListener(type, done));
  });

/**
 * One MediaSource for the whole answer: each sentence's MP3 is appended chunk by chunk as it arrives, in
 * the order of the sentences ('sequence' mode puts them end to end), and playback starts with the
 * first chunk. The downloads all start at once; a sentence's bytes wait only for the sentences before.
 */
function streamingSpeaker({ mode, voiceId, audio }: ServerSpeakerOptions, events: SpeakerEvents): Speaker {
  const drain = new Drain();
  const controller = new AbortController();
  // Opened with the first sentence, after its request has left.
  let media: MediaSource | null = null;
  let buffer: Promise<SourceBuffer> | null = null;
  const open = (): Promise<SourceBuffer> => {
    if (buffer) return buffer;
    const source = new MediaSource();
    const mediaUrl = URL.createObjectURL(source);
    buffer = new Promise<SourceBuffer>((resolve) => {
      source.addEventListener(
        'sourceopen',
        () => {
          URL.revokeObjectURL(mediaUrl); // attached: the link is no longer needed
          const sourceBuffer = source.addSourceBuffer('audio/mpeg');
          sourceBuffer.mode = 'sequence';
          resolve(sourceBuffer);
        },
        { once: true },
      );
    });
    media = source;
    audio.src = mediaUrl;
    return buffer;
  };
  // Resolves when the audio has played to its end (or cannot play at all).
  let heard: Promise<void> | null = null;
  let chain = Promise.resolve();
  let cancelled = false;
  let failed = false;
  const unspoken: string[] = [];

  const append = async (chunk: Uint8Array) => {
    const sourceBuffer = await open();
    if (sourceBuffer.updating) await once(sourceBuffer, 'updateend');
    if (cancelled) return;
    sourceBuffer.appendBuffer(chunk as Uint8Array<ArrayBuffer>);
    await once(sourceBuffer, 'updateend', 'error');
    heard ??= audio.play().then(
      () => {
        events.onStart?.();
        return once(audio, 'ended', 'error');
      },
      // Autoplay refused or undecodable: the text is on screen; go on.
      () => {},
    );
  };

  const stream = async (text: string, response: Promise<Response>) => {
    if (cancelled) return;
    if (failed) {
      unspoken.push(text);
      return;
    }
    try {
      const reader = (await response).body!.getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done || cancelled) return;
        await append(value);
      }
    } catch (error) {
      if (cancelled) return;
      failed = true;
      unspoken.push(text);
      if (!(error instanceof ApiError && error.code === ('TTS_NOT_CONFIGURED' as never)))
        events.onServerFailure?.(error instanceof ApiError ? error.message : '');
    }
  };

  return {
    say(text) {
      if (cancelled) return;
      const response = ttsRequest(text, mode, controller.signal);
      response.catch(() => {});
      void open();
      chain = chain.then(() => stream(text, response));
    },
    finish() {
      chain = chain.then(async () => {
        if (cancelled) return;
        if (buffer && media) {
          const sourceBuffer = await buffer;
          if (sourceBuffer.updating) await once(sourceBuffer, 'updateend');
          if (media.readyState === 'open') media.endOfStream();
        }
        await heard;
        if (cancelled || !unspoken.length) return;
        // What the server's voice could not say, the browser's says after it.
        const fallback = browserSpeaker(voiceId, heard ? {} : { onStart: events.onStart });
        unspoken.forEach((sentence) => fallback.say(sentence));
        await fallback.finish();
      });
      void chain.then(() => drain.done());
      return drain.wait();
    },
    cancel() {
      cancelled = true;
      controller.abort();
      audio.pause();
      audio.removeAttribute('src');
      drain.done();
    },
  };
}

/** Each sentence's whole MP3 is downloaded, then played (browsers without Media Source Extensions). */
function wholeFileSpeaker(options: ServerSpeakerOptions, events: SpeakerEvents): Speaker {
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
      const response = await ttsRequest(text, options.mode, controller.signal);
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
