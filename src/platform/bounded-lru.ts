/**
 * A map that keeps its most recently set or read entries: at most `maxEntries`, and no more than `maxWeight` by their
 * weights in all, except that the most recent entry is kept whatever its weight. The generated-content and JSON-answer
 * caches of simulations both need it (a few 1 MiB inputs would otherwise keep ~1 GiB).
 */
export class BoundedLru<V> {
  readonly #entries = new Map<string, { value: V; weight: number }>();
  #weight = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxWeight: number,
  ) {}

  /** The weight of the entries kept. */
  get weight(): number {
    return this.#weight;
  }

  /** The value under `key`, which becomes the most recent, or undefined. */
  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value` under `key` as the most recent, then forgets the least recent ones past the bounds. */
  set(key: string, value: V, weight: number): void {
    this.#forget(key);
    this.#entries.set(key, { value, weight });
    this.#weight += weight;
    while (this.#entries.size > this.maxEntries || (this.#weight > this.maxWeight && this.#entries.size > 1)) {
      this.#forget(this.#entries.keys().next().value as string);
    }
  }

  /** The value under `key` without making it the most recent. */
  peek(key: string): V | undefined {
    return this.#entries.get(key)?.value;
  }

  delete(key: string): void {
    this.#forget(key);
  }

  clear(): void {
    this.#entries.clear();
    this.#weight = 0;
  }

  #forget(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#weight -= entry.weight;
  }
}
