// One process at a time on an embedded (PGlite) data directory. PGlite has no postmaster to
// refuse a second opener: two processes on one directory each write their own WAL and pages,
// and confirmed writes are silently lost. The lock is a file next to the directory, created
// exclusively, holding the owner's pid and host; it dies with its process.
import { closeSync, linkSync, openSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";

/** The owner touches the lock file this often... */
const HEARTBEAT_MS = 10_000;
/** ...so a lock file untouched for this long belongs to no running process (another host, a killed container). */
export const LOCK_STALE_MS = 60_000;

export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
  /** EX_TEMPFAIL: the directory is busy; try again when the other process has stopped. */
  readonly exitCode = 75;
  constructor(
    readonly dataDir: string,
    readonly lockFile: string,
    readonly owner: LockOwner,
  ) {
    super(
      `The database directory ${dataDir} is in use by another Platen process (pid ${owner.pid} on ${owner.host}, since ${owner.since}). ` +
        `Two processes on one embedded database would lose writes, so this one stops. Stop the other process first, ` +
        `or give this one its own DATA_DIR (or a PostgreSQL DATABASE_URL, which many processes can share). ` +
        `If no such process is running, delete ${lockFile}.`,
    );
  }
}

interface LockOwner {
  pid: number;
  host: string;
  since: string;
}

export interface DataDirLock {
  file: string;
  release(): void;
}

/** Locks held by this process, so a second open in the same process is refused too. */
const held = new Set<string>();

export const lockFileOf = (dataDir: string) => `${path.resolve(dataDir)}.lock`;

function readOwner(file: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(file, "utf8")) as Partial<LockOwner>;
    if (typeof owner.pid === "number" && typeof owner.host === "string")
      return { pid: owner.pid, host: owner.host, since: String(owner.since ?? "") };
  } catch {
    /* half-written or unreadable */
  }
  return null;
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Whether the process named in a lock file can still be using the directory. */
function ownerIsLive(file: string, owner: LockOwner | null): boolean {
  let ageMs = Number.POSITIVE_INFINITY;
  try {
    ageMs = Date.now() - statSync(file).mtimeMs;
  } catch {
    return false;
  }
  if (!owner) return ageMs < 5_000; // being written right now, or garbage left behind
  if (owner.host === hostname()) {
    // Our own pid in a lock this process does not hold: a previous run (a restarted container is pid 1 again).
    if (owner.pid === process.pid) return false;
    if (!processIsAlive(owner.pid)) return false;
  }
  // Another host (or a pid namespace we cannot see into): alive while it keeps touching the file.
  return ageMs < LOCK_STALE_MS;
}

/**
 * Remove a stale lock file, and only the one that was judged stale: it is renamed away first, and
 * if another starting process replaced it in between, that process's fresh lock is put back.
 */
function removeStale(file: string, stale: LockOwner | null): void {
  const aside = `${file}.stale-${process.pid}-${Date.now()}`;
  try {
    renameSync(file, aside);
  } catch {
    return; // already gone
  }
  const moved = readOwner(aside);
  const same = stale === null ? moved === null : moved?.pid === stale.pid && moved.host === stale.host && moved.since === stale.since;
  if (!same) {
    try {
      linkSync(aside, file); // put the other process's lock back (fails if yet another one is there)
    } catch {
      /* the next attempt sees whichever lock is there */
    }
  }
  rmSync(aside, { force: true });
}

/**
 * Take the lock on `dataDir` or throw DataDirLockedError. A lock left by a process that has
 * died (same host: its pid is gone; elsewhere: the file has not been touched for a minute) is
 * taken over.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const file = lockFileOf(dataDir);
  if (held.has(file)) {
    throw new DataDirLockedError(dataDir, file, { pid: process.pid, host: hostname(), since: "earlier in this process" });
  }
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      try {
        writeSync(fd, JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() }));
      } finally {
        closeSync(fd);
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = readOwner(file);
      if (ownerIsLive(file, owner) || attempt >= 2) {
        throw new DataDirLockedError(dataDir, file, owner ?? { pid: 0, host: "unknown", since: "unknown" });
      }
      removeStale(file, owner);
    }
  }
  held.add(file);
  const heartbeat = setInterval(() => {
    const now = new Date();
    try {
      utimesSync(file, now, now);
    } catch {
      /* removed under us: nothing to keep alive */
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  const onExit = () => release();
  process.once("exit", onExit);
  let released = false;
  function release() {
    if (released) return;
    released = true;
    clearInterval(heartbeat);
    process.off("exit", onExit);
    held.delete(file);
    const owner = readOwner(file);
    if (owner && owner.pid === process.pid && owner.host === hostname()) rmSync(file, { force: true });
  }
  return { file, release };
}
