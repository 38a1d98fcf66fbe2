import { VOICE_IDS, type VoiceId } from '@camino/contracts';

/**
 * Our voice ids (decision 0007) mapped to ElevenLabs premade voices. With the multilingual models every
 * one of them speaks Spanish. ELEVENLABS_VOICE_IDS overrides any of them.
 */
export const DEFAULT_ELEVENLABS_VOICES: Readonly<Record<VoiceId, string>> = {
  custom: 'EXAVITQu4vr4xnSDxMaL',
  'es-female': 'AZnzlk1XvdvUeBnXmlld',
  'en-female-1': '21m00Tcm4TlvDq8ikWAM',
  'en-female-2': 'MF3mGyEYCl7XYWbV9V6O',
  'en-male-1': 'pNInz6obpgDQGcFmaJgB',
  'en-male-2': 'ErXwobaYiN019PkySvjV',
};

/** A provider voice id goes into a URL path: letters, digits, '_' and '-' only. */
const PROVIDER_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Reads ELEVENLABS_VOICE_IDS, comma-separated `ourId=providerVoiceId` pairs, over the defaults.
 * Throws an Error with a readable message for an unknown id, a malformed pair or a repeated id.
 */
export function parseVoiceMap(value: string | undefined, defaults: Readonly<Record<VoiceId, string>> = DEFAULT_ELEVENLABS_VOICES): Record<VoiceId, string> {
  const map: Record<VoiceId, string> = { ...defaults };
  const seen = new Set<string>();
  for (const raw of (value ?? '').split(',')) {
    const pair = raw.trim();
    if (!pair) continue;
    const eq = pair.indexOf('=');
    if (eq === -1) throw new Error(`"${pair}" is not an ourId=providerVoiceId pair`);
    const ours = pair.slice(0, eq).trim();
    const theirs = pair.slice(eq + 1).trim();
    if (!(VOICE_IDS as readonly string[]).includes(ours)) throw new Error(`unknown voice id "${ours}" (known: ${VOICE_IDS.join(', ')})`);
    if (!PROVIDER_ID.test(theirs)) throw new Error(`the provider voice id for "${ours}" must be letters, digits, '_' or '-'`);
    if (seen.has(ours)) throw new Error(`voice id "${ours}" is given twice`);
    seen.add(ours);
    map[ours as VoiceId] = theirs;
  }
  return map;
}

/** The provider voice of one of our ids; unknown ids get the default voice. */
export function providerVoice(map: Readonly<Record<VoiceId, string>>, voiceId: string): string {
  return (VOICE_IDS as readonly string[]).includes(voiceId) ? map[voiceId as VoiceId] : map.custom;
}
