import type { Readable } from 'node:stream';

/** The bucket every document file lives in (spec section 3). */
export const DOCUMENTS_BUCKET = 'documents';

export interface StoredFile {
  /** The file's bytes, to pipe into a response. */
  body: Readable;
  size: number;
  contentType: string;
}

export interface StorageEntry {
  name: string;
  size: number;
}

export interface ListOptions {
  limit: number;
  offset: number;
}

/**
 * One bucket of files, flat (names without folders). The local folder and any S3-compatible bucket
 * implement it; the rest of the module never knows which one it has.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** Writes (or replaces) a file. */
  put(name: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The file as a stream with its size and type, or null when there is none. */
  get(name: string): Promise<StoredFile | null>;
  /** The bucket's root, sorted by name ascending (byte order, as S3 lists), one page. */
  list(options: ListOptions): Promise<StorageEntry[]>;
  /** Deletes a file; false when there was none. */
  remove(name: string): Promise<boolean>;
  /** Makes sure the bucket exists (creates the folder or the bucket when missing). */
  ensure(): Promise<void>;
  close(): Promise<void>;
}

export class InvalidFileNameError extends Error {
  constructor(name: string) {
    super(`Invalid file name for the documents bucket: ${JSON.stringify(name)}`);
    this.name = 'InvalidFileNameError';
  }
}

/**
 * A file name the bucket accepts: one plain name, no folder part, no "..", no leading dot (hidden and
 * temporary files), no control characters, at most 255 bytes. Both storages enforce the same rule.
 */
export function assertFileName(name: string): void {
  const ok =
    typeof name === 'string' &&
    name.length > 0 &&
    Buffer.byteLength(name) <= 255 &&
    !name.includes('/') &&
    !name.includes('\\') &&
    !name.includes('..') &&
    !name.startsWith('.') &&
    // eslint-disable-next-line no-control-regex
    !/[\u0000-\u001f\u007f]/.test(name);
  if (!ok) throw new InvalidFileNameError(name);
}

export function isValidFileName(name: string): boolean {
  try {
    assertFileName(name);
    return true;
  } catch {
    return false;
  }
}

/** Byte order of the UTF-8 names: the order S3 lists keys in, so both storages sort alike. */
export function compareNames(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

export function contentTypeOf(name: string): string {
  return name.toLowerCase().endsWith('.pdf') ? 'application/pdf' : 'application/octet-stream';
}

/** Every name in the bucket, page by page. */
export async function listAll(storage: Storage, pageSize = 1000): Promise<StorageEntry[]> {
  const all: StorageEntry[] = [];
  for (let offset = 0; ; offset += pageSize) {
    const page = await storage.list({ limit: pageSize, offset });
    all.push(...page);
    if (page.length < pageSize) return all;
  }
}
