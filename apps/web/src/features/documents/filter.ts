import type { DocumentItem } from './api/use-documents';

/** Lower case without accents, so "guia" finds "Guía" and "i765" finds "I-765". */
export const searchable = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9ñ ]+/g, '');

/**
 * The documents whose title, description or everyday words (keywords) hold every word of the query;
 * those whose title holds them come first, then those whose description does.
 */
export function filterDocuments(docs: DocumentItem[], query: string): DocumentItem[] {
  const words = searchable(query).split(/\s+/).filter(Boolean);
  if (!words.length) return docs;
  // Each word starts a word of the text ("fianza" does not find "confianza"); a number may sit inside a
  // form number ("765" finds "i765").
  const has = (text: string) => words.every((word) => ` ${text}`.includes(` ${word}`) || (/^\d+$/.test(word) && text.includes(word)));
  const rank = (doc: DocumentItem) => (has(searchable(doc.title)) ? 0 : has(searchable(doc.description)) ? 1 : 2);
  return docs
    .filter((doc) => has(`${searchable(doc.title)} ${searchable(doc.description)} ${doc.keywords}`))
    .map((doc) => ({ doc, rank: rank(doc) }))
    .sort((a, b) => a.rank - b.rank)
    .map(({ doc }) => doc);
}
