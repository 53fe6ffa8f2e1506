/** Receives every mutation so persistence can append it; memory mode passes a no-op. */
export interface ChangeSink {
  put(collection: string, id: string, record: unknown): void;
  delete(collection: string, id: string): void;
}

export const NO_CHANGES: ChangeSink = { put() {}, delete() {} };

type KeyOf<T> = (record: T) => string | null;

/**
 * A named set of records keyed by id, with secondary indexes so that per-caller and per-parent listings touch only
 * that caller's or parent's records, never every record of every tenant.
 */
export class Collection<T extends { id: string }, I extends string = never> {
  readonly #byId: Map<string, T>;
  readonly #indexes = new Map<I, { keyOf: KeyOf<T>; members: Map<string, Set<string>> }>();

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
    const previous = this.#byId.get(record.id);
    for (const { keyOf, members } of this.#indexes.values()) {
      const before = previous ? keyOf(previous) : null;
      const after = keyOf(record);
      if (previous && before === after) continue;
      if (previous) removeMember(members, before, record.id);
      addMember(members, after, record.id);
    }
    this.#byId.set(record.id, record);
    this.changes.put(this.name, record.id, record);
    return record;
  }

  /** Applies `change` to a copy of the stored record and stores the result. */
  update(id: string, change: (record: T) => T): T | undefined {
    const current = this.#byId.get(id);
    return current ? this.put(change(current)) : undefined;
  }

  delete(id: string): boolean {
    const previous = this.#byId.get(id);
    if (!previous) return false;
    for (const { keyOf, members } of this.#indexes.values()) removeMember(members, keyOf(previous), id);
    this.#byId.delete(id);
    this.changes.delete(this.name, id);
    return true;
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
