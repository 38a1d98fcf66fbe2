import pino from 'pino';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import type { BillingService } from '../modules/billing';
import { createCoreServices } from '../services';

export interface OperatorContext {
  config: Config;
  database: Database;
  billing: BillingService;
  close(): Promise<void>;
}

/**
 * What an operator command needs, configured like the server (the same environment variables). With
 * the embedded database the server must be stopped first: PGlite is one process at a time, and the
 * lock says so.
 */
export async function operatorContext(): Promise<OperatorContext> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const log = pino({ level: process.env.LOG_LEVEL ?? 'warn' }, pino.destination(2));
  const { billing } = createCoreServices(config, database.db, log);
  return { config, database, billing, close: () => database.close() };
}

/** Runs a command: prints its error (no stack for expected ones) and sets the exit code. */
export function runCommand(main: () => Promise<number | void>): void {
  main()
    .then((code) => process.exit(code ?? 0))
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
