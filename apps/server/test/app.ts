import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { Database } from '../src/db/client';
import { createTestDatabase } from './database';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Every log line the app wrote, for assertions on what is (not) logged. */
  logs: string[];
  close(): Promise<void>;
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'info',
    WEB_DIST: '/nonexistent-web-dist',
    ...env,
  });
}

export async function createTestApp(env: Record<string, string> = {}, database?: Database): Promise<TestContext> {
  const config = testConfig(env);
  const db = database ?? (await createTestDatabase());
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      logs.push(String(chunk));
      callback();
    },
  });
  const app = await buildApp({ config, database: db, logger: stream });
  await app.ready();
  return {
    app,
    database: db,
    config,
    logs,
    close: async () => {
      await app.close();
      if (!database) await db.close();
    },
  };
}
