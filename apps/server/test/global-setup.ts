import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, wrapPglite } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a dump of a migrated database that every test file loads. */
    pgliteDump: string;
    /** PostgreSQL (TEST_DATABASE_URL): a migrated template database that every test file copies. */
    postgresTemplate: string;
  }
}

/**
 * Migrates one database for the whole run; test files then clone it, which is much faster than
 * migrating a fresh database per file. TEST_DATABASE_URL switches the suite to a PostgreSQL server.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `camino_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${template}`);
    const database = await openDatabase({ databaseUrl: withDatabase(url, template), dataDir: '' });
    await database.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteDump', '');
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }

  const dir = mkdtempSync(path.join(tmpdir(), 'camino-test-'));
  const client = new PGlite();
  const database = await wrapPglite(client);
  const dump = await client.dumpDataDir('none');
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteDump', file);
  project.provide('postgresTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
