/**
 * Bytes of request bodies being read at once, across every request of the process. The JSON limit caps one body; this
 * caps them all together, so a few hundred slow clients each holding most of a 1 MiB body cannot take the process to
 * hundreds of MiB. A request that would go over it is answered 503 without its body being read.
 * Uvicorn has no such limit (nor a body timeout); `--limit-concurrency` is its nearest, answering 503 too.
 */
export class BodyBudget {
  #used = 0;

  constructor(readonly limit: number) {}

  get used(): number {
    return this.#used;
  }

  /** Takes `bytes` from the budget when they fit; false (nothing taken) when they do not. */
  reserve(bytes: number): boolean {
    if (this.#used + bytes > this.limit) return false;
    this.#used += bytes;
    return true;
  }

  release(bytes: number): void {
    this.#used = Math.max(0, this.#used - bytes);
  }
}

/** Bodies being read at once, in all: 64 requests' worth of the largest JSON body. */
export const BODIES_IN_FLIGHT_BYTES = 64 * 1024 * 1024;

/** The process's budget: every app in it shares it, as they share the process's memory. */
export const bodiesInFlight = new BodyBudget(BODIES_IN_FLIGHT_BYTES);
