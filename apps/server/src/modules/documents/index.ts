import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { loadKnowledgeBase } from '../assistant/knowledge/load';
import { seedGuides, type SeedResult } from './guides/seed';
import { DocumentService } from './service';
import { UrlSigner } from './signed-url';
import { createStorage } from './storage';

export { documentRoutes } from './routes';
export { DocumentService } from './service';

/** The documents module as configured: the bucket (local or S3), the signer and the catalog service. */
export function createDocuments(config: Pick<Config, 'storage' | 'authSecret'>, db: Db) {
  const storage = createStorage(config);
  const service = new DocumentService(db, storage, new UrlSigner(config.authSecret));
  return {
    service,
    storage,
    /** Generates and stores the guide of every knowledge-base entry that changed. */
    seedGuides: async (): Promise<SeedResult> => {
      try {
        return await seedGuides(db, storage, loadKnowledgeBase());
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
export function seedGuidesInBackground(app: FastifyInstance, documents: ReturnType<typeof createDocuments>, log: FastifyBaseLogger): void {
  app.addHook('onReady', async () => {
    documents.service.runInBackground(() =>
      documents.seedGuides().then(
        (result) => log.info({ guides: result }, 'document guides up to date'),
        (error: unknown) => log.error({ err: error }, 'document guides could not be generated'),
      ),
    );
  });
}
