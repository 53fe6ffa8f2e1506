import { describe, expect, it, vi } from "vitest";
import { World } from "../../store/world.js";
import { isoTimestamp, ManualClock, SystemClock } from "./clock.js";
import { Scheduler } from "./scheduler.js";

const START = Date.parse("2026-01-01T00:00:00Z");

function setup(collections = {}) {
  const clock = new ManualClock(START);
  const world = new World(1, collections);
  const scheduler = new Scheduler(clock, world.jobs);
  const ran: string[] = [];
  scheduler.handle({
    finish_planning: (job) => ran.push(`plan ${job.subject} @${isoTimestamp(clock.now())}`),
    finish_run: (job) => ran.push(`run ${job.subject} @${isoTimestamp(clock.now())}`),
  });
  return { clock, world, scheduler, ran };
}

describe("Scheduler", () => {
  it("should run each due job at its own due time, in due order, when a manual clock is advanced", () => {
    const { scheduler, ran, clock } = setup();
    scheduler.schedule("finish_run", "b", 2000);
    scheduler.schedule("finish_planning", "a", 500);
    scheduler.schedule("finish_planning", "c", 5000);
    expect(scheduler.advance(3000)).toBe(START + 3000);
    expect(ran).toEqual(["plan a @2026-01-01T00:00:00.500Z", "run b @2026-01-01T00:00:02.000Z"]);
    expect(clock.now()).toBe(START + 3000);
  });

  it("should keep scheduling order for jobs due at the same millisecond", () => {
    const { scheduler, ran } = setup();
    for (const subject of ["x", "y", "z"]) scheduler.schedule("finish_planning", subject, 100);
    scheduler.advance(100);
    expect(ran.map((line) => line.split(" ")[1])).toEqual(["x", "y", "z"]);
  });

  it("should run jobs that a job schedules when they fall due within the same advance", () => {
    const clock = new ManualClock(START);
    const chained = new Scheduler(clock, new World(1).jobs);
    const ran: string[] = [];
    chained.handle({
      finish_planning: (job) => {
        ran.push(`planned ${job.subject}`);
        chained.schedule("finish_run", job.subject, 1000);
      },
      finish_run: (job) => ran.push(`ran ${job.subject} @${clock.now() - START}`),
    });
    chained.schedule("finish_planning", "s", 300);
    chained.advance(2000);
    expect(ran).toEqual(["planned s", "ran s @1300"]);
  });

  it("should not run a cancelled job", () => {
    const { scheduler, ran } = setup();
    scheduler.schedule("finish_planning", "gone", 10);
    scheduler.schedule("finish_planning", "kept", 20);
    scheduler.cancel("gone");
    scheduler.advance(100);
    expect(ran).toEqual(["plan kept @2026-01-01T00:00:00.020Z"]);
  });

  it("should run only what is already due on runDue", () => {
    const { scheduler, ran, clock } = setup();
    scheduler.schedule("finish_planning", "now", 0);
    scheduler.schedule("finish_planning", "later", 10);
    scheduler.runDue();
    expect(ran).toEqual(["plan now @2026-01-01T00:00:00.000Z"]);
    expect(clock.now()).toBe(START);
  });

  it("should pick up persisted jobs after a restart and complete those already due", () => {
    const collections = {};
    const first = setup(collections);
    first.scheduler.schedule("finish_run", "survivor", 1000);
    const second = setup(collections);
    second.clock.advance(5000);
    second.scheduler.runDue();
    expect(second.ran).toEqual(["run survivor @2026-01-01T00:00:05.000Z"]);
    expect(second.world.jobs.size).toBe(0);
  });

  it("should run a job on its timer when the job it was armed for was cancelled and requests came in between", () => {
    vi.useFakeTimers({ now: START });
    try {
      const world = new World(1);
      const scheduler = new Scheduler(new SystemClock(), world.jobs);
      const ran: string[] = [];
      scheduler.handle({ finish_planning: (job) => ran.push(job.subject) });
      scheduler.start();
      scheduler.schedule("finish_planning", "gone", 50);
      scheduler.schedule("finish_planning", "kept", 100);
      scheduler.cancel("gone");
      for (let i = 0; i < 3; i++) scheduler.runDue(); // requests: nothing due, the armed timer stands
      vi.advanceTimersByTime(60); // the timer armed for "gone" fires with nothing due
      expect(ran).toEqual([]);
      vi.advanceTimersByTime(40);
      expect(ran).toEqual(["kept"]);
      scheduler.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it("should run to the next transition, or until idle, never waiting for a held job", () => {
    const { scheduler, ran, clock } = setup();
    scheduler.schedule("finish_planning", "a", 500);
    scheduler.hold("finish_run", "stuck", "hold-key");
    scheduler.schedule("finish_run", "b", 2000);
    expect(scheduler.runNext()).toBe(START + 500);
    expect(ran).toEqual(["plan a @2026-01-01T00:00:00.500Z"]);
    expect(scheduler.runUntilIdle()).toBe(START + 2000);
    expect(ran).toHaveLength(2);
    expect(scheduler.nextDueAt()).toBeUndefined();
    expect(scheduler.release("another-key")).toBe(0);
    expect(scheduler.release("hold-key")).toBe(1);
    scheduler.runDue();
    expect(ran.at(-1)).toBe(`run stuck @${isoTimestamp(clock.now())}`);
  });
});
