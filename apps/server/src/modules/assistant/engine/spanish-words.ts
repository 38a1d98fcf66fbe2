import dictionary from 'dictionary-es';
import { normalizeOnce, stem } from './text';

/**
 * The stems of the words of a Spanish spelling dictionary (Hunspell's, from the dictionary-es package):
 * a question's word whose stem is one of them is a real word ("aceite", "vendió"), not a misspelling of
 * a word the knowledge base uses ("acepte", "venció"), so the spelling corrector leaves it as written.
 */
let stems: ReadonlySet<string> | undefined;

export function spanishStems(): ReadonlySet<string> {
  if (!stems) {
    const found = new Set<string>();
    const lines = new TextDecoder().decode(dictionary.dic).split('\n');
    // The first line is the word count; each other line is a word, then its affix flags after a slash.
    // Each word is read once: not kept among the remembered texts, which are the knowledge base's and questions'.
    for (const line of lines.slice(1)) {
      const word = normalizeOnce(line.split('/')[0]!);
      if (word && !word.includes(' ')) found.add(stem(word));
    }
    stems = found;
  }
  return stems;
}
