import type { JobHandler } from "../clock/scheduler.js";
import { phaseDurations } from "../config.js";
import { findGoal } from "../content/goals.js";
import { generatePlan } from "../content/plans.js";
import {
  journeyReport,
  journeySynthesis,
  researchReport,
  researchSynthesis,
  roundSynthesis,
} from "../content/reports.js";
import { journeyResults, researchResults, sampleSizes } from "../content/results.js";
import { type Services, timestamp } from "../services.js";
import type { JobKind, JsonObject, SimulationRecord, UserModelRecord } from "../world/records.js";
import { simulationsOfRound, touchProject } from "./projects.js";

/**
 * What happens when background work falls due. Each step checks the state it expects, so a job that finds its
 * subject gone or already moved on (deleted, failed by a scenario) does nothing.
 */
export function lifecycleHandlers(services: Services): Record<JobKind, JobHandler> {
  return {
    finish_planning: (job) => finishPlanning(services, job.subject),
    finish_run: (job) => finishRun(services, job.subject),
    fail_run: (job) => failRunNow(services, job.subject),
    finish_synthesis: (job) => finishSynthesis(services, job.subject),
  };
}

function modelsOf(services: Services, simulation: SimulationRecord): UserModelRecord[] {
  return simulation.user_model_ids
    .map((id) => services.world.userModels.get(id))
    .filter((model): model is UserModelRecord => model !== undefined);
}

export function finishPlanning(services: Services, simulationId: string): void {
  const simulation = services.world.simulations.get(simulationId);
  if (simulation?.status !== "planning") return;
  const failure = simulation.fate?.planning?.fail;
  if (failure) {
    const now = timestamp(services);
    services.world.simulations.put({ ...simulation, status: "failed", error: failure.error, updated_at: now });
    return;
  }
  const goal = findGoal(services.content.goals, simulation.mode, simulation.goal);
  if (!goal) return;
  const context = simulation.context_id ? services.world.contexts.get(simulation.context_id) : undefined;
  const { plan, title } = generatePlan(simulation, goal, context, services.world.seed);
  const now = timestamp(services);
  services.world.simulations.put({
    ...simulation,
    plan,
    title: simulation.title ?? title,
    status: "planned",
    planned_at: now,
    updated_at: now,
  });
}

export function finishRun(services: Services, simulationId: string): void {
  const simulation = services.world.simulations.get(simulationId);
  if (simulation?.status !== "running" || !simulation.plan) return;
  if (simulation.fate?.running?.fail) {
    failRunNow(services, simulationId);
    return;
  }
  const models = modelsOf(services, simulation);
  const title = simulation.title ?? "Simulation";
  const seed = services.world.seed;
  let results: JsonObject;
  let synthesis: string;
  let markdown: string;
  if (simulation.mode === "research") {
    const research = researchResults(simulation, simulation.plan, models, seed);
    results = research as unknown as JsonObject;
    synthesis = researchSynthesis(title, research);
    markdown = researchReport(title, simulation.plan, research);
  } else {
    const journey = journeyResults(simulation, simulation.plan, models, seed);
    results = journey as unknown as JsonObject;
    synthesis = journeySynthesis(title, journey);
    markdown = journeyReport(title, simulation.plan, journey);
  }
  const now = timestamp(services);
  services.world.simulations.put({
    ...simulation,
    status: "completed",
    progress: null,
    results,
    synthesis,
    markdown,
    completed_at: now,
    updated_at: now,
  });
  if (simulation.project_id) touchProject(services, simulation.project_id);
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

/**
 * Progress of a running simulation, read off the clock: smooth, and exact at the moment the run finishes. A run held
 * by a scenario climbs at its usual pace until it stalls (at `stall_at` of the way, half by default).
 */
export function progressOf(services: Services, simulation: SimulationRecord) {
  if (simulation.status !== "running") return null;
  const total = sampleSizes(
    simulation.id,
    simulation.mode,
    simulation.user_model_ids.length,
    services.world.seed,
  ).reduce((a, b) => a + b, 0);
  const job = services.scheduler.pending(simulation.id).find((j) => j.kind === "finish_run");
  const started = simulation.started_at ? Date.parse(simulation.started_at) : services.clock.now();
  const elapsed = services.clock.now() - started;
  let share: number;
  if (job?.held !== undefined) {
    const stall = simulation.fate?.running?.stall_at ?? 0.5;
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
  const synthesis = roundSynthesis(round, completed);
  services.world.rounds.put({
    ...round,
    synthesis,
    synthesis_status: "completed",
    synthesis_error: null,
    synthesisCovers: completed.map((s) => s.id),
  });
}
