#!/usr/bin/env node
// npm run dev: the API with reload on change (tsx watch) and the Vite dev server with hot reload.
//   npm run dev              embedded defaults (built-in answer engine, outbox, sandbox payments)
//   npm run dev -- --fakes   also starts the local fake providers (language model, voice, SMS,
//                            payments) and points the server at them, to try the provider paths.
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const apiPort = process.env.API_PORT ?? '3001';
const webPort = '5173';
const children = [];

function run(name, command, args, env = {}) {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => console.log(`[${name}] ${line}`));
  }
  child.on('exit', (code) => {
    console.log(`[${name}] exited with ${code}`);
    shutdown(code ?? 1);
  });
  children.push(child);
  return child;
}

let stopping = false;
function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

async function startFakes() {
  return new Promise((resolve, reject) => {
    const child = run('fakes', bin('tsx'), ['packages/fakes/src/cli.ts']);
    const lines = readline.createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      if (line.startsWith('ENV ')) resolve(JSON.parse(line.slice(4)));
    });
    child.on('error', reject);
  });
}

const fakeEnv = process.argv.includes('--fakes') ? await startFakes() : {};
run('api', bin('tsx'), ['watch', '--clear-screen=false', 'apps/server/src/server.ts'], {
  PORT: apiPort,
  PUBLIC_URL: `http://localhost:${webPort}`,
  NODE_ENV: 'development',
  ...fakeEnv,
});
run('web', bin('vite'), ['--config', 'apps/web/vite.config.ts', '--port', webPort, '--strictPort', 'apps/web'], { API_PORT: apiPort });
console.log(`\n  Camino Claro (development): http://localhost:${webPort}   outbox: http://localhost:${webPort}/dev/outbox\n`);
