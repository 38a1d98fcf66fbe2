// npm run documents:import -- <files...>
// Imports official PDFs (e.g. ../shared/forms/*.pdf) into the documents catalog and bucket (decisions
// D9, D12). Opens the database like the server does; with the embedded database (PGlite) it cannot run
// while the server runs on the same DATA_DIR: stop the server first.
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { DataDirLockedError } from '../db/lock';
import { loadKnowledgeBase } from '../modules/assistant';
import { runDocumentsImport } from '../modules/documents';
import { createStorage } from '../modules/documents';

const files = process.argv.slice(2).filter((arg) => arg !== '--');
if (files.length === 0 || files.includes('--help') || files.includes('-h')) {
  console.error('Usage: npm run documents:import -- <file.pdf> [more.pdf ...]   e.g. ../shared/forms/*.pdf');
  process.exit(files.length === 0 ? 2 : 0);
}

async function main(): Promise<number> {
  const config = loadConfig();
  const knowledge = loadKnowledgeBase();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  const storage = createStorage(config);
  try {
    console.log(`documents bucket: ${config.storage.kind === 'local' ? config.storage.dir : `s3://${config.storage.bucket}`}`);
    const outcomes = await runDocumentsImport(files, { db: database.db, storage, knowledge });
    return outcomes.some((o) => o.status === 'failed') ? 1 : 0;
  } finally {
    await storage.close();
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof DataDirLockedError) {
      console.error(
        `\nThe embedded database in ${process.env.DATA_DIR ?? './data'} is in use (pid ${error.pid}), probably by the running server.\n` +
          'Stop the server, run the import, then start the server again (or use DATABASE_URL with PostgreSQL, where both can run at once).\n',
      );
    } else if (error instanceof ConfigError) {
      console.error(`\n${error.message}\n`);
    } else {
      console.error(error);
    }
    process.exit(1);
  },
);
