import type { JobHandler } from "../clock/scheduler.js";
import { roundSynthesis } from "../content/reports.js";
import { sampleSizes } from "../content/results.js";
import { type Services, timestamp } from "../services.js";
import type { JobKind, SimulationRecord } from "../world/records.js";
import { simulationsOfRound, touchProject } from "./projects.js";
import { draftPlan, simulationContent } from "./simulation-content.js";

/**
 * What happens when background work falls due. Each step checks the state it expects, so a job that finds its
 * subject gone or already moved on (deleted, failed by a scenario) does nothing.
 */
export function lifecycleHandlers(services: Services): Record<JobKind, JobHandler> {
  return {
    finish_planning: (job) => finishPlanning(services, job.subject),
    finish_run: (job) => finishRun(services, job.subject),
    finish_synthesis: (job) => finishSynthesis(services, job.subject),
  };
}

/**
 * The plan is generated again whenever it is read (see simulation-content.ts); its title is kept, and the question cap
 * in effect, which a restart with another --max-questions would change.
 */
export function finishPlanning(services: Services, simulationId: string): void {
  const simulation = services.world.simulations.get(simulationId);
  if (simulation?.status !== "planning") return;
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
  const now = timestamp(services);
  services.world.simulations.put({
    ...simulation,
    status: "completed",
    progress: null,
    completed_at: now,
    updated_at: now,
  });
  if (simulation.project_id) touchProject(services, simulation.project_id);
}

/** Progress of a running simulation, read off the clock: smooth, and exact at the moment the run finishes. */
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
  const span = job ? job.due_at - started : 0;
  const elapsed = services.clock.now() - started;
  const share = span > 0 ? Math.min(1, Math.max(0, elapsed / span)) : 0;
  const completed = Math.min(total, Math.floor(share * total));
  return { completed, total, fraction: total > 0 ? completed / total : 0 };
}

export function finishSynthesis(services: Services, roundId: string): void {
  const round = services.world.rounds.get(roundId);
  if (round?.synthesis_status !== "generating") return;
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
