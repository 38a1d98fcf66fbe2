import { closeSync, existsSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database is already in use by another process (pid ${pid}). ` +
        `Stop that process, or start this one with another DATA_DIR. Lock file: ${lockFile}`,
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite does no file locking: two processes on one folder corrupt it. A lock file holding the owner's
 * pid, created exclusively, keeps a second process out; a lock left by a dead process is taken over.
 */
export function acquireLock(lockFile: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(lockFile, 'utf8').trim() === String(process.pid)) unlinkSync(lockFile);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(readFileSync(lockFile, 'utf8').trim(), 10);
      if (Number.isInteger(pid) && isAlive(pid)) throw new DataDirLockedError(lockFile, pid);
      if (existsSync(lockFile)) unlinkSync(lockFile);
    }
  }
  throw new Error(`Could not acquire ${lockFile}`);
}
