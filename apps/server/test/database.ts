import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, wrapPglite, type Database } from '../src/db/client';
import { withDatabase } from './global-setup';

/** A fresh, migrated database for one test file: PGlite in memory, or a copy on the PostgreSQL server. */
export async function createTestDatabase(): Promise<Database> {
  const template = inject('postgresTemplate');
  const url = process.env.TEST_DATABASE_URL;
  if (template && url) {
    const name = `camino_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    const database = await openDatabase({ databaseUrl: withDatabase(url, name), dataDir: '', migrate: false, poolSize: 4 });
    return {
      ...database,
      close: async () => {
        await database.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dump = readFileSync(inject('pgliteDump'));
  const client = new PGlite({ loadDataDir: new Blob([dump]) });
  await client.waitReady;
  return wrapPglite(client, { migrate: false });
}
