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
import { type IndexKeys, type RecordBytes, Unparsed } from "../collection.js";

export type WorldCollections = Record<string, Map<string, unknown>>;

export interface FsDeps {
  fs: typeof NodeFs;
  path: typeof NodePath;
}

export const SNAPSHOT_FORMAT = "bss-mock-world";
/** The version written: JSON lines (see journal-adapter.ts). Version 1 (one JSON document) is still read. */
export const SNAPSHOT_VERSION = 2;
export const SNAPSHOT_VERSION_DOCUMENT = 1;
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

/** The file's bytes; null when it does not exist. */
export function readIfExists(deps: FsDeps, file: string): Buffer | null {
  try {
    return deps.fs.readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/**
 * Where records loaded from a --db file read their JSON text when they are parsed: the file itself, open for reading,
 * so memory does not keep its bytes (80 MiB for 100k simulations) once it is loaded. Snapshots are only replaced by
 * rename and journals only appended to (or cut back after their last complete batch), so the bytes of a loaded
 * record never change under it; a file replaced or deleted by a compaction stays readable through the open
 * descriptor. The descriptor is closed once no record refers to the file any more.
 */
export class RecordFile implements RecordBytes {
  static readonly #closer = new FinalizationRegistry<() => void>((close) => close());
  /** Reused for every read: records are small, and the text is decoded out of it at once. */
  static #scratch = Buffer.allocUnsafe(16 * 1024);

  constructor(
    readonly deps: FsDeps,
    readonly fd: number,
    readonly path: string,
  ) {
    RecordFile.#closer.register(this, () => {
      try {
        deps.fs.closeSync(fd);
      } catch {
        // already closed: nothing to free
      }
    });
  }

  toString(_encoding: "utf8", start: number, end: number): string {
    const length = end - start;
    if (RecordFile.#scratch.length < length) RecordFile.#scratch = Buffer.allocUnsafe(length);
    const scratch = RecordFile.#scratch;
    for (let done = 0; done < length; ) {
      const read = this.deps.fs.readSync(this.fd, scratch, done, length - done, start + done);
      if (read <= 0) throw new Error(`${this.path} got shorter while the mock was using it: a record cannot be read`);
      done += read;
    }
    return scratch.toString("utf8", 0, length);
  }
}

/** `file` open for its records to be read (see RecordFile); null when there is no such file. */
export function openRecordFile(deps: FsDeps, file: string): RecordFile | null {
  try {
    return new RecordFile(deps, deps.fs.openSync(file, "r"), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/**
 * Reads a version 1 snapshot (one JSON document), parsing every record. Returns null when it does not exist or is
 * empty (e.g. created by `touch`). Throws when the file is not a bss-mock world snapshot: snapshots are only ever
 * replaced by rename, so a bad one is somebody else's file and must not be overwritten.
 */
export function readSnapshot(
  deps: FsDeps,
  file: string,
  buffer: Buffer | null = readIfExists(deps, file),
): { generation: number; bytes: number; collections: WorldCollections } | null {
  if (buffer === null) return null;
  const text = buffer.toString("utf8");
  if (text.trim() === "") return null;
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    // A JSON-lines snapshot of a version this one does not know: say so, not "not JSON".
    const newline = text.indexOf("\n");
    let head: { format?: unknown; version?: unknown } | null = null;
    try {
      head = JSON.parse(newline === -1 ? text : text.slice(0, newline));
    } catch {
      // not even its first line is JSON
    }
    if (head !== null && typeof head === "object" && head.format === SNAPSHOT_FORMAT) {
      if (typeof head.version === "number" && head.version > SNAPSHOT_VERSION) {
        throw new Error(snapshotVersionProblem(file, head.version));
      }
    }
    // Not JSON.parse's message: it quotes the text, newlines and all, and the error is said in one line.
    throw new Error(
      `${file} is not a bss-mock world snapshot: not JSON (it starts ${JSON.stringify(text.slice(0, 20))})`,
    );
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
  if (d.version !== SNAPSHOT_VERSION_DOCUMENT) throw new Error(snapshotVersionProblem(file, d.version));
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
 * Reads the record lines of one file's buffer: `["put",<collection>,<id>,<index keys>]` TAB `<record JSON>`. The
 * record is not parsed (see Unparsed): it was checked when it was written, and a line only counts once its batch's
 * commit line (journal) or the end line (snapshot) is complete. Index keys are interned: the same owner of 100k
 * simulations is one string in memory, not 100k.
 */
class RecordLines {
  /** The next tab at or after the last line asked about (-1: none left), so a file without tabs is scanned once. */
  #tab = -2;
  /** The next NUL byte likewise: one scan of the file in all, at memchr speed. */
  #nul = -2;
  readonly #keys = new Map<string, string>();
  /** Keys objects by their text (see #plain). */
  readonly #keyTexts = new Map<string, IndexKeys | null>();

  /**
   * `buffer`: the whole file, or null when its lines come in chunks (readLine). `records`: where the Unparsed records
   * read their text later (the file the lines were read from).
   */
  constructor(
    readonly whole: Buffer | null,
    readonly records: RecordBytes,
  ) {}

  /** The record line at `whole[start..end)`, or null when it is not one. */
  read(start: number, end: number): RecordLine | null {
    const buffer = this.whole as Buffer;
    if (this.#tab !== -1 && this.#tab < start) this.#tab = buffer.indexOf(9, start);
    const tab = this.#tab;
    if (tab === -1 || tab >= end) return null;
    // JSON text never holds a NUL byte: a line with one is damage (e.g. a page lost in a crash that merged lines and
    // kept a valid head), and must not pass as a record read only later. The caller's JSON.parse refuses it.
    if (this.#nul !== -1 && this.#nul < start) this.#nul = buffer.indexOf(0, start);
    if (this.#nul !== -1 && this.#nul < end) return null;
    const line = { buffer, start, tab, end, base: 0 };
    return this.#plain(line) ?? this.#parsed(line);
  }

  /** The record line at `buffer[start..end)`, a chunk of the file starting at file offset `base`; null: not one. */
  readLine(buffer: Buffer, start: number, end: number, base: number): RecordLine | null {
    const tab = buffer.indexOf(9, start); // a chunk is at most a few lines longer than the longest record
    if (tab === -1 || tab >= end) return null;
    const line = { buffer, start, tab, end, base };
    return this.#plain(line) ?? this.#parsed(line);
  }

  /**
   * A head as bss-mock writes it, read without JSON.parse: `["put","<name>","<id>",<keys>]` whose name and id need no
   * escapes. Its keys are parsed once per distinct text and shared (frozen): 100k simulations of one owner have one
   * keys object. Null when the head is anything else (#parsed decides then).
   */
  #plain(line: LineAt): RecordLine | null {
    const { buffer, start, tab, end, base } = line;
    if (
      tab - start < PUT_HEAD.length + 6 ||
      buffer.compare(PUT_HEAD, 0, PUT_HEAD.length, start, start + PUT_HEAD.length)
    ) {
      return null;
    }
    const nameEnd = plainStringEnd(buffer, start + PUT_HEAD.length, tab);
    if (nameEnd === -1 || buffer[nameEnd + 1] !== 0x2c || buffer[nameEnd + 2] !== 0x22) return null;
    const idEnd = plainStringEnd(buffer, nameEnd + 3, tab);
    if (idEnd === -1 || buffer[idEnd + 1] !== 0x2c || buffer[tab - 1] !== 0x5d) return null;
    const keysText = buffer.toString("utf8", idEnd + 2, tab - 1);
    let keys = this.#keyTexts.get(keysText);
    if (keys === undefined) {
      let value: unknown;
      try {
        value = JSON.parse(keysText);
      } catch {
        return null;
      }
      if (typeof value !== "object" || Array.isArray(value)) return null;
      keys = value === null ? null : Object.freeze(this.#interned(value as Record<string, unknown>));
      this.#keyTexts.set(keysText, keys);
    }
    const name = buffer.toString("utf8", start + PUT_HEAD.length, nameEnd);
    const id = buffer.toString("utf8", nameEnd + 3, idEnd);
    return { name, id, value: new Unparsed(keys, this.records, base + tab + 1, base + end) };
  }

  #parsed(line: LineAt): RecordLine | null {
    const { buffer, start, tab, end, base } = line;
    let head: unknown;
    try {
      head = JSON.parse(buffer.toString("utf8", start, tab));
    } catch {
      return null;
    }
    if (!Array.isArray(head) || head.length !== 4 || head[0] !== "put") return null;
    const [, name, id, keys] = head as unknown[];
    if (typeof name !== "string" || typeof id !== "string" || typeof keys !== "object" || Array.isArray(keys)) {
      return null;
    }
    const indexKeys = keys === null ? null : this.#interned(keys as Record<string, unknown>);
    return { name, id, value: new Unparsed(indexKeys, this.records, base + tab + 1, base + end) };
  }

  #interned(keys: Record<string, unknown>): IndexKeys {
    for (const index in keys) {
      const key = keys[index];
      if (typeof key !== "string") continue;
      const known = this.#keys.get(key);
      if (known === undefined) this.#keys.set(key, key);
      else keys[index] = known;
    }
    return keys as IndexKeys;
  }
}

/** A record line read: the collection, the id, and the record where it is in its file. */
interface RecordLine {
  name: string;
  id: string;
  value: Unparsed;
}

/** A line of `buffer` (a chunk of the file from offset `base`) with its tab at `tab`, between `start` and `end`. */
interface LineAt {
  buffer: Buffer;
  start: number;
  tab: number;
  end: number;
  base: number;
}

/** How a record line's head starts when bss-mock wrote it. */
const PUT_HEAD = Buffer.from('["put","');

/** The position of the quote closing a JSON string that starts at `from` and needs no escapes; -1 otherwise. */
function plainStringEnd(buffer: Buffer, from: number, limit: number): number {
  for (let at = from; at < limit; at++) {
    const byte = buffer[at] as number;
    if (byte === 0x22) return at;
    if (byte === 0x5c || byte < 0x20) return -1;
  }
  return -1;
}

/**
 * Applies the committed batches of one journal to `collections`; a batch is applied entirely or not at all. What
 * follows the last complete batch is dropped only when an interrupted append can have left it:
 * complete put/del lines without their commit, then at most one line without its newline (NUL padding included).
 * Any other line that cannot be used throws (journalDamage), so that nothing after it is ever cut away. Records of
 * record lines (the format written since snapshot version 2) are left Unparsed.
 */
export function replayJournal(
  buffer: Buffer,
  collections: WorldCollections,
  records: RecordBytes = buffer,
  path = "journal",
): ReplayResult {
  const pending: Array<{ put: boolean; name: string; id: string; value: unknown }> = [];
  const recordLines = new RecordLines(buffer, records);
  let ops = 0;
  let batches = 0;
  let validBytes = 0;
  let pos = 0;
  let lineNumber = 0;
  while (pos < buffer.length) {
    const newline = buffer.indexOf(10, pos);
    if (newline === -1) break; // an incomplete last line: what an interrupted append leaves (or NUL padding)
    lineNumber++;
    const start = pos;
    pos = newline + 1;
    const record = recordLines.read(start, newline);
    if (record) {
      pending.push({ put: true, ...record });
      continue;
    }
    const line = buffer.toString("utf8", start, newline);
    if (line.trim() === "") continue;
    const damage = (entry: unknown) =>
      journalDamage(
        path,
        lineNumber,
        start,
        buffer.length,
        validBytes,
        journalLineProblem(line, entry, pending.length),
      );
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      throw damage(undefined);
    }
    if (!Array.isArray(entry)) throw damage(entry);
    const kind = entry[0];
    if (kind === "put" && entry.length === 4 && typeof entry[1] === "string" && typeof entry[2] === "string") {
      pending.push({ put: true, name: entry[1], id: entry[2], value: entry[3] });
    } else if (kind === "del" && entry.length === 3 && typeof entry[1] === "string" && typeof entry[2] === "string") {
      pending.push({ put: false, name: entry[1], id: entry[2], value: undefined });
    } else if (kind === "commit" && entry.length === 2 && entry[1] === pending.length) {
      for (const op of pending) {
        if (op.put) {
          let records = collections[op.name];
          if (!records) {
            records = new Map();
            collections[op.name] = records;
          }
          records.set(op.id, op.value);
        } else {
          collections[op.name]?.delete(op.id);
        }
      }
      ops += pending.length;
      batches++;
      pending.length = 0;
      validBytes = pos;
    } else {
      throw damage(entry);
    }
  }
  return { ops, batches, validBytes, totalBytes: buffer.length };
}

/**
 * Reads the snapshot: a version 2 one (JSON lines) without parsing its records, which stay Unparsed until read; a
 * version 1 one (a JSON document) through readSnapshot. Null when there is none; throws as readSnapshot does.
 */
export function loadSnapshot(
  deps: FsDeps,
  file: string,
): { generation: number; bytes: number; collections: WorldCollections } | null {
  const records = openRecordFile(deps, file);
  if (records === null) return null;
  const { fd } = records;
  const header = snapshotHeader(SNAPSHOT_VERSION);
  const start = Buffer.alloc(header.length);
  if (deps.fs.readSync(fd, start, 0, start.length, 0) < start.length || start.toString("latin1") !== header) {
    return readSnapshot(deps, file, readWhole(deps, fd));
  }
  // Read in chunks (forEachLine), not as one Buffer: the records are read from the file again when parsed.
  const refuse = (why: string) => new Error(`${file} is not a bss-mock world snapshot: ${why}`);
  const collections = Object.create(null) as WorldCollections;
  const recordLines = new RecordLines(null, records);
  let generation = -1;
  let count = 0;
  let ended = false;
  let problem: string | null = null;
  forEachLine(deps, fd, (buffer, lineStart, lineEnd, base, complete) => {
    if (!complete) problem = generation === -1 ? "bad first line" : "it ends in the middle of a line";
    else if (generation === -1) {
      const digits = buffer.toString("latin1", lineStart + header.length, lineEnd);
      if (/^(0|[1-9][0-9]{0,15})}$/.test(digits)) generation = Number(digits.slice(0, -1));
      else problem = "bad first line";
    } else {
      const record = ended ? null : recordLines.readLine(buffer, lineStart, lineEnd, base);
      if (record) {
        let byId = collections[record.name];
        if (!byId) {
          byId = new Map();
          collections[record.name] = byId;
        }
        byId.set(record.id, record.value);
        count++;
        return true;
      }
      const line = buffer.toString("utf8", lineStart, lineEnd);
      if (ended ? line.trim() !== "" : line !== `["end",${count}]`) problem = `unexpected line after ${count} records`;
      ended = true;
    }
    return problem === null;
  });
  if (problem !== null) throw refuse(problem);
  if (!ended) throw refuse("no end line (the file is incomplete)");
  return { generation, bytes: deps.fs.fstatSync(fd).size, collections };
}

/** The whole of the open file `fd`. */
function readWhole(deps: FsDeps, fd: number): Buffer {
  // Nothing writes the file while it is loaded; should it have grown since fstat, the next load reads the rest.
  const buffer = Buffer.allocUnsafe(deps.fs.fstatSync(fd).size);
  let length = 0;
  while (length < buffer.length) {
    const read = deps.fs.readSync(fd, buffer, length, buffer.length - length, length);
    if (read === 0) break;
    length += read;
  }
  return buffer.subarray(0, length);
}

/** Snapshot plus the journals newer than it, up to and including generation `upToGeneration`. */
export function loadWorld(deps: FsDeps, file: string, upToGeneration: number): LoadedWorld {
  const files = listDbFiles(deps, file);
  const snapshot = loadSnapshot(deps, file);
  const collections = snapshot ? snapshot.collections : (Object.create(null) as WorldCollections);
  const snapshotGeneration = snapshot ? snapshot.generation : 0;
  const gap = journalGapProblem(deps, file, snapshotGeneration, snapshot !== null, files.journals);
  if (gap !== null) throw new Error(gap);
  const journals: ReplayedJournal[] = [];
  const obsoleteJournals: string[] = [];
  for (const journal of files.journals) {
    if (journal.generation <= snapshotGeneration) {
      obsoleteJournals.push(journal.path);
      continue;
    }
    if (journal.generation > upToGeneration) continue;
    const records = openRecordFile(deps, journal.path);
    if (records === null) continue;
    const result = replayJournal(readWhole(deps, records.fd), collections, records, journal.path);
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
 * Writes `collections` (records as objects, or Unparsed as loaded) as the snapshot of `generation`: temp file, fsync,
 * rename over `file`, fsync of the directory. The compaction worker never parses records (compactFiles); this is the
 * same writer for records held in memory (tests build snapshots with it and check compaction against it).
 */
export function writeSnapshot(
  deps: FsDeps,
  file: string,
  collections: WorldCollections,
  generation: number,
): { bytes: number; records: number } {
  const sources = Object.create(null) as SourceCollections;
  for (const name of Object.keys(collections)) {
    const byId = collections[name];
    if (!byId) continue;
    const entries = new Map<string, SourceEntry>();
    for (const [id, record] of byId) {
      entries.set(
        id,
        record instanceof Unparsed
          ? { keys: JSON.stringify(record.keys), source: record.bytes.toString("utf8", record.start, record.end) }
          : { keys: "null", source: JSON.stringify(record) },
      );
    }
    sources[name] = entries;
  }
  const { temp, bytes, records } = writeSnapshotTemp(deps, file, sources, generation);
  deps.fs.renameSync(temp, file);
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
 * Where the compaction worker finds a record's JSON text: a byte range of an open snapshot or journal file (read again
 * when the new snapshot is written), or the text itself (records that were not in the layout bss-mock writes).
 */
export type RecordSource = string | { fd: number; start: number; end: number };
/** A record as the compaction worker holds it: its index keys as JSON text ("null": not known) and its JSON text. */
export interface SourceEntry {
  keys: string;
  source: RecordSource;
}
export type SourceCollections = Record<string, Map<string, SourceEntry>>;

/** The start of a snapshot's first line, up to its generation number. */
export function snapshotHeader(version: number): string {
  return `{"format":${JSON.stringify(SNAPSHOT_FORMAT)},"version":${version},"generation":`;
}

/**
 * Calls `onLine(buffer, start, end, base, complete)` for each line of the open file `fd`, reading it in chunks:
 * `buffer[start..end)` is the line without its newline, `base` the file offset of `buffer[0]`, `complete` false for a
 * last line without newline. Stops when `onLine` returns false. The buffer is reused: copy what must outlive the call.
 */
export function forEachLine(
  deps: FsDeps,
  fd: number,
  onLine: (buffer: Buffer, start: number, end: number, base: number, complete: boolean) => boolean,
): void {
  let buffer = Buffer.allocUnsafe(SNAPSHOT_CHUNK_CHARS);
  let start = 0;
  let end = 0;
  let base = 0;
  for (;;) {
    for (;;) {
      const newline = buffer.indexOf(10, start);
      if (newline === -1 || newline >= end) break;
      if (!onLine(buffer, start, newline, base, true)) return;
      start = newline + 1;
    }
    if (start > 0) {
      buffer.copy(buffer, 0, start, end);
      base += start;
      end -= start;
      start = 0;
    }
    if (end === buffer.length) {
      const bigger = Buffer.allocUnsafe(buffer.length * 2);
      buffer.copy(bigger, 0, 0, end);
      buffer = bigger;
    }
    const read = deps.fs.readSync(fd, buffer, end, buffer.length - end, base + end);
    if (read === 0) {
      if (end > 0) onLine(buffer, 0, end, base, false);
      return;
    }
    end += read;
  }
}

/**
 * The compaction worker's reading of the snapshot open as `fd`: the same records as readSnapshot() (same order of
 * collections and ids, duplicates resolved the same way), each kept as the byte range of its JSON text instead of
 * being parsed into objects (each is parsed once, to check it, and dropped). Handles only the layout writeSnapshot()
 * produces (header line, one line per collection start/end and per record); returns null for anything else (missing
 * or empty file, a hand-edited or foreign file), for which the caller falls back to readSnapshot().
 */
export function scanSnapshot(
  deps: FsDeps,
  fd: number,
): { generation: number; bytes: number; collections: SourceCollections } | null {
  const header = snapshotHeader(SNAPSHOT_VERSION_DOCUMENT);
  const headerEnd = ',"collections":{';
  // Cheap refusal of files that are not ours, before a long first line is buffered.
  const probe = Buffer.alloc(header.length);
  if (deps.fs.readSync(fd, probe, 0, probe.length, 0) !== probe.length) return null;
  if (probe.toString("latin1") === snapshotHeader(SNAPSHOT_VERSION)) return scanSnapshotLines(deps, fd);
  if (probe.toString("latin1") !== header) return null;
  const isBlank = (buffer: Buffer, start: number, end: number) => {
    for (let i = start; i < end; i++) {
      const byte = buffer[i];
      if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0d) return false;
    }
    return true;
  };
  /** The JSON string at buffer[start..]: its value and the index after its closing quote; null if there is none. */
  const readKey = (buffer: Buffer, start: number, end: number): { key: string; next: number } | null => {
    if (buffer[start] !== 0x22) return null;
    let i = start + 1;
    while (i < end && buffer[i] !== 0x22) i += buffer[i] === 0x5c ? 2 : 1;
    if (i >= end) return null;
    let key: unknown;
    try {
      key = JSON.parse(buffer.toString("utf8", start, i + 1));
    } catch {
      return null;
    }
    return typeof key === "string" ? { key, next: i + 1 } : null;
  };
  // As JSON.parse builds them: own properties of null-prototype objects, so the order of Object.keys() and the
  // handling of duplicate keys are JSON.parse's.
  const objects = Object.create(null) as Record<string, Record<string, SourceEntry>>;
  let current = Object.create(null) as Record<string, SourceEntry>;
  let state = "header" as "header" | "top" | "collection" | "done";
  /** What may come next at the current level: an item or the end ("first"), an item (after a comma), the end. */
  let need = "first" as "first" | "item" | "end";
  let generation = -1;
  let ok = true;
  forEachLine(deps, fd, (buffer, start, end, base) => {
    const length = end - start;
    if (state === "header") {
      const line = buffer.toString("utf8", start, end);
      const digits = line.slice(header.length, -headerEnd.length);
      ok = line.startsWith(header) && line.endsWith(headerEnd) && /^(0|[1-9][0-9]{0,15})$/.test(digits);
      generation = Number(digits);
      ok &&= Number.isSafeInteger(generation);
      state = "top";
      need = "first";
    } else if (state === "done") {
      ok = isBlank(buffer, start, end);
    } else if (length <= 2 && buffer[start] === 0x7d) {
      // "}}" closes the document, "}" / "}," a collection
      const second = length === 2 ? buffer[start + 1] : undefined;
      if (need === "item") ok = false;
      else if (state === "top") {
        ok = second === 0x7d;
        state = "done";
      } else {
        ok = second === undefined || second === 0x2c;
        state = "top";
        need = second === undefined ? "end" : "item";
      }
    } else if (need === "end") {
      ok = false;
    } else {
      const key = readKey(buffer, start, end);
      if (!key || key.next >= end || buffer[key.next] !== 0x3a) {
        ok = false;
      } else if (state === "top") {
        const rest = buffer.toString("latin1", key.next + 1, end);
        current = Object.create(null) as Record<string, SourceEntry>;
        objects[key.key] = current;
        if (rest === "{") {
          state = "collection";
          need = "first";
        } else if (rest === "{}" || rest === "{},") {
          need = rest === "{}" ? "end" : "item";
        } else {
          ok = false;
        }
      } else {
        let valueStart = key.next + 1;
        let valueEnd = end;
        need = "end";
        if (buffer[valueEnd - 1] === 0x2c) {
          valueEnd--;
          need = "item";
        }
        while (valueStart < valueEnd && isBlank(buffer, valueStart, valueStart + 1)) valueStart++;
        while (valueEnd > valueStart && isBlank(buffer, valueEnd - 1, valueEnd)) valueEnd--;
        try {
          JSON.parse(buffer.toString("utf8", valueStart, valueEnd));
          current[key.key] = { keys: "null", source: { fd, start: base + valueStart, end: base + valueEnd } };
        } catch {
          ok = false;
        }
      }
    }
    return ok;
  });
  if (!ok || state !== "done") return null;
  const collections = Object.create(null) as SourceCollections;
  for (const name of Object.keys(objects)) collections[name] = new Map(Object.entries(objects[name] ?? {}));
  return { generation, bytes: deps.fs.fstatSync(fd).size, collections };
}

/**
 * The compaction worker's reading of a version 2 snapshot (JSON lines) open as `fd`: each record kept as the byte range
 * of its JSON text, with its index keys; each record is parsed once, to check it. Null when the file is not in that
 * layout (the caller then refuses it).
 */
export function scanSnapshotLines(
  deps: FsDeps,
  fd: number,
): { generation: number; bytes: number; collections: SourceCollections } | null {
  const header = snapshotHeader(SNAPSHOT_VERSION);
  const collections = Object.create(null) as SourceCollections;
  let generation = -1;
  let records = 0;
  let state = "header" as "header" | "records" | "done";
  let ok = true;
  forEachLine(deps, fd, (buffer, start, end, base, complete) => {
    if (!complete) {
      ok = false;
      return false;
    }
    if (state === "header") {
      const line = buffer.toString("utf8", start, end);
      const digits = line.slice(header.length, -1);
      ok = line.startsWith(header) && line.endsWith("}") && /^(0|[1-9][0-9]{0,15})$/.test(digits);
      generation = Number(digits);
      state = "records";
      return ok;
    }
    if (state === "done") {
      ok = buffer.toString("utf8", start, end).trim() === "";
      return ok;
    }
    const tab = buffer.subarray(start, end).indexOf(9);
    if (tab === -1) {
      ok = buffer.toString("utf8", start, end) === `["end",${records}]`;
      state = "done";
      return ok;
    }
    let head: unknown;
    try {
      head = JSON.parse(buffer.toString("utf8", start, start + tab));
      JSON.parse(buffer.toString("utf8", start + tab + 1, end));
    } catch {
      ok = false;
      return false;
    }
    const [kind, name, id, keys] = Array.isArray(head) ? head : [];
    if (kind !== "put" || typeof name !== "string" || typeof id !== "string" || typeof keys !== "object") {
      ok = false;
      return false;
    }
    let byId = collections[name];
    if (!byId) {
      byId = new Map();
      collections[name] = byId;
    }
    byId.set(id, { keys: JSON.stringify(keys), source: { fd, start: base + start + tab + 1, end: base + end } });
    records++;
    return true;
  });
  if (!ok || state !== "done") return null;
  return { generation, bytes: deps.fs.fstatSync(fd).size, collections };
}

/**
 * What is wrong with a complete journal line replay cannot use: `entry` is its JSON.parse result (undefined: not
 * JSON), `pending` the operations read since the last commit. `newer`: well-formed JSON in the shape of an entry that
 * this version does not know, which a newer bss-mock may write; damage (a lost page, an edit) hardly ever parses.
 */
export function journalLineProblem(text: string, entry: unknown, pending: number): { problem: string; newer: boolean } {
  const starts = `it starts ${JSON.stringify(text.slice(0, 32))}`;
  if (entry === undefined) return { problem: `not JSON (${starts})`, newer: false };
  if (!Array.isArray(entry) || typeof entry[0] !== "string") {
    return { problem: `not a journal entry (${starts})`, newer: false };
  }
  if (entry[0] === "commit" && entry.length === 2 && typeof entry[1] === "number") {
    return {
      problem: `a commit of ${entry[1]} operations after ${pending} (a line of its batch is missing or extra)`,
      newer: false,
    };
  }
  return { problem: `an entry this bss-mock cannot read (${starts})`, newer: true };
}

/**
 * The error for a journal line that is neither a usable entry nor part of an interrupted last append (an incomplete
 * last line, or put/del lines without their commit at the end). Refusing, rather than dropping the rest of the file
 * as a torn tail, keeps every batch after the line: dropping them would destroy acknowledged writes. `keepBytes`:
 * where the last complete batch before the line ends.
 */
export function journalDamage(
  path: string,
  line: number,
  byte: number,
  totalBytes: number,
  keepBytes: number,
  { problem, newer }: { problem: string; newer: boolean },
): Error {
  const at = `${path.slice(Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\")) + 1)} line ${line} (byte ${byte} of ${totalBytes})`;
  if (newer) {
    return new Error(
      `${at} is ${problem}: it was written by a newer bss-mock; start that version on it (nothing was changed)`,
    );
  }
  return new Error(
    `${at} is damaged: ${problem}; only an interrupted last write is dropped at a start, so nothing was changed ` +
      `(restore the --db files from a backup, or keep the complete batches before the line: truncate -s ${keepBytes} ${path})`,
  );
}

/**
 * Why the journals newer than the snapshot cannot be replayed onto it, or null. A journal N holds the changes made
 * after snapshot generation N-1 (compaction k writes snapshot k and deletes journals <= k; the next journal is k+1),
 * so those journals must run G+1, G+2, ... without a gap: anything else is a world missing a part (a snapshot
 * deleted, emptied or not copied with its journals), which loaded would look whole.
 */
export function journalGapProblem(
  deps: FsDeps,
  file: string,
  snapshotGeneration: number,
  snapshotLoaded: boolean,
  journals: readonly JournalFile[],
): string | null {
  const name = (path: string) => deps.path.basename(path);
  let expected = snapshotGeneration + 1;
  for (const journal of journals) {
    if (journal.generation <= snapshotGeneration) continue;
    if (journal.generation !== expected) {
      const fix = `restore the missing file, or to start afresh remove every ${name(file)}* file; nothing was changed`;
      if (expected > snapshotGeneration + 1) {
        return `${name(journal.path)} follows ${name(journalPath(file, expected - 1))}, but ${name(journalPath(file, expected))} is missing: ${fix}`;
      }
      let snapshot: string;
      if (snapshotLoaded) snapshot = `holds generation ${snapshotGeneration}`;
      else if (deps.fs.existsSync(file)) snapshot = "is empty";
      else snapshot = "does not exist";
      return `${name(journal.path)} continues the snapshot of generation ${journal.generation - 1}, but ${name(file)} ${snapshot}: ${fix}`;
    }
    expected++;
  }
  return null;
}

/** The message for a snapshot of format `version`, which this bss-mock does not read. */
export function snapshotVersionProblem(file: string, version: unknown): string {
  const reads = `this one reads versions ${SNAPSHOT_VERSION_DOCUMENT} and ${SNAPSHOT_VERSION}`;
  if (typeof version === "number" && version > SNAPSHOT_VERSION) {
    return `${file} was written by a newer bss-mock (snapshot format version ${version}; ${reads}): start that version on it`;
  }
  return `${file}: unsupported snapshot format version ${JSON.stringify(version)} (${reads})`;
}

/**
 * replayJournal() for the compaction worker: applies the committed batches of the journal open as `fd` to
 * `collections`, with the same rules (each line is parsed to check it, records of record lines too), but keeps each
 * record as the byte range of its JSON text in the journal rather than as the parsed object.
 */
export function scanJournal(deps: FsDeps, fd: number, collections: SourceCollections, path = "journal"): void {
  const pending: { name: string; id: string; entry: SourceEntry | null }[] = [];
  let lineNumber = 0;
  let validBytes = 0;
  forEachLine(deps, fd, (buffer, start, end, base, complete) => {
    if (!complete) return false; // an incomplete last line: what an interrupted append leaves (or NUL padding)
    lineNumber++;
    const damage = (problem: { problem: string; newer: boolean }) =>
      journalDamage(path, lineNumber, base + start, deps.fs.fstatSync(fd).size, validBytes, problem);
    // A record line: ["put",<collection>,<id>,<index keys>] TAB <record>.
    const tab = buffer.subarray(start, end).indexOf(9);
    if (tab !== -1) {
      let head: unknown;
      try {
        head = JSON.parse(buffer.toString("utf8", start, start + tab));
      } catch {
        head = null; // perhaps JSON with a tab as white space: read below as a whole line
      }
      const [kind, name, id, keys] = Array.isArray(head) && head.length === 4 ? head : [];
      if (kind === "put" && typeof name === "string" && typeof id === "string" && typeof keys === "object") {
        const text = buffer.toString("utf8", start + tab + 1, end);
        try {
          JSON.parse(text);
        } catch {
          throw damage({ problem: `a record of ${name}/${id} that is not JSON`, newer: false });
        }
        const source = { fd, start: base + start + tab + 1, end: base + end };
        pending.push({ name, id, entry: { keys: JSON.stringify(keys), source } });
        return true;
      }
    }
    const line = buffer.toString("utf8", start, end);
    if (line.trim() === "") return true;
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      throw damage(journalLineProblem(line, undefined, pending.length));
    }
    if (!Array.isArray(entry)) throw damage(journalLineProblem(line, entry, pending.length));
    const kind = entry[0];
    if (kind === "put" && entry.length === 4 && typeof entry[1] === "string" && typeof entry[2] === "string") {
      // As earlier versions wrote it: the record's text is the line between this prefix and the closing bracket.
      const prefix = `["put",${JSON.stringify(entry[1])},${JSON.stringify(entry[2])},`;
      let source: RecordSource;
      const prefixEnd = start + Buffer.byteLength(prefix);
      // (The second test guards the byte offset against invalid UTF-8, which decoding replaced.)
      if (line.startsWith(prefix) && line.endsWith("]") && buffer.toString("utf8", start, prefixEnd) === prefix) {
        let valueStart = prefixEnd;
        let valueEnd = end - 1;
        const blank = (byte: number | undefined) => byte === 0x20 || byte === 0x09 || byte === 0x0d;
        while (valueStart < valueEnd && blank(buffer[valueStart])) valueStart++;
        while (valueEnd > valueStart && blank(buffer[valueEnd - 1])) valueEnd--;
        source = { fd, start: base + valueStart, end: base + valueEnd };
      } else {
        source = JSON.stringify(entry[3]);
      }
      pending.push({ name: entry[1], id: entry[2], entry: { keys: "null", source } });
    } else if (kind === "del" && entry.length === 3 && typeof entry[1] === "string" && typeof entry[2] === "string") {
      pending.push({ name: entry[1], id: entry[2], entry: null });
    } else if (kind === "commit" && entry.length === 2 && entry[1] === pending.length) {
      for (const op of pending) {
        if (op.entry !== null) {
          let records = collections[op.name];
          if (!records) {
            records = new Map();
            collections[op.name] = records;
          }
          records.set(op.id, op.entry);
        } else {
          collections[op.name]?.delete(op.id);
        }
      }
      pending.length = 0;
      validBytes = base + end + 1;
    } else {
      throw damage(journalLineProblem(line, entry, pending.length));
    }
    return true;
  });
}

/**
 * The snapshot writer, up to the rename: writes the version 2 layout (a header line, one record line per record as a
 * journal writes it, an end line with the count), each record's JSON text given as a string or copied from its source
 * file through one reused buffer, in chunks, so no single string holds the whole world. Returns the fsynced and
 * closed temp file; deletes it on failure.
 */
export function writeSnapshotTemp(
  deps: FsDeps,
  file: string,
  collections: SourceCollections,
  generation: number,
): { temp: string; bytes: number; records: number } {
  const { fs } = deps;
  const temp = tempSnapshotPath(file, generation);
  const fd = fs.openSync(temp, "w");
  let bytes = 0;
  let records = 0;
  try {
    const out = Buffer.allocUnsafe(SNAPSHOT_CHUNK_CHARS);
    let used = 0;
    const writeAll = (buffer: Buffer, length: number) => {
      let offset = 0;
      while (offset < length) offset += fs.writeSync(fd, buffer, offset, length - offset);
      bytes += length;
    };
    const flush = () => {
      writeAll(out, used);
      used = 0;
    };
    const emit = (text: string) => {
      const length = Buffer.byteLength(text);
      if (length > out.length - used) flush();
      if (length > out.length) writeAll(Buffer.from(text, "utf8"), length);
      else used += out.write(text, used, "utf8");
    };
    const copy = (source: RecordSource) => {
      if (typeof source === "string") return emit(source);
      let position = source.start;
      while (position < source.end) {
        if (used === out.length) flush();
        const read = fs.readSync(source.fd, out, used, Math.min(source.end - position, out.length - used), position);
        if (read <= 0) throw new Error(`a file being compacted into ${file} got shorter while it was read`);
        used += read;
        position += read;
      }
    };
    emit(`${snapshotHeader(SNAPSHOT_VERSION)}${generation}}\n`);
    for (const name of Object.keys(collections)) {
      const byId = collections[name];
      if (!byId) continue;
      const collection = JSON.stringify(name);
      for (const [id, entry] of byId) {
        emit(`["put",${collection},${JSON.stringify(id)},${entry.keys}]\t`);
        copy(entry.source);
        emit("\n");
        records++;
      }
    }
    emit(`["end",${records}]\n`);
    flush();
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
  return { temp, bytes, records };
}

/**
 * Merges the snapshot and every journal up to `upToGeneration` into a new snapshot of that generation, then deletes
 * the merged journals. Safe to interrupt at any point (see journal-adapter.ts).
 *
 * Runs in the worker with little memory: records are not kept as parsed objects but as byte ranges of the files
 * (scanSnapshot, scanJournal), copied into the new snapshot by writeSnapshotTemp. The result is the snapshot
 * loadWorld() + writeSnapshot() would write: byte for byte for files bss-mock wrote, the same records otherwise.
 */
export function compactFiles(deps: FsDeps, file: string, upToGeneration: number): CompactionResult {
  const started = Date.now();
  const files = listDbFiles(deps, file);
  const open: number[] = [];
  const closeAll = () => {
    while (open.length > 0) {
      try {
        deps.fs.closeSync(open.pop() as number);
      } catch {
        // read-only descriptors: nothing to lose
      }
    }
  };
  const openIfExists = (path: string): number | null => {
    try {
      const fd = deps.fs.openSync(path, "r");
      open.push(fd);
      return fd;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  };
  let snapshotGeneration = 0;
  let bytes = 0;
  let records = -1;
  const obsolete: string[] = [];
  const replayed: string[] = [];
  try {
    let collections = Object.create(null) as SourceCollections;
    const snapshotFd = openIfExists(file);
    const scanned = snapshotFd === null ? null : scanSnapshot(deps, snapshotFd);
    if (scanned) {
      collections = scanned.collections;
      snapshotGeneration = scanned.generation;
      bytes = scanned.bytes;
    } else if (snapshotFd !== null) {
      // Not in writeSnapshot's layout (or empty): read it as the main thread does; throws if it is not a snapshot.
      const parsed = readSnapshot(deps, file);
      if (parsed) {
        for (const name of Object.keys(parsed.collections)) {
          const sources = new Map<string, SourceEntry>();
          for (const [id, record] of parsed.collections[name] ?? []) {
            sources.set(id, { keys: "null", source: JSON.stringify(record) });
          }
          collections[name] = sources;
          delete parsed.collections[name];
        }
        snapshotGeneration = parsed.generation;
        bytes = parsed.bytes;
      }
    }
    // A snapshot deleted while the mock runs must fail the compaction, not be replaced by the journals alone.
    const gap = journalGapProblem(deps, file, snapshotGeneration, snapshotFd !== null && bytes > 0, files.journals);
    if (gap !== null) throw new Error(gap);
    for (const journal of files.journals) {
      if (journal.generation <= snapshotGeneration) {
        obsolete.push(journal.path);
        continue;
      }
      if (journal.generation > upToGeneration) continue;
      const fd = openIfExists(journal.path);
      if (fd === null) continue;
      scanJournal(deps, fd, collections, journal.path);
      replayed.push(journal.path);
    }
    if (upToGeneration > snapshotGeneration) {
      const written = writeSnapshotTemp(deps, file, collections, upToGeneration);
      closeAll();
      deps.fs.renameSync(written.temp, file);
      fsyncDirectory(deps, deps.path.dirname(file));
      bytes = written.bytes;
      records = written.records;
    } else {
      records = 0;
      for (const name of Object.keys(collections)) records += collections[name]?.size ?? 0;
    }
  } finally {
    closeAll();
  }
  const merged = [...obsolete, ...replayed];
  for (const path of merged) {
    try {
      deps.fs.unlinkSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  if (merged.length > 0) fsyncDirectory(deps, deps.path.dirname(file));
  return {
    generation: Math.max(upToGeneration, snapshotGeneration),
    bytes,
    records,
    mergedJournals: merged.length,
    durationMs: Date.now() - started,
  };
}

/** What the compaction worker evaluates: the functions above, by source. Keep in sync with their references. */
export const WORKER_FUNCTIONS: ReadonlyArray<(...args: never[]) => unknown> = [
  tempSnapshotPath,
  journalPath,
  journalLineProblem,
  journalDamage,
  journalGapProblem,
  snapshotVersionProblem,
  snapshotHeader,
  scanSnapshotLines,
  listDbFiles,
  readIfExists,
  readSnapshot,
  fsyncDirectory,
  forEachLine,
  scanSnapshot,
  scanJournal,
  writeSnapshotTemp,
  compactFiles,
];

export const WORKER_CONSTANTS: Readonly<Record<string, string | number>> = {
  SNAPSHOT_FORMAT,
  SNAPSHOT_VERSION,
  SNAPSHOT_VERSION_DOCUMENT,
  SNAPSHOT_CHUNK_CHARS,
};
