// Starts the built product for the browser suite, on a fresh data folder, with every third-party
// provider replaced by the local fakes (real HTTP servers speaking the providers' wire formats).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const port = process.env.E2E_PORT ?? '3100';
const dataDir = mkdtempSync(path.join(tmpdir(), 'camino-e2e-'));

const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'development',
  PORT: port,
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  PUBLIC_URL: `http://localhost:${port}`,
  LOG_LEVEL: 'warn',
};
delete env.DATABASE_URL;

const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], { env, stdio: 'inherit' });

const stop = () => {
  server.kill('SIGTERM');
};
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
