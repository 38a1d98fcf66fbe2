// Finding: "A killed server may never start again" (issue 13). pglite.lock held a pid and start-up only
// asked whether that pid was alive: a server restarted as pid 1 in a container (the same pid as the
// killed one) refused forever. Here the real server is killed with SIGKILL and started again, on the
// machine and as pid 1 of a new pid namespace (`unshare --pid --fork`).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const serverDir = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'camino-kill-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const env = {
  ...process.env,
  NODE_ENV: 'test',
  AUTH_SECRET: 'kill-test-secret-kill-test-secret-0123456789',
  HOST: '127.0.0.1',
  PORT: '0',
  DATA_DIR: dataDir,
  WEB_DIST: '/nonexistent-web-dist',
  LOG_LEVEL: 'info',
};
const command = [process.execPath, '--import', 'tsx', 'src/server.ts'];

/** Starts the server (optionally under a prefix such as unshare) and waits until it serves or exits. */
function start(prefix: string[] = []): Promise<{ child: ChildProcess; served: boolean; output: string }> {
  const [file, ...args] = [...prefix, ...command];
  const child = spawn(file!, args, { cwd: serverDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve) => {
    const done = (served: boolean) => resolve({ child, served, output });
    const timer = setTimeout(() => done(false), 45_000);
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('"msg":"serving')) {
        clearTimeout(timer);
        done(true);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', () => {
      clearTimeout(timer);
      done(false);
    });
  });
}

function kill9(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

const canUnshare = spawnSync('unshare', ['--pid', '--fork', '--mount-proc', 'true']).status === 0;

describe('a server killed with kill -9 starts again', () => {
  // Each start is a whole server (about 5 s): three starts prove the lock both ways.
  it('on the machine: a second live server on the same folder is refused; killed with kill -9, it starts again', { timeout: 180_000 }, async () => {
    const first = await start();
    expect(first.served, first.output).toBe(true);
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(true);
    const second = await start();
    expect(second.served).toBe(false);
    expect(second.output).toContain('already in use by another process');
    await kill9(first.child);
    const again = await start();
    expect(again.served, again.output).toBe(true);
    await kill9(again.child);
  });

  it.skipIf(!canUnshare)('as pid 1 of a new pid namespace (a container restart): killed, then started again as pid 1', { timeout: 180_000 }, async () => {
    const namespace = ['unshare', '--pid', '--fork', '--mount-proc', '--kill-child'];
    const run = await start(namespace);
    expect(run.served, run.output).toBe(true);
    // SIGKILL to unshare kills its child, the server, which is pid 1 inside (--kill-child).
    await kill9(run.child);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const last = await start(namespace);
    expect(last.served, last.output).toBe(true);
    await kill9(last.child);
  });
});
