/**
 * Splits Spanish text into sentences: a sentence ends at . ! ? or … followed by a space and the start
 * of the next one (a capital letter, ¿, ¡, a digit or a quote). Dots inside "uscis.gov", "1.5" or
 * "I-485." at the very end are handled; line breaks also end a sentence.
 */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\n+/)) {
    const parts = line.split(/(?<=(?<!\bE{1,2})[.!?…])\s+(?=[¿¡"“«(A-ZÁÉÍÓÚÑ0-9])/u);
    for (const part of parts) {
      const trimmed = part.trim();
      if (trimmed) out.push(trimmed);
    }
  }
  return out;
}

/** Where the first complete sentence of a growing text ends (for streaming), or -1. */
export function firstSentenceEnd(text: string): number {
  // "EE." is never a sentence end: it is the start of "EE. UU.". A period and a space at the very end
  // of the text so far also end a sentence (unless after an abbreviation), so that a streamed sentence
  // is known the moment its last word arrives, not one word later.
  const match = /(?<!\bE{1,2})[.!?…]+["”»)]?\s+(?=[¿¡"“«(A-ZÁÉÍÓÚÑ0-9])|(?<!\b(?:E{1,2}|Sr|Sra|Srta|Dr|Dra|Lic|Ing|etc|ej|núm|No))[.!?…]+["”»)]?\s+$|\n+/u.exec(
    text,
  );
  return match ? match.index + match[0].length : -1;
}

/**
 * The variants of "EE.UU.". `partial` is for a text that may still grow (a stream): an abbreviation at
 * its very end is left alone until the next character shows where it ends.
 */
function abbreviations(partial: boolean): Array<[RegExp, string]> {
  const end = partial ? '' : '|$';
  return [
    // The abbreviation's last period that also ends the sentence stays as the sentence's period.
    [new RegExp(`\\bE\\.?\\s?E\\.?\\s?U\\.?\\s?U\\.(?=\\s+[¿¡"“«A-ZÁÉÍÓÚÑ]${partial ? '' : '|\\s*$'})`, 'g'), 'Estados Unidos.'],
    [new RegExp(`\\bE\\.?\\s?E\\.?\\s?U\\.?\\s?U\\.?(?=[\\s,;:)!?]${end})`, 'g'), 'Estados Unidos'],
    [new RegExp(`\\bEEUU(?=[\\s,;:.)!?]${end})`, 'gi'), 'Estados Unidos'],
    [new RegExp(`\\bE\\.U\\.A\\.?(?=[\\s,;:)!?]${end})`, 'g'), 'Estados Unidos'],
    [new RegExp(`\\bEUA(?=[\\s,;:.)!?]${end})`, 'g'), 'Estados Unidos'],
  ];
}
const FINAL = abbreviations(false);
const PARTIAL = abbreviations(true);

/** "EE.UU." and its variants never reach the user (decisions D4). */
export function spellOutUnitedStates(text: string, partial = false): string {
  let result = text;
  for (const [pattern, replacement] of partial ? PARTIAL : FINAL) result = result.replace(pattern, replacement);
  // "Estados Unidos." at a sentence end keeps one period.
  return result.replace(/Estados Unidos\.\./g, 'Estados Unidos.');
}
