import type { Caller } from "../domain/callers.js";
import {
  failPlanning,
  failRun,
  failSynthesis,
  fateRetest,
  timeSimulationPhase,
  timeSynthesis,
} from "../domain/fates.js";
import { startPlannerTurn } from "../domain/projects.js";
import type { Services } from "../services.js";
import { createdKind, type SubjectKind, subjectOf } from "./catalogue.js";
import type { PendingEffect } from "./engine.js";

/** What the edge knows once the mock's own answer was a success. */
export interface EffectContext {
  readonly services: Services;
  readonly caller: Caller;
  readonly method: string;
  readonly template: string;
  readonly params: Readonly<Record<string, string>>;
  /** The JSON request body (plain values), if any. */
  readonly body: unknown;
  /**
   * The JSON answer (read only when an effect acts on the thing the request created). Synchronous: effects are made in
   * the same step as the request's change, before anything else can move the thing on (the clock, say).
   */
  response(): unknown;
}

function field(value: unknown, name: string): string | undefined {
  if (value === null || typeof value !== "object" || !Object.hasOwn(value, name)) return undefined;
  const found = (value as Record<string, unknown>)[name];
  return typeof found === "string" ? found : undefined;
}

/** The thing an effect acts on: named in the path, else in the body, else the one the request created. */
function subject(kind: SubjectKind, ctx: EffectContext): string | undefined {
  const key = `${kind}_id`;
  const fromPath = ctx.params[key];
  if (fromPath !== undefined) return fromPath;
  const fromBody = field(ctx.body, key);
  if (fromBody !== undefined) return fromBody;
  if (createdKind(ctx.method, ctx.template) !== kind) return undefined;
  return field(ctx.response(), "id");
}

/**
 * Has the domain carry out each effect on the thing the request touched; it stays with that thing (kept on its
 * record), whatever is active later. An effect that finds nothing to act on says so in the request journal.
 */
export function applyEffects(effects: readonly PendingEffect[], ctx: EffectContext): void {
  for (const pending of effects) {
    const id = subject(subjectOf(pending.effect), ctx);
    const done = id !== undefined && applyEffect(pending, id, ctx);
    if (!done) pending.applied.effect = `${pending.effect.type} (nothing to act on)`;
  }
}

const RETEST_FAILURE = "The retest failed: the population's model could not be scored against its test answers.";

function applyEffect({ effect, hold }: PendingEffect, id: string, { services, caller }: EffectContext): boolean {
  switch (effect.type) {
    case "planner_turn":
      return startPlannerTurn(services, id, effect.ms) !== undefined;
    case "fail_planning":
      return failPlanning(services, id, effect.error);
    case "fail_run":
      return failRun(services, id, effect.error, effect.at_fraction);
    case "fail_synthesis":
      return failSynthesis(services, id, effect.synthesis_error);
    case "fail_retest":
      return fateRetest(services, caller.orgId, id, { fail: { error: RETEST_FAILURE } });
    case "phase_duration": {
      const timing = effect.ms !== undefined ? { ms: effect.ms } : { hold };
      if (effect.phase === "synthesis") return timeSynthesis(services, id, timing);
      if (effect.phase === "retest") return fateRetest(services, caller.orgId, id, timing);
      const stall = effect.stall_at === undefined ? {} : { stallAt: effect.stall_at };
      return timeSimulationPhase(services, id, effect.phase, "ms" in timing ? timing : { hold, ...stall });
    }
  }
}
