import { DOCUMENT_MESSAGES, documentsResponse, LIMITS, matchDocumentFile, type DocumentDownloadResponse, type DocumentItem } from '@camino/contracts';
import { desc, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documents } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { UrlSigner } from './signed-url';
import { isValidFileName, type Storage, type StoredFile } from './storage/storage';

/** How long one read of the catalog answers list requests. */
const LIST_TTL_MS = 1000;
/** How many listing pages the download looks through before giving up (100 names a page). */
const MAX_LIST_PAGES = 50;

interface Listing {
  documents: DocumentItem[];
  json: string;
}

/**
 * The catalog (a table) and the bucket (files) behind GET /api/documents, the signed download links and
 * the file route (spec calls 16 and 17, decisions D9).
 */
export class DocumentService {
  private listing: Promise<Listing> | null = null;
  private cached: (Listing & { at: number }) | null = null;
  /** Bumped by `invalidate()`, so a query that started before a change cannot cache the old list. */
  private generation = 0;
  private readonly background = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Db,
    readonly storage: Storage,
    private readonly signer: UrlSigner,
    /** How long one catalog read answers every list request (docs/decisions/0010). */
    private readonly listTtlMs = LIST_TTL_MS,
    /** Everyday words of a document, from the knowledge base (by its file name or form). */
    private readonly searchWords: (filename: string, form: string | null) => string = () => '',
  ) {}

  /**
   * Every document, newest first (ties by title). One read of the catalog answers the list requests
   * of the next second: PGlite runs queries on the main thread, so a query per request would cap the
   * list near 300 requests a second. This process's own changes (the seeding) show at once
   * (`invalidate`); another process's (an import on PostgreSQL) within a second.
   */
  async list(): Promise<DocumentItem[]> {
    return (await this.listing_()).documents;
  }

  /** Form numbers whose official PDF is in the catalog. */
  async officialForms(): Promise<Set<string>> {
    return new Set((await this.list()).filter((d) => d.source === 'official' && d.form).map((d) => d.form!.toUpperCase()));
  }

  /** The same list as the JSON body of GET /api/documents, serialised (and checked) once per read. */
  async listJson(): Promise<string> {
    return (await this.listing_()).json;
  }

  private listing_(): Promise<Listing> {
    if (this.cached && Date.now() - this.cached.at < this.listTtlMs) return Promise.resolve(this.cached);
    if (!this.listing) {
      const generation = this.generation;
      const startedAt = Date.now();
      const listing: Promise<Listing> = this.queryList()
        .then((documents) => {
          const read = { documents, json: JSON.stringify(documentsResponse.parse({ documents })) };
          if (generation === this.generation) this.cached = { ...read, at: startedAt };
          return read;
        })
        .finally(() => {
          if (this.listing === listing) this.listing = null;
        });
      this.listing = listing;
    }
    return this.listing;
  }

  /** Forgets the list read last: the next request reads the catalog. */
  invalidate(): void {
    this.generation++;
    this.cached = null;
    this.listing = null;
  }

  private async queryList(): Promise<DocumentItem[]> {
    const rows = await this.db
      .select({
        id: documents.id,
        title: documents.title,
        description: documents.description,
        filename: documents.filename,
        form: documents.form,
        source: documents.source,
        sizeBytes: documents.sizeBytes,
        createdAt: documents.createdAt,
      })
      .from(documents)
      .orderBy(desc(documents.createdAt), asc(documents.title));
    return rows.map((row) => ({
      ...row,
      source: row.source === 'official' ? 'official' : 'guide',
      keywords: this.searchWords(row.filename, row.form),
      createdAt: row.createdAt.toISOString(),
    }));
  }

  /**
   * Spec call 17 and the download logic: list the bucket's root (100 names a page from offset 0, sorted
   * by name), find the document's file by its normalised name, case-insensitively, and sign a link to it
   * for 3600 s.
   */
  async download(id: string, nowMs = Date.now()): Promise<DocumentDownloadResponse> {
    const [document] = await this.db.select({ title: documents.title, filename: documents.filename }).from(documents).where(eq(documents.id, id)).limit(1);
    if (!document) throw new AppError('NOT_FOUND', 'No encontramos ese documento.');
    const name = await this.findFile(document.filename);
    if (!name) throw new AppError('DOCUMENT_FILE_MISSING', DOCUMENT_MESSAGES.fileMissing(document.title));
    const expires = Math.floor(nowMs / 1000) + LIMITS.signedUrlSeconds;
    return { url: this.signer.sign(name, expires), expiresAt: new Date(expires * 1000).toISOString() };
  }

  /** The bucket's name for a catalog file name, or null. Reads further pages only past 100 files. */
  async findFile(filename: string): Promise<string | null> {
    const limit = LIMITS.storageListLimit;
    for (let page = 0; page < MAX_LIST_PAGES; page++) {
      const entries = await this.storage.list({ limit, offset: page * limit });
      const match = matchDocumentFile(
        filename,
        entries.map((entry) => entry.name),
      );
      if (match) return match;
      if (entries.length < limit) return null;
    }
    return null;
  }

  /** A file behind a signed link: 403 for a bad signature, 410 once expired, 404 when gone. */
  async openSigned(name: string, expires: string | undefined, signature: string | undefined): Promise<StoredFile> {
    const check = this.signer.verify(name, expires, signature);
    if (check === 'invalid') throw new AppError('DOCUMENT_LINK_INVALID');
    if (check === 'expired') throw new AppError('DOCUMENT_LINK_EXPIRED');
    const file = isValidFileName(name) ? await this.storage.get(name) : null;
    if (!file) throw new AppError('DOCUMENT_FILE_MISSING');
    return file;
  }

  /** Runs work off the request path (the guide seeding); `close()` waits for it. */
  runInBackground(task: () => Promise<unknown>): void {
    const running: Promise<unknown> = task().finally(() => this.background.delete(running));
    this.background.add(running);
  }

  /** Waits for background work, then closes the bucket's client. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.background]);
    await this.storage.close();
  }
}
