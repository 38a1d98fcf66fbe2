import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { formFromFilename, storedDocumentName } from '@camino/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documents } from '../../db/schema';
import type { KnowledgeBase } from '../assistant';
import type { KnowledgeEntry } from '../assistant';
import { readEdition } from './edition';
import { sha256 } from './guides/seed';
import { isValidFileName, type Storage } from './storage/storage';

export type ImportOutcome =
  | { file: string; status: 'imported' | 'updated'; name: string; form: string | null; title: string; sizeBytes: number }
  | { file: string; status: 'skipped'; name: string; reason: string }
  | { file: string; status: 'failed'; reason: string };

const PDF_HEADER = Buffer.from('%PDF-');

/** "USCIS"; "Junta de Apelaciones de Inmigración (EOIR)" -> "EOIR"; "Departamento de Estado" as is. */
function agencyName(entry: KnowledgeEntry): string {
  return /\(([A-Z]{2,})\)/.exec(entry.agency)?.[1] ?? entry.agency;
}

/**
 * Title and description of an official PDF: from the knowledge base when the form is known, with the
 * edition printed on the form when it has one ("Formulario I-765 (oficial de USCIS, edición 08/21/25)").
 */
export function officialMetadata(
  file: string,
  knowledge: KnowledgeBase,
  edition: string | null = null,
): { form: string | null; title: string; description: string } {
  const form = formFromFilename(file);
  const entry = form ? knowledge.byForm.get(form) : undefined;
  const ofEdition = edition ? `, edición ${edition}` : '';
  if (form && entry) {
    const agency = agencyName(entry);
    const of = /^(Departamento|Servicio)\b/.test(agency) ? `del ${agency}` : `de ${agency}`;
    return { form, title: `Formulario ${form} (oficial ${of}${ofEdition})`, description: entry.description };
  }
  if (form) return { form, title: `Formulario ${form} (oficial${ofEdition})`, description: `Formulario oficial ${form}, tal como lo publica la agencia.` };
  const stem =
    path
      .basename(file)
      .replace(/\.pdf$/i, '')
      .replace(/[-_]+/g, ' ')
      .trim() || 'Documento';
  return { form: null, title: stem.charAt(0).toUpperCase() + stem.slice(1), description: `Documento oficial (${path.basename(file)}).` };
}

/**
 * Imports one official PDF (decisions D9, D12): checks the %PDF- header, skips a file whose sha256 the
 * catalog already has, stores it under its normalised name (i-485.pdf -> I-485.pdf) and adds its row;
 * a new edition of a file already imported under that name replaces the file and updates the row.
 */
export async function importOfficialPdf(db: Db, storage: Storage, knowledge: KnowledgeBase, file: string, bytes: Uint8Array): Promise<ImportOutcome> {
  if (bytes.byteLength < PDF_HEADER.length || !Buffer.from(bytes.subarray(0, PDF_HEADER.length)).equals(PDF_HEADER)) {
    return { file, status: 'failed', reason: 'not a PDF (no %PDF- header)' };
  }
  let name = storedDocumentName(path.basename(file));
  if (!name.toLowerCase().endsWith('.pdf')) name = `${name}.pdf`;
  if (!isValidFileName(name)) return { file, status: 'failed', reason: `unusable file name ${JSON.stringify(name)}` };

  const hash = sha256(bytes);
  const [same] = await db.select({ filename: documents.filename }).from(documents).where(eq(documents.sha256, hash)).limit(1);
  if (same) return { file, status: 'skipped', name: same.filename, reason: `already in the catalog as ${same.filename} (same sha256)` };

  const [existing] = await db.select({ id: documents.id, source: documents.source }).from(documents).where(eq(documents.filename, name)).limit(1);
  if (existing?.source === 'guide') return { file, status: 'failed', reason: `${name} is the name of a generated guide` };

  const { form, title, description } = officialMetadata(file, knowledge, await readEdition(bytes));
  // The file first: a row never points at a file that is not there.
  await storage.put(name, bytes, 'application/pdf');
  const values = { title, description, filename: name, form, source: 'official', sha256: hash, sizeBytes: bytes.byteLength };
  if (existing) {
    await db.update(documents).set(values).where(eq(documents.id, existing.id));
    return { file, status: 'updated', name, form, title, sizeBytes: bytes.byteLength };
  }
  try {
    await db.insert(documents).values(values);
  } catch (error) {
    await storage.remove(name).catch(() => false);
    throw error;
  }
  return { file, status: 'imported', name, form, title, sizeBytes: bytes.byteLength };
}

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** Formats one outcome as the command's summary line. */
export function describeOutcome(outcome: ImportOutcome): string {
  switch (outcome.status) {
    case 'imported':
    case 'updated':
      return `${outcome.status.padEnd(8)} ${outcome.file} -> ${outcome.name}  "${outcome.title}"  ${size(outcome.sizeBytes)}`;
    case 'skipped':
      return `skipped  ${outcome.file}: ${outcome.reason}`;
    case 'failed':
      return `failed   ${outcome.file}: ${outcome.reason}`;
  }
}

/**
 * `npm run documents:import -- <files...>`: imports each file, prints a line per file and a total.
 * Returns the outcomes; the command exits non-zero when any file failed.
 */
export async function runDocumentsImport(
  files: string[],
  deps: { db: Db; storage: Storage; knowledge: KnowledgeBase },
  print: (line: string) => void = console.log,
): Promise<ImportOutcome[]> {
  await deps.storage.ensure();
  const outcomes: ImportOutcome[] = [];
  for (const file of files) {
    let outcome: ImportOutcome;
    try {
      outcome = await importOfficialPdf(deps.db, deps.storage, deps.knowledge, file, await readFile(file));
    } catch (error) {
      outcome = { file, status: 'failed', reason: (error as Error).message };
    }
    outcomes.push(outcome);
    print(describeOutcome(outcome));
  }
  const count = (status: ImportOutcome['status']) => outcomes.filter((o) => o.status === status).length;
  print(
    `${outcomes.length} file${outcomes.length === 1 ? '' : 's'}: ${count('imported')} imported, ${count('updated')} updated, ${count('skipped')} skipped, ${count('failed')} failed`,
  );
  return outcomes;
}
