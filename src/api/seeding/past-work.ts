import type { JobRecord, SimulationRecord, SimulationStatus } from "../../store/index.js";
import { Collection, NO_CHANGES } from "../../store/index.js";
import { ManualClock } from "../clock/clock.js";
import { Scheduler } from "../clock/scheduler.js";
import type { Caller } from "../domain/callers.js";
import { lifecycleHandlers } from "../domain/lifecycle.js";
import { type CreateSimulationInput, createSimulation, runSimulation } from "../domain/simulations.js";
import { type Services, timestamp } from "../services.js";

/**
 * Work done before now, through the domain functions as requests would do it, on a manual clock of its own that
 * starts in the past and a scheduler of its own, over the live world: the demo world's history, and a simulation a
 * test asks for in a given state (POST /__mock/simulations). What is still under way at the end is left to the live
 * clock and scheduler.
 */

/** Between a simulation's plan and its run: someone read the plan first. */
export const REVIEW_MS = 10 * 60_000;
/** Past work runs on realistic durations whatever `--timing` says, so its timestamps read like real work. */
export const HISTORY_TIMING = { planningMs: 3000, runningMs: 12_000, synthesisMs: 4000, retestMs: 5000 };

export interface PastWork {
  readonly live: Services;
  readonly past: Services;
  readonly clock: ManualClock;
  readonly scheduler: Scheduler;
}

/** Services over the live world whose clock starts at `startMs` and whose jobs all run on their own scheduler. */
export function pastWork(live: Services, startMs: number): PastWork {
  const clock = new ManualClock(startMs);
  const jobs = new Collection<JobRecord, "subject">("past-work-jobs", new Map(), NO_CHANGES, {
    subject: (job) => job.subject,
  });
  const scheduler = new Scheduler(clock, jobs);
  const past: Services = { ...live, clock, scheduler, options: { ...live.options, ...HISTORY_TIMING } };
  scheduler.handle(lifecycleHandlers(past));
  return { live, past, clock, scheduler };
}

/** How long the past takes to bring a simulation to a status it keeps (completed, failed) from its creation. */
export const PAST_SIMULATION_MS = HISTORY_TIMING.planningMs + REVIEW_MS + HISTORY_TIMING.runningMs;

/**
 * A simulation made in the past and taken to `status`: planned, completed, or failed (its run stopped a third of the
 * way, with `error`). A running one is planned in the past and run by `runNow` (live: it keeps running after).
 */
export function pastSimulation(
  work: PastWork,
  caller: Caller,
  input: CreateSimulationInput,
  status: Exclude<SimulationStatus, "planning">,
  error: string | null,
  runNow: (id: string) => void,
): SimulationRecord {
  const { past, scheduler } = work;
  const created = createSimulation(past, caller, input);
  scheduler.advance(HISTORY_TIMING.planningMs);
  if (status === "running") runNow(created.id);
  if (status === "planned" || status === "running") return created;
  scheduler.advance(REVIEW_MS);
  runSimulation(past, caller, created.id);
  if (status === "completed") {
    scheduler.advance(HISTORY_TIMING.runningMs);
    return created;
  }
  // failed: in the API only scenarios get there; here the run stops a third of the way through.
  scheduler.advance(Math.round(HISTORY_TIMING.runningMs / 3));
  scheduler.cancel(created.id);
  const running = past.world.simulations.get(created.id) as SimulationRecord;
  return past.world.simulations.put({ ...running, status: "failed", error, updated_at: timestamp(past) });
}

/**
 * A simulation of `caller` in `status` now: planning is created now on the live clock (it plans as any new one);
 * the others come from the past (pastSimulation), the running one run now.
 */
export function simulationInStatus(
  live: Services,
  caller: Caller,
  input: CreateSimulationInput,
  status: SimulationStatus,
  error: string | null,
): SimulationRecord {
  if (status === "planning") return createSimulation(live, caller, input);
  const work = pastWork(live, live.clock.now() - PAST_SIMULATION_MS - 60_000);
  const made = pastSimulation(work, caller, input, status, error, (id) => runSimulation(live, caller, id));
  return live.world.simulations.get(made.id) as SimulationRecord;
}
