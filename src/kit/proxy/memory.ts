/**
 * What the judge remembers of the traffic it has seen: a least-recently-used map with a fixed number of entries, so a
 * proxy left in front of a busy service keeps a flat footprint. An entry forgotten only makes the judge judge less
 * (it never judges from a guess).
 */

/** The default bound: entries (resources, callers' indexes) kept, across all callers. */
export const DEFAULT_MAX_RESOURCES = 10_000;

export class Lru<V> {
  readonly #entries = new Map<string, V>();

  constructor(readonly max: number = DEFAULT_MAX_RESOURCES) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError(`an LRU needs a bound of at least 1 (got ${max})`);
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The entry, marked as used most recently. */
  get(key: string): V | undefined {
    const value = this.#entries.get(key);
    if (value === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }

  /** The entry without marking it used. */
  peek(key: string): V | undefined {
    return this.#entries.get(key);
  }

  set(key: string, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.max) {
      const oldest = this.#entries.keys().next().value as string;
      this.#entries.delete(oldest);
    }
  }

  clear(): void {
    this.#entries.clear();
  }
}
