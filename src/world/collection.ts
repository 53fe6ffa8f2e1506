/**
 * Receives every mutation so persistence can append it; memory mode passes a no-op. `previous` is the record the
 * change replaces or removes (undefined when there was none): what a sink puts back when the change cannot be written.
 */
export interface ChangeSink {
  put(collection: string, id: string, record: unknown, previous: unknown): void;
  delete(collection: string, id: string, previous: unknown): void;
  /**
   * Settles once every change reported so far is written; undefined when nothing is waiting (memory mode: always).
   * Rejects with WriteFailed when the write failed, after the sink has undone the unwritten changes through `undoWith`.
   */
  written?(): Promise<void> | undefined;
  /** Called once by the world: how the sink puts a record back (`undefined`: removes it) when its write failed. */
  undoWith?(restore: (collection: string, id: string, record: unknown) => void): void;
}

export const NO_CHANGES: ChangeSink = { put() {}, delete() {} };

/** A change could not be written (disk full, file removed, no permission): it has been undone in memory. */
export class WriteFailed extends Error {}

type KeyOf<T> = (record: T) => string | null;

/**
 * A named set of records keyed by id, with secondary indexes so that per-caller and per-parent listings touch only
 * that caller's or parent's records, never every record of every tenant.
 */
export class Collection<T extends { id: string }, I extends string = never> {
  readonly #byId: Map<string, T>;
  readonly #indexes = new Map<I, { keyOf: KeyOf<T>; members: Map<string, Set<string>> }>();
  #onRestore: ((record: T) => void) | undefined;

  constructor(
    readonly name: string,
    byId: Map<string, T>,
    readonly changes: ChangeSink,
    indexes: Record<I, KeyOf<T>>,
  ) {
    this.#byId = byId;
    for (const [indexName, keyOf] of Object.entries(indexes) as Array<[I, KeyOf<T>]>) {
      const members = new Map<string, Set<string>>();
      for (const record of byId.values()) addMember(members, keyOf(record), record.id);
      this.#indexes.set(indexName, { keyOf, members });
    }
  }

  get size(): number {
    return this.#byId.size;
  }

  get(id: string): T | undefined {
    return this.#byId.get(id);
  }

  /** Inserts or replaces a record; indexes follow the new values. */
  put(record: T): T {
    const previous = this.#set(record);
    this.changes.put(this.name, record.id, record, previous);
    return record;
  }

  /** Applies `change` to a copy of the stored record and stores the result. */
  update(id: string, change: (record: T) => T): T | undefined {
    const current = this.#byId.get(id);
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
    const previous = this.#byId.get(record.id);
    for (const { keyOf, members } of this.#indexes.values()) {
      const before = previous ? keyOf(previous) : null;
      const after = keyOf(record);
      if (previous && before === after) continue;
      if (previous) removeMember(members, before, record.id);
      addMember(members, after, record.id);
    }
    this.#byId.set(record.id, record);
    return previous;
  }

  #remove(id: string): T | undefined {
    const previous = this.#byId.get(id);
    if (!previous) return undefined;
    for (const { keyOf, members } of this.#indexes.values()) removeMember(members, keyOf(previous), id);
    this.#byId.delete(id);
    return previous;
  }

  /** The first record under `key` in the named index (for indexes that hold one record per key). */
  firstBy(index: I, key: string): T | undefined {
    const ids = this.#indexes.get(index)?.members.get(key);
    if (!ids) return undefined;
    for (const id of ids) return this.#byId.get(id);
    return undefined;
  }

  /** Records under `key` in the named index, in insertion order. */
  listBy(index: I, key: string): T[] {
    const ids = this.#indexes.get(index)?.members.get(key);
    if (!ids) return [];
    const out: T[] = [];
    for (const id of ids) {
      const record = this.#byId.get(id);
      if (record) out.push(record);
    }
    return out;
  }

  values(): IterableIterator<T> {
    return this.#byId.values();
  }
}

function addMember(members: Map<string, Set<string>>, key: string | null, id: string) {
  if (key === null) return;
  let set = members.get(key);
  if (!set) {
    set = new Set();
    members.set(key, set);
  }
  set.add(id);
}

function removeMember(members: Map<string, Set<string>>, key: string | null, id: string) {
  if (key === null) return;
  const set = members.get(key);
  if (!set) return;
  set.delete(id);
  if (set.size === 0) members.delete(key);
}
