/**
 * Tracks which records changed since the last flush. The store calls `put`/`delete` on every mutation; the journal
 * adapter drains the log once per flush. Changes coalesce by (collection, id): only the last change to a record
 * between two flushes is kept, so a flush costs O(records changed), however often each was written.
 *
 * Records are kept by reference and serialised at flush time, so a record mutated in place after `put` is persisted
 * in its latest state (the store should still call `put` again so the record is marked dirty).
 */

export type Change =
  | { readonly kind: "put"; readonly collection: string; readonly id: string; readonly record: unknown }
  | { readonly kind: "delete"; readonly collection: string; readonly id: string };

export interface ChangeLogOptions {
  /** When false, `put`/`delete` are no-ops (memory mode: nothing is ever flushed). Default true. */
  enabled?: boolean;
}

export class ChangeLog {
  readonly enabled: boolean;
  #pending = new Map<string, Map<string, Change>>();
  #size = 0;

  constructor(options: ChangeLogOptions = {}) {
    this.enabled = options.enabled ?? true;
  }

  /** Number of distinct (collection, id) pairs waiting to be flushed. */
  get size(): number {
    return this.#size;
  }

  get dirty(): boolean {
    return this.#size > 0;
  }

  put(collection: string, id: string, record: unknown): void {
    if (!this.enabled) return;
    if (record === undefined) throw new TypeError(`ChangeLog.put(${collection}, ${id}): record is undefined`);
    this.#set({ kind: "put", collection: checkName("collection", collection), id: checkName("id", id), record });
  }

  delete(collection: string, id: string): void {
    if (!this.enabled) return;
    this.#set({ kind: "delete", collection: checkName("collection", collection), id: checkName("id", id) });
  }

  /** Returns every pending change (one per record) and empties the log. */
  drain(): Change[] {
    const out: Change[] = [];
    for (const byId of this.#pending.values()) for (const change of byId.values()) out.push(change);
    this.#pending = new Map();
    this.#size = 0;
    return out;
  }

  /**
   * Puts back changes that were drained but could not be persisted. A change recorded since the drain is newer and
   * wins over the restored one.
   */
  restore(changes: readonly Change[]): void {
    for (const change of changes) {
      const byId = this.#pending.get(change.collection);
      if (byId?.has(change.id)) continue;
      this.#set(change);
    }
  }

  clear(): void {
    this.#pending = new Map();
    this.#size = 0;
  }

  #set(change: Change): void {
    let byId = this.#pending.get(change.collection);
    if (!byId) {
      byId = new Map();
      this.#pending.set(change.collection, byId);
    }
    const before = byId.size;
    byId.set(change.id, change);
    if (byId.size !== before) this.#size++;
  }
}

function checkName(what: string, value: string): string {
  if (typeof value !== "string" || value === "") throw new TypeError(`ChangeLog: ${what} must be a non-empty string`);
  return value;
}
