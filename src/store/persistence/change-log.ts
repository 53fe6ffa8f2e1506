/**
 * Tracks which records changed since the last write, and what to put back if a write fails. The store calls
 * `put`/`delete` on every mutation; the journal adapter drains the log once per write and reports how it went
 * (`written` / `failed`). Changes coalesce by (collection, id): only the last change to a record between two writes
 * is kept, so a write costs O(records changed), however often each was written.
 *
 * Records are kept by reference and serialised at write time, so a record mutated in place after `put` is persisted
 * in its latest state (the store should still call `put` again so the record is marked dirty).
 *
 * Acknowledgement: `written()` hands out a promise that settles when every change reported so far is on disk. If a
 * write fails, every change not yet written (the failed batch and any made since) is undone in memory through the
 * store's hooks (`attach`), back to the state last written, and the promises reject with the error: nothing a
 * caller was told about is lost, and memory never holds what the disk does not.
 */
import type { DamagedRecord, IndexKeys, StoreHooks, WriteFailed } from "../collection.js";

export type Change =
  | { readonly kind: "put"; readonly collection: string; readonly id: string; readonly record: unknown }
  | { readonly kind: "delete"; readonly collection: string; readonly id: string };

export interface ChangeLogOptions {
  /** When false, `put`/`delete` are no-ops (memory mode: nothing is ever flushed). Default true. */
  enabled?: boolean;
}

interface Deferred {
  readonly promise: Promise<void>;
  resolve(): void;
  reject(error: Error): void;
}

function deferred(): Deferred {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  // Nobody may be waiting (background work): a failed write is reported by the persistence layer, not as an
  // unhandled rejection. Waiters still see the rejection.
  promise.catch(() => {});
  return { promise, resolve, reject };
}

/** The record a change replaced (undefined: none) and the last batch that changed it since it was last written. */
interface Undo {
  readonly previous: unknown;
  batch: number;
}

export class ChangeLog {
  readonly enabled: boolean;
  /** Called when the log goes from empty to not empty: the owner schedules a write. */
  onFirstChange: (() => void) | undefined;
  /** Called when the store leaves out a record that failed its check when read (see ChangeSink.quarantined). */
  onQuarantine: ((collection: string, id: string, damage: DamagedRecord) => void) | undefined;
  #pending = new Map<string, Map<string, Change>>();
  #size = 0;
  /** Number of the batch being collected; drain() hands it to the writer and starts the next one. */
  #batch = 1;
  /** Settles with the batch being collected; made when somebody asks. */
  #collecting: Deferred | null = null;
  /** The drained batch being written, if any. */
  #writing: { batch: number; done: Deferred | null } | null = null;
  readonly #undo = new Map<string, Map<string, Undo>>();
  #store: StoreHooks | undefined;
  #stamp: (() => void) | undefined;

  constructor(options: ChangeLogOptions = {}) {
    this.enabled = options.enabled ?? true;
  }

  /** Number of distinct (collection, id) pairs waiting to be written. */
  get size(): number {
    return this.#size;
  }

  get dirty(): boolean {
    return this.#size > 0;
  }

  /** `previous` is the record this one replaces, undefined when there was none (it is what a failed write restores). */
  put(collection: string, id: string, record: unknown, previous?: unknown): void {
    if (!this.enabled) return;
    if (record === undefined) throw new TypeError(`ChangeLog.put(${collection}, ${id}): record is undefined`);
    this.#set(
      { kind: "put", collection: checkName("collection", collection), id: checkName("id", id), record },
      previous,
    );
  }

  delete(collection: string, id: string, previous?: unknown): void {
    if (!this.enabled) return;
    this.#set({ kind: "delete", collection: checkName("collection", collection), id: checkName("id", id) }, previous);
  }

  quarantined(collection: string, id: string, damage: DamagedRecord): void {
    this.onQuarantine?.(collection, id, damage);
  }

  /** The store's hooks: how to undo a change whose write failed, and a record's index keys (written beside it). */
  attach(store: StoreHooks): void {
    this.#store = store;
  }

  /** The store's change that says when a write was made: made at each drain that has changes, and drained with them. */
  stampWith(stamp: () => void): void {
    this.#stamp = stamp;
  }

  indexKeys(collection: string, record: unknown): IndexKeys | undefined {
    return this.#store?.indexKeys(collection, record);
  }

  /** Settles when every change reported so far is written (see the top); undefined when nothing is waiting. */
  written(): Promise<void> | undefined {
    if (this.#size > 0) {
      this.#collecting ??= deferred();
      return this.#collecting.promise;
    }
    if (this.#writing) {
      this.#writing.done ??= deferred();
      return this.#writing.done.promise;
    }
    return undefined;
  }

  /**
   * Returns every pending change (one per record) and empties the log. The writer must then call `committed` or
   * `failed` before draining again.
   */
  drain(): Change[] {
    if (this.#size > 0) this.#stamp?.();
    const out: Change[] = [];
    for (const byId of this.#pending.values()) for (const change of byId.values()) out.push(change);
    this.#pending = new Map();
    this.#size = 0;
    if (out.length > 0) this.#writing = { batch: this.#batch, done: this.#collecting };
    this.#collecting = null;
    this.#batch++;
    return out;
  }

  /** The drained changes are on disk: their waiters are answered and their undo records dropped. */
  committed(changes: readonly Change[]): void {
    const writing = this.#writing;
    this.#writing = null;
    if (!writing) return;
    for (const change of changes) {
      const byId = this.#undo.get(change.collection);
      const undo = byId?.get(change.id);
      // Changed again since it was drained: keep the record to restore until that change is written too.
      if (undo && undo.batch <= writing.batch) byId?.delete(change.id);
    }
    writing.done?.resolve();
  }

  /**
   * The drained changes could not be written. Every change not yet on disk (these and any made since) is undone in
   * memory, the log is emptied, and everyone waiting gets `error`.
   */
  failed(error: WriteFailed): void {
    const waiting = [this.#writing?.done, this.#collecting];
    this.#writing = null;
    this.#collecting = null;
    this.#pending = new Map();
    this.#size = 0;
    this.#batch++;
    const undo = [...this.#undo].flatMap(([collection, byId]) =>
      [...byId].map(([id, { previous }]) => ({ collection, id, previous })),
    );
    this.#undo.clear();
    for (const { collection, id, previous } of undo) this.#store?.restore(collection, id, previous);
    for (const done of waiting) done?.reject(error);
  }

  clear(): void {
    this.#pending = new Map();
    this.#size = 0;
  }

  #set(change: Change, previous: unknown): void {
    let byId = this.#pending.get(change.collection);
    if (!byId) {
      byId = new Map();
      this.#pending.set(change.collection, byId);
    }
    const before = byId.size;
    byId.set(change.id, change);
    const added = byId.size !== before;
    if (added) this.#size++;

    let undoById = this.#undo.get(change.collection);
    if (!undoById) {
      undoById = new Map();
      this.#undo.set(change.collection, undoById);
    }
    const undo = undoById.get(change.id);
    if (undo) undo.batch = this.#batch;
    else undoById.set(change.id, { previous, batch: this.#batch });

    if (added && this.#size === 1) this.onFirstChange?.();
  }
}

function checkName(what: string, value: string): string {
  if (typeof value !== "string" || value === "") throw new TypeError(`ChangeLog: ${what} must be a non-empty string`);
  return value;
}
