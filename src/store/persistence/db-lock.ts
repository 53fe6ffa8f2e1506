/**
 * One process per --db file: `FILE.lock` names the process that has the file open. Two writers on one journal would
 * hand out the same ids and lose acknowledged writes, so a second open is refused while the owner lives. A lock whose
 * owner is gone (kill -9, a crash, a container restarted) is stale and taken over.
 *
 * The lock holds `<pid> <start>`: the pid and, on Linux, when that process started (/proc/<pid>/stat), so a pid
 * reused by another process (common in containers, where pids restart from 1) is not mistaken for the owner.
 *
 * The lock file appears with its content already in it (written beside it, then hard-linked into place, which fails
 * if a lock exists), so nobody ever reads a half-written lock. A stale lock is taken over by renaming it aside first:
 * of two processes that both found it stale, one rename wins, and a lock that turns out to be live is put back.
 */
import * as fs from "node:fs";
import * as path from "node:path";

/** Why a --db file cannot be locked: the message says, in words for the person who started the mock. */
export class DbLocked extends Error {
  override readonly name = "DbLocked";
}

export interface DbLock {
  readonly path: string;
  /**
   * Removes the lock file (if it is still ours). Idempotent. Before `confirm`, a stale lock this one took over is put
   * back as it was: a start that is refused changes no file.
   */
  release(): void;
  /** The start succeeded: a stale lock taken over is gone for good. */
  confirm(): void;
}

interface Owner {
  pid: number;
  /** When it started (clock ticks since boot), where the system says. */
  start: string | undefined;
}

/** Locks taken by this process: a lock naming our own pid is live only if we hold it (else a pid was reused). */
const held = new Set<string>();

export function lockPathOf(file: string): string {
  return `${dbTarget(file)}.lock`;
}

/**
 * The file a --db path names, symlinks followed: its real path, or for a file not written yet (a snapshot appears
 * only at the first compaction) the real path of its folder plus its name, following a link to it by hand. So every
 * path to one world (a symlink, a symlinked folder) gives one lock and one set of journal files.
 */
export function dbTarget(file: string): string {
  let current = path.resolve(file);
  // As many links as the system follows (Linux's MAXSYMLINKS); a loop is left for opening it to say ELOOP.
  for (let hops = 0; hops < 40; hops++) {
    try {
      return fs.realpathSync(current);
    } catch (error) {
      if (code(error) !== "ENOENT") return current;
    }
    let link: string;
    try {
      link = fs.readlinkSync(current);
    } catch {
      // Not a link: a file to come, in a folder that may be reached through links itself.
      try {
        return path.join(fs.realpathSync(path.dirname(current)), path.basename(current));
      } catch {
        return current;
      }
    }
    current = path.resolve(path.dirname(current), link);
  }
  return path.resolve(file);
}

export function lockDb(file: string): DbLock {
  const lock = lockPathOf(file);
  /** The stale lock taken over, moved aside until the start is confirmed (see DbLock.release). */
  let taken: string | undefined;
  for (let attempt = 0; attempt < 5; attempt++) {
    if (tryCreate(lock)) return hold(lock, taken);
    const owner = ownerOf(lock);
    if (owner === "gone") continue;
    if (owner !== undefined && isAlive(owner, lock)) throw inUse(owner.pid, lock);
    // Stale (its owner is gone, or it names nobody): move it aside, then make sure what was moved was that lock.
    const aside = `${lock}.stale-${process.pid}`;
    try {
      fs.renameSync(lock, aside);
    } catch (error) {
      if (code(error) === "ENOENT") continue;
      throw new DbLocked(`cannot take over the stale lock ${lock} (${code(error)})`);
    }
    const moved = ownerOf(aside);
    if (typeof moved === "object" && !sameOwner(moved, owner) && isAlive(moved, lock)) {
      // A live process locked it between our look and the rename: give it back.
      try {
        fs.linkSync(aside, lock);
      } catch {
        // Somebody else holds it now; either way it is not ours.
      }
      fs.rmSync(aside, { force: true });
      throw inUse(moved.pid, lock);
    }
    if (taken !== undefined) fs.rmSync(taken, { force: true });
    taken = aside;
  }
  if (taken !== undefined) putBack(taken, lock);
  throw new DbLocked(`cannot take its lock ${lock}: other processes keep taking it`);
}

function inUse(pid: number, lock: string): DbLocked {
  return new DbLocked(
    pid === process.pid
      ? "is already open in this process (one mock per --db file)"
      : `is in use by process ${pid} (one process per --db file; if that is not a bss-mock, remove ${lock})`,
  );
}

/** Creates the lock with our identity in it; false when a lock exists. */
function tryCreate(lock: string): boolean {
  const temp = `${lock}.${process.pid}.tmp`;
  const content = `${process.pid} ${startOf(process.pid) ?? ""}`.trim();
  try {
    fs.writeFileSync(temp, `${content}\n`, { mode: 0o644 });
  } catch (error) {
    throw new DbLocked(`cannot write its lock ${lock} (${code(error)})`);
  }
  try {
    fs.linkSync(temp, lock);
    return true;
  } catch (error) {
    if (code(error) === "EEXIST") return false;
    // A file system without hard links: an exclusive create (the content follows at once).
    if (code(error) !== "EPERM" && code(error) !== "ENOTSUP" && code(error) !== "EOPNOTSUPP") {
      throw new DbLocked(`cannot create its lock ${lock} (${code(error)})`);
    }
    try {
      fs.writeFileSync(lock, `${content}\n`, { flag: "wx", mode: 0o644 });
      return true;
    } catch (inner) {
      if (code(inner) === "EEXIST") return false;
      throw new DbLocked(`cannot create its lock ${lock} (${code(inner)})`);
    }
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

/** Who a lock file names; "gone" when the file is not there, undefined when it names no process. */
function ownerOf(lock: string): Owner | "gone" | undefined {
  let text: string;
  try {
    text = fs.readFileSync(lock, "utf8");
  } catch (error) {
    if (code(error) === "ENOENT") return "gone";
    throw new DbLocked(`cannot read its lock ${lock} (${code(error)})`);
  }
  const [pidText = "", start] = text.trim().split(/\s+/);
  const pid = Number(pidText);
  return /^\d+$/.test(pidText) && Number.isSafeInteger(pid) && pid > 0 ? { pid, start } : undefined;
}

function sameOwner(a: Owner, b: Owner | undefined): boolean {
  return b !== undefined && a.pid === b.pid && a.start === b.start;
}

function isAlive(owner: Owner, lock: string): boolean {
  if (owner.pid === process.pid) return held.has(lock);
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: it exists, as another user.
    if (code(error) !== "EPERM") return false;
  }
  const stat = statOf(owner.pid);
  if (stat === undefined) return true; // no /proc: the pid is all there is to go on
  // A process killed but not yet reaped by its parent still answers kill(pid, 0).
  if (stat.state === "Z") return false;
  return owner.start === undefined || owner.start === stat.start;
}

function startOf(pid: number): string | undefined {
  return statOf(pid)?.start;
}

/** The state and start time of a process, from /proc/<pid>/stat (Linux); undefined elsewhere. */
function statOf(pid: number): { state: string; start: string } | undefined {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  // "pid (name) state ppid …": the name may hold spaces and parentheses, so count fields after the last ")".
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const state = fields[0];
  const start = fields[19]; // field 22 of proc(5), starttime
  return state && start ? { state, start } : undefined;
}

function hold(lock: string, taken: string | undefined): DbLock {
  held.add(lock);
  const ours = ownerOf(lock);
  let released = false;
  let stale = taken;
  const release = () => {
    if (released) return;
    released = true;
    held.delete(lock);
    process.removeListener("exit", release);
    try {
      const now = ownerOf(lock);
      if (typeof now === "object" && typeof ours === "object" && sameOwner(now, ours)) fs.rmSync(lock, { force: true });
    } catch {
      // Leaving it is harmless: the next start finds it stale.
    }
    if (stale !== undefined) putBack(stale, lock);
  };
  const confirm = () => {
    if (stale !== undefined) fs.rmSync(stale, { force: true });
    stale = undefined;
  };
  // A process that exits without closing (process.exit in a signal handler) still leaves no lock behind.
  process.on("exit", release);
  return { path: lock, release, confirm };
}

/** Puts the stale lock moved to `aside` back, unless somebody holds the lock by now. */
function putBack(aside: string, lock: string): void {
  try {
    fs.linkSync(aside, lock);
  } catch (error) {
    // EEXIST: somebody took the lock meanwhile, and the stale one is no longer needed.
    if (code(error) !== "EEXIST" && !fs.existsSync(lock)) {
      try {
        fs.renameSync(aside, lock); // a file system without hard links
        return;
      } catch {
        // the next start finds no lock: nothing is lost but a dead process's pid
      }
    }
  }
  fs.rmSync(aside, { force: true });
}

function code(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? String(error);
}
