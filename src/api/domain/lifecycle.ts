import { roundSynthesis, sampleSizes } from "../../content/index.js";
import type { JobKind, SimulationRecord } from "../../store/index.js";
import type { JobHandler } from "../clock/scheduler.js";
import { phaseDurations } from "../config/presets.js";
import { type Services, timestamp } from "../services.js";
import { runStall } from "./fates.js";
import { finishRetest } from "./populations.js";
import { simulationsOfRound, touchProject } from "./projects.js";
import { draftPlan, prepareContent, simulationContent } from "./simulation-content.js";

/**
 * What happens when background work falls due. Each step checks the state it expects, so a job that finds its
 * subject gone or already moved on (deleted, failed by a scenario) does nothing.
 */
export function lifecycleHandlers(services: Services): Record<JobKind, JobHandler> {
  return {
    finish_planning: (job) => finishPlanning(services, job.subject),
    finish_run: (job) => finishRun(services, job.subject),
    fail_run: (job) => failRunNow(services, job.subject),
    stall_run: markedOnly,
    finish_synthesis: (job) => finishSynthesis(services, job.subject),
    finish_retest: (job) => finishRetest(services, job.subject),
  };
}

/** A job that only marks a moment (see JobKind): what changes then is read off the clock, nothing is written. */
function markedOnly(): void {}

/**
 * The plan is generated again whenever it is read (see simulation-content.ts); its title is kept, and the question cap
 * in effect, which a restart with another --max-questions would change.
 */
export function finishPlanning(services: Services, simulationId: string): void {
  const simulation = services.world.simulations.get(simulationId);
  if (simulation?.status !== "planning") return;
  const failure = simulation.fate?.planning?.fail;
  if (failure) {
    const now = timestamp(services);
    services.world.simulations.put({ ...simulation, status: "failed", error: failure.error, updated_at: now });
    return;
  }
  const planning = { ...simulation, planMaxQuestions: services.options.maxQuestions };
  const draft = draftPlan(services, planning);
  if (!draft) return;
  const now = timestamp(services);
  services.world.simulations.put({
    ...planning,
    title: simulation.title ?? draft.title,
    status: "planned",
    planned_at: now,
    updated_at: now,
  });
}

/** Results, synthesis and report are generated when read (see simulation-content.ts). */
export function finishRun(services: Services, simulationId: string): void {
  const simulation = services.world.simulations.get(simulationId);
  if (simulation?.status !== "running") return;
  if (simulation.fate?.running?.fail) {
    failRunNow(services, simulationId);
    return;
  }
  // A held run released before it reached its stall has a stall_run still pending: it marks nothing any more.
  services.scheduler.cancel(simulation.id);
  const now = timestamp(services);
  const completed = services.world.simulations.put({
    ...simulation,
    status: "completed",
    progress: null,
    completed_at: now,
    updated_at: now,
  });
  if (simulation.project_id) touchProject(services, simulation.project_id, now);
  prepareContent(services, completed);
}

/** A scenario's failure of the run, at the moment it was due (see domain/fates.ts). */
export function failRunNow(services: Services, simulationId: string): void {
  const simulation = services.world.simulations.get(simulationId);
  const failure = simulation?.fate?.running?.fail;
  if (simulation?.status !== "running" || !failure) return;
  services.scheduler.cancel(simulation.id);
  const now = timestamp(services);
  services.world.simulations.put({
    ...simulation,
    status: "failed",
    progress: null,
    error: failure.error,
    updated_at: now,
  });
}

/** Progress of a running simulation, read off the clock: smooth, and exact at the moment the run finishes. */
/** A running simulation's respondent count, per record: a poller reads it on every GET, and it costs a SHA-256. */
const totals = new WeakMap<SimulationRecord, number>();

function respondentsOf(services: Services, simulation: SimulationRecord): number {
  let total = totals.get(simulation);
  if (total === undefined) {
    const { id, mode, user_model_ids, goal } = simulation;
    total = sampleSizes(id, mode, user_model_ids.length, services.world.seed, goal).reduce((a, b) => a + b, 0);
    totals.set(simulation, total);
  }
  return total;
}

export function progressOf(services: Services, simulation: SimulationRecord) {
  if (simulation.status !== "running") return null;
  const total = respondentsOf(services, simulation);
  const job = services.scheduler.pending(simulation.id).find((j) => j.kind === "finish_run");
  const started = simulation.started_at ? Date.parse(simulation.started_at) : services.clock.now();
  const elapsed = services.clock.now() - started;
  let share: number;
  if (job?.held !== undefined) {
    const stall = runStall(services, simulation).fraction;
    const usual = phaseDurations(services.options).runningMs;
    share = usual > 0 ? Math.min(stall, Math.max(0, elapsed / usual)) : stall;
  } else {
    const span = job ? job.due_at - started : 0;
    share = span > 0 ? Math.min(1, Math.max(0, elapsed / span)) : 0;
  }
  const completed = Math.min(total, Math.floor(share * total));
  return { completed, total, fraction: total > 0 ? completed / total : 0 };
}

export function finishSynthesis(services: Services, roundId: string): void {
  const found = services.world.rounds.get(roundId);
  if (found?.synthesis_status !== "generating") return;
  // A scenario's say over a synthesis holds for that one synthesis only.
  const { fate, ...round } = found;
  const failure = fate?.synthesis?.fail;
  if (failure) {
    services.world.rounds.put({ ...round, synthesis_status: "failed", synthesis_error: failure.error });
    return;
  }
  const completed = simulationsOfRound(services, round.id).filter((s) => s.status === "completed");
  if (completed.length === 0) {
    services.world.rounds.put({
      ...round,
      synthesis_status: "failed",
      synthesis_error:
        "The round has no completed simulations to synthesise; run at least one simulation in it, then regenerate.",
    });
    return;
  }
  // Stored, unlike a simulation's: the simulations it covers may be deleted later.
  const synthesis = roundSynthesis(
    round,
    completed.map((s) => ({ ...s, results: simulationContent(services, s).results })),
  );
  services.world.rounds.put({
    ...round,
    synthesis,
    synthesis_status: "completed",
    synthesis_error: null,
    synthesisCovers: completed.map((s) => s.id),
  });
}
