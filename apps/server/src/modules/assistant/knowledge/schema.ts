import { z } from 'zod';

const isoDate = z
  .union([z.string(), z.date()])
  .transform((v) => (v instanceof Date ? v.toISOString().slice(0, 10) : v))
  .pipe(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'fecha AAAA-MM-DD'));

/** Where a fact comes from (content/knowledge/README.md, "How an entry is checked"). */
export const sourceSchema = z.strictObject({
  /** Who says it, as the answer names it: "USCIS", "el Departamento de Estado", "la corte de inmigración". */
  by: z.string().min(2),
  url: z.url(),
  checked: isoDate,
  confidence: z.enum(['confirmed', 'secondary', 'unconfirmed']),
  /** After this date an answer that uses the fact warns that it may have changed. */
  review_by: isoDate,
});
export type Source = z.infer<typeof sourceSchema>;

/**
 * What a sentence does for the question, so the engine can put the one that answers first:
 * what / who / step / action (what to do now) / fee / deadline / time / yes / no / warning / resource
 * (a phone, a web page) / lawyer / note.
 */
export const SENTENCE_TYPES = ['what', 'who', 'step', 'action', 'fee', 'deadline', 'time', 'yes', 'no', 'warning', 'resource', 'lawyer', 'note'] as const;
export type SentenceType = (typeof SENTENCE_TYPES)[number];
/** Types that state a figure or a date: they must name their source. */
export const SOURCED_TYPES: ReadonlySet<SentenceType> = new Set(['fee', 'deadline', 'time']);

export const lineSchema = z.strictObject({
  type: z.enum(SENTENCE_TYPES),
  text: z.string().trim().min(3),
  /** A key of the entry's sources. */
  source: z.string().optional(),
});
export type Line = z.infer<typeof lineSchema>;

/** One case of an entry (I-131: advance parole, reentry permit, refugee travel document). */
export const sectionSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string().min(3),
  /** How people say this case; the entry's keywords count for every section. */
  keywords: z.array(z.string().min(1)).default([]),
  /** Forms of this case, when not the entry's. */
  forms: z.array(z.string()).optional(),
  /** This case is urgent even when the entry is not. */
  urgent: z.boolean().optional(),
  answer: z.array(lineSchema).min(2),
});
export type Section = z.infer<typeof sectionSchema>;

export const TOPICS = [
  'detencion-y-corte',
  'ice-y-derechos',
  'asilo-y-proteccion',
  'victimas',
  'familia-y-residencia',
  'ciudadania',
  'permisos-de-trabajo',
  'tps-daca-parole',
  'visas-temporales',
  'tramites-uscis',
  'vida-diaria',
  'ayuda-legal-y-fraude',
] as const;

/** One knowledge-base entry (content/knowledge/<id>.yaml; see content/knowledge/README.md). */
export const knowledgeEntrySchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  topic: z.enum(TOPICS),
  kind: z.enum(['form', 'topic']),
  /** Official form numbers this entry is about, main one first ("I-131"). */
  forms: z.array(z.string().regex(/^[A-Z]{1,5}-\d{1,4}[A-Z]{0,3}(\/[A-Z]+)?$/)).default([]),
  agency: z.string(),
  title: z.string(),
  official_name: z.string().optional(),
  description: z.string().max(200),
  urgent: z.boolean(),
  keywords: z.array(z.string().min(1)).min(3),
  /** The official page a person can open. */
  link: z.url(),
  sources: z.record(z.string(), sourceSchema).refine((s) => Object.keys(s).length > 0, 'al menos una fuente'),
  related: z.array(z.string()).default([]),
  sections: z.array(sectionSchema).min(1),
  /** The downloadable PDF guide, for entries with a form or a procedure. */
  guide: z
    .strictObject({
      purpose: z.string(),
      who_files: z.string(),
      gather: z.array(z.string()).min(1),
      how_to_file: z.array(z.string()).min(1),
      mistakes: z.array(z.string()).min(1),
    })
    .optional(),
});

export type KnowledgeEntry = z.infer<typeof knowledgeEntrySchema>;
