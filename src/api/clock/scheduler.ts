import { backgroundTimer, nextTurn } from "../../platform/timers.js";
import type { Collection, JobKind, JobRecord } from "../../store/index.js";
import type { Clock } from "./clock.js";
import { ManualClock } from "./clock.js";
import { JobHeap } from "./job-heap.js";

export type JobHandler = (job: JobRecord) => void;

/** The due time of a held job: later than any real one, and still a plain JSON number. */
export const HELD_DUE_AT = Number.MAX_SAFE_INTEGER;

const RETRY_AFTER_FAILED_WRITE_MS = 1_000;

/** The longest background work runs before other requests get their turn. */
const SLICE_MS = 5;

/**
 * The one place background work waits on time. Jobs are records (so --db keeps them across restarts) ordered by due
 * time, then by the order they were scheduled. Due jobs run:
 * - before every request (the edge calls `runDue`), so a request never sees state that should already have moved;
 * - on a single timer armed for the earliest job, with the system clock;
 * - one by one with the clock set to each job's due time, when a manual clock is advanced.
 */
export class Scheduler {
  /** Pending jobs; a job cancelled after it was queued is dropped when it reaches the top (no longer in `jobs`). */
  readonly #queue = new JobHeap();
  #handlers: Partial<Record<JobKind, JobHandler>> = {};
  #cancelTimer: (() => void) | undefined;
  #running = false;
  /** The clock move under way (advanceInSlices, runUntilIdleInSlices): the next one waits for it. */
  #moves: Promise<void> = Promise.resolve();
  #moving = false;
  /** Jobs put back during a move, queued again once it is done. */
  #restored: JobRecord[] = [];
  #sequence = 0;
  #stopped = false;

  constructor(
    readonly clock: Clock,
    readonly jobs: Collection<JobRecord, "subject">,
  ) {
    for (const job of jobs.values()) {
      this.#queue.push(job);
      this.#sequence = Math.max(this.#sequence, job.sequence);
    }
    // A job whose completion could not be written is put back: run it again, though not at once (the disk that
    // refused it is unlikely to work a millisecond later).
    jobs.onRestore((job) => {
      // Not within the clock move that ran it (its writes happen between the move's slices): after it, as when a move
      // ran in one piece, so a disk that keeps failing cannot keep one move running it again.
      if (this.#moving) {
        this.#restored.push(job);
        return;
      }
      this.#queue.push(job);
      this.#arm(RETRY_AFTER_FAILED_WRITE_MS);
    });
  }

  /** Registers what each kind of job does; set once while the app is built. */
  handle(handlers: Partial<Record<JobKind, JobHandler>>): void {
    this.#handlers = { ...this.#handlers, ...handlers };
  }

  schedule(kind: JobKind, subject: string, delayMs: number): JobRecord {
    return this.#add(kind, subject, this.clock.now() + Math.max(0, delayMs), undefined);
  }

  /** A job that never falls due until `release(hold)`: a phase a scenario keeps stuck. */
  hold(kind: JobKind, subject: string, hold: string): JobRecord {
    return this.#add(kind, subject, HELD_DUE_AT, hold);
  }

  /** Every job held under `hold` (or under any hold accepted by the test) falls due now. */
  release(hold: string | ((key: string) => boolean)): number {
    const matches = typeof hold === "string" ? (key: string) => key === hold : hold;
    const released = [...this.jobs.values()].filter((job) => job.held !== undefined && matches(job.held));
    for (const job of released) {
      this.jobs.delete(job.id);
      this.#add(job.kind, job.subject, this.clock.now(), undefined);
    }
    return released.length;
  }

  #add(kind: JobKind, subject: string, dueAt: number, held: string | undefined): JobRecord {
    const sequence = ++this.#sequence;
    const job: JobRecord = { id: `${kind}:${subject}:${sequence}`, kind, subject, due_at: dueAt, sequence };
    if (held !== undefined) job.held = held;
    this.jobs.put(job);
    this.#queue.push(job);
    this.#arm();
    return job;
  }

  /** Drops every pending job of a subject (a deleted simulation, say). */
  cancel(subject: string): void {
    for (const job of this.jobs.listBy("subject", subject)) this.jobs.delete(job.id);
  }

  pending(subject: string): JobRecord[] {
    return this.jobs.listBy("subject", subject);
  }

  /** Runs every job due now, in order, including jobs they schedule that are already due. */
  runDue(): void {
    this.#runSome(Number.POSITIVE_INFINITY);
  }

  /**
   * Runs jobs due now, in order, until none is or `deadline` (performance.now()) has passed; true when none is left
   * due. Background runs and clock moves go a slice at a time so no other request waits long (SLICE_MS).
   */
  #runSome(deadline: number): boolean {
    if (this.#running) return true;
    this.#running = true;
    let ran = false;
    let done = false;
    try {
      for (;;) {
        const next = this.#next();
        if (!next || next.due_at > this.clock.now()) {
          done = true;
          break;
        }
        if (ran && performance.now() >= deadline) break;
        this.#queue.pop();
        this.jobs.delete(next.id);
        ran = true;
        this.#handlers[next.kind]?.(next);
      }
    } finally {
      this.#running = false;
    }
    // Every request calls this; when nothing fell due, the timer armed for the earliest job still stands (re-arming
    // it cost a clearTimeout and a setTimeout per request while any simulation was planning or running).
    if (done && (ran || this.#cancelTimer === undefined)) this.#arm();
    return done;
  }

  /**
   * advance(), a slice of SLICE_MS at a time: between slices other requests are answered (many pending jobs would
   * hold the event loop in one piece). Resolves with the clock's time once every transition up to `ms` ran.
   */
  advanceInSlices(ms: number): Promise<number> {
    return this.#takeTurn(async (clock) => {
      const target = clock.now() + ms;
      await this.#sliced(() => {
        const next = this.#next();
        if (!next || next.due_at > target) return false;
        clock.advance(next.due_at - clock.now());
        return true;
      });
      clock.advance(target - clock.now());
    });
  }

  /** runNext(), a slice at a time (see advanceInSlices). */
  runNextInSlices(): Promise<number> {
    return this.#takeTurn(async (clock) => {
      const due = this.nextDueAt();
      if (due === undefined) return;
      await this.#sliced(() => {
        const next = this.#next();
        if (!next || next.due_at > due) return false;
        clock.advance(next.due_at - clock.now());
        return true;
      });
    });
  }

  /** runUntilIdle(), a slice at a time (see advanceInSlices). */
  runUntilIdleInSlices(limit = 100_000): Promise<number> {
    return this.#takeTurn(async (clock) => {
      let steps = 0;
      await this.#sliced(() => {
        const due = this.nextDueAt();
        if (due === undefined) return false;
        if (steps++ >= limit) throw new Error(`still busy after ${limit} transitions`);
        clock.advance(Math.max(0, due - clock.now()));
        return true;
      });
    });
  }

  /**
   * Runs a move of the manual clock once the one under way is done: requests are answered between the slices of
   * one, but two moves never interleave, as when each ran in one piece (parallel tests each moving one clock).
   * Resolves with the clock's time after it.
   */
  #takeTurn(move: (clock: ManualClock) => Promise<void>): Promise<number> {
    const clock = this.clock;
    if (!(clock instanceof ManualClock)) return Promise.reject(new Error("only a manual clock can be advanced"));
    const run = this.#moves
      .then(async () => {
        this.#moving = true;
        try {
          await move(clock);
        } finally {
          this.#moving = false;
          for (const job of this.#restored.splice(0)) this.#queue.push(job);
          this.#arm(RETRY_AFTER_FAILED_WRITE_MS);
        }
      })
      .then(() => clock.now());
    this.#moves = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  /** Runs what is due, then `step` (moving the clock; false: done) and what is due then, yielding between slices. */
  async #sliced(step: () => boolean): Promise<void> {
    let deadline = performance.now() + SLICE_MS;
    const pause = async () => {
      await nextTurn();
      deadline = performance.now() + SLICE_MS;
    };
    for (;;) {
      while (!this.#runSome(deadline)) await pause();
      if (performance.now() >= deadline) await pause();
      if (!step()) return;
    }
  }

  /**
   * Moves a manual clock forward by `ms`, stopping at each job's due time to run it, so every transition happens at
   * the moment it would have happened in real time.
   */
  advance(ms: number): number {
    if (!(this.clock instanceof ManualClock)) throw new Error("only a manual clock can be advanced");
    const target = this.clock.now() + ms;
    this.runDue();
    for (;;) {
      const next = this.#next();
      if (!next || next.due_at > target) break;
      this.clock.advance(next.due_at - this.clock.now());
      this.runDue();
    }
    this.clock.advance(target - this.clock.now());
    return this.clock.now();
  }

  /** When the next job that is not held falls due (undefined when none is pending). */
  nextDueAt(): number | undefined {
    const next = this.#next();
    return next && next.held === undefined ? next.due_at : undefined;
  }

  /**
   * Moves a manual clock to the next transition and runs it (with everything due at that same moment); does nothing
   * when no job is pending. Held jobs never count: they wait for their scenario, not for time.
   */
  runNext(): number {
    const due = this.nextDueAt();
    if (due === undefined) return this.clock.now();
    return this.advance(Math.max(0, due - this.clock.now()));
  }

  /** Runs transitions one after another until no job is pending (held ones aside); a test never guesses durations. */
  runUntilIdle(limit = 100_000): number {
    for (let steps = 0; this.nextDueAt() !== undefined; steps++) {
      if (steps >= limit) throw new Error(`still busy after ${limit} transitions`);
      this.runNext();
    }
    return this.clock.now();
  }

  /** Forgets every pending job (a reset of the mock); the jobs collection is emptied by the caller. */
  clear(): void {
    while (this.#queue.pop()) {}
    this.#sequence = 0;
    this.#arm();
  }

  /** Starts timer-driven runs (system clock only) and completes work that fell due while the mock was down. */
  start(): void {
    this.#stopped = false;
    this.runDue();
  }

  stop(): void {
    this.#stopped = true;
    this.#cancelTimer?.();
    this.#cancelTimer = undefined;
  }

  /** The earliest job still pending, dropping cancelled ones on the way. */
  #next(): JobRecord | undefined {
    for (;;) {
      const top = this.#queue.peek();
      if (!top || this.jobs.get(top.id)) return top;
      this.#queue.pop();
    }
  }

  #arm(minDelayMs = 0) {
    this.#cancelTimer?.();
    this.#cancelTimer = undefined;
    const next = this.#next();
    if (this.#stopped || !next || this.clock.kind !== "system") return;
    // setTimeout caps at ~24.8 days; a later job is re-armed when this fires.
    const delay = Math.min(Math.max(minDelayMs, next.due_at - this.clock.now()), 2 ** 31 - 1);
    const run = () => {
      this.#cancelTimer = undefined; // fired: runDue arms the next one even if nothing is due yet
      // A slice at a time: jobs due together (a burst of creates) do not hold every request behind them.
      if (!this.#runSome(performance.now() + SLICE_MS)) this.#cancelTimer = backgroundTimer(run, 0);
    };
    this.#cancelTimer = backgroundTimer(run, delay);
  }
}
