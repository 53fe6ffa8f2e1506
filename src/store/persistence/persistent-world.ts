/**
 * Opens the world's storage: in memory (no file) or persisted through lowdb + JournalAdapter (`--db FILE`).
 *
 * The store mutates `collections` directly and reports every mutation to `changes`. In file mode the first change of
 * an event-loop turn schedules one append at the end of that turn (setImmediate), so all the requests that changed
 * something in a turn share one write() (and one fdatasync with `fsync: true`). `changes.written()` settles when that
 * append is done: the edge answers a request that changed something only then, so a kill -9 at any moment loses
 * nothing acknowledged. A failed append undoes its changes in memory (see ChangeLog), rejects its waiters (the edge
 * answers 503) and is reported once until an append works again.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { Low } from "lowdb";
import { WriteFailed } from "../collection.js";
import { ChangeLog } from "./change-log.js";
import { type DbLock, DbLocked, dbTarget, lockDb } from "./db-lock.js";
import { JournalAdapter, type JournalAdapterOptions, type JournalStats } from "./journal-adapter.js";
import { newCollections, type WorldCollections } from "./journal-format.js";

export interface PersistenceOptions extends JournalAdapterOptions {
  /** Collections to create empty when they are not in the file (the store may also create them itself). */
  collections?: readonly string[];
  /** Where storage trouble is reported, one line each, once per spell of trouble. Default: stderr. */
  log?: (line: string) => void;
  /** Least time between two lines about writes failing or working again (default 10 s): the log stays bounded. */
  troubleQuietMs?: number;
}

export interface Persistence {
  readonly mode: "memory" | "file";
  /** Absolute path of the snapshot file in file mode. */
  readonly file: string | undefined;
  readonly collections: WorldCollections;
  /** Where the store reports mutations. Disabled (no-op) in memory mode. */
  readonly changes: ChangeLog;
  /** Appends pending changes now; resolves when they are written. No-op in memory mode. */
  flush(): Promise<void>;
  /** Flushes, waits for a running compaction, closes the journal. Idempotent. */
  close(): Promise<void>;
  /** Journal statistics; null in memory mode. */
  stats(): JournalStats | null;
  /** The JournalAdapter (file mode), e.g. to force a compaction. */
  readonly adapter: JournalAdapter | null;
  /**
   * The start succeeded (the mock serves): a stale lock taken over is gone for good. Until then closing puts it back,
   * so a start refused later (a bad fixture, a port in use) changes no file either.
   */
  confirmStart(): void;
}

/** A --db path the mock cannot use; the message names the flag (the command line prints it and exits 2). */
export class DbUnusable extends Error {
  override readonly name = "DbUnusable";
  constructor(
    readonly file: string,
    /** Why, without the path: "is a folder; …". */
    readonly problem: string,
  ) {
    super(`--db ${file}: ${problem}`);
  }
}

export async function openPersistence(
  file: string | undefined,
  options: PersistenceOptions = {},
): Promise<Persistence> {
  if (file === undefined) return openMemory(options);

  const {
    collections: names = [],
    log = (line) => process.stderr.write(`bss-mock: ${line}\n`),
    troubleQuietMs = 10_000,
    ...rest
  } = options;
  // A symlink stands for the file it names: lock, journals and snapshot are the target's, one world however reached.
  const target = dbTarget(file);
  const problem = dbPathProblem(target);
  if (problem) throw new DbUnusable(file, problem);
  // Before anything is read: a second process must not even truncate a torn tail the first is about to overwrite.
  let lock: DbLock;
  try {
    lock = lockDb(target);
  } catch (error) {
    if (error instanceof DbLocked) throw new DbUnusable(file, error.message);
    throw error;
  }

  let compactionsAtLastReport = -1;
  const onError =
    rest.onError ??
    ((error: unknown) => {
      // Background compaction retries every few seconds: say it once per spell of failures.
      const done = adapter.stats().compactions;
      if (done === compactionsAtLastReport) return;
      compactionsAtLastReport = done;
      log(
        `--db ${file}: compaction failed (${describe(error)}); the journal grows until one works (retried regularly)`,
      );
    });
  const changes = new ChangeLog();
  // A record whose bytes changed on disk since the start (checked again when read) is left out: said once, its line
  // kept beside the world, never served.
  changes.onQuarantine = (collection, id, damage) => {
    const quarantine = `${target}.quarantine.jsonl`;
    try {
      const entry = { time: new Date().toISOString(), file: damage.file, byte: damage.byte, collection, id };
      fs.appendFileSync(quarantine, `${JSON.stringify({ ...entry, text: damage.line })}\n`);
    } catch {
      // the warning still says it
    }
    log(
      `--db ${file}: ${damage.file} byte ${damage.byte}: the record ${collection}/${id} does not match its checksum (changed on disk since the start); it is left out (its line is kept in ${path.basename(quarantine)})`,
    );
  };
  const adapter = new JournalAdapter(target, changes, {
    onWarning: (message) => log(`--db ${file}: ${message}`),
    ...rest,
    onError,
  });
  const db = new Low<WorldCollections>(adapter, newCollections());
  try {
    await db.read();
  } catch (error) {
    lock.release();
    throw new DbUnusable(file, describe(error));
  }
  const collections = db.data;
  for (const name of names) collections[name] ??= new Map();

  let chain: Promise<void> = Promise.resolve();
  let closed: Promise<void> | null = null;
  const trouble = new WriteTrouble(log, troubleQuietMs);
  /** Appends done when writes last failed: they work again only once another append is done. */
  let flushesAtFailure = -1;

  const flush = (): Promise<void> => {
    const run = chain.then(() => (changes.size > 0 ? db.write() : undefined));
    chain = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  };

  const writeTurn = () => {
    if (closed) return;
    flush().then(
      () => {
        // A turn whose changes were all undone by an earlier failure writes nothing: that is no recovery.
        if (flushesAtFailure === -1 || adapter.stats().flushes === flushesAtFailure) return;
        flushesAtFailure = -1;
        trouble.worked(`--db ${file}: the journal can be written again; write requests work again`);
      },
      (error: unknown) => {
        flushesAtFailure = adapter.stats().flushes;
        const until =
          error instanceof WriteFailed && error.lasting ? "the mock is restarted" : "it can be written again";
        trouble.failed(`${describe(error)}: write requests are answered 503 and change nothing until ${until}`);
      },
    );
  };
  changes.onFirstChange = () => setImmediate(writeTurn);

  return {
    mode: "file",
    file: adapter.file,
    collections,
    changes,
    flush,
    close() {
      closed ??= (async () => {
        try {
          await flush().catch(() => {});
          await adapter.close();
        } finally {
          trouble.close();
          lock.release();
        }
      })();
      return closed;
    },
    stats: () => adapter.stats(),
    adapter,
    confirmStart: () => lock.confirm(),
  };
}

/**
 * Says when writes start failing and when they work again, each only when it is true, and at most one line per
 * `quietMs`: a disk that fails every other write would otherwise fill the log. A change of state that comes too soon
 * after the last line is said once the quiet time is over, if it still holds then.
 */
export class WriteTrouble {
  #state: "ok" | "failing" = "ok";
  #said: "ok" | "failing" = "ok";
  #saidAt = Number.NEGATIVE_INFINITY;
  #line = "";
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly log: (line: string) => void,
    readonly quietMs: number,
    readonly now: () => number = Date.now,
  ) {}

  failed(line: string): void {
    if (this.#state !== "failing") this.#line = line;
    this.#state = "failing";
    this.#report();
  }

  worked(line: string): void {
    if (this.#state !== "ok") this.#line = line;
    this.#state = "ok";
    this.#report();
  }

  close(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #report(): void {
    if (this.#state === this.#said) return;
    const wait = this.#saidAt + this.quietMs - this.now();
    if (wait > 0) {
      this.#timer ??= setTimeout(() => {
        this.#timer = undefined;
        this.#report();
      }, wait);
      this.#timer.unref?.();
      return;
    }
    this.#said = this.#state;
    this.#saidAt = this.now();
    this.log(this.#line);
  }
}

/** The first line of an error's message: no stack traces in the log. */
function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "";
}

/** Why `file` cannot hold the world, or null. Checked before anything is read, so the start stops with one line. */
export function dbPathProblem(file: string): string | null {
  const code = (error: unknown) => (error as NodeJS.ErrnoException).code ?? String(error);
  let stat: fs.Stats | undefined;
  try {
    stat = fs.statSync(file);
  } catch (error) {
    if (code(error) !== "ENOENT" && code(error) !== "ENOTDIR") return `cannot use it (${code(error)})`;
  }
  if (stat?.isDirectory()) return "is a folder; give a file in it, e.g. --db state/world.json";
  const dir = path.dirname(path.resolve(file));
  try {
    if (!fs.statSync(dir).isDirectory()) return `${dir} is not a folder`;
  } catch (error) {
    return code(error) === "ENOENT" ? `its folder ${dir} does not exist` : `cannot use its folder (${code(error)})`;
  }
  try {
    // Journals and snapshots are created (and renamed) in the folder.
    fs.accessSync(dir, fs.constants.W_OK | fs.constants.X_OK);
    if (stat) fs.accessSync(file, fs.constants.R_OK);
    const journals = `${path.basename(file)}.journal-`;
    for (const name of fs.readdirSync(dir)) {
      if (name.startsWith(journals)) fs.accessSync(path.join(dir, name), fs.constants.R_OK | fs.constants.W_OK);
    }
  } catch (error) {
    return `cannot write there (${code(error)})`;
  }
  return null;
}

function openMemory(options: PersistenceOptions): Persistence {
  const collections = newCollections();
  for (const name of options.collections ?? []) collections[name] = new Map();
  return {
    mode: "memory",
    file: undefined,
    collections,
    changes: new ChangeLog({ enabled: false }),
    flush: () => Promise.resolve(),
    close: () => Promise.resolve(),
    stats: () => null,
    adapter: null,
    confirmStart: () => {},
  };
}
