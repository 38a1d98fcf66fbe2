import { describe, expect, it } from 'vitest';
import { pickBrowserVoice } from './voices';

const voice = (name: string, lang: string) => ({ name, lang, default: false, localService: true, voiceURI: name }) as SpeechSynthesisVoice;
const voices = [
  voice('Google US English', 'en-US'),
  voice('Samantha', 'en-US'),
  voice('Karen', 'en-AU'),
  voice('Daniel', 'en-GB'),
  voice('Fred', 'en-US'),
  voice('Paulina', 'es-MX'),
  voice('Jorge', 'es-ES'),
];

describe('pickBrowserVoice', () => {
  it('maps the six voices by language and gender', () => {
    expect(pickBrowserVoice(voices, 'custom')?.name).toBe('Paulina');
    expect(pickBrowserVoice(voices, 'es-female')?.name).toBe('Paulina');
    expect(pickBrowserVoice(voices, 'en-female-1')?.name).toBe('Samantha');
    expect(pickBrowserVoice(voices, 'en-female-2')?.name).toBe('Karen');
    expect(pickBrowserVoice(voices, 'en-male-1')?.name).toBe('Daniel');
    expect(pickBrowserVoice(voices, 'en-male-2')?.name).toBe('Fred');
  });

  it('falls back to a Spanish voice, or none', () => {
    expect(pickBrowserVoice([voice('Paulina', 'es-MX')], 'en-male-1')?.name).toBe('Paulina');
    expect(pickBrowserVoice([], 'custom')).toBeNull();
  });
});
