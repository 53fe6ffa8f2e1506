/**
 * Opens the world's storage: in memory (no file) or persisted through lowdb + JournalAdapter (`--db FILE`).
 *
 * The store mutates `collections` directly and reports every mutation to `changes`; in file mode the changes are
 * appended to the journal on an unref'ed interval (only when there are any), so at most one interval of writes is
 * lost when the process is killed. Call `close()` on shutdown (SIGINT/SIGTERM) to flush the rest.
 */
import { Low } from "lowdb";
import { ChangeLog } from "./change-log.js";
import { JournalAdapter, type JournalAdapterOptions, type JournalStats } from "./journal-adapter.js";
import { newCollections, type WorldCollections } from "./journal-format.js";

export interface PersistenceOptions extends JournalAdapterOptions {
  /** How often pending changes are appended to the journal. Default 100 ms. */
  flushIntervalMs?: number;
  /** Collections to create empty when they are not in the file (the store may also create them itself). */
  collections?: readonly string[];
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
  /** Stops the interval, flushes, waits for a running compaction. Idempotent. */
  close(): Promise<void>;
  /** Journal statistics; null in memory mode. */
  stats(): JournalStats | null;
  /** The JournalAdapter (file mode), e.g. to force a compaction. */
  readonly adapter: JournalAdapter | null;
}

export async function openPersistence(
  file: string | undefined,
  options: PersistenceOptions = {},
): Promise<Persistence> {
  if (file === undefined) return openMemory(options);

  const { flushIntervalMs = 100, collections: names = [], ...adapterOptions } = options;
  if (!(flushIntervalMs > 0)) throw new RangeError(`flushIntervalMs must be > 0, got ${flushIntervalMs}`);
  const onError = adapterOptions.onError ?? ((error: unknown) => console.error("[bss-mock persistence]", error));
  const changes = new ChangeLog();
  const adapter = new JournalAdapter(file, changes, { ...adapterOptions, onError });
  const db = new Low<WorldCollections>(adapter, newCollections());
  await db.read();
  const collections = db.data;
  for (const name of names) collections[name] ??= new Map();

  let chain: Promise<void> = Promise.resolve();
  let inFlight = 0;
  let closed: Promise<void> | null = null;

  const flush = (): Promise<void> => {
    inFlight++;
    const run = chain.then(() => (changes.size > 0 ? db.write() : undefined));
    chain = run.then(
      () => undefined,
      () => undefined,
    );
    return run.finally(() => {
      inFlight--;
    });
  };

  const timer = setInterval(() => {
    if (changes.size > 0 && inFlight === 0) flush().catch(onError);
  }, flushIntervalMs);
  timer.unref();

  return {
    mode: "file",
    file: adapter.file,
    collections,
    changes,
    flush,
    close() {
      closed ??= (async () => {
        clearInterval(timer);
        await flush();
        await adapter.close();
      })();
      return closed;
    },
    stats: () => adapter.stats(),
    adapter,
  };
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
  };
}
