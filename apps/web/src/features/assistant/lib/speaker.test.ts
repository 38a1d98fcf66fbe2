import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('@/lib/api-client', () => ({
  ApiError: class ApiError extends Error {},
  apiFetch: vi.fn(async () => ({ blob: async () => new Blob(['mp3'], { type: 'audio/mpeg' }) })),
}));

const { serverSpeaker, browserSpeaker } = await import('./speaker');

/** An audio element that "plays" until told to end, and records what the speaker did with it. */
function fakeAudio() {
  const audio = {
    src: '',
    played: [] as string[],
    paused: false,
    onended: null as null | (() => void),
    onerror: null as null | (() => void),
    play: vi.fn(async () => {
      audio.played.push(audio.src);
      audio.paused = false;
    }),
    pause: vi.fn(() => {
      audio.paused = true;
    }),
    removeAttribute: vi.fn((name: string) => {
      if (name === 'src') audio.src = '';
    }),
  };
  return audio;
}

afterEach(() => vi.clearAllMocks());

describe('stopping the reading aloud', () => {
  it('the server voice: cancel pauses the audio, drops the queue and ends the wait', async () => {
    let n = 0;
    URL.createObjectURL = vi.fn(() => `blob:audio-${++n}`);
    URL.revokeObjectURL = vi.fn();
    const audio = fakeAudio();
    const onStart = vi.fn();
    const speaker = serverSpeaker({ mode: 'user', voiceId: 'custom', audio: audio as unknown as HTMLAudioElement }, { onStart });
    speaker.say('Primera frase.');
    speaker.say('Segunda frase.');
    const finished = speaker.finish();
    await vi.waitFor(() => expect(audio.played).toHaveLength(1));
    expect(onStart).toHaveBeenCalledTimes(1);

    speaker.cancel();
    await finished;
    expect(audio.pause).toHaveBeenCalled();
    expect(audio.src).toBe('');
    // The first sentence "ends": nothing more is played, and a late sentence is ignored.
    audio.onended?.();
    speaker.say('Tercera frase.');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(audio.played).toEqual(['blob:audio-1']);
    expect(URL.revokeObjectURL).toHaveBeenCalled();
  });

  it("the browser's voice: cancel stops the speech, and a stopped reading does not report a start", async () => {
    const utterances: Array<{ onstart?: () => void; onend?: () => void }> = [];
    const cancel = vi.fn();
    vi.stubGlobal('speechSynthesis', { speak: (u: never) => utterances.push(u), cancel, getVoices: () => [] });
    vi.stubGlobal(
      'SpeechSynthesisUtterance',
      class {
        constructor(public text: string) {}
      },
    );
    const onStart = vi.fn();
    const speaker = browserSpeaker('custom', { onStart });
    speaker.say('Primera frase.');
    speaker.cancel();
    expect(cancel).toHaveBeenCalledTimes(1);
    utterances[0]?.onstart?.();
    expect(onStart).not.toHaveBeenCalled();
    speaker.say('Otra.');
    expect(utterances).toHaveLength(1);
    await speaker.finish();
    vi.unstubAllGlobals();
  });
});
