// Helpers shared by the benchmark scripts: start the built server on a fresh data folder.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The Node flags `npm start` gives the server (package.json; decision 0073: the V8 heap's sizing), so
 * that a bench measures the same process.
 */
export const serverNodeFlags = (() => {
  const start = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start;
  const match = /\bnode((?: --\S+)*) apps\/server\/dist\/server\.js/.exec(start);
  if (!match) throw new Error(`package.json "start" does not run apps/server/dist/server.js: ${start}`);
  return match[1].split(' ').filter(Boolean);
})();

export async function waitFor(url, timeoutMs = 60_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      const response = await fetch(url);
      if (response.ok) return Date.now() - started;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Starts apps/server/dist/server.js with `npm start`'s Node flags; resolves once /api/health answers. */
export async function startServer({ port = 3900, env = {}, dataDir, nodeArgs = [] } = {}) {
  const dir = dataDir ?? mkdtempSync(path.join(tmpdir(), 'camino-bench-'));
  const logs = [];
  const child = spawn(process.execPath, [...serverNodeFlags, ...nodeArgs, path.join(root, 'apps/server/dist/server.js')], {
    cwd: root,
    // What `npm start` runs: the embedded defaults (NODE_ENV=production refuses the outbox and the
    // sandbox gateway, decision D15).
    env: {
      ...process.env,
      NODE_ENV: 'development',
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-123',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dir,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => logs.push(String(chunk)));
  child.stderr.on('data', (chunk) => logs.push(String(chunk)));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise((_, reject) => child.once('exit', (code) => reject(new Error(`the server exited with ${code}`))));
  try {
    await Promise.race([waitFor(`${url}/api/health`, 180_000), exited]);
  } catch (error) {
    child.kill();
    throw new Error(`${error.message}\n${logs.join('')}`);
  }
  return {
    url,
    logs,
    child,
    dataDir: dir,
    async stop({ keepData = false } = {}) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      if (!keepData && !dataDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
