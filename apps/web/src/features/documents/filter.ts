import type { DocumentItem } from './api/use-documents';

/** Lower case without accents, so "guia" finds "Guía" and "i765" finds "I-765". */
export const searchable = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9ñ ]+/g, '');

/** The documents whose title or description holds every word of the query. */
export function filterDocuments(docs: DocumentItem[], query: string): DocumentItem[] {
  const words = searchable(query).split(/\s+/).filter(Boolean);
  if (!words.length) return docs;
  return docs.filter((doc) => {
    const text = `${searchable(doc.title)} ${searchable(doc.description)}`;
    return words.every((word) => text.includes(word));
  });
}
