import type { Config } from '../../../config';
import { LocalStorage } from './local';
import { S3Storage } from './s3';
import type { Storage } from './storage';

export * from './storage';
export { LocalStorage } from './local';
export { S3Storage } from './s3';

/** The documents bucket as configured: STORAGE=local (default) or STORAGE=s3. */
export function createStorage(config: Pick<Config, 'storage'>): Storage {
  const storage = config.storage;
  return storage.kind === 'local' ? new LocalStorage(storage.dir) : new S3Storage(storage);
}
