import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { documents } from '../../../db/schema';
import type { KnowledgeBase } from '../../assistant';
import { listAll, type Storage } from '../storage/storage';
import { generateGuide, guideCatalogTitle, guideFileName, guideForm } from './pdf';

export interface SeedResult {
  created: number;
  updated: number;
  unchanged: number;
  removed: number;
  ms: number;
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * Makes the catalog hold one guide per knowledge-base entry (decisions D9): generates every guide
 * (deterministic bytes), stores a file only when its sha256 differs from the catalog's or the bucket
 * lost it, updates that row in place (same id, same created_at), and deletes the guides of entries
 * that no longer exist. Rows are keyed by file name, so running it twice, or from two processes at
 * once, never duplicates a row. Imported official PDFs are never touched.
 */
export async function seedGuides(db: Db, storage: Storage, knowledge: KnowledgeBase): Promise<SeedResult> {
  const started = performance.now();
  await storage.ensure();
  const [rows, files] = await Promise.all([
    db
      .select({ filename: documents.filename, title: documents.title, description: documents.description, form: documents.form, sha256: documents.sha256 })
      .from(documents)
      .where(eq(documents.source, 'guide')),
    listAll(storage),
  ]);
  const existing = new Map(rows.map((row) => [row.filename, row]));
  const inBucket = new Set(files.map((file) => file.name));

  const result: SeedResult = { created: 0, updated: 0, unchanged: 0, removed: 0, ms: 0 };
  const upserts: Array<typeof documents.$inferInsert> = [];
  const wanted = new Set<string>();
  for (const entry of knowledge.entries) {
    if (!entry.guide) continue;
    const filename = guideFileName(entry);
    // Two entries of one form number share a guide name: the first (by id) keeps it.
    if (wanted.has(filename)) continue;
    wanted.add(filename);
    const bytes = await generateGuide(entry);
    const hash = sha256(bytes);
    const row = existing.get(filename);
    const title = guideCatalogTitle(entry);
    const form = guideForm(entry);
    const sameFile = row?.sha256 === hash && inBucket.has(filename);
    if (sameFile && row.title === title && row.description === entry.description && row.form === form) {
      result.unchanged++;
      continue;
    }
    if (!sameFile) await storage.put(filename, bytes, 'application/pdf');
    upserts.push({ title, description: entry.description, filename, form, source: 'guide', sha256: hash, sizeBytes: bytes.byteLength });
    if (row) result.updated++;
    else result.created++;
  }

  if (upserts.length) {
    await db
      .insert(documents)
      .values(upserts)
      .onConflictDoUpdate({
        target: documents.filename,
        set: {
          title: sql`excluded.title`,
          description: sql`excluded.description`,
          form: sql`excluded.form`,
          source: sql`excluded.source`,
          sha256: sql`excluded.sha256`,
          sizeBytes: sql`excluded.size_bytes`,
        },
      });
  }

  const stale = rows.map((row) => row.filename).filter((filename) => !wanted.has(filename));
  if (stale.length) {
    await db.delete(documents).where(and(eq(documents.source, 'guide'), inArray(documents.filename, stale)));
    for (const filename of stale) await storage.remove(filename);
    result.removed = stale.length;
  }
  result.ms = Math.round(performance.now() - started);
  return result;
}
