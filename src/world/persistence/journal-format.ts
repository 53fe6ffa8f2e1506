/**
 * Reading and writing the on-disk files (format: see journal-adapter.ts). Shared by the main thread (load) and the
 * compaction worker.
 *
 * WORKER CONSTRAINT: the worker runs these functions from their source text (`fn.toString()`, see compact-worker.ts),
 * so the functions listed in WORKER_FUNCTIONS may reference only their parameters, JavaScript/Node globals
 * (`Buffer`, `JSON`, ...), each other, and the constants listed in WORKER_CONSTANTS. No imports, no other module-level
 * values. Node modules are passed in through the `deps` parameter.
 */
import type * as NodeFs from "node:fs";
import type * as NodePath from "node:path";

export type WorldCollections = Record<string, Map<string, unknown>>;

export interface FsDeps {
  fs: typeof NodeFs;
  path: typeof NodePath;
}

export const SNAPSHOT_FORMAT = "bss-mock-world";
export const SNAPSHOT_VERSION = 1;
/** Size of the chunks the snapshot writer hands to the OS. */
export const SNAPSHOT_CHUNK_CHARS = 1 << 20;

export interface JournalFile {
  generation: number;
  path: string;
}

export interface DbFiles {
  journals: JournalFile[];
  temps: string[];
}

export interface ReplayResult {
  /** Record operations applied (commit lines not counted). */
  ops: number;
  batches: number;
  /** Bytes up to and including the last complete commit line; everything after it was ignored. */
  validBytes: number;
  totalBytes: number;
}

export interface ReplayedJournal extends JournalFile, ReplayResult {}

export interface LoadedWorld {
  collections: WorldCollections;
  /** False when neither a (non-empty) snapshot nor a journal exists. */
  exists: boolean;
  snapshotGeneration: number;
  snapshotBytes: number;
  /** Journals newer than the snapshot (and not newer than `upToGeneration`), in replay order. */
  journals: ReplayedJournal[];
  /** Journals already contained in the snapshot: a compaction renamed the snapshot but did not delete them. */
  obsoleteJournals: string[];
  /** Snapshot temp files left by an interrupted compaction. */
  temps: string[];
}

export interface CompactionResult {
  generation: number;
  bytes: number;
  records: number;
  mergedJournals: number;
  durationMs: number;
}

export function journalPath(file: string, generation: number): string {
  return `${file}.journal-${generation}.jsonl`;
}

export function tempSnapshotPath(file: string, generation: number): string {
  return `${file}.snapshot-${generation}.tmp`;
}

export function newCollections(): WorldCollections {
  return Object.create(null) as WorldCollections;
}

/** Journals (sorted by generation) and temp files that belong to `file`. */
export function listDbFiles(deps: FsDeps, file: string): DbFiles {
  const dir = deps.path.dirname(file);
  const base = deps.path.basename(file);
  let names: string[];
  try {
    names = deps.fs.readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { journals: [], temps: [] };
    throw error;
  }
  const journalPrefix = `${base}.journal-`;
  const tempPrefix = `${base}.snapshot-`;
  const journals: JournalFile[] = [];
  const temps: string[] = [];
  for (const name of names) {
    if (name.startsWith(journalPrefix) && name.endsWith(".jsonl")) {
      const generation = name.slice(journalPrefix.length, -".jsonl".length);
      if (/^[1-9][0-9]{0,14}$/.test(generation)) {
        journals.push({ generation: Number(generation), path: deps.path.join(dir, name) });
      }
    } else if (name.startsWith(tempPrefix) && name.endsWith(".tmp")) {
      temps.push(deps.path.join(dir, name));
    }
  }
  journals.sort((a, b) => a.generation - b.generation);
  return { journals, temps };
}

/**
 * Reads the snapshot. Returns null when it does not exist or is empty (e.g. created by `touch`). Throws when the file
 * is not a bss-mock world snapshot: snapshots are only ever replaced by rename, so a bad one is somebody else's file
 * and must not be overwritten.
 */
export function readSnapshot(
  deps: FsDeps,
  file: string,
): { generation: number; bytes: number; collections: WorldCollections } | null {
  let buffer: Buffer;
  try {
    buffer = deps.fs.readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  const text = buffer.toString("utf8");
  if (text.trim() === "") return null;
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not a bss-mock world snapshot: ${(error as Error).message}`);
  }
  const d = doc as { format?: unknown; version?: unknown; generation?: unknown; collections?: unknown } | null;
  if (
    d === null ||
    typeof d !== "object" ||
    Array.isArray(d) ||
    d.format !== SNAPSHOT_FORMAT ||
    typeof d.generation !== "number" ||
    !Number.isSafeInteger(d.generation) ||
    d.generation < 0 ||
    d.collections === null ||
    typeof d.collections !== "object" ||
    Array.isArray(d.collections)
  ) {
    throw new Error(`${file} is not a bss-mock world snapshot (expected {"format":"${SNAPSHOT_FORMAT}", ...})`);
  }
  if (d.version !== SNAPSHOT_VERSION) {
    throw new Error(`${file}: unsupported snapshot version ${String(d.version)} (expected ${SNAPSHOT_VERSION})`);
  }
  const collections = Object.create(null) as WorldCollections;
  const source = d.collections as Record<string, unknown>;
  for (const name of Object.keys(source)) {
    const records = source[name];
    if (records === null || typeof records !== "object" || Array.isArray(records)) {
      throw new Error(`${file}: collection ${JSON.stringify(name)} is not an object of records keyed by id`);
    }
    collections[name] = new Map(Object.entries(records));
  }
  return { generation: d.generation, bytes: buffer.length, collections };
}

/**
 * Applies the committed batches of one journal to `collections`. Stops at the first line that is torn, not valid
 * JSON, or not a journal entry; operations after the last commit line are ignored, so a batch is applied entirely or
 * not at all.
 */
export function replayJournal(buffer: Buffer, collections: WorldCollections): ReplayResult {
  const pending: unknown[][] = [];
  let ops = 0;
  let batches = 0;
  let validBytes = 0;
  let pos = 0;
  while (pos < buffer.length) {
    const newline = buffer.indexOf(10, pos);
    if (newline === -1) break; // torn last line
    const line = buffer.toString("utf8", pos, newline);
    pos = newline + 1;
    if (line.trim() === "") continue;
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      break;
    }
    if (!Array.isArray(entry)) break;
    const kind = entry[0];
    if (kind === "put" && entry.length === 4 && typeof entry[1] === "string" && typeof entry[2] === "string") {
      pending.push(entry);
    } else if (kind === "del" && entry.length === 3 && typeof entry[1] === "string" && typeof entry[2] === "string") {
      pending.push(entry);
    } else if (kind === "commit" && entry.length === 2 && entry[1] === pending.length) {
      for (const op of pending) {
        const name = op[1] as string;
        const id = op[2] as string;
        if (op[0] === "put") {
          let records = collections[name];
          if (!records) {
            records = new Map();
            collections[name] = records;
          }
          records.set(id, op[3]);
        } else {
          collections[name]?.delete(id);
        }
      }
      ops += pending.length;
      batches++;
      pending.length = 0;
      validBytes = pos;
    } else {
      break;
    }
  }
  return { ops, batches, validBytes, totalBytes: buffer.length };
}

/** Snapshot plus the journals newer than it, up to and including generation `upToGeneration`. */
export function loadWorld(deps: FsDeps, file: string, upToGeneration: number): LoadedWorld {
  const files = listDbFiles(deps, file);
  const snapshot = readSnapshot(deps, file);
  const collections = snapshot ? snapshot.collections : (Object.create(null) as WorldCollections);
  const snapshotGeneration = snapshot ? snapshot.generation : 0;
  const journals: ReplayedJournal[] = [];
  const obsoleteJournals: string[] = [];
  for (const journal of files.journals) {
    if (journal.generation <= snapshotGeneration) {
      obsoleteJournals.push(journal.path);
      continue;
    }
    if (journal.generation > upToGeneration) continue;
    let buffer: Buffer;
    try {
      buffer = deps.fs.readFileSync(journal.path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw error;
    }
    const result = replayJournal(buffer, collections);
    journals.push({ generation: journal.generation, path: journal.path, ...result });
  }
  return {
    collections,
    exists: snapshot !== null || journals.length > 0,
    snapshotGeneration,
    snapshotBytes: snapshot ? snapshot.bytes : 0,
    journals,
    obsoleteJournals,
    temps: files.temps,
  };
}

/**
 * Writes `collections` as the snapshot of `generation`: temp file, fsync, rename over `file`, fsync of the directory.
 * Writes in chunks, so no single string holds the whole world.
 */
export function writeSnapshot(
  deps: FsDeps,
  file: string,
  collections: WorldCollections,
  generation: number,
): { bytes: number; records: number } {
  const { fs } = deps;
  const temp = tempSnapshotPath(file, generation);
  const fd = fs.openSync(temp, "w");
  let bytes = 0;
  let records = 0;
  try {
    let chunks: string[] = [];
    let chars = 0;
    const flushChunks = () => {
      const buffer = Buffer.from(chunks.join(""), "utf8");
      let offset = 0;
      while (offset < buffer.length) offset += fs.writeSync(fd, buffer, offset, buffer.length - offset);
      bytes += buffer.length;
      chunks = [];
      chars = 0;
    };
    const emit = (text: string) => {
      chunks.push(text);
      chars += text.length;
      if (chars >= SNAPSHOT_CHUNK_CHARS) flushChunks();
    };
    emit(
      `{"format":${JSON.stringify(SNAPSHOT_FORMAT)},"version":${SNAPSHOT_VERSION},"generation":${generation},"collections":{`,
    );
    let firstCollection = true;
    for (const name of Object.keys(collections)) {
      const byId = collections[name];
      if (!byId) continue;
      emit(`${firstCollection ? "" : ","}\n${JSON.stringify(name)}:{`);
      firstCollection = false;
      let firstRecord = true;
      for (const [id, record] of byId) {
        emit(`${firstRecord ? "" : ","}\n${JSON.stringify(id)}:${JSON.stringify(record)}`);
        firstRecord = false;
        records++;
      }
      emit(firstRecord ? "}" : "\n}");
    }
    emit("\n}}\n");
    flushChunks();
    fs.fsyncSync(fd);
  } catch (error) {
    fs.closeSync(fd);
    try {
      fs.unlinkSync(temp);
    } catch {
      // the next load removes it
    }
    throw error;
  }
  fs.closeSync(fd);
  fs.renameSync(temp, file);
  fsyncDirectory(deps, deps.path.dirname(file));
  return { bytes, records };
}

/** Makes a rename/unlink in `dir` durable. Best effort: not every platform can fsync a directory. */
export function fsyncDirectory(deps: FsDeps, dir: string): void {
  let fd: number | undefined;
  try {
    fd = deps.fs.openSync(dir, "r");
    deps.fs.fsyncSync(fd);
  } catch {
    // e.g. Windows (EPERM/EISDIR): renames there are durable enough for a mock
  } finally {
    if (fd !== undefined) deps.fs.closeSync(fd);
  }
}

/**
 * Merges the snapshot and every journal up to `upToGeneration` into a new snapshot of that generation, then deletes
 * the merged journals. Safe to interrupt at any point (see journal-adapter.ts).
 */
export function compactFiles(deps: FsDeps, file: string, upToGeneration: number): CompactionResult {
  const started = Date.now();
  const world = loadWorld(deps, file, upToGeneration);
  let bytes = world.snapshotBytes;
  let records = -1;
  if (upToGeneration > world.snapshotGeneration) {
    const written = writeSnapshot(deps, file, world.collections, upToGeneration);
    bytes = written.bytes;
    records = written.records;
  }
  const merged = [...world.obsoleteJournals, ...world.journals.map((journal) => journal.path)];
  for (const path of merged) {
    try {
      deps.fs.unlinkSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  if (merged.length > 0) fsyncDirectory(deps, deps.path.dirname(file));
  if (records < 0) {
    records = 0;
    for (const name of Object.keys(world.collections)) records += world.collections[name]?.size ?? 0;
  }
  return {
    generation: Math.max(upToGeneration, world.snapshotGeneration),
    bytes,
    records,
    mergedJournals: merged.length,
    durationMs: Date.now() - started,
  };
}

/** What the compaction worker evaluates: the functions above, by source. Keep in sync with their references. */
export const WORKER_FUNCTIONS: ReadonlyArray<(...args: never[]) => unknown> = [
  journalPath,
  tempSnapshotPath,
  listDbFiles,
  readSnapshot,
  replayJournal,
  loadWorld,
  writeSnapshot,
  fsyncDirectory,
  compactFiles,
];

export const WORKER_CONSTANTS: Readonly<Record<string, string | number>> = {
  SNAPSHOT_FORMAT,
  SNAPSHOT_VERSION,
  SNAPSHOT_CHUNK_CHARS,
};
