import type { JobKind, PhaseFate, RetestRecord, SimulationFate, SimulationRecord } from "../../store/index.js";
import { orgPopulationKey } from "../../store/index.js";
import { isoTimestamp } from "../clock/clock.js";
import { phaseDurations } from "../config/presets.js";
import { type Services, timestamp } from "../services.js";

/**
 * What a scenario can decide about background work, as plain domain changes: the decision is stored on the record
 * (so it persists with --db and holds whoever asks next) and carried out by the scheduler and lifecycle.ts on the
 * mock's clock (so it is deterministic and works with the manual clock). Each function applies to the phase the thing
 * is in now, or waits on the record for the phase to begin; one that finds nothing to act on changes nothing.
 */

export type Phase = "planning" | "running" | "synthesis" | "retest";

/** Where a phase's due time comes from: the fate's own duration, else the timing in effect. */
export function phaseMs(services: Services, phase: Phase, fate: PhaseFate | undefined): number {
  if (fate?.ms !== undefined) return fate.ms;
  const timing = phaseDurations(services.options);
  return {
    planning: timing.planningMs,
    running: timing.runningMs,
    synthesis: timing.synthesisMs,
    retest: timing.retestMs,
  }[phase];
}

/** Schedules (or holds) the job that ends a phase, as the fate says. */
export function schedulePhaseEnd(
  services: Services,
  kind: JobKind,
  subject: string,
  phase: Phase,
  fate: PhaseFate | undefined,
): void {
  if (fate?.hold !== undefined) services.scheduler.hold(kind, subject, fate.hold);
  else services.scheduler.schedule(kind, subject, phaseMs(services, phase, fate));
}

function withSimulationFate(
  services: Services,
  simulation: SimulationRecord,
  phase: "planning" | "running",
  change: PhaseFate,
): SimulationRecord {
  const fate: SimulationFate = { ...simulation.fate, [phase]: { ...simulation.fate?.[phase], ...change } };
  return services.world.simulations.put({ ...simulation, fate });
}

/**
 * Schedules the jobs of the simulation's phase under way, replacing any pending: it ends as the fate says, counted from
 * its start; a run also fails or stalls on the way when the fate says so.
 */
export function scheduleSimulationPhase(
  services: Services,
  simulation: SimulationRecord,
  phase: "planning" | "running",
): void {
  const kind: JobKind = phase === "planning" ? "finish_planning" : "finish_run";
  const fate = simulation.fate?.[phase];
  const started = Date.parse((phase === "planning" ? simulation.created_at : simulation.started_at) as string);
  services.scheduler.cancel(simulation.id);
  if (fate?.hold !== undefined) {
    services.scheduler.hold(kind, simulation.id, fate.hold);
  } else {
    const due = started + phaseMs(services, phase, fate);
    services.scheduler.schedule(kind, simulation.id, due - services.clock.now());
  }
  if (phase === "running") {
    scheduleRunFailure(services, simulation);
    scheduleRunStall(services, simulation);
  }
}

/** A run that is to fail stops at its fraction of the way (the run's own span, so progress reads true until then). */
export function scheduleRunFailure(services: Services, simulation: SimulationRecord): void {
  const failure = simulation.fate?.running?.fail;
  if (!failure || simulation.status !== "running" || simulation.started_at === null) return;
  const started = Date.parse(simulation.started_at);
  const span = phaseMs(services, "running", simulation.fate?.running);
  const due = started + Math.round((failure.at_fraction ?? 0) * span);
  services.scheduler.schedule("fail_run", simulation.id, due - services.clock.now());
}

/**
 * How far a held run gets (`stall_at`, half way by default) and when it gets there: it climbs at the usual pace of a
 * run, then its progress stays put until the hold is released.
 */
export function runStall(services: Services, simulation: SimulationRecord): { fraction: number; at: number } {
  const fraction = simulation.fate?.running?.stall_at ?? 0.5;
  const started = simulation.started_at ? Date.parse(simulation.started_at) : services.clock.now();
  return { fraction, at: started + Math.ceil(fraction * phaseDurations(services.options).runningMs) };
}

/** The moment a held run stalls is a transition a client sees, so the manual clock's next/idle stop there. */
function scheduleRunStall(services: Services, simulation: SimulationRecord): void {
  if (simulation.fate?.running?.hold === undefined || simulation.status !== "running") return;
  services.scheduler.schedule("stall_run", simulation.id, runStall(services, simulation).at - services.clock.now());
}

/** Planning of the simulation ends `failed` with `error` instead of `planned`. */
export function failPlanning(services: Services, simulationId: string, error: string): boolean {
  const simulation = services.world.simulations.get(simulationId);
  if (simulation?.status !== "planning") return false;
  withSimulationFate(services, simulation, "planning", { fail: { error } });
  return true;
}

/** The simulation's run (under way or still to come) ends `failed` with `error` once `atFraction` of it is done. */
export function failRun(services: Services, simulationId: string, error: string, atFraction: number): boolean {
  const simulation = services.world.simulations.get(simulationId);
  if (
    !simulation ||
    (simulation.status !== "planning" && simulation.status !== "planned" && simulation.status !== "running")
  )
    return false;
  const updated = withSimulationFate(services, simulation, "running", { fail: { error, at_fraction: atFraction } });
  if (updated.status === "running") {
    for (const job of services.scheduler.pending(updated.id)) {
      if (job.kind === "fail_run") services.world.jobs.delete(job.id);
    }
    scheduleRunFailure(services, updated);
  }
  return true;
}

/**
 * A phase of the simulation (under way or still to come) takes `ms`, counted from its start, or is held under
 * `hold` (a stuck phase; a held run stalls at `stallAt` of the way) until the hold is released.
 */
export function timeSimulationPhase(
  services: Services,
  simulationId: string,
  phase: "planning" | "running",
  timing: { ms: number } | { hold: string; stallAt?: number },
): boolean {
  const simulation = services.world.simulations.get(simulationId);
  if (!simulation) return false;
  const reachable = phase === "planning" ? ["planning"] : ["planning", "planned", "running"];
  if (!reachable.includes(simulation.status)) return false;
  const change: PhaseFate =
    "ms" in timing
      ? { ms: timing.ms }
      : { hold: timing.hold, ...(timing.stallAt === undefined ? {} : { stall_at: timing.stallAt }) };
  const updated = withSimulationFate(services, simulation, phase, change);
  if (updated.status === phase) scheduleSimulationPhase(services, updated, phase);
  return true;
}

/** The round's next synthesis (or the one generating now) ends `failed` with `error`. */
export function failSynthesis(services: Services, roundId: string, error: string): boolean {
  const round = services.world.rounds.get(roundId);
  if (!round) return false;
  const synthesis: PhaseFate = { ...round.fate?.synthesis, fail: { error } };
  services.world.rounds.put({ ...round, fate: { ...round.fate, synthesis } });
  return true;
}

/** The round's next synthesis (or the one generating now) takes `ms`, or is held until released. */
export function timeSynthesis(services: Services, roundId: string, timing: { ms: number } | { hold: string }): boolean {
  const round = services.world.rounds.get(roundId);
  if (!round) return false;
  const synthesis: PhaseFate = { ...round.fate?.synthesis, ...timing };
  const updated = services.world.rounds.put({ ...round, fate: { ...round.fate, synthesis } });
  if (updated.synthesis_status === "generating") {
    services.scheduler.cancel(updated.id);
    schedulePhaseEnd(services, "finish_synthesis", updated.id, "synthesis", synthesis);
  }
  return true;
}

/**
 * The organisation's retest of the population under way (just started by the request) fails, or takes `ms`/holds.
 * One whose time is up (a 0 ms retest, say) is left to end as its job says: its end is as good as taken.
 */
export function fateRetest(services: Services, orgId: string, populationId: string, change: PhaseFate): boolean {
  const retest = services.world.retests.get(orgPopulationKey(orgId, populationId));
  if (!retest || retest.status === "ready" || retest.status === "failed") return false;
  if (services.clock.now() >= Date.parse(retest.test_finishes_at)) return false;
  const fate: PhaseFate = { ...retest.fate, ...change };
  const finishes =
    change.ms === undefined ? retest.test_finishes_at : isoTimestamp(Date.parse(retest.test_started_at) + change.ms);
  const updated = services.world.retests.put({ ...retest, fate, test_finishes_at: finishes });
  if (change.ms !== undefined || change.hold !== undefined) scheduleRetestEnd(services, updated);
  return true;
}

/** Schedules the job that ends a retest (domain/populations.ts, finishRetest), replacing any pending, or holds it. */
export function scheduleRetestEnd(services: Services, retest: RetestRecord): void {
  services.scheduler.cancel(retest.id);
  if (retest.fate?.hold !== undefined) services.scheduler.hold("finish_retest", retest.id, retest.fate.hold);
  else
    services.scheduler.schedule("finish_retest", retest.id, Date.parse(retest.test_finishes_at) - services.clock.now());
}

/**
 * Ends every hold whose key passes `matches`: held jobs fall due now (the phase ends at once; a held retest's
 * finish_retest among them), and a held retest's finishing time becomes now. Called when the scenario that holds
 * them is cleared.
 */
export function releaseHolds(services: Services, matches: (key: string) => boolean): void {
  services.scheduler.release(matches);
  const now = timestamp(services);
  for (const retest of [...services.world.retests.values()]) {
    if (retest.fate?.hold === undefined || !matches(retest.fate.hold)) continue;
    const { hold: _released, ...rest } = retest.fate;
    services.world.retests.put({ ...retest, fate: rest, test_finishes_at: now });
  }
}
