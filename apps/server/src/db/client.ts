import { cpSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { acquireLock } from './lock';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** A round trip to the database. */
  ping(): Promise<void>;
  /**
   * Makes deleted rows unreadable in the database's files (after an account deletion or a purge). On
   * PGlite: VACUUM FULL rewrites every table without its dead rows, and the write-ahead log that still
   * holds them is switched and removed (not recycled). On PostgreSQL a no-op: its files, WAL and backups
   * are the operator's (README, "Deployment").
   */
  compact(): Promise<void>;
  close(): Promise<void>;
}

/** The drizzle-kit migrations folder, found from this file whether it runs from src/ or dist/. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('drizzle migrations folder not found');
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir: string;
  /** Apply pending migrations (default true). */
  migrate?: boolean;
  /** Postgres pool size. */
  poolSize?: number;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openPglite(options.dataDir, options);
}

/**
 * PostgreSQL's settings for a small embedded server (decisions/0040): a 16 MB buffer cache instead of
 * the default 128 MB (the tables of one server fit, and throughput measured the same), and smaller
 * working memory for maintenance and temporary tables.
 */
export const PGLITE_START_PARAMS = [
  // PGlite's own defaults (replaced, not extended, by startParams).
  ...['--single', '-F', '-O', '-j', '-c', 'search_path=public', '-c', 'exit_on_error=false', '-c', 'log_checkpoints=false'],
  ...[
    '-c',
    'max_worker_processes=0',
    '-c',
    'max_parallel_workers=0',
    '-c',
    'max_parallel_workers_per_gather=0',
    '-c',
    'io_method=sync',
    '-c',
    'max_parallel_maintenance_workers=0',
  ],
  ...['-c', 'shared_buffers=16MB', '-c', 'maintenance_work_mem=16MB', '-c', 'temp_buffers=2MB', '-c', 'work_mem=2MB'],
];

/**
 * The empty database `npm run build` made (scripts/build.mjs): a new data folder is a copy of it
 * instead of running PostgreSQL's set-up (initdb), whose WebAssembly instances would add hundreds of MB
 * to the server's first start. Found beside the bundle (dist/) or, from src/, in apps/server/dist.
 */
function pgliteTemplate(): string | null {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [path.join(here, PGLITE_TEMPLATE), path.resolve(here, '../../dist', PGLITE_TEMPLATE)]) {
    if (existsSync(path.join(candidate, 'PG_VERSION'))) return candidate;
  }
  return null;
}

/** The folder, beside the server's bundle, of the empty database the build made. */
export const PGLITE_TEMPLATE = 'pglite-template';

async function openPglite(dataDir: string, options: OpenOptions): Promise<Database> {
  mkdirSync(dataDir, { recursive: true });
  const release = acquireLock(path.join(dataDir, 'pglite.lock'));
  try {
    const folder = path.join(dataDir, 'pglite');
    // Only for a folder that does not exist yet: anything already there is PostgreSQL's to judge.
    const template = existsSync(folder) ? null : pgliteTemplate();
    if (template) {
      // Copied beside, then renamed: a server killed during the copy leaves no half database behind.
      const partial = `${folder}.partial`;
      rmSync(partial, { recursive: true, force: true });
      cpSync(template, partial, { recursive: true });
      renameSync(partial, folder);
    }
    const client = new PGlite(folder, { startParams: PGLITE_START_PARAMS });
    await client.waitReady;
    return await wrapPglite(client, options, release);
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * Concurrent callers share one round trip: under load, health checks join the ping in flight instead of
 * queueing hundreds of identical queries on the database.
 */
function singleFlight(run: () => Promise<void>): () => Promise<void> {
  let inFlight: Promise<void> | null = null;
  return () => {
    inFlight ??= run().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
}

/** Wraps an open PGlite client (also used by tests with in-memory databases). */
export async function wrapPglite(client: PGlite, options: { migrate?: boolean } = {}, release = () => {}): Promise<Database> {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  if (options.migrate !== false) await migratePglite(db as never, { migrationsFolder: migrationsFolder() });
  return {
    db,
    kind: 'pglite',
    ping: singleFlight(async () => {
      await client.query('select 1');
    }),
    compact: async () => {
      // wal_recycle off: old WAL segments are removed instead of renamed for reuse with their contents.
      for (const statement of ['set wal_recycle = off', 'vacuum full', 'checkpoint', 'select pg_switch_wal()', 'checkpoint']) await client.query(statement);
    },
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        release();
      }
    },
  };
}

async function openPostgres(url: string, options: OpenOptions): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next query.
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  try {
    if (options.migrate !== false) await migratePg(db as never, { migrationsFolder: migrationsFolder() });
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    db,
    kind: 'postgres',
    ping: singleFlight(async () => {
      await pool.query('select 1');
    }),
    compact: async () => {},
    close: () => pool.end(),
  };
}

export { schema, sql };
