#!/usr/bin/env node
// Figure (issue 2): `npm start` on an already installed checkout, from the command to a served
// /api/health, on a fresh data folder (first start) and again (second start), with the database's
// share read from the server's start-up log line.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root, waitFor } from './lib.mjs';

const dataDir = mkdtempSync(path.join(tmpdir(), 'camino-startup-'));
const port = 3902;

async function start(label) {
  const started = Date.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  await waitFor(`http://127.0.0.1:${port}/api/health`, 120_000);
  const total = Date.now() - started;
  const databaseMs = /"databaseMs":(\d+)/.exec(output)?.[1];
  console.log(`${label}: serving after ${(total / 1000).toFixed(2)} s; database ready in ${databaseMs} ms`);
  process.kill(-child.pid, 'SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  // npm may exit before the server it started has closed its port: the next start must not be timed
  // against the old server's answers, so wait until nothing answers on the port any more.
  await waitUntilClosed(`http://127.0.0.1:${port}/api/health`);
}

async function waitUntilClosed(url) {
  for (let i = 0; i < 600; i++) {
    try {
      await fetch(url);
    } catch (error) {
      if (error.cause?.code === 'ECONNREFUSED') return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} still answers 30 s after the server was stopped`);
}

try {
  await start('first start (new database)');
  await start('second start');
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
