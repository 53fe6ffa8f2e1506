import { sha256, uint32LE } from "../platform/sha256.js";

/**
 * A small seeded generator (mulberry32). Every generated thing draws from a stream named after what it is for
 * (e.g. the simulation's id), so its content depends only on the seed and that name, never on what other callers do.
 */
export class Random {
  #state: number;

  constructor(...parts: Array<string | number>) {
    this.#state = uint32LE(sha256(parts.join("\u0000")));
  }

  /** A float in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) | 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError("pick from an empty list");
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** A roughly normal draw (sum of uniforms), mean 0, sd ~1. */
  normal(): number {
    let sum = 0;
    for (let i = 0; i < 6; i++) sum += this.next();
    return (sum - 3) / Math.sqrt(0.5);
  }
}
