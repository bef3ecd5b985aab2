import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `The data directory ${dataDir} is in use by another process of The Vault. ` +
        'Stop that process first, or point DATA_DIR at another directory. ' +
        '(A lock left by a process on another machine expires within 10 seconds.)',
    );
    this.name = 'DataDirLockedError';
  }
}

/** Who holds the lock: written beside it, so the next process can tell a crashed owner from a live one. */
interface LockOwner {
  pid: number;
  hostname: string;
  /** When the process started (Linux: clock ticks since boot), so a reused pid is not taken for the owner. */
  startedAt: string | null;
}

const lockPathOf = (dataDir: string) => path.join(dataDir, 'vault.lock');
const ownerPathOf = (dataDir: string) => path.join(dataDir, 'vault.lock.owner.json');

/** A process's start time from /proc (field 22 of its stat line); null where there is no /proc. */
function startTimeOf(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its closing ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function readOwner(dataDir: string): LockOwner | null {
  try {
    return JSON.parse(fs.readFileSync(ownerPathOf(dataDir), 'utf8')) as LockOwner;
  } catch {
    return null;
  }
}

/**
 * Whether the lock's owner is certainly gone: a process on this machine that no longer runs, or whose pid now
 * belongs to a process that started at another time. An owner on another machine (a shared disk), or one we
 * cannot read, is left to the lock's 10-second staleness.
 */
function ownerIsGone(owner: LockOwner | null): owner is LockOwner {
  if (!owner || owner.hostname !== os.hostname() || owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
  const startedAt = startTimeOf(owner.pid);
  return owner.startedAt !== null && startedAt !== null && startedAt !== owner.startedAt;
}

const sameOwner = (a: LockOwner | null, b: LockOwner) =>
  a !== null && a.pid === b.pid && a.hostname === b.hostname && a.startedAt === b.startedAt;

/**
 * Takes over the lock of a crashed process (kill -9, power cut) at once instead of waiting for it to go stale:
 * the lock directory is renamed away (atomic), and put back if its owner turns out not to be the dead one after
 * all (another process took it over in between). True when the lock is free to take now.
 */
function takeOverFromDeadOwner(dataDir: string): boolean {
  const dead = readOwner(dataDir);
  if (!ownerIsGone(dead)) return false;
  const lockPath = lockPathOf(dataDir);
  const aside = `${lockPath}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    fs.renameSync(lockPath, aside);
  } catch (error) {
    // Gone already: whoever removed it will hold it, or it is free.
    return (error as NodeJS.ErrnoException).code === 'ENOENT';
  }
  if (!sameOwner(readOwner(dataDir), dead)) {
    try {
      fs.renameSync(aside, lockPath);
    } catch {
      // Someone holds a new lock already; theirs stands.
    }
    return false;
  }
  fs.rmSync(aside, { recursive: true, force: true });
  return true;
}

function lock(dataDir: string) {
  return lockfile.lock(dataDir, {
    lockfilePath: lockPathOf(dataDir),
    stale: 10_000,
    update: 3_000,
    retries: 0,
    onCompromised: (error) => {
      // Another process took the directory from under us: stop rather than corrupt it.
      console.error(`Lost the lock on ${dataDir}: ${error.message}`);
      process.exit(1);
    },
  });
}

/**
 * PGlite takes no lock of its own, and two processes on one directory silently lose acknowledged writes.
 * Every process that opens a data directory (server, backup, restore) holds this lock while it does; a lock whose
 * owner process is gone (a crash) is taken over at once, a live owner's is refused. Returns the release function.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  fs.mkdirSync(dataDir, { recursive: true });
  let release: () => Promise<void>;
  try {
    release = await lock(dataDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    if (!takeOverFromDeadOwner(dataDir)) throw new DataDirLockedError(dataDir);
    try {
      release = await lock(dataDir);
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dataDir);
      throw again;
    }
  }
  const owner: LockOwner = { pid: process.pid, hostname: os.hostname(), startedAt: startTimeOf(process.pid) };
  fs.writeFileSync(ownerPathOf(dataDir), JSON.stringify(owner), { mode: 0o600 });
  return async () => {
    if (sameOwner(readOwner(dataDir), owner)) fs.rmSync(ownerPathOf(dataDir), { force: true });
    await release();
  };
}

export function isDataDirLocked(dataDir: string): Promise<boolean> {
  if (!fs.existsSync(dataDir)) return Promise.resolve(false);
  return lockfile.check(dataDir, { lockfilePath: lockPathOf(dataDir), stale: 10_000 });
}
