import { VOICE_IDS } from '@camino/contracts';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../config';
import { testConfig } from '../../../test/app';
import { DEFAULT_ELEVENLABS_VOICES, parseVoiceMap, providerVoice } from './voices';

describe('voice ids', () => {
  it('maps every one of our voices to a provider voice', () => {
    expect(Object.keys(DEFAULT_ELEVENLABS_VOICES).sort()).toEqual([...VOICE_IDS].sort());
    expect(parseVoiceMap(undefined)).toEqual(DEFAULT_ELEVENLABS_VOICES);
  });

  it('reads overrides, and refuses unknown ids and malformed pairs', () => {
    const map = parseVoiceMap(' custom = abcDEF123 , en-male-2=xyz_-9 ,');
    expect(map.custom).toBe('abcDEF123');
    expect(map['en-male-2']).toBe('xyz_-9');
    expect(map['es-female']).toBe('AZnzlk1XvdvUeBnXmlld');
    expect(() => parseVoiceMap('robot=abc')).toThrow(/unknown voice id "robot"/);
    expect(() => parseVoiceMap('custom')).toThrow(/pair/);
    expect(() => parseVoiceMap('custom=')).toThrow(/letters, digits/);
    expect(() => parseVoiceMap('custom=a/../b')).toThrow(/letters, digits/);
    expect(() => parseVoiceMap('custom=a,custom=b')).toThrow(/twice/);
  });

  it('gives the default voice for an id it does not know', () => {
    expect(providerVoice(DEFAULT_ELEVENLABS_VOICES, 'en-female-2')).toBe('MF3mGyEYCl7XYWbV9V6O');
    expect(providerVoice(DEFAULT_ELEVENLABS_VOICES, 'old-voice')).toBe('EXAVITQu4vr4xnSDxMaL');
  });
});

describe('speech configuration', () => {
  it('uses the browser for both without providers', () => {
    const config = testConfig();
    expect(config.tts).toBeNull();
    expect(config.stt).toBeNull();
  });

  it('reads ElevenLabs and transcription settings with their defaults', () => {
    const config = testConfig({ ELEVENLABS_API_KEY: 'xi-1', ELEVENLABS_VOICE_IDS: 'custom=Mine01', STT_BASE_URL: 'http://localhost:8000/v1/' });
    expect(config.tts).toEqual({
      provider: 'elevenlabs',
      apiKey: 'xi-1',
      baseUrl: 'https://api.elevenlabs.io',
      model: 'eleven_turbo_v2_5',
      voices: { ...DEFAULT_ELEVENLABS_VOICES, custom: 'Mine01' },
      timeoutMs: 20_000,
    });
    expect(config.stt).toEqual({ baseUrl: 'http://localhost:8000/v1', apiKey: '', model: 'whisper-1', timeoutMs: 20_000 });
  });

  it('refuses to start with an unknown voice id or a bad URL', () => {
    expect(() => testConfig({ ELEVENLABS_VOICE_IDS: 'robot=abc' })).toThrow(ConfigError);
    expect(() => testConfig({ ELEVENLABS_VOICE_IDS: 'robot=abc' })).toThrow(/ELEVENLABS_VOICE_IDS: unknown voice id "robot"/);
    expect(() => testConfig({ ELEVENLABS_BASE_URL: 'not a url' })).toThrow(/ELEVENLABS_BASE_URL/);
    expect(() => testConfig({ STT_BASE_URL: 'nope' })).toThrow(/STT_BASE_URL/);
    expect(() => testConfig({ STT_TIMEOUT_MS: '10' })).toThrow(/STT_TIMEOUT_MS/);
  });
});
