import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/lock';

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const databaseMs = Math.round(performance.now() - startedAt);
  const app = await buildApp({ config, database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
    } finally {
      await database.close();
    }
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await database.close();
    throw error;
  }
  app.log.info({ database: database.kind, databaseMs, readyMs: Math.round(performance.now() - startedAt) }, `serving ${config.publicUrl}`);
  if (!config.isProduction && (config.sms.provider === 'outbox' || config.email.provider === 'outbox')) {
    // Decision D15: the outbox shows sign-in codes and reset links, so it answers this machine only.
    process.stdout.write(
      `\n  Development outbox (SMS codes and reset links): http://localhost:${config.port}/dev/outbox\n` +
        `  It answers only requests from this machine (127.0.0.1 / ::1); from a phone or another computer it is not found.\n`,
    );
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
