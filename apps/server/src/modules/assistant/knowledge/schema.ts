import { z } from 'zod';

const sentence = z.string().trim().min(3);

/** One knowledge-base entry (content/knowledge/<id>.yaml; see content/knowledge/README.md). */
export const knowledgeEntrySchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  kind: z.enum(['form', 'topic']),
  form: z.string().optional(),
  agency: z.string(),
  title: z.string(),
  official_name: z.string(),
  description: z.string().max(200),
  urgent: z.boolean(),
  keywords: z.array(z.string().min(2)).min(3),
  answer: z.strictObject({
    what: sentence,
    who: sentence,
    steps: z.array(sentence).min(1).max(5),
    fee: sentence,
    time: sentence.optional(),
    lawyer: sentence.optional(),
  }),
  fee: z.strictObject({
    amount_usd: z.number().nullable(),
    note: z.string().optional(),
    checked: z.union([z.string(), z.date()]).transform((v) => (v instanceof Date ? v.toISOString().slice(0, 10) : v)),
    confidence: z.enum(['confirmed', 'secondary', 'unconfirmed']),
    source: z.url(),
  }),
  link: z.url(),
  related: z.array(z.string()).default([]),
  guide: z.strictObject({
    purpose: z.string(),
    who_files: z.string(),
    gather: z.array(z.string()).min(1),
    how_to_file: z.array(z.string()).min(1),
    mistakes: z.array(z.string()).min(1),
  }),
});

export type KnowledgeEntry = z.infer<typeof knowledgeEntrySchema>;
