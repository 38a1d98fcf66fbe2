import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

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

/** Who holds the lock: the pid, and (on Linux) the process's start time and the boot it started in. */
interface Owner {
  pid: number;
  start: string | null;
  boot: string | null;
}

const read = (file: string): string | null => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
};

/** Field 22 of /proc/<pid>/stat (start time in clock ticks after boot) and the state (field 3). */
function procStat(pid: number | 'self'): { state: string; start: string } | null {
  const stat = read(`/proc/${pid}/stat`);
  if (!stat) return null;
  // The command name (field 2) is in parentheses and may hold spaces: fields count from the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0]!, start: fields[19]! };
}

function self(): Owner {
  return { pid: process.pid, start: procStat('self')?.start ?? null, boot: read('/proc/sys/kernel/random/boot_id')?.trim() ?? null };
}

function parse(text: string): Owner | null {
  try {
    const value = JSON.parse(text) as Partial<Owner>;
    if (Number.isInteger(value.pid)) return { pid: value.pid!, start: value.start ?? null, boot: value.boot ?? null };
  } catch {
    // A lock file of an older version holds the bare pid.
    const pid = Number.parseInt(text.trim(), 10);
    if (Number.isInteger(pid)) return { pid, start: null, boot: null };
  }
  return null;
}

/**
 * Whether the recorded owner still runs. A pid alone is not enough: after kill -9 a restarted server in
 * a container is pid 1 again (the same pid as the dead owner), and outside a container the pid may be
 * reused or still be a zombie for a moment. So: our own pid is never a live owner (we do not hold the
 * lock yet), a zombie is dead, and on Linux the process must also have the recorded start time and boot.
 */
function isRunning(owner: Owner, me: Owner): boolean {
  if (owner.pid === me.pid) return false;
  if (owner.boot && me.boot && owner.boot !== me.boot) return false;
  const stat = procStat(owner.pid);
  if (stat) return stat.state !== 'Z' && stat.state !== 'X' && (owner.start === null || stat.start === owner.start);
  if (me.start !== null) return false; // /proc works here and has no such process.
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Lock files this process holds: a second open in the same process is refused too. */
const held = new Set<string>();

/**
 * PGlite does no file locking: two processes on one folder corrupt it. A lock file naming its owner
 * (pid, start time, boot), created exclusively, keeps a second process out; a lock whose owner no
 * longer runs is taken over, so a server killed with kill -9 always starts again.
 */
export function acquireLock(lockFile: string): () => void {
  const me = self();
  const mine = JSON.stringify(me);
  for (let attempt = 0; attempt < 3; attempt++) {
    if (held.has(lockFile)) throw new DataDirLockedError(lockFile, process.pid);
    try {
      const fd = openSync(lockFile, 'wx', 0o600);
      writeSync(fd, mine);
      closeSync(fd);
      held.add(lockFile);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        held.delete(lockFile);
        if (read(lockFile) === mine) unlinkSync(lockFile);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const text = read(lockFile);
      if (text === null) continue; // removed meanwhile: try again
      const owner = parse(text);
      if (owner && isRunning(owner, me)) throw new DataDirLockedError(lockFile, owner.pid);
      // Stale: remove it only if nobody replaced it since it was read.
      if (read(lockFile) === text) unlinkSync(lockFile);
    }
  }
  throw new Error(`Could not acquire ${lockFile}`);
}
