import { VOICES, type VoiceId } from '@camino/contracts';

const FEMALE =
  /female|mujer|femenin|paulina|m[oó]nica|helena|laura|sabina|luc[ií]a|elvira|conchita|pen[eé]lope|marisol|camila|francisca|dalia|elena|samantha|victoria|karen|zira|susan|hazel|serena|moira|tessa|fiona|allison|ava|kate/i;
const MALE =
  /\bmale|hombre|masculin|jorge|diego|juan|carlos|pablo|ra[uú]l|enrique|miguel|david|mark|alex|daniel|fred|george|tom\b|oliver|arthur|rishi|aaron|guy/i;

/**
 * The browser voice for one of the app's six voices: same language and, where the name tells it, the
 * same gender. The custom voice and the Spanish voice prefer Mexican or US Spanish.
 */
export function pickBrowserVoice(voices: SpeechSynthesisVoice[], voiceId: VoiceId): SpeechSynthesisVoice | null {
  const wanted = VOICES.find((v) => v.id === voiceId) ?? VOICES[0];
  const sameLanguage = voices.filter((v) => v.lang.toLowerCase().startsWith(wanted.language));
  if (sameLanguage.length === 0) return voices.find((v) => v.lang.toLowerCase().startsWith('es')) ?? null;
  const gendered = sameLanguage.filter((v) => (wanted.gender === 'female' ? FEMALE.test(v.name) && !MALE.test(v.name) : MALE.test(v.name)));
  const pool = gendered.length ? gendered : sameLanguage;
  const regional = wanted.language === 'es' ? pool.find((v) => /es-(MX|US|419)/i.test(v.lang)) : null;
  // The second voice of a language and gender is the second one the browser has, when there are two.
  const index = voiceId.endsWith('-2') && pool.length > 1 ? 1 : 0;
  return regional ?? pool[index] ?? null;
}
