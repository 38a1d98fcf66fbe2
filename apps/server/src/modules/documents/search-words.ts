import type { Vocabulary } from '../assistant';
import { normalize } from '../assistant';
import type { KnowledgeBase } from '../assistant';
import type { KnowledgeEntry } from '../assistant';
import { guideFileName } from './guides/pdf';

/**
 * The words the documents search box finds a file by (issue 12): its entry's title, keywords and case
 * keywords, and the everyday synonyms of those words from content/assistant/synonyms.yaml ("mica" for
 * the green card, "bond" for the bail). A guide is found through its entry; an official form through
 * the entry of its form number.
 */
export function searchWordsOf(kb: KnowledgeBase, vocabulary: Vocabulary): (filename: string, form: string | null) => string {
  const wordsOf = (entry: KnowledgeEntry) => {
    const own = normalize(
      [entry.title, entry.description, ...entry.forms, ...entry.keywords, ...entry.sections.flatMap((s) => [s.title, ...s.keywords])].join(' '),
    );
    const padded = ` ${own} `;
    const synonyms = vocabulary.synonyms
      .filter(([phrase, use]) => !phrase.includes('{') && (padded.includes(` ${use} `) || padded.includes(` ${phrase} `)))
      .flatMap(([phrase, use]) => [phrase, use]);
    return [...new Set([...own.split(' '), ...synonyms])].join(' ');
  };
  const byFile = new Map(kb.entries.filter((e) => e.guide).map((e) => [guideFileName(e), e]));
  const cache = new Map<string, string>();
  return (filename, form) => {
    const entry = byFile.get(filename) ?? (form ? kb.byForm.get(form.toUpperCase()) : undefined);
    if (!entry) return '';
    let words = cache.get(entry.id);
    if (words === undefined) {
      words = wordsOf(entry);
      cache.set(entry.id, words);
    }
    return words;
  };
}
