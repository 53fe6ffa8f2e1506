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
import { DamagedRecord, type IndexKeys, type RecordBytes, Unparsed } from "../collection.js";

export type WorldCollections = Record<string, Map<string, unknown>>;

export interface FsDeps {
  fs: typeof NodeFs;
  path: typeof NodePath;
  /** node:zlib's CRC-32 (the checksum of every line of the version 3 files). */
  zlib: { crc32(data: string | Uint8Array, value?: number): number };
}

export const SNAPSHOT_FORMAT = "bss-mock-world";
/**
 * Version 2 of the snapshot: JSON lines without checksums (see journal-adapter.ts); version 1, one JSON document.
 * Both are read only by `bss-mock repair`, which rewrites them as version 3 (CHECKED_VERSION, checked-lines.ts).
 */
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
  /** The sequence number of its last batch (of the batch before it, when it has none). */
  seq: number;
  /** The generation its end line names as the next journal; null when it has none (the newest journal). */
  next: number | null;
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
  /** The sequence number of the last batch written. */
  seq: number;
}

export interface CompactionResult {
  generation: number;
  bytes: number;
  records: number;
  mergedJournals: number;
  durationMs: number;
  /** Lines that failed their check, left out and kept in FILE.quarantine.jsonl: one sentence each. */
  quarantined: string[];
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
 * so memory does not keep its bytes once it is loaded. Snapshots are only replaced by
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
    return this.#read(start, end).toString("utf8");
  }

  checkedText(lineStart: number, start: number, end: number, crc: number): string {
    const line = this.#read(lineStart, end);
    if (this.deps.zlib.crc32(line) !== crc) {
      throw new DamagedRecord(this.deps.path.basename(this.path), lineStart, line.toString("utf8"));
    }
    return line.toString("utf8", start - lineStart);
  }

  /** The bytes `[start, end)` of the file, in the reused scratch buffer. */
  #read(start: number, end: number): Buffer {
    const length = end - start;
    if (RecordFile.#scratch.length < length) RecordFile.#scratch = Buffer.allocUnsafe(length);
    const scratch = RecordFile.#scratch;
    for (let done = 0; done < length; ) {
      const read = this.deps.fs.readSync(this.fd, scratch, done, length - done, start + done);
      // Cut after the start: the record is damaged like one whose bytes changed.
      if (read <= 0) throw new DamagedRecord(this.deps.path.basename(this.path), start, "");
      done += read;
    }
    return scratch.subarray(0, length);
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
      // (A version 3 line ends in a tab and its checksum.)
      head = JSON.parse((newline === -1 ? text : text.slice(0, newline)).split("\t")[0] as string);
    } catch {
      // not even its first line is JSON
    }
    if (head !== null && typeof head === "object" && head.format === SNAPSHOT_FORMAT) {
      if (typeof head.version === "number" && head.version > CHECKED_VERSION) {
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

  /** The record line at `whole[start..end)` (its payload: the checksum `crc` follows it), or null when it is not one. */
  read(start: number, end: number, crc: number): RecordLine | null {
    const buffer = this.whole as Buffer;
    if (this.#tab !== -1 && this.#tab < start) this.#tab = buffer.indexOf(9, start);
    const tab = this.#tab;
    if (tab === -1 || tab >= end) return null;
    // JSON text never holds a NUL byte: a line with one is damage (e.g. a page lost in a crash that merged lines and
    // kept a valid head), and must not pass as a record read only later. The caller's JSON.parse refuses it.
    if (this.#nul !== -1 && this.#nul < start) this.#nul = buffer.indexOf(0, start);
    if (this.#nul !== -1 && this.#nul < end) return null;
    const line = { buffer, start, tab, end, base: 0, crc };
    return this.#plain(line) ?? this.#parsed(line);
  }

  /**
   * The record line at `buffer[start..end)` (its payload: the checksum `crc` follows it), a chunk of the file starting
   * at file offset `base`; null: not one.
   */
  readLine(buffer: Buffer, start: number, end: number, base: number, crc: number): RecordLine | null {
    const tab = buffer.indexOf(9, start); // a chunk is at most a few lines longer than the longest record
    if (tab === -1 || tab >= end) return null;
    const line = { buffer, start, tab, end, base, crc };
    return this.#plain(line) ?? this.#parsed(line);
  }

  /**
   * A head as bss-mock writes it, read without JSON.parse: `["put","<name>","<id>",<keys>]` whose name and id need no
   * escapes. Its keys are parsed once per distinct text and shared (frozen): 100k simulations of one owner have one
   * keys object. Null when the head is anything else (#parsed decides then).
   */
  #plain(line: LineAt): RecordLine | null {
    const { buffer, start, tab, end, base, crc } = line;
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
    return { name, id, value: new Unparsed(keys, this.records, base + tab + 1, base + end, crc, base + start) };
  }

  #parsed(line: LineAt): RecordLine | null {
    const { buffer, start, tab, end, base, crc } = line;
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
    return { name, id, value: new Unparsed(indexKeys, this.records, base + tab + 1, base + end, crc, base + start) };
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
  /** The checksum of the line up to `end`, checked again when the record is parsed. */
  crc: number;
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
 * The files cannot be started on as they are: damaged, cut, or a part missing. loadWorld() turns it into the sentence
 * that counts what a repair would drop (describeSalvage).
 */
export class WorldDamaged extends Error {
  override readonly name = "WorldDamaged";
}

/**
 * Applies the committed batches of one version 3 journal to `collections`; a batch is applied entirely or not at all.
 * Every line must match its checksum, the header must continue batch `after`, each batch must be the next by number
 * and hold the lines its commit line counts. What follows the last complete batch is dropped only when an interrupted
 * append can have left it: complete put/del lines without their commit, then at most one line without its newline
 * (NUL padding included), unless that line is a whole line whose newline was damaged. Anything else throws
 * WorldDamaged, so nothing after it is ever cut away or applied. Records are left Unparsed, with their checksums.
 */
export function replayJournal(
  deps: FsDeps,
  buffer: Buffer,
  collections: WorldCollections,
  journal: JournalFile,
  after: number,
  records: RecordBytes = buffer,
): ReplayResult {
  const pending: Array<{ put: boolean; name: string; id: string; value: unknown }> = [];
  const recordLines = new RecordLines(buffer, records);
  const name = deps.path.basename(journal.path);
  let ops = 0;
  let batches = 0;
  let validBytes = 0;
  let pos = 0;
  let lineNumber = 0;
  let seq = after;
  let digest = 0;
  let next: number | null = null;
  while (pos < buffer.length) {
    const newline = buffer.indexOf(10, pos);
    const start = pos;
    lineNumber++;
    const damage = (problem: string) =>
      new WorldDamaged(`${name} line ${lineNumber} (byte ${start} of ${buffer.length}): ${problem}`);
    if (newline === -1) {
      // An interrupted append's last line (or NUL padding), unless a whole line lost its newline.
      if (buffer.length - start > CHECKSUM_CHARS && checkLine(deps, buffer, start, buffer.length - 1) !== -1) {
        throw damage("its newline was changed");
      }
      break;
    }
    pos = newline + 1;
    const at = checkLine(deps, buffer, start, newline);
    if (at === -1) throw damage("its checksum does not match (the line was changed)");
    if (lineNumber === 1) {
      const header = readCheckedHeader(buffer.toString("utf8", start, at), "bss-mock-journal", "after");
      if (!header || header.generation !== journal.generation || header.seq !== after) {
        throw damage("its header does not continue the files before it");
      }
      validBytes = pos;
      continue;
    }
    if (next !== null) throw damage("a line after the end line");
    const crc = lineCrc(buffer, newline);
    const record = recordLines.read(start, at, crc);
    if (record) {
      pending.push({ put: true, ...record });
      digest = deps.zlib.crc32(buffer.subarray(at + 1, newline), digest);
      continue;
    }
    let entry: unknown;
    try {
      entry = JSON.parse(buffer.toString("utf8", start, at));
    } catch {
      entry = undefined;
    }
    const [kind, a, b, c] = Array.isArray(entry) ? entry : [];
    if (kind === "del" && (entry as unknown[]).length === 3 && typeof a === "string" && typeof b === "string") {
      pending.push({ put: false, name: a, id: b, value: undefined });
      digest = deps.zlib.crc32(buffer.subarray(at + 1, newline), digest);
    } else if (kind === "commit" && (entry as unknown[]).length === 4) {
      if (a !== pending.length || c !== hex8(digest))
        throw damage("its batch does not hold the lines its commit counts");
      if (b !== seq + 1) throw damage(`batch ${String(b)} follows batch ${seq}`);
      for (const op of pending) {
        if (op.put) {
          let byId = collections[op.name];
          if (!byId) {
            byId = new Map();
            collections[op.name] = byId;
          }
          byId.set(op.id, op.value);
        } else {
          collections[op.name]?.delete(op.id);
        }
      }
      ops += pending.length;
      batches++;
      seq = b;
      pending.length = 0;
      digest = 0;
      validBytes = pos;
    } else if (kind === "next" && (entry as unknown[]).length === 2 && a === journal.generation + 1) {
      if (pending.length > 0) throw damage("an end line inside a batch");
      next = a;
      validBytes = pos;
    } else {
      // A line that passes its check but is no entry this version knows: a newer bss-mock wrote it.
      const starts = JSON.stringify(buffer.toString("utf8", start, Math.min(at, start + 32)));
      throw new Error(
        `${name} line ${lineNumber} (byte ${start} of ${buffer.length}) is an entry this bss-mock cannot read (it starts ${starts}): it was written by a newer bss-mock; start that version on it (nothing was changed)`,
      );
    }
  }
  return { ops, batches, validBytes, totalBytes: buffer.length, seq, next };
}

/**
 * Reads a version 3 snapshot without parsing its records, which stay Unparsed (with their checksums) until read. Null
 * when there is none (or it is empty). Throws WorldDamaged when a line fails its check or lines are missing, and a
 * plain Error when the file is of an earlier version (repair rewrites it), a newer one, or no snapshot at all.
 */
export function loadSnapshot(
  deps: FsDeps,
  file: string,
): { generation: number; seq: number; bytes: number; collections: WorldCollections } | null {
  const records = openRecordFile(deps, file);
  if (records === null) return null;
  const { fd } = records;
  const version = versionOf(deps, fd, SNAPSHOT_FORMAT);
  if (version !== CHECKED_VERSION) {
    if (version === SNAPSHOT_VERSION || version === SNAPSHOT_VERSION_DOCUMENT) {
      throw new Error(oldFilesProblem(file, file));
    }
    // Empty, not a snapshot, a newer one, or an earlier one laid out by hand: readSnapshot says which.
    if (readSnapshot(deps, file, readWhole(deps, fd))) throw new Error(oldFilesProblem(file, file));
    return null;
  }
  const name = deps.path.basename(file);
  const collections = Object.create(null) as WorldCollections;
  const recordLines = new RecordLines(null, records);
  let generation = -1;
  let seq = 0;
  let count = 0;
  let digest = 0;
  let ended = false;
  let lineNumber = 0;
  let problem: string | null = null;
  forEachLine(deps, fd, (buffer, lineStart, lineEnd, base, complete) => {
    lineNumber++;
    const at = complete ? checkLine(deps, buffer, lineStart, lineEnd) : -1;
    const where = `${name} line ${lineNumber} (byte ${base + lineStart})`;
    if (at === -1) problem = `${where}: its checksum does not match (the line was changed)`;
    else if (lineNumber === 1) {
      const header = readCheckedHeader(buffer.toString("utf8", lineStart, at), SNAPSHOT_FORMAT, "seq");
      if (header) ({ generation, seq } = header);
      else problem = `${where}: not a snapshot header`;
    } else if (ended) {
      problem = `${where}: a line after the end line`;
    } else {
      const record = recordLines.readLine(buffer, lineStart, at, base, lineCrc(buffer, lineEnd));
      if (record) {
        let byId = collections[record.name];
        if (!byId) {
          byId = new Map();
          collections[record.name] = byId;
        }
        byId.set(record.id, record.value);
        count++;
        digest = deps.zlib.crc32(buffer.subarray(at + 1, lineEnd), digest);
        return true;
      }
      if (buffer.toString("utf8", lineStart, at) !== `["end",${count},"${hex8(digest)}"]`) {
        problem = `${where}: its records are not the ones it was written with`;
      }
      ended = true;
    }
    return problem === null;
  });
  if (problem !== null) throw new WorldDamaged(problem);
  if (!ended) throw new WorldDamaged(`${name} has no end line: it was cut short`);
  return { generation, seq, bytes: deps.fs.fstatSync(fd).size, collections };
}

/** The refusal of files an earlier bss-mock wrote, without checksums. */
export function oldFilesProblem(old: string, file: string): string {
  return (
    `${old.slice(Math.max(old.lastIndexOf("/"), old.lastIndexOf("\\")) + 1)} was written by an earlier bss-mock, ` +
    `without checksums: run \`bss-mock repair --db ${file}\` once to rewrite the world with them (it copies the old ` +
    "files aside first); nothing was changed"
  );
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

/**
 * Snapshot plus the journals newer than it, up to and including generation `upToGeneration`, every line checked and
 * the files chained: the journals continue the snapshot's batches without a gap, a journal that is not the newest ends
 * with the line naming the next, and a snapshot is never the newest file (a compaction makes the next journal before
 * the snapshot). Damage of any kind throws one sentence naming the first problem and what a repair would drop.
 */
export function loadWorld(deps: FsDeps, file: string, upToGeneration: number): LoadedWorld {
  try {
    return loadCheckedWorld(deps, file, upToGeneration);
  } catch (error) {
    if (!(error instanceof WorldDamaged)) throw error;
    let salvage: Salvage | undefined;
    try {
      salvage = salvageWorld(deps, file, upToGeneration, upToGeneration === Number.POSITIVE_INFINITY);
    } catch {
      // the count is a courtesy: the refusal stands without it
    } finally {
      for (const fd of salvage?.fds ?? []) deps.fs.closeSync(fd);
    }
    if (!salvage || salvage.problems.length === 0) throw new Error(`${error.message}; nothing was changed`);
    throw new Error(describeSalvage(deps, salvage, file));
  }
}

function loadCheckedWorld(deps: FsDeps, file: string, upToGeneration: number): LoadedWorld {
  const files = listDbFiles(deps, file);
  const snapshot = loadSnapshot(deps, file);
  const collections = snapshot ? snapshot.collections : (Object.create(null) as WorldCollections);
  const snapshotGeneration = snapshot ? snapshot.generation : 0;
  const gap = journalGapProblem(deps, file, snapshotGeneration, snapshot !== null, files.journals);
  if (gap !== null) throw new Error(gap);
  const journals: ReplayedJournal[] = [];
  const obsoleteJournals: string[] = [];
  let seq = snapshot ? snapshot.seq : 0;
  for (const journal of files.journals) {
    if (journal.generation <= snapshotGeneration) {
      obsoleteJournals.push(journal.path);
      continue;
    }
    if (journal.generation > upToGeneration) continue;
    const records = openRecordFile(deps, journal.path);
    if (records === null) continue;
    const buffer = readWhole(deps, records.fd);
    // An earlier version's journal starts with an entry (a first line cut short is an interrupted header's).
    if (buffer[0] === 0x5b && buffer.includes(10)) throw new Error(oldFilesProblem(journal.path, file));
    const result = replayJournal(deps, buffer, collections, journal, seq, records);
    seq = result.seq;
    journals.push({ generation: journal.generation, path: journal.path, ...result });
  }
  journals.forEach((journal, at) => {
    const following = journals[at + 1];
    // (An empty journal is one no append could write to: nothing in it was ever acknowledged.)
    if (!following || journal.next !== null || journal.validBytes < journal.totalBytes || journal.totalBytes === 0) {
      return;
    }
    // Without its end line only before a journal holding just its header: a rotation a crash interrupted.
    if (following.batches === 0 && at === journals.length - 2) return;
    throw new WorldDamaged(`${deps.path.basename(journal.path)} has no end line although a newer journal follows`);
  });
  if (upToGeneration === Number.POSITIVE_INFINITY) {
    const last = journals.at(-1);
    const missing = last ? last.next : snapshot ? snapshotGeneration + 1 : null;
    if (missing !== null) {
      throw new WorldDamaged(`${deps.path.basename(journalPath(file, missing))} is missing`);
    }
  }
  return {
    collections,
    exists: snapshot !== null || journals.length > 0,
    snapshotGeneration,
    snapshotBytes: snapshot ? snapshot.bytes : 0,
    journals,
    obsoleteJournals,
    temps: files.temps,
    seq,
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
  seq = 0,
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
  const { temp, bytes, records } = writeSnapshotTemp(deps, file, sources, generation, seq);
  ensureNextJournal(deps, file, generation, seq);
  deps.fs.renameSync(temp, file);
  fsyncDirectory(deps, deps.path.dirname(file));
  return { bytes, records };
}

/**
 * A snapshot of `generation` is never the newest file: the journal after it exists before it is renamed into place
 * (the adapter makes it when it rotates; a compaction run alone, a repair or a test, here).
 */
export function ensureNextJournal(deps: FsDeps, file: string, generation: number, seq: number): void {
  try {
    writeJournalHeader(deps, journalPath(file, generation + 1), generation + 1, seq);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
}

/** Creates journal `generation` (it must not exist) holding its header, continuing batch `after`; fsynced. */
export function writeJournalHeader(deps: FsDeps, path: string, generation: number, after: number): void {
  const fd = deps.fs.openSync(path, "wx");
  try {
    deps.fs.writeSync(fd, `${checkedLine(deps, journalHeaderPayload(generation, after))}\n`);
    deps.fs.fsyncSync(fd);
  } finally {
    deps.fs.closeSync(fd);
  }
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
  const reads = `this one reads version ${CHECKED_VERSION}, and versions ${SNAPSHOT_VERSION_DOCUMENT} and ${SNAPSHOT_VERSION} through bss-mock repair`;
  if (typeof version === "number" && version > CHECKED_VERSION) {
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
 * The snapshot writer, up to the rename: writes the version 3 layout (a header line with the generation and the last
 * batch's number, one record line per record as a journal writes it, an end line with the count and a digest of the
 * record lines' checksums), each line ending in its checksum, each record's JSON text given as a string or copied from
 * its source file through one reused buffer, in chunks, so no single string holds the whole world. Returns the fsynced
 * and closed temp file; deletes it on failure.
 */
export function writeSnapshotTemp(
  deps: FsDeps,
  file: string,
  collections: SourceCollections,
  generation: number,
  seq: number,
): { temp: string; bytes: number; records: number } {
  const { fs } = deps;
  const temp = tempSnapshotPath(file, generation);
  const fd = fs.openSync(temp, "w");
  let bytes = 0;
  let records = 0;
  try {
    const out = Buffer.allocUnsafe(SNAPSHOT_CHUNK_CHARS);
    let used = 0;
    /** The checksum of the line being written, and the digest of the record lines' checksums. */
    let crc = 0;
    let digest = 0;
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
    const part = (text: string) => {
      crc = deps.zlib.crc32(text, crc);
      emit(text);
    };
    const copy = (source: RecordSource) => {
      if (typeof source === "string") return part(source);
      let position = source.start;
      while (position < source.end) {
        if (used === out.length) flush();
        const read = fs.readSync(source.fd, out, used, Math.min(source.end - position, out.length - used), position);
        if (read <= 0) throw new Error(`a file being compacted into ${file} got shorter while it was read`);
        crc = deps.zlib.crc32(out.subarray(used, used + read), crc);
        used += read;
        position += read;
      }
    };
    const endLine = () => {
      const sum = hex8(crc);
      emit(`\t${sum}\n`);
      crc = 0;
      return sum;
    };
    part(snapshotHeaderPayload(generation, seq));
    endLine();
    for (const name of Object.keys(collections)) {
      const byId = collections[name];
      if (!byId) continue;
      const collection = JSON.stringify(name);
      for (const [id, entry] of byId) {
        part(`["put",${collection},${JSON.stringify(id)},${entry.keys}]\t`);
        copy(entry.source);
        digest = deps.zlib.crc32(endLine(), digest);
        records++;
      }
    }
    part(`["end",${records},"${hex8(digest)}"]`);
    endLine();
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
 * (salvageWorld), copied into the new snapshot by writeSnapshotTemp. A line that fails its check (the files were
 * checked at the start: something changed them since) is left out and kept in FILE.quarantine.jsonl, and the
 * compaction goes on without it; a missing part (journalGapProblem) fails it.
 */
export function compactFiles(deps: FsDeps, file: string, upToGeneration: number): CompactionResult {
  const started = Date.now();
  const files = listDbFiles(deps, file);
  let salvage: Salvage | undefined;
  const closeAll = () => {
    for (const fd of salvage?.fds.splice(0) ?? []) {
      try {
        deps.fs.closeSync(fd);
      } catch {
        // read-only descriptors: nothing to lose
      }
    }
  };
  let snapshotGeneration = 0;
  let bytes = 0;
  let records = 0;
  const merged: string[] = [];
  const quarantined: string[] = [];
  try {
    salvage = salvageWorld(deps, file, upToGeneration, false);
    snapshotGeneration = salvage.snapshotGeneration;
    // A snapshot deleted while the mock runs must fail the compaction, not be replaced by the journals alone.
    const gap = journalGapProblem(deps, file, snapshotGeneration, salvage.snapshotLoaded, files.journals);
    if (gap !== null) throw new Error(gap);
    if (salvage.problems.length > 0) {
      const lines = salvage.problems.map((problem) =>
        JSON.stringify({
          time: new Date().toISOString(),
          file: deps.path.basename(problem.file),
          line: problem.line,
          byte: problem.byte,
          problem: problem.what,
          ...(problem.text === undefined ? {} : { text: problem.text }),
        }),
      );
      deps.fs.appendFileSync(`${file}.quarantine.jsonl`, `${lines.join("\n")}\n`);
      for (const problem of salvage.problems) {
        const at = problem.line === 0 ? "" : ` line ${problem.line} (byte ${problem.byte})`;
        quarantined.push(`${deps.path.basename(problem.file)}${at}: ${problem.what}`);
      }
    }
    for (const journal of files.journals) if (journal.generation <= upToGeneration) merged.push(journal.path);
    const written = writeSnapshotTemp(deps, file, salvage.collections, upToGeneration, salvage.seq);
    closeAll();
    ensureNextJournal(deps, file, upToGeneration, salvage.seq);
    deps.fs.renameSync(written.temp, file);
    fsyncDirectory(deps, deps.path.dirname(file));
    bytes = written.bytes;
    records = written.records;
  } finally {
    closeAll();
  }
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
    quarantined,
  };
}

// ---------------------------------------------------------------------------------------------------------------------
// Version 3: lines that prove themselves, and the reading that keeps every line passing its check, used by a
// compaction (which quarantines what fails) and by `bss-mock repair` (which drops it, says so, and counts what a start
// refused on the damage would lose).

/** Characters a checksum adds to a line: a tab and 8 lower-case hex digits. */
export const CHECKSUM_CHARS = 9;
export const JOURNAL_FORMAT = "bss-mock-journal";
export const CHECKED_VERSION = 3;

/** 8 lower-case hex digits of a CRC-32. */
export function hex8(crc: number): string {
  return (crc >>> 0).toString(16).padStart(8, "0");
}

/** `payload` TAB its CRC-32: a line as version 3 writes it (without its newline). */
export function checkedLine(deps: FsDeps, payload: string): string {
  return `${payload}\t${hex8(deps.zlib.crc32(payload))}`;
}

/**
 * Where the payload of the line `buffer[start..end)` ends when the line ends in a checksum that matches it; -1 when
 * it does not (a changed byte, a cut, a line without one).
 */
export function checkLine(deps: FsDeps, buffer: Buffer, start: number, end: number): number {
  const at = end - 9;
  if (at < start || buffer[at] !== 9) return -1;
  let expected = 0;
  for (let i = at + 1; i < end; i++) {
    const byte = buffer[i] as number;
    const digit = byte >= 0x30 && byte <= 0x39 ? byte - 0x30 : byte >= 0x61 && byte <= 0x66 ? byte - 0x57 : -1;
    if (digit === -1) return -1;
    expected = expected * 16 + digit;
  }
  return deps.zlib.crc32(buffer.subarray(start, at)) === expected ? at : -1;
}

/** The CRC-32 a line ends with (its last 8 characters), as a number. */
export function lineCrc(buffer: Buffer, end: number): number {
  return Number.parseInt(buffer.toString("latin1", end - 8, end), 16);
}

export function snapshotHeaderPayload(generation: number, seq: number): string {
  return `{"format":"bss-mock-world","version":${CHECKED_VERSION},"generation":${generation},"seq":${seq}}`;
}

export function journalHeaderPayload(generation: number, after: number): string {
  return `{"format":"${JOURNAL_FORMAT}","version":${CHECKED_VERSION},"generation":${generation},"after":${after}}`;
}

/**
 * The generation and sequence number of a version 3 header's payload (`seq` of a snapshot, `after` of a journal), or
 * null when it is not one of `format`.
 */
export function readCheckedHeader(
  text: string,
  format: string,
  field: "seq" | "after",
): { generation: number; seq: number } | null {
  let header: unknown;
  try {
    header = JSON.parse(text);
  } catch {
    return null;
  }
  const h = header as Record<string, unknown> | null;
  if (h === null || typeof h !== "object" || h.format !== format || h.version !== CHECKED_VERSION) return null;
  const generation = h.generation;
  const seq = h[field];
  if (!Number.isSafeInteger(generation) || !Number.isSafeInteger(seq)) return null;
  if ((generation as number) < 0 || (seq as number) < 0) return null;
  return { generation: generation as number, seq: seq as number };
}

/** The version a file's first bytes say it has: 3, 2 or 1 (earlier bss-mock versions), 0 for none of these. */
export function fileVersion(first: string, format: string): number {
  const prefix = `{"format":"${format}","version":`;
  if (!first.startsWith(prefix)) return 0;
  const version = Number(/^[0-9]+/.exec(first.slice(prefix.length))?.[0] ?? Number.NaN);
  return Number.isSafeInteger(version) ? version : 0;
}

/**
 * The version of the file open as `fd`, from its first line: a line ending in a checksum is a version 3 one, or, when
 * the checksum matches, the version it names (a newer one); otherwise what its first bytes say (fileVersion).
 */
export function versionOf(deps: FsDeps, fd: number, format: string): number {
  const probe = Buffer.alloc(160);
  const length = deps.fs.readSync(fd, probe, 0, probe.length, 0);
  const newline = probe.indexOf(10);
  const end = newline === -1 || newline >= length ? length : newline;
  const first = probe.toString("latin1", 0, end);
  if (/\t[0-9a-f]{8}$/.test(first) && checkLine(deps, probe, 0, end) === -1) return CHECKED_VERSION;
  return fileVersion(first, format);
}

/** One thing found wrong while salvaging: where, what, and the line as it reads (for the quarantine file). */
export interface Problem {
  file: string;
  /** 1-based; 0 for the file as a whole (missing, cut short). */
  line: number;
  byte: number;
  what: string;
  text?: string;
}

/** What salvaging the files of a world found and kept. */
export interface Salvage {
  collections: SourceCollections;
  /** The last batch's sequence number. */
  seq: number;
  /** The highest generation of a file seen (snapshot or journal). */
  generation: number;
  /** The snapshot's generation (0: none), and whether there is a (non-empty) one. */
  snapshotGeneration: number;
  snapshotLoaded: boolean;
  problems: Problem[];
  /** Acknowledged record changes lost that can be counted: lines that fail their check, lines known to be missing. */
  dropped: number;
  /** Something was lost whose size cannot be known: a missing file, missing batches, a file cut short. */
  unknownLoss: boolean;
  /** Files with a problem, and files of an earlier format: repair copies them aside. */
  damaged: string[];
  old: string[];
  /** Descriptors the record sources read from: the caller closes them. */
  fds: number[];
}

export function newSalvage(): Salvage {
  return {
    collections: Object.create(null) as SourceCollections,
    seq: 0,
    generation: 0,
    snapshotGeneration: 0,
    snapshotLoaded: false,
    problems: [],
    dropped: 0,
    unknownLoss: false,
    damaged: [],
    old: [],
    fds: [],
  };
}

/** Notes a problem of `file`; `text`, the damaged line, goes to the quarantine file. */
export function noteProblem(salvage: Salvage, problem: Problem): void {
  salvage.problems.push(problem);
  if (!salvage.damaged.includes(problem.file)) salvage.damaged.push(problem.file);
}

/** Notes a journal without its end line before a newer one: cut short, its last batches lost. */
export function noteCutShort(salvage: Salvage, path: string): void {
  salvage.unknownLoss = true;
  noteProblem(salvage, {
    file: path,
    line: 0,
    byte: 0,
    what: "has no end line although a newer journal follows: it was cut short, its last batches are lost",
  });
}

/** Puts (entry) or deletes (null) a record of the salvaged world. */
export function applyOp(
  collections: SourceCollections,
  name: string,
  id: string,
  entry: { keys: string; source: { fd: number; start: number; end: number } } | null,
): void {
  if (entry === null) {
    collections[name]?.delete(id);
    return;
  }
  let records = collections[name];
  if (!records) {
    records = new Map();
    collections[name] = records;
  }
  records.set(id, entry);
}

/**
 * The entry of a checked line's payload `buffer[start..end)` (the file open as `fd`, the buffer starting at file
 * offset `base`): a record line `["put",name,id,keys]` TAB record, or a JSON entry (del, commit, end, next). Null when
 * the payload is neither (a line a newer bss-mock may write).
 */
export function readEntry(
  buffer: Buffer,
  start: number,
  end: number,
  base: number,
  fd: number,
):
  | { kind: "put"; name: string; id: string; keys: string; source: { fd: number; start: number; end: number } }
  | { kind: "entry"; entry: unknown[] }
  | null {
  const tab = buffer.indexOf(9, start);
  if (tab !== -1 && tab < end) {
    let head: unknown;
    try {
      head = JSON.parse(buffer.toString("utf8", start, tab));
    } catch {
      return null;
    }
    const [kind, name, id, keys] = Array.isArray(head) && head.length === 4 ? head : [];
    if (kind !== "put" || typeof name !== "string" || typeof id !== "string" || typeof keys !== "object") return null;
    if (Array.isArray(keys)) return null;
    return {
      kind: "put",
      name,
      id,
      keys: JSON.stringify(keys),
      source: { fd, start: base + tab + 1, end: base + end },
    };
  }
  let entry: unknown;
  try {
    entry = JSON.parse(buffer.toString("utf8", start, end));
  } catch {
    return null;
  }
  return Array.isArray(entry) && typeof entry[0] === "string" ? { kind: "entry", entry } : null;
}

/** What a damaged line was, when its head still says: "the record simulations/ID: " (else ""). */
export function damagedRecordName(buffer: Buffer, start: number, end: number): string {
  const tab = buffer.indexOf(9, start);
  if (tab === -1 || tab >= end) return "";
  try {
    const head = JSON.parse(buffer.toString("utf8", start, tab)) as unknown;
    if (Array.isArray(head) && typeof head[1] === "string" && typeof head[2] === "string") {
      return `the ${head[0] === "del" ? "delete of" : "record"} ${head[1]}/${head[2]}: `;
    }
  } catch {
    // its head is damaged too
  }
  return "";
}

/** "1 record" / "2 records". */
export function records(count: number): string {
  return `${count} record${count === 1 ? "" : "s"}`;
}

/**
 * Salvages a version 3 snapshot open as `fd`: keeps every record line that passes its check, notes every problem.
 * Returns its generation (-1 when its header is damaged) and sequence number.
 */
export function salvageSnapshot(
  deps: FsDeps,
  fd: number,
  file: string,
  salvage: Salvage,
): { generation: number; seq: number } {
  let line = 0;
  let generation = -1;
  let seq = 0;
  let kept = 0;
  let failed = 0;
  let digest = 0;
  let ended = false;
  const problem = (byte: number, what: string, text?: string) =>
    noteProblem(salvage, { file, line, byte, what, ...(text === undefined ? {} : { text }) });
  forEachLine(deps, fd, (buffer, start, end, base, complete) => {
    line++;
    if (!complete) {
      problem(base + start, "the file ends in the middle of a line (it was cut short)");
      return false;
    }
    const at = checkLine(deps, buffer, start, end);
    if (at === -1) {
      if (line > 1 && !ended) failed++;
      const what = `${damagedRecordName(buffer, start, end)}its checksum does not match (the line was changed)`;
      problem(base + start, what, buffer.toString("utf8", start, end));
      return true;
    }
    if (line === 1) {
      const header = readCheckedHeader(buffer.toString("utf8", start, at), "bss-mock-world", "seq");
      if (header) ({ generation, seq } = header);
      else problem(base + start, "not a snapshot header");
      return true;
    }
    if (ended) {
      problem(base + start, "a line after the end line");
      return true;
    }
    const read = readEntry(buffer, start, at, base, fd);
    if (read?.kind === "put") {
      applyOp(salvage.collections, read.name, read.id, { keys: read.keys, source: read.source });
      kept++;
      digest = deps.zlib.crc32(buffer.subarray(at + 1, end), digest);
      return true;
    }
    const entry = read?.kind === "entry" ? read.entry : [];
    if (entry[0] === "end" && entry.length === 3 && typeof entry[1] === "number") {
      ended = true;
      const missing = entry[1] - kept - failed;
      if (missing > 0) {
        salvage.dropped += missing;
        problem(base + start, `${records(missing)} missing before its end line`);
      } else if (missing < 0 || entry[2] !== hex8(digest)) {
        problem(base + start, "its records are not the ones it was written with (lines added, moved or repeated)");
      }
      return true;
    }
    failed++;
    problem(base + start, "a line a snapshot does not hold");
    return true;
  });
  salvage.dropped += failed;
  if (!ended && line > 0) {
    salvage.unknownLoss = true;
    noteProblem(salvage, {
      file,
      line: 0,
      byte: 0,
      what: "has no end line: it was cut short, its last records are lost",
    });
  }
  return { generation, seq };
}

/**
 * Salvages a version 3 journal open as `fd` onto `salvage.collections`: applies each batch at its commit line, of
 * its lines those that pass their check; notes every problem. Put/del lines after the last commit line are what an
 * interrupted append leaves, dropped unless a damaged line follows them (then they were committed). Returns the
 * generation its end line names as the next one (null: none), and whether it ends in such a torn tail.
 */
export function salvageJournal(
  deps: FsDeps,
  fd: number,
  journal: JournalFile,
  salvage: Salvage,
): { next: number | null; torn: boolean; batches: number; lines: number } {
  const file = journal.path;
  let batches = 0;
  type Op = {
    name: string;
    id: string;
    entry: { keys: string; source: { fd: number; start: number; end: number } } | null;
  };
  let pending: Op[] = [];
  let failedInBatch = 0;
  let digest = 0;
  let line = 0;
  let next: number | null = null;
  let damagedAfterCommit = false;
  let torn = false;
  const problem = (byte: number, what: string, text?: string) =>
    noteProblem(salvage, { file, line, byte, what, ...(text === undefined ? {} : { text }) });
  const apply = () => {
    for (const op of pending) applyOp(salvage.collections, op.name, op.id, op.entry);
    pending = [];
    failedInBatch = 0;
    digest = 0;
    damagedAfterCommit = false;
  };
  forEachLine(deps, fd, (buffer, start, end, base, complete) => {
    line++;
    if (!complete) {
      // What an interrupted append leaves, unless it is a whole line whose newline was changed.
      if (end - start > CHECKSUM_CHARS && checkLine(deps, buffer, start, end - 1) !== -1) {
        damagedAfterCommit = true;
        problem(base + start, "its newline was changed", buffer.toString("utf8", start, end));
      } else torn = true;
      return false;
    }
    const at = checkLine(deps, buffer, start, end);
    if (at === -1) {
      if (buffer.toString("latin1", start, Math.min(end, start + 10)) !== '["commit",') {
        failedInBatch++;
        salvage.dropped++;
      }
      damagedAfterCommit = true;
      const what = `${damagedRecordName(buffer, start, end)}its checksum does not match (the line was changed)`;
      problem(base + start, what, buffer.toString("utf8", start, end));
      return true;
    }
    if (line === 1) {
      const header = readCheckedHeader(buffer.toString("utf8", start, at), "bss-mock-journal", "after");
      if (!header) problem(base + start, "not a journal header");
      else if (header.generation !== journal.generation) {
        problem(base + start, `it is the journal of generation ${header.generation}, renamed or copied here`);
      } else if (header.seq !== salvage.seq) {
        salvage.unknownLoss = true;
        problem(
          base + start,
          `it continues batch ${header.seq}, but the files before it end at batch ${salvage.seq} (a file was replaced, restored from another time, or lost)`,
        );
        salvage.seq = Math.max(salvage.seq, header.seq);
      }
      return true;
    }
    if (next !== null) {
      problem(base + start, "a line after the end line");
      return true;
    }
    const read = readEntry(buffer, start, at, base, fd);
    if (read?.kind === "put") {
      pending.push({ name: read.name, id: read.id, entry: { keys: read.keys, source: read.source } });
      digest = deps.zlib.crc32(buffer.subarray(at + 1, end), digest);
      return true;
    }
    const entry = read?.kind === "entry" ? read.entry : [];
    const [kind, a, b, c] = entry;
    if (kind === "del" && entry.length === 3 && typeof a === "string" && typeof b === "string") {
      pending.push({ name: a, id: b, entry: null });
      digest = deps.zlib.crc32(buffer.subarray(at + 1, end), digest);
    } else if (kind === "commit" && entry.length === 4 && typeof a === "number" && typeof b === "number") {
      const missing = a - pending.length - failedInBatch;
      // More lines than it counts: lines that fail their check were added, not records lost (as many as are extra).
      if (missing < 0) salvage.dropped -= Math.min(failedInBatch, -missing);
      if (missing > 0) {
        salvage.dropped += missing;
        problem(base + start, `${records(missing)} of its batch missing`);
      } else if (missing < 0 || (failedInBatch === 0 && c !== hex8(digest))) {
        problem(base + start, "its batch does not hold the lines it was written with (lines added, moved or repeated)");
      }
      if (b !== salvage.seq + 1) {
        if (b > salvage.seq + 1) salvage.unknownLoss = true;
        problem(
          base + start,
          b > salvage.seq + 1
            ? `batch ${b} follows batch ${salvage.seq}: ${b - salvage.seq - 1} batches are missing`
            : `batch ${b} follows batch ${salvage.seq}: batches are out of order`,
        );
      }
      salvage.seq = Math.max(salvage.seq, b);
      batches++;
      apply();
    } else if (kind === "next" && entry.length === 2 && typeof a === "number") {
      next = a;
    } else {
      failedInBatch++;
      salvage.dropped++;
      damagedAfterCommit = true;
      problem(base + start, "a line this bss-mock cannot read", buffer.toString("utf8", start, end));
    }
    return true;
  });
  // Lines whose commit is damaged were committed: keep them. Otherwise they are an interrupted append's.
  if (pending.length > 0 && damagedAfterCommit) apply();
  else if (pending.length > 0) torn = true;
  return { next, torn, batches, lines: line };
}

/**
 * Reads the world of `file` (snapshot and journals up to `upToGeneration`) keeping every line that passes its check,
 * and noting what does not and what is missing. Files of earlier versions (without checksums) are read by the rules
 * of their time (`readOld`: a line is kept when it parses). Throws only when the files cannot be read at all.
 */
export function salvageWorld(deps: FsDeps, file: string, upToGeneration: number, whole: boolean): Salvage {
  const salvage = newSalvage();
  const files = listDbFiles(deps, file);
  const open = (path: string): number | null => {
    try {
      const fd = deps.fs.openSync(path, "r");
      salvage.fds.push(fd);
      return fd;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  };
  const firstBytes = (fd: number) => {
    const probe = Buffer.alloc(8);
    return probe.toString("latin1", 0, deps.fs.readSync(fd, probe, 0, probe.length, 0));
  };
  let snapshotGeneration = 0;
  let checkedSnapshot = false;
  const snapshotFd = open(file);
  if (snapshotFd !== null && deps.fs.fstatSync(snapshotFd).size > 0) {
    const version = versionOf(deps, snapshotFd, "bss-mock-world");
    if (version === CHECKED_VERSION) {
      const { generation, seq } = salvageSnapshot(deps, snapshotFd, file, salvage);
      checkedSnapshot = true;
      // A damaged header: the journals say which generation it was.
      const first = files.journals[0];
      snapshotGeneration = generation !== -1 ? generation : first ? first.generation - 1 : 0;
      salvage.seq = seq;
    } else {
      const old = readOldSnapshot(deps, snapshotFd, file);
      if (old) {
        salvage.old.push(file);
        salvage.collections = old.collections;
        snapshotGeneration = old.generation;
      }
    }
  }
  salvage.generation = snapshotGeneration;
  salvage.snapshotGeneration = snapshotGeneration;
  salvage.snapshotLoaded = snapshotFd !== null && deps.fs.fstatSync(snapshotFd).size > 0;
  let expected = snapshotGeneration + 1;
  let last: { generation: number; next: number | null; torn: boolean; batches: number; lines: number } | null = null;
  let endless: number | null = null;
  for (const journal of files.journals) {
    salvage.generation = Math.max(salvage.generation, journal.generation);
    if (journal.generation <= snapshotGeneration || journal.generation > upToGeneration) continue;
    if (journal.generation !== expected) {
      salvage.unknownLoss = true;
      for (let missing = expected; missing < journal.generation; missing++) {
        noteProblem(salvage, {
          file: journalPath(file, missing),
          line: 0,
          byte: 0,
          what: "is missing: the changes it held are lost",
        });
      }
    }
    if (endless !== null) noteCutShort(salvage, journalPath(file, endless));
    // Without its end line only before a journal holding just its header (a rotation a crash interrupted).
    endless = last && last.next === null && !last.torn && last.lines > 0 ? last.generation : null;
    expected = journal.generation + 1;
    const fd = open(journal.path);
    if (fd === null) continue;
    // Journals of earlier versions start with an entry; version 3 ones with a header object.
    if (firstBytes(fd).startsWith("[")) {
      salvage.old.push(journal.path);
      readOldJournal(deps, fd, journal, salvage);
      last = null;
      continue;
    }
    last = { generation: journal.generation, ...salvageJournal(deps, fd, journal, salvage) };
    if (endless !== null && last.batches === 0 && journal === files.journals.at(-1)) endless = null;
  }
  if (endless !== null) noteCutShort(salvage, journalPath(file, endless));
  if (whole) {
    // The newest journal is missing when the last one names a next, or when a checked snapshot has none after it
    // (a compaction makes the next journal before it writes the snapshot).
    const missing =
      last?.next ?? (last === null && checkedSnapshot && expected === snapshotGeneration + 1 ? expected : null);
    if (missing !== null && missing !== undefined) {
      salvage.unknownLoss = true;
      noteProblem(salvage, {
        file: journalPath(file, missing),
        line: 0,
        byte: 0,
        what: "is missing: the changes it held are lost",
      });
    }
  }
  return salvage;
}

/**
 * A snapshot of an earlier version (1: one JSON document; 2: JSON lines without checksums), read by the rules of its
 * time; null when the file holds none (empty). Throws when it is no snapshot at all.
 */
export function readOldSnapshot(
  deps: FsDeps,
  fd: number,
  file: string,
): { generation: number; collections: SourceCollections } | null {
  const scanned = scanSnapshot(deps, fd);
  if (scanned) return scanned;
  const parsed = readSnapshot(deps, file);
  if (!parsed) return null;
  const collections = Object.create(null) as SourceCollections;
  for (const name of Object.keys(parsed.collections)) {
    const sources = new Map<string, { keys: string; source: string }>();
    for (const [id, record] of parsed.collections[name] ?? []) {
      sources.set(id, { keys: "null", source: JSON.stringify(record) });
    }
    collections[name] = sources as never;
  }
  return { generation: parsed.generation, collections };
}

/**
 * A journal of an earlier version (no checksums) onto `salvage`, by the rules of its time: its batches up to a line
 * that cannot be read, which is noted (what follows it is lost: no checksum tells the good lines from the bad).
 */
export function readOldJournal(deps: FsDeps, fd: number, journal: JournalFile, salvage: Salvage): void {
  try {
    scanJournal(deps, fd, salvage.collections, journal.path);
  } catch (error) {
    salvage.unknownLoss = true;
    const message = (error as Error).message;
    const where = / line ([0-9]+) \(byte ([0-9]+) /.exec(message);
    noteProblem(salvage, {
      file: journal.path,
      line: Number(where?.[1] ?? 0),
      byte: Number(where?.[2] ?? 0),
      what: `${message.split(" is damaged: ")[1]?.split(";")[0] ?? "cannot be read"} (a file of an earlier bss-mock, without checksums: the batches after it are lost)`,
    });
  }
}

/**
 * Why this is no world bss-mock can start on as it is: the first problem, how many more, and what a repair would lose.
 * `where` names the files (their base names).
 */
export function describeSalvage(deps: FsDeps, salvage: Salvage, file: string): string {
  const name = (path: string) => deps.path.basename(path);
  const first = salvage.problems[0];
  if (!first) return `${name(file)} is damaged`;
  const at = first.line === 0 ? name(first.file) : `${name(first.file)} line ${first.line} (byte ${first.byte})`;
  const more = salvage.problems.length - 1;
  const also = more > 0 ? ` (and ${more} more problem${more === 1 ? "" : "s"})` : "";
  const loss =
    `a repair would drop ${salvage.dropped} acknowledged ${salvage.dropped === 1 ? "record" : "records"}` +
    (salvage.unknownLoss ? " besides what the lost part held" : "");
  return `${at}: ${first.what}${also}; ${loss}: \`bss-mock repair --db ${file}\` keeps every other, after copying the damaged files aside; nothing was changed`;
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
  writeJournalHeader,
  ensureNextJournal,
  checkedLine,
  journalHeaderPayload,
  hex8,
  checkLine,
  snapshotHeaderPayload,
  readCheckedHeader,
  fileVersion,
  versionOf,
  newSalvage,
  noteProblem,
  noteCutShort,
  applyOp,
  readEntry,
  damagedRecordName,
  records,
  salvageSnapshot,
  salvageJournal,
  salvageWorld,
  readOldSnapshot,
  readOldJournal,
];

export const WORKER_CONSTANTS: Readonly<Record<string, string | number>> = {
  SNAPSHOT_FORMAT,
  SNAPSHOT_VERSION,
  SNAPSHOT_VERSION_DOCUMENT,
  SNAPSHOT_CHUNK_CHARS,
  CHECKSUM_CHARS,
  JOURNAL_FORMAT,
  CHECKED_VERSION,
};
