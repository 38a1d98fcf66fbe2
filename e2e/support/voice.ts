import type { Page } from '@playwright/test';

/**
 * Headless Chromium has the Web Speech API objects but they do not work, so the voice tests install a
 * scripted SpeechRecognition and speechSynthesis in the page and drive them from the test. Options
 * switch on the failures the app must handle.
 */
export interface VoiceScript {
  /** Remove SpeechRecognition altogether (Firefox-like). */
  noRecognition?: boolean;
  /** navigator.mediaDevices missing. */
  noMediaDevices?: boolean;
  /** Pretend the page is not secure. */
  insecure?: boolean;
  /** getUserMedia rejects with this DOMException name. */
  getUserMediaError?: string;
  /** getUserMedia gives a stream whose tracks are not live. */
  deadTrack?: boolean;
  /** recognition.start() throws. */
  startThrows?: boolean;
  /** Use Chromium's fake microphone for getUserMedia (for the recorder path). */
  realGetUserMedia?: boolean;
  /** How long the scripted speechSynthesis speaks each utterance (default 80 ms). */
  speechMs?: number;
}

export async function installVoice(page: Page, script: VoiceScript = {}): Promise<void> {
  await page.addInitScript((options: VoiceScript) => {
    const state = {
      recognitions: [] as any[],
      spoken: [] as Array<{ text: string; lang: string; voice: string | null }>,
      transitions: [] as string[],
      /** Times the page stopped the speech (speechSynthesis.cancel). */
      cancels: 0,
    };
    (window as any).__voice = state;

    class FakeRecognition {
      lang = '';
      continuous = false;
      interimResults = false;
      maxAlternatives = 0;
      onresult: any = null;
      onerror: any = null;
      onend: any = null;
      onstart: any = null;
      results: Array<{ isFinal: boolean; 0: { transcript: string } }> = [];
      start() {
        if (options.startThrows) throw new Error('recognition failed to start');
        state.recognitions.push(this);
        setTimeout(() => this.onstart?.(), 0);
      }
      stop() {
        setTimeout(() => this.onend?.(), 20);
      }
      abort() {
        setTimeout(() => this.onend?.(), 0);
      }
      /** Test helper: the recogniser hears something. */
      hear(text: string, isFinal: boolean) {
        const last = this.results.at(-1);
        if (last && !last.isFinal) this.results.pop();
        this.results.push({ isFinal, 0: { transcript: text } });
        this.onresult?.({ resultIndex: this.results.length - 1, results: this.results });
      }
      fail(error: string) {
        this.onerror?.({ error });
      }
    }
    if (options.noRecognition) {
      delete (window as any).SpeechRecognition;
      delete (window as any).webkitSpeechRecognition;
    } else {
      (window as any).SpeechRecognition = FakeRecognition;
      (window as any).webkitSpeechRecognition = FakeRecognition;
    }

    // speechSynthesis: utterances are "spoken" one after another, 80 ms each, and recorded.
    const voices = [
      { name: 'Paulina', lang: 'es-MX', default: true, localService: true, voiceURI: 'Paulina' },
      { name: 'Jorge', lang: 'es-ES', default: false, localService: true, voiceURI: 'Jorge' },
      { name: 'Samantha', lang: 'en-US', default: false, localService: true, voiceURI: 'Samantha' },
      { name: 'Daniel', lang: 'en-GB', default: false, localService: true, voiceURI: 'Daniel' },
    ];
    let chain = Promise.resolve();
    // cancel() drops what is queued and ends what is being said, as a browser does.
    let generation = 0;
    let current: { end: () => void } | null = null;
    const synth = {
      speaking: false,
      pending: false,
      paused: false,
      getVoices: () => voices,
      speak(utterance: any) {
        const queuedIn = generation;
        chain = chain.then(
          () =>
            new Promise<void>((resolve) => {
              if (queuedIn !== generation) {
                utterance.onerror?.({ error: 'canceled' });
                resolve();
                return;
              }
              state.spoken.push({ text: utterance.text, lang: utterance.lang, voice: utterance.voice?.name ?? null });
              synth.speaking = true;
              utterance.onstart?.({});
              const end = () => {
                clearTimeout(timer);
                current = null;
                synth.speaking = false;
                utterance.onend?.({});
                resolve();
              };
              const timer = setTimeout(end, options.speechMs ?? 80);
              current = { end };
            }),
        );
      },
      cancel() {
        state.cancels++;
        generation++;
        current?.end();
      },
      pause() {},
      resume() {},
      addEventListener() {},
      removeEventListener() {},
    };
    Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
    (window as any).SpeechSynthesisUtterance = class {
      text: string;
      lang = '';
      voice: any = null;
      rate = 1;
      onstart: any = null;
      onend: any = null;
      onerror: any = null;
      constructor(text: string) {
        this.text = text;
      }
    };

    if (options.insecure) Object.defineProperty(window, 'isSecureContext', { value: false, configurable: true });
    if (options.noMediaDevices) Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
    else if (!options.realGetUserMedia) {
      const fakeStream = (live: boolean) => {
        const track = { readyState: live ? 'live' : 'ended', enabled: true, stop() {}, kind: 'audio' };
        return { getAudioTracks: () => [track], getTracks: () => [track] };
      };
      Object.defineProperty(navigator, 'mediaDevices', {
        configurable: true,
        value: {
          getUserMedia: async () => {
            if (options.getUserMediaError) throw new DOMException('refused', options.getUserMediaError);
            return fakeStream(!options.deadTrack);
          },
        },
      });
    }

    // Every state of the microphone button, in order, however fast the changes.
    const watch = () => {
      const button = document.querySelector('[data-testid="mic-button"]');
      if (!button) return;
      const record = () => {
        const value = button.getAttribute('data-state')!;
        if (state.transitions.at(-1) !== value) state.transitions.push(value);
      };
      record();
      new MutationObserver(record).observe(button, { attributes: true, attributeFilter: ['data-state'] });
      return true;
    };
    const poll = setInterval(() => {
      if (watch()) clearInterval(poll);
    }, 10);
  }, script);
}

/** The recogniser currently listening hears `text` (interim or final). */
export async function hear(page: Page, text: string, isFinal: boolean): Promise<void> {
  await page.evaluate(([t, f]) => (window as any).__voice.recognitions.at(-1).hear(t, f), [text, isFinal] as const);
}

export async function recognitionFails(page: Page, error: string): Promise<void> {
  await page.evaluate((e) => (window as any).__voice.recognitions.at(-1).fail(e), error);
}

export const spoken = (page: Page) => page.evaluate(() => (window as any).__voice.spoken as Array<{ text: string; lang: string; voice: string | null }>);
export const speechCancels = (page: Page) => page.evaluate(() => (window as any).__voice.cancels as number);
export const transitions = (page: Page) => page.evaluate(() => (window as any).__voice.transitions as string[]);
