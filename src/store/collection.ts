import { parseKeepingKeyOrder } from "../platform/key-order.js";

/**
 * Receives every mutation so persistence can append it; memory mode passes a no-op. `previous` is the record the
 * change replaces or removes (undefined when there was none): what a sink puts back when the change cannot be written.
 */
export interface ChangeSink {
  put(collection: string, id: string, record: unknown, previous: unknown): void;
  delete(collection: string, id: string, previous: unknown): void;
  /**
   * Settles once every change reported so far is written; undefined when nothing is waiting (memory mode: always).
   * Rejects with WriteFailed when the write failed, after the sink has undone the unwritten changes (StoreHooks.restore).
   */
  written?(): Promise<void> | undefined;
  /** Called once by the world with what a persisting sink needs to know about it. */
  attach?(store: StoreHooks): void;
  /**
   * A stored record failed its check when it was read (its bytes changed on disk since the start): the collection
   * left it out, as if it had never been stored, and reports it here once. Nothing is written for it.
   */
  quarantined?(collection: string, id: string, damage: DamagedRecord): void;
  /**
   * Called by the world with a change of its own that says when it was written (World.keepWriteTime): a persisting
   * sink makes it once per write, before taking the write's changes, so it is written with them.
   */
  stampWith?(stamp: () => void): void;
}

export interface StoreHooks {
  /** Puts a record back as it was (`undefined`: removes it) without reporting a change: its write failed. */
  restore(collection: string, id: string, record: unknown): void;
  /** The record's keys in its collection's indexes, stored beside it so a restart indexes it without parsing it. */
  indexKeys(collection: string, record: unknown): IndexKeys | undefined;
}

export type IndexKeys = Readonly<Record<string, string | null>>;

export const NO_CHANGES: ChangeSink = { put() {}, delete() {} };

/** A change could not be written (disk full, file removed, no permission): it has been undone in memory. */
export class WriteFailed extends Error {
  override readonly name = "WriteFailed";
  /** No later write can work (the journal was removed while in use): only a restart writes again. */
  readonly lasting: boolean;
  constructor(message: string, options?: ErrorOptions & { lasting?: boolean }) {
    super(message, options);
    this.lasting = options?.lasting ?? false;
  }

  /** What the refused client or the operator can do about it. */
  get remedy(): string {
    return this.lasting ? "restart the mock to write again" : "try again later";
  }
}

/** Where stored records' JSON text is (a Node Buffer when read from a --db file). */
export interface RecordBytes {
  toString(encoding: "utf8", start: number, end: number): string;
  /**
   * The text of `[start, end)` once the line holding it, `[lineStart, end)`, is found to match its checksum `crc`;
   * throws DamagedRecord when it does not. Absent where nothing is checked.
   */
  checkedText?(lineStart: number, start: number, end: number, crc: number): string;
}

/** A stored record whose bytes no longer match the checksum they were stored with. */
export class DamagedRecord extends Error {
  override readonly name = "DamagedRecord";
  constructor(
    /** The file and the byte its line starts at. */
    readonly file: string,
    readonly byte: number,
    /** The line as it reads now (invalid UTF-8 shown as U+FFFD). */
    readonly line: string,
  ) {
    super(`${file} byte ${byte}: a stored record does not match its checksum (changed on disk since the start)`);
  }
}

/**
 * A record loaded from storage but not parsed: its index keys (so it is indexed without parsing it) and where its JSON
 * text is. A collection parses it when it is read and keeps only the most recently read ones parsed (see RECENT), so
 * a start on a large --db file parses nothing before it can answer, and reading every record of it once does not
 * leave them all in memory as objects.
 */
export class Unparsed {
  constructor(
    readonly keys: IndexKeys | null,
    readonly bytes: RecordBytes,
    readonly start: number,
    readonly end: number,
    /** The checksum of its line, `[lineStart, end)`, checked again when it is parsed; -1: none. */
    readonly crc = -1,
    readonly lineStart = start,
  ) {}

  /**
   * The record, a client's free-form objects listing their keys as it sent them (see world/key-order.ts). Throws
   * DamagedRecord when its line no longer matches its checksum.
   */
  parse(): unknown {
    const { bytes, start, end, crc } = this;
    const text =
      crc === -1 || !bytes.checkedText
        ? bytes.toString("utf8", start, end)
        : bytes.checkedText(this.lineStart, start, end, crc);
    return parseKeepingKeyOrder(text);
  }
}

/** A stored value as a record: parsed if it was not yet. */
export function parsed(value: unknown): unknown {
  return value instanceof Unparsed ? value.parse() : value;
}

type KeyOf<T> = (record: T) => string | null;

/**
 * A named set of records keyed by id, with secondary indexes so that per-caller and per-parent listings touch only
 * that caller's or parent's records, never every record of every tenant.
 */
export class Collection<T extends { id: string }, I extends string = never> {
  /** Records by id; those loaded from storage stay Unparsed (see #parsed). */
  readonly #byId: Map<string, T | Unparsed>;
  /** The most recently read of the Unparsed records, parsed, least recently read first (see #parsed). */
  readonly #recent = new Map<string, { stored: Unparsed; record: T }>();
  #recentBytes = 0;
  readonly #indexes = new Map<I, { keyOf: KeyOf<T>; members: Map<string, IdList> }>();
  #onRestore: ((record: T) => void) | undefined;

  constructor(
    readonly name: string,
    byId: Map<string, T | Unparsed>,
    readonly changes: ChangeSink,
    indexes: Record<I, KeyOf<T>>,
  ) {
    this.#byId = byId;
    for (const [indexName, keyOf] of Object.entries(indexes) as Array<[I, KeyOf<T>]>) {
      const members = new Map<string, IdList>();
      for (const [id, value] of byId) {
        const stored = value instanceof Unparsed && value.keys !== null && Object.hasOwn(value.keys, indexName);
        // Ids of a Map are distinct: no need to look each up before adding it.
        if (stored) addMember(members, value.keys?.[indexName] ?? null, id, true);
        else {
          const record = this.#parsed(id, value);
          if (record) addMember(members, keyOf(record), id, true);
        }
      }
      this.#indexes.set(indexName, { keyOf, members });
    }
  }

  get size(): number {
    return this.#byId.size;
  }

  /** Whether a record has this id (none parsed). */
  has(id: string): boolean {
    return this.#byId.has(id);
  }

  get(id: string): T | undefined {
    const value = this.#byId.get(id);
    return value === undefined ? undefined : this.#parsed(id, value);
  }

  /** The record's key in each index (stored beside it by persistence: see Unparsed). */
  indexKeys(record: T): IndexKeys {
    const keys: Record<string, string | null> = {};
    for (const [name, { keyOf }] of this.#indexes) keys[name] = keyOf(record);
    return keys;
  }

  /** Inserts or replaces a record; indexes follow the new values. */
  put(record: T): T {
    const previous = this.#set(record);
    this.changes.put(this.name, record.id, record, previous);
    return record;
  }

  /** Applies `change` to a copy of the stored record and stores the result. */
  update(id: string, change: (record: T) => T): T | undefined {
    const current = this.get(id);
    return current ? this.put(change(current)) : undefined;
  }

  delete(id: string): boolean {
    const previous = this.#remove(id);
    if (!previous) return false;
    this.changes.delete(this.name, id, previous);
    return true;
  }

  /** Puts a record back as it was (undefined: absent) without reporting a change: its write failed (see ChangeSink). */
  restore(id: string, record: T | undefined): void {
    if (record === undefined) this.#remove(id);
    else {
      this.#set(record);
      this.#onRestore?.(record);
    }
  }

  /** Called with each record `restore` puts back (the scheduler re-queues restored jobs). */
  onRestore(listener: (record: T) => void): void {
    this.#onRestore = listener;
  }

  #set(record: T): T | undefined {
    const previous = this.get(record.id);
    for (const { keyOf, members } of this.#indexes.values()) {
      const before = previous ? keyOf(previous) : null;
      const after = keyOf(record);
      if (previous && before === after) continue;
      if (previous) removeMember(members, before, record.id);
      // An id is under one key per index: new to the collection or just removed from its old key, it is not here.
      addMember(members, after, record.id, true);
    }
    this.#byId.set(record.id, record);
    this.#forgetParsed(record.id);
    return previous;
  }

  #remove(id: string): T | undefined {
    const previous = this.get(id);
    if (!previous) return undefined;
    for (const { keyOf, members } of this.#indexes.values()) removeMember(members, keyOf(previous), id);
    this.#byId.delete(id);
    this.#forgetParsed(id);
    return previous;
  }

  /** The first record under `key` in the named index (for indexes that hold one record per key). */
  firstBy(index: I, key: string): T | undefined {
    const ids = this.#indexes.get(index)?.members.get(key);
    if (!ids) return undefined;
    for (const id of ids) return this.get(id);
    return undefined;
  }

  /** Records under `key` in the named index, in insertion order. */
  listBy(index: I, key: string): T[] {
    const ids = this.#indexes.get(index)?.members.get(key);
    if (!ids) return [];
    const out: T[] = [];
    for (const id of ids) {
      const record = this.get(id);
      if (record) out.push(record);
    }
    return out;
  }

  /** How many records are under `key` in the named index (none parsed). */
  countBy(index: I, key: string): number {
    return this.#indexes.get(index)?.members.get(key)?.size ?? 0;
  }

  /** Ids under `key` in the named index, in insertion order (read only the records you need with `get`). */
  idsBy(index: I, key: string): string[] {
    return [...(this.#indexes.get(index)?.members.get(key) ?? [])];
  }

  /** Ids under `key` in the named index, last inserted first: a page of the newest costs the page, not the key's size. */
  newestIdsBy(index: I, key: string): Iterable<string> {
    return this.#indexes.get(index)?.members.get(key)?.newestFirst() ?? [];
  }

  *values(): IterableIterator<T> {
    // A Map may lose the entry being visited (a quarantined record): iteration goes on with the next.
    for (const [id, value] of this.#byId) {
      const record = this.#parsed(id, value);
      if (record) yield record;
    }
  }

  /**
   * A stored record as an object. An Unparsed one is parsed, and kept parsed only while it is among the RECENT most
   * recently read: a record read again soon (a client polling it) is the same object, which the content cache relies
   * on (simulation-content.ts), while a pass over every record leaves none of them behind. A record that fails its
   * check is quarantined (undefined).
   */
  #parsed(id: string, value: T | Unparsed): T | undefined {
    if (!(value instanceof Unparsed)) return value;
    const recent = this.#recent.get(id);
    this.#forgetParsed(id);
    let record: T;
    if (recent?.stored === value) record = recent.record;
    else {
      try {
        record = value.parse() as T;
      } catch (error) {
        if (!(error instanceof DamagedRecord)) throw error;
        this.#quarantine(id, value, error);
        return undefined;
      }
    }
    this.#recent.set(id, { stored: value, record });
    this.#recentBytes += value.end - value.start;
    while (this.#recent.size > RECENT || (this.#recentBytes > RECENT_BYTES && this.#recent.size > 1)) {
      this.#forgetParsed(this.#recent.keys().next().value as string);
    }
    return record;
  }

  /**
   * Leaves out a record whose stored bytes failed their check: nothing damaged is served, and resets, lists and
   * compactions go on without it. Its index keys are the stored ones (a record is stored with them).
   */
  #quarantine(id: string, stored: Unparsed, damage: DamagedRecord): void {
    for (const [indexName, { members }] of this.#indexes) {
      removeMember(members, stored.keys?.[indexName] ?? null, id);
    }
    this.#byId.delete(id);
    this.changes.quarantined?.(this.name, id, damage);
  }

  #forgetParsed(id: string): void {
    const recent = this.#recent.get(id);
    if (!recent) return;
    this.#recent.delete(id);
    this.#recentBytes -= recent.stored.end - recent.stored.start;
  }

  /**
   * About how large a record is, without parsing it: a stored one's JSON length, else what `measure` says. The two
   * differ by the JSON punctuation and the fields `measure` leaves out, a few hundred bytes.
   */
  sizeOf(id: string, measure: (record: T) => number): number {
    const value = this.#byId.get(id);
    if (value === undefined) return 0;
    return value instanceof Unparsed ? value.end - value.start : measure(value);
  }

  /** How many bytes of stored JSON the parsed records kept stand for (see RECENT_BYTES). */
  get recentBytes(): number {
    return this.#recentBytes;
  }
}

/** Parsed records kept per collection: more than the content cache's entries (simulation-content.ts). */
const RECENT = 1_000;
/**
 * And no more than this much stored JSON of them: 1,000 records of a 1 MiB context would otherwise stay parsed, ~1 GiB.
 * The most recently read record is kept whatever its size.
 */
export const RECENT_BYTES = 16 * 1024 * 1024;

function addMember(members: Map<string, IdList>, key: string | null, id: string, isNew = false) {
  if (key === null) return;
  let list = members.get(key);
  if (!list) {
    list = new IdList();
    members.set(key, list);
  }
  if (isNew) list.addNew(id);
  else list.add(id);
}

function removeMember(members: Map<string, IdList>, key: string | null, id: string) {
  if (key === null) return;
  const list = members.get(key);
  if (!list) return;
  list.delete(id);
  if (list.size === 0) members.delete(key);
}

/**
 * The ids under one index key, as a Set keeps them (insertion order, no duplicates), but readable from the newest end
 * too: a Set only iterates from its oldest entry, so a page of a caller's newest simulations cost a copy of all of
 * them. Removed ids leave holes, squeezed out once they are half the list; positions are indexed when an id is first
 * looked up (a delete) in a list long enough for a scan to cost.
 */
export class IdList {
  #ids: Array<string | undefined> = [];
  #positions: Map<string, number> | undefined;
  #holes = 0;

  get size(): number {
    return this.#ids.length - this.#holes;
  }

  has(id: string): boolean {
    return this.#position(id) !== -1;
  }

  add(id: string): void {
    if (!this.has(id)) this.addNew(id);
  }

  /** Adds an id known not to be in the list. */
  addNew(id: string): void {
    this.#positions?.set(id, this.#ids.length);
    this.#ids.push(id);
  }

  delete(id: string): boolean {
    const at = this.#position(id);
    if (at === -1) return false;
    this.#ids[at] = undefined;
    this.#positions?.delete(id);
    this.#holes++;
    if (this.#holes * 2 > this.#ids.length) this.#squeeze();
    return true;
  }

  *[Symbol.iterator](): IterableIterator<string> {
    for (const id of this.#ids) if (id !== undefined) yield id;
  }

  *newestFirst(): IterableIterator<string> {
    for (let i = this.#ids.length - 1; i >= 0; i--) {
      const id = this.#ids[i];
      if (id !== undefined) yield id;
    }
  }

  /** Positions are indexed on the first lookup in a long list: lists only added to (a start's) never need them. */
  #position(id: string): number {
    if (!this.#positions && this.#ids.length >= INDEXED_FROM) this.#indexPositions();
    return this.#positions ? (this.#positions.get(id) ?? -1) : this.#ids.indexOf(id);
  }

  #squeeze(): void {
    this.#ids = this.#ids.filter((id) => id !== undefined);
    this.#holes = 0;
    this.#positions = undefined;
  }

  #indexPositions(): void {
    this.#positions = new Map();
    this.#ids.forEach((id, at) => {
      if (id !== undefined) this.#positions?.set(id, at);
    });
  }
}

/** Below this many ids, finding one by scanning the array costs less than keeping a map of positions. */
const INDEXED_FROM = 16;
