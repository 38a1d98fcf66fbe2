import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { loadKnowledgeBase } from '../assistant';
import { loadVocabulary } from '../assistant';
import { searchWordsOf } from './search-words';
import { seedGuides, type SeedResult } from './guides/seed';
import { DocumentService } from './service';
import { UrlSigner } from './signed-url';
import { createStorage } from './storage';
import type { Jobs } from '../../lib/jobs';

export { documentRoutes } from './routes';
export { DocumentService } from './service';
export { runDocumentsImport } from './import';
export { createStorage } from './storage';

/** The documents module as configured: the bucket (local or S3), the signer and the catalog service. */
export function createDocuments(config: Pick<Config, 'storage' | 'authSecret'>, db: Db) {
  const storage = createStorage(config);
  const knowledge = loadKnowledgeBase();
  const service = new DocumentService(db, storage, new UrlSigner(config.authSecret), undefined, searchWordsOf(knowledge, loadVocabulary()));
  return {
    service,
    storage,
    /** Generates and stores the guide of every knowledge-base entry that changed. */
    seedGuides: async (): Promise<SeedResult> => {
      try {
        return await seedGuides(db, storage, knowledge);
      } finally {
        service.invalidate();
      }
    },
  };
}

/**
 * Seeds the guides once the server is ready, in the background (never in a request's path): the list
 * may be short for the first fraction of a second after a first start. Closing the server waits for a
 * seeding under way (DocumentService.close).
 */
export function seedGuidesInBackground(
  app: FastifyInstance,
  documents: ReturnType<typeof createDocuments>,
  log: FastifyBaseLogger,
  /** Several servers on one database: only the one that claims the job seeds, one at a time (lib/jobs.ts). */
  jobs?: Jobs,
): void {
  app.addHook('onReady', async () => {
    documents.service.runInBackground(async () => {
      try {
        if (jobs && !(await jobs.claim('seed-guides', 10 * 60))) return log.info('document guides: another server is seeding them');
        try {
          log.info({ guides: await documents.seedGuides() }, 'document guides up to date');
        } finally {
          await jobs?.release('seed-guides');
        }
      } catch (error) {
        log.error({ err: error }, 'document guides could not be generated');
      }
    });
  });
}
