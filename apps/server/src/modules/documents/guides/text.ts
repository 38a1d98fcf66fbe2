/**
 * Text for the standard PDF fonts. pdf-lib's Helvetica writes WinAnsi (Windows-1252): every Spanish
 * letter and sign (á é í ó ú ü ñ ¿ ¡ « » “ ” – — • · €) is there; anything else (emoji, arrows, ≥) is
 * replaced with an ASCII equivalent or dropped, so generating a guide never throws.
 */

/** The code points WinAnsi encodes, beyond ASCII and Latin-1 (0x20-0x7e, 0xa0-0xff). */
const WIN_ANSI_EXTRA = new Set([
  0x20ac, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x017d, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013,
  0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x017e, 0x0178,
]);

const REPLACEMENTS: Record<string, string> = {
  '≥': '>=',
  '≤': '<=',
  '≠': '!=',
  '→': '->',
  '←': '<-',
  '⇒': '=>',
  '↔': '<->',
  '✓': '-',
  '✔': '-',
  '✗': 'x',
  '★': '*',
  '\u00a0': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
  '\u2011': '-',
  '\u2212': '-',
  '\u2010': '-',
  '′': "'",
  '″': '"',
};

export function isWinAnsi(codePoint: number): boolean {
  return (codePoint >= 0x20 && codePoint <= 0x7e) || (codePoint >= 0xa0 && codePoint <= 0xff) || WIN_ANSI_EXTRA.has(codePoint);
}

/** The text with every character outside WinAnsi replaced (or dropped); whitespace runs become one space. */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const codePoint = char.codePointAt(0)!;
    if (isWinAnsi(codePoint)) {
      out += char;
      continue;
    }
    if (/\s/u.test(char)) {
      out += ' ';
      continue;
    }
    const replacement = REPLACEMENTS[char];
    if (replacement !== undefined) {
      out += replacement;
      continue;
    }
    // A letter with a mark WinAnsi lacks (ā, ș, ...): the base letter.
    const base = char.normalize('NFD').replace(/\p{M}/gu, '');
    if (base && [...base].every((c) => isWinAnsi(c.codePointAt(0)!))) {
      out += base;
      continue;
    }
    // Emoji, pictographs, variation selectors, joiners: nothing.
  }
  return out.replace(/ {2,}/g, ' ').trim();
}

const LONG_DATE = new Intl.DateTimeFormat('es-MX', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** `2026-11-22` -> `22 de noviembre de 2026` (the date as written when it is not YYYY-MM-DD). */
export function spanishDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) return isoDate;
  const date = new Date(`${match[1]}-${match[2]}-${match[3]}T12:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : LONG_DATE.format(date);
}
