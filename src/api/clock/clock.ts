/** Where the mock reads the time. Every timestamp and every scheduled transition goes through a Clock. */
export interface Clock {
  readonly kind: "system" | "manual";
  now(): number;
}

export class SystemClock implements Clock {
  readonly kind = "system";
  now(): number {
    return Date.now();
  }
}

/** Moves only when told, so a run against it is reproducible to the millisecond. */
export class ManualClock implements Clock {
  readonly kind = "manual";
  #now: number;
  constructor(start: number) {
    this.#now = start;
  }
  now(): number {
    return this.#now;
  }
  advance(ms: number): number {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError("a clock only moves forward");
    this.#now += ms;
    return this.#now;
  }
  /** Back to a start (a reset of the mock): the one way this clock goes back. */
  reset(to: number): void {
    this.#now = to;
  }
}

export const MANUAL_CLOCK_DEFAULT_START = Date.parse("2026-01-01T00:00:00Z");

export { isoTimestamp } from "../../platform/iso-time.js";
