/**
 * Spanish readability (reference facts): syllables S, words P, sentences F.
 * - Fernández-Huerta (corrected): 206.84 − 60·(S/P) − 1.02·(P/F)
 * - Szigriszt-Pazos perspicuity, read on the INFLESZ scale: 206.835 − 62.3·(S/P) − (P/F)
 * Measured on the text as it is read aloud (decisions D4): numbers count as the words they are spoken as
 * ("1,440" is "mil cuatrocientos cuarenta", "I-485" is "i cuatrocientos ochenta y cinco").
 */
import { toCardinal } from 'n2words/es-MX';
import { splitSentences } from './sentences';

const VOWELS = 'aeiouáéíóúü';
const STRONG = new Set([...'aeoáéó', 'í', 'ú']);

/** Syllables of one Spanish word: vowel groups, with hiatus between two strong vowels or at í/ú. */
export function countSyllables(word: string): number {
  let w = word.toLowerCase().replace(/[^a-záéíóúüñ]/g, '');
  if (!w) return 0;
  // The u of que, qui, gue, gui is silent.
  w = w.replace(/([qg])u([eiéí])/g, '$1$2');
  // y is a vowel at the end of a word or on its own ("hay", "muy", "y").
  w = w.replace(/y$/, 'i');
  if (w === 'i') return 1;
  let count = 0;
  let previous: string | null = null;
  for (const ch of w) {
    if (!VOWELS.includes(ch)) {
      previous = null;
      continue;
    }
    if (previous === null) count++;
    else if (STRONG.has(previous) && STRONG.has(ch)) count++; // hiatus: ae, eo, oa, aí, úa, ...
    previous = ch;
  }
  return Math.max(1, count);
}

export interface TextStats {
  sentences: number;
  words: number;
  syllables: number;
}

/**
 * The text as spoken: thousands separators dropped ("1,440" → 1440), each run of digits written out in
 * words, so "$9.99" is "nueve noventa y nueve" and "1-800-898-7180" four spoken numbers.
 */
export function spokenText(text: string): string {
  return text.replace(/(\d),(?=\d{3}\b)/g, '$1').replace(/\d+/g, (digits) => ` ${toCardinal(digits.length > 15 ? digits.slice(0, 15) : digits)} `);
}

export function textStats(text: string): TextStats {
  const sentences = Math.max(1, splitSentences(text).length);
  let words = 0;
  let syllables = 0;
  for (const token of spokenText(text).split(/[\s\-/]+/)) {
    const letters = token.replace(/[^A-Za-zÁÉÍÓÚÜÑáéíóúüñ]/g, '');
    if (letters.length === 0) continue;
    words++;
    syllables += countSyllables(letters);
  }
  return { sentences, words: Math.max(1, words), syllables };
}

export function fernandezHuerta(text: string): number {
  const { sentences, words, syllables } = textStats(text);
  return 206.84 - 60 * (syllables / words) - 1.02 * (words / sentences);
}

/** Szigriszt-Pazos perspicuity; the INFLESZ scale reads this same score. */
export function szigrisztPazos(text: string): number {
  const { sentences, words, syllables } = textStats(text);
  return 206.835 - 62.3 * (syllables / words) - words / sentences;
}

export function inflesz(score: number): string {
  if (score < 40) return 'muy difícil';
  if (score < 55) return 'algo difícil';
  if (score < 65) return 'normal';
  if (score <= 80) return 'bastante fácil';
  return 'muy fácil';
}

/** Both scores of a text read aloud. */
export function readability(text: string): { szigriszt: number; huerta: number } {
  return { szigriszt: szigrisztPazos(text), huerta: fernandezHuerta(text) };
}
