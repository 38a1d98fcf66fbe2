import { stemmer } from '@orama/stemmers/spanish';
import { spa } from 'stopword';

const normalized = new Map<string, string>();
/** Only short texts are remembered (a sentence of the knowledge base; never a long message), at most this many. */
const REMEMBERED_LENGTH = 200;
const REMEMBERED = 20_000;

/** Lower case, accents removed (ñ kept as n), punctuation to spaces, single spaces; nothing remembered. */
export function normalizeOnce(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Lower case and accents removed, punctuation kept ("uscis.gov", "1-800-..."): how content expectations read a text. */
export function lowerWithoutAccents(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

/** `normalizeOnce`, remembered for short texts. */
export function normalize(text: string): string {
  // The same texts (the knowledge base's sentences, the question's parts) are normalised many times per
  // question: remembered, as stems are.
  let cached = normalized.get(text);
  if (cached === undefined) {
    cached = normalizeOnce(text);
    if (text.length <= REMEMBERED_LENGTH) {
      if (normalized.size >= REMEMBERED) normalized.clear();
      normalized.set(text, cached);
    }
  }
  return cached;
}

/** The words of a text, normalised. */
export function words(text: string): string[] {
  const n = normalize(text);
  return n ? n.split(' ') : [];
}

const STOP_WORDS = new Set(spa.map(normalize));

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}

const stems = new Map<string, string>();

/**
 * The Snowball Spanish stem of a normalised word. People often drop accents, and Snowball's suffixes
 * carry them ("-ción"), so the accent of those endings is put back first: "deportacion" and
 * "deportación" stem alike. Numbers and one- or two-letter words ("u" in "visa U") stay as they are.
 */
export function stem(word: string): string {
  if (word.length <= 2 || /\d/.test(word)) return word;
  let cached = stems.get(word);
  if (cached === undefined) {
    const accented = word.replace(/([cs])ion(es)?$/, (_m, c: string, plural?: string) => (plural ? `${c}iones` : `${c}ión`));
    cached = normalize(stemmer(accented));
    if (stems.size > 50_000) stems.clear();
    stems.set(word, cached);
  }
  return cached;
}

/** Every word of a text, stemmed, stop words kept (for phrases: "sin papeles", "visa u"). */
export function stemmedWords(text: string): string[] {
  return words(text).map(stem);
}

/** Search terms: stemmed, without stop words. */
export function terms(text: string): string[] {
  return words(text)
    .filter((w) => !STOP_WORDS.has(w))
    .map(stem);
}

const MONTHS = 'enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre';
const patterns = new Map<string, { pattern: RegExp; bare: RegExp | null }>();
function formPatterns(form: string): { pattern: RegExp; bare: RegExp | null } {
  let found = patterns.get(form);
  if (!found) {
    const [prefix, number] = form.toLowerCase().split('-') as [string, string];
    found = {
      pattern: new RegExp(`[ ]${prefix} ?${number.replace('/', ' ')}[ ]`),
      // "el 20 de marzo" is a date, not the I-20.
      bare: /^\d/.test(number) && ['i', 'n'].includes(prefix) ? new RegExp(`[ ](formulario|forma|el|la) ${number}[ ](?!de (${MONTHS}) )`) : null,
    };
    patterns.set(form, found);
  }
  return found;
}

/** A number written as immigration forms are ("I-797C", "ds 160", "EOIR-42B"), known to the knowledge base or not. */
const FORM_LIKE = / (?:(?:i|n|ds|eoir|g) ?\d{2,4}[a-z]?|ar ?11) /;
export function namesAForm(text: string): boolean {
  return FORM_LIKE.test(` ${normalize(text)} `);
}

/** Form numbers written in a text: "I-485", "i485", "el 485", "formulario n 400", "DS160", "AR-11". */
export function formsMentioned(text: string, known: Iterable<string>): string[] {
  const normalized = ` ${normalize(text)} `;
  const found: string[] = [];
  for (const form of known) {
    const { pattern, bare } = formPatterns(form);
    if (pattern.test(normalized) || bare?.test(normalized)) found.push(form);
  }
  return found;
}

/** A past filing verb before a form, a few words apart at most: "ya mandé el I-485", "metí mi asilo hace meses con el I-589". */
const FILED =
  / (mande|mandamos|mando|meti|metimos|metio|presente|presentamos|presento|envie|enviamos|envio)( \S+){0,5} (con )?(mi |el |la |los |su )?(formulario |forma |peticion )?$/;

/** Forms the text says were already filed: the story of the question, not what it asks ("ya mandé el I-485, ¿puedo trabajar?"). */
export function formsFiled(text: string, known: Iterable<string>): string[] {
  const normalized = ` ${normalize(text)} `;
  const filed: string[] = [];
  for (const form of known) {
    const { pattern, bare } = formPatterns(form);
    for (const re of [pattern, bare]) {
      if (!re) continue;
      const global = new RegExp(re.source, 'g');
      for (const m of normalized.matchAll(global)) {
        const before = normalized.slice(0, m.index + 1);
        if (FILED.test(before)) filed.push(form);
      }
    }
  }
  return [...new Set(filed)];
}

/** At most one insertion, deletion, substitution or swap of neighbours between a and b. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}
