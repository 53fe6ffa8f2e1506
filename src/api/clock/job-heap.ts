import type { JobRecord } from "../../store/index.js";

/** A binary min-heap of jobs by (due_at, sequence): O(log n) to add or take the next, whatever the backlog. */
export class JobHeap {
  readonly #items: JobRecord[] = [];

  get size(): number {
    return this.#items.length;
  }

  peek(): JobRecord | undefined {
    return this.#items[0];
  }

  push(job: JobRecord): void {
    const items = this.#items;
    items.push(job);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (before(items[parent] as JobRecord, job)) break;
      items[i] = items[parent] as JobRecord;
      i = parent;
    }
    items[i] = job;
  }

  pop(): JobRecord | undefined {
    const items = this.#items;
    const top = items[0];
    const last = items.pop();
    if (top === undefined || last === undefined || items.length === 0) return top;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= items.length) break;
      const right = left + 1;
      const child = right < items.length && before(items[right] as JobRecord, items[left] as JobRecord) ? right : left;
      if (before(last, items[child] as JobRecord)) break;
      items[i] = items[child] as JobRecord;
      i = child;
    }
    items[i] = last;
    return top;
  }
}

export function before(a: JobRecord, b: JobRecord): boolean {
  return a.due_at < b.due_at || (a.due_at === b.due_at && a.sequence < b.sequence);
}
