import { z } from 'zod';

/**
 * Downloadable documents (spec sections 2 "/documents", 3 "documents", 7 calls 16-17 and "Download
 * logic", 8 "Documents"; decisions D9).
 */

/** 'guide': a Spanish guide the project generates from its knowledge base; 'official': an imported agency PDF. */
export const DOCUMENT_SOURCES = ['guide', 'official'] as const;
export type DocumentSource = (typeof DOCUMENT_SOURCES)[number];

export const documentSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  /** The file's name in the documents bucket (see `storedDocumentName`). */
  filename: z.string(),
  /** Form number (I-485, EOIR-29, ...) when the document belongs to a form; null for topics. */
  form: z.string().nullable(),
  source: z.enum(DOCUMENT_SOURCES),
  /** Everyday words the search box also finds it by ("mica", "asilo", "fianza"), lower case, no accents. */
  keywords: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type DocumentItem = z.infer<typeof documentSchema>;

/** GET /api/documents (spec call 16): every document, newest first. */
export const documentsResponse = z.object({ documents: z.array(documentSchema) });
export type DocumentsResponse = z.infer<typeof documentsResponse>;

export const documentIdParams = z.object({ id: z.uuid('Documento no válido.') });

/**
 * POST /api/documents/:id/download (spec call 17): a signed link to our own server, valid 3600 s.
 * `url` is a path on the same origin (`/api/files/documents/<name>?expires=&signature=`): open it in a
 * new tab on iOS, otherwise trigger a download with it.
 */
export const documentDownloadResponse = z.object({
  url: z.string().min(1),
  /** ISO 8601: when the link stops working. */
  expiresAt: z.string(),
});
export type DocumentDownloadResponse = z.infer<typeof documentDownloadResponse>;

/** The browser's texts for the documents page (spec sections 2 and 8 "Documents"). */
export const DOCUMENT_MESSAGES = {
  loading: 'Cargando documentos...',
  listFailed: 'Error al cargar documentos',
  downloadErrorTitle: 'Error de descarga',
  fileMissing: (title: string) => `No se pudo descargar el documento "${title}". El archivo no se encuentra en el sistema.`,
  downloadFailed: (title: string) => `No se pudo descargar el documento "${title}". Por favor, escribe a soporte.`,
  readyIos: 'Documento listo',
  started: 'Descarga iniciada',
} as const;

/** A trailing language suffix before the extension: i-485-es.pdf, N-400-EN.PDF. */
const LANGUAGE_SUFFIX = /-(es|en)(?=\.pdf$)/i;
/** The form prefixes the spec names: i-, n-, g-. */
const FORM_PREFIX = /^([ing])-/i;

/**
 * The spec's filename normalisation (section 7 "Download logic"): a form prefix i-, n- or g- is
 * upper-cased, the whole name is upper-cased, and a trailing language suffix (-es, -en) before .pdf is
 * dropped. `i-485-es.pdf` -> `I-485.PDF`. Any folder part is ignored.
 */
export function normalizeDocumentFilename(filename: string): string {
  const base = filename.trim().split(/[/\\]/).pop() ?? '';
  return base
    .replace(FORM_PREFIX, (_, letter: string) => `${letter.toUpperCase()}-`)
    .toUpperCase()
    .replace(LANGUAGE_SUFFIX, '');
}

/**
 * The name a file is stored under in the documents bucket: the normalised name with a lower-case
 * extension (`i-485-es.pdf` -> `I-485.pdf`, `guia-i-485.pdf` -> `GUIA-I-485.pdf`). Matching is
 * case-insensitive, so any case in the bucket still matches.
 */
export function storedDocumentName(filename: string): string {
  const normalized = normalizeDocumentFilename(filename);
  const dot = normalized.lastIndexOf('.');
  return dot > 0 ? `${normalized.slice(0, dot)}${normalized.slice(dot).toLowerCase()}` : normalized;
}

/**
 * Finds a document's file among the bucket's names (spec "Download logic"): the normalised name,
 * compared case-insensitively; failing that, the catalog name as written, then names that normalise
 * alike (a bucket file still carrying its language suffix). null when none matches.
 */
export function matchDocumentFile(filename: string, names: readonly string[]): string | null {
  const wanted = normalizeDocumentFilename(filename).toLowerCase();
  const exact = names.find((name) => name.toLowerCase() === wanted);
  if (exact !== undefined) return exact;
  const asWritten = filename.trim().toLowerCase();
  const written = names.find((name) => name.toLowerCase() === asWritten);
  if (written !== undefined) return written;
  return names.find((name) => normalizeDocumentFilename(name).toLowerCase() === wanted) ?? null;
}

/**
 * The form number a file name stands for: `i-485.pdf` -> `I-485`, `eoir-29.pdf` -> `EOIR-29`,
 * `g-1145-es.pdf` -> `G-1145`. null when the name does not look like a form number.
 */
export function formFromFilename(filename: string): string | null {
  const stem = normalizeDocumentFilename(filename).replace(/\.PDF$/, '');
  return /^[A-Z]{1,5}-?\d{1,5}[A-Z]{0,2}$/.test(stem) ? stem : null;
}
