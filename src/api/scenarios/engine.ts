import type { Clock } from "../clock/clock.js";
import { tenantOfToken } from "../domain/callers.js";
import { badRequest } from "../domain/errors.js";
import { releaseHolds } from "../domain/fates.js";
import type { Services } from "../services.js";
import type { CompiledRule, CompiledScenario, PreparedAnswer, ScenarioCatalogue } from "./catalogue.js";
import { standardNormal, uniform } from "./random.js";
import type { ActionKind, Delay, Effect, FaultType, Occurrence } from "./schema.js";

/**
 * Which scenarios are active where, and what they decide for a request. Scenarios are active for the whole mock
 * (`--scenario`, the control API, `mock.scenarios.use`), for one organisation (so parallel tests never see each
 * other's), or for one request (header `x-mock-scenario`; its counters are kept per caller). Each activation counts
 * its own matches, so `nth`, `at_most` and rates start afresh when a scenario is activated again.
 */

/** What the engine needs to know about a request; the body is parsed only when a rule looks into it. */
export interface RequestFacts {
  readonly method: string;
  readonly template: string;
  readonly token: string | undefined;
  readonly organisation: string | undefined;
  body(): unknown;
}

/** One rule that acted on a request, as the request journal shows it. */
export interface AppliedRule {
  scenario: string;
  scope: "global" | "organisation" | "request";
  rule: number;
  action: ActionKind;
  status?: number;
  ms?: number;
  fault?: FaultType;
  effect?: string;
}

export interface PendingEffect {
  readonly effect: Effect;
  /** The key a stuck phase is held under: released when this activation ends. */
  readonly hold: string;
  readonly applied: AppliedRule;
}

export interface Decision {
  readonly applied: AppliedRule[];
  /** Real milliseconds to wait before answering. */
  delayMs: number;
  answer?: PreparedAnswer;
  /** Seconds for a Retry-After the answer does not set itself (a rate rule). */
  retryAfter?: number;
  fault?: FaultType;
  readonly effects: PendingEffect[];
}

const MAX_REQUEST_ACTIVATIONS = 1000;
const MAX_RATE_WINDOWS = 10_000;

interface Window {
  start: number;
  count: number;
}

class Activation {
  readonly matched: Uint32Array;
  readonly applied: Uint32Array;
  /** Per rule with a rate: per caller, the current window. */
  readonly windows = new Map<number, Map<string, Window>>();

  constructor(
    readonly scenario: CompiledScenario,
    readonly scopeKey: string,
    readonly scope: AppliedRule["scope"],
  ) {
    this.matched = new Uint32Array(scenario.rules.length);
    this.applied = new Uint32Array(scenario.rules.length);
  }

  get hold(): string {
    return JSON.stringify([this.scopeKey, this.scenario.name]);
  }
}

export type ScenarioRef = string | CompiledScenario;

export interface ActiveScenarios {
  global: string[];
  organisations: Record<string, string[]>;
}

export class ScenarioEngine {
  #global: Activation[] = [];
  readonly #orgs = new Map<string, Activation[]>();
  /** Per-request activations by caller and scenario, least recently used first. */
  readonly #requests = new Map<string, Activation>();
  #startup: CompiledScenario[];

  constructor(
    readonly catalogue: ScenarioCatalogue,
    readonly services: Services,
    startup: readonly ScenarioRef[] = [],
  ) {
    this.#startup = this.resolve(startup, "--scenario");
    this.#global = this.#startup.map((s) => new Activation(s, "global", "global"));
  }

  get seed(): number {
    return this.services.world.seed;
  }

  get clock(): Clock {
    return this.services.clock;
  }

  /** True when no scenario is active for the whole mock or any organisation: requests skip the engine. */
  get idle(): boolean {
    return this.#global.length === 0 && this.#orgs.size === 0;
  }

  /** Names (or compiled inline scenarios) to scenarios; unknown names are refused with the known ones listed. */
  resolve(refs: readonly ScenarioRef[], where: string): CompiledScenario[] {
    const unknown: string[] = [];
    const out: CompiledScenario[] = [];
    for (const ref of refs) {
      if (typeof ref !== "string") {
        out.push(ref);
        continue;
      }
      const found = this.catalogue.get(ref);
      if (found) out.push(found);
      else unknown.push(ref);
    }
    if (unknown.length > 0) throw badRequest(this.catalogue.unknownMessage(unknown, where));
    return out;
  }

  /** Reads the `x-mock-scenario` header: comma-separated names, each known. */
  fromHeader(value: string): CompiledScenario[] {
    const names = value
      .split(",")
      .map((name) => name.trim())
      .filter((name) => name !== "");
    return this.resolve(names, "x-mock-scenario");
  }

  active(): ActiveScenarios {
    const organisations: Record<string, string[]> = {};
    for (const [org, list] of [...this.#orgs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      organisations[org] = list.map((a) => a.scenario.name);
    }
    return { global: this.#global.map((a) => a.scenario.name), organisations };
  }

  /** Replaces what is active for the whole mock (no `org`) or one organisation; counters start afresh. */
  set(scenarios: readonly CompiledScenario[], org?: string): void {
    if (org === undefined) {
      this.#end(this.#global);
      this.#global = scenarios.map((s) => new Activation(s, "global", "global"));
      return;
    }
    this.#end(this.#orgs.get(org) ?? []);
    if (scenarios.length === 0) this.#orgs.delete(org);
    else
      this.#orgs.set(
        org,
        scenarios.map((s) => new Activation(s, orgScope(org), "organisation")),
      );
  }

  /** Adds to what is active (MSW's `use`); a scenario already active stays as it is, counters included. */
  add(scenarios: readonly CompiledScenario[], org?: string): void {
    const current = org === undefined ? this.#global : (this.#orgs.get(org) ?? []);
    const names = new Set(current.map((a) => a.scenario.name));
    const added = scenarios
      .filter((s) => !names.has(s.name))
      .map((s) =>
        org === undefined ? new Activation(s, "global", "global") : new Activation(s, orgScope(org), "organisation"),
      );
    if (org === undefined) this.#global = [...current, ...added];
    else if (current.length + added.length > 0) this.#orgs.set(org, [...current, ...added]);
  }

  /**
   * Clears one organisation's scenarios, those its callers named in `x-mock-scenario` included, or (no `org`) every
   * scenario everywhere. A per-request activation is listed nowhere, so this is how a test releases the run one of
   * its requests left stuck.
   */
  clear(org?: string): void {
    if (org !== undefined) {
      this.set([], org);
      for (const [key, activation] of this.#requests) {
        if (requestOrganisation(activation.scopeKey) === org) this.#requests.delete(key);
      }
      // By the hold's key: those of activations the bounded map has already forgotten end too.
      releaseHolds(this.services, (hold) => requestOrganisation(JSON.parse(hold)[0]) === org);
      return;
    }
    this.#global = [];
    this.#orgs.clear();
    this.#requests.clear();
    // Every hold ends, those of per-request activations the bounded map has already forgotten included.
    releaseHolds(this.services, () => true);
  }

  /** Back to what the mock started with (`--scenario`), everything else cleared (MSW's `resetHandlers`). */
  resetToStartup(): void {
    this.clear();
    this.#global = this.#startup.map((s) => new Activation(s, "global", "global"));
  }

  /** Ends the holds of stuck phases whose activation is not active now (a restart, say). */
  releaseOrphanedHolds(): void {
    const live = new Set(this.#global.map((a) => a.hold));
    for (const list of this.#orgs.values()) for (const a of list) live.add(a.hold);
    for (const a of this.#requests.values()) live.add(a.hold);
    releaseHolds(this.services, (key) => !live.has(key));
  }

  #end(activations: readonly Activation[]): void {
    if (activations.length === 0) return;
    const holds = new Set(activations.map((a) => a.hold));
    releaseHolds(this.services, (key) => holds.has(key));
  }

  #requestActivation(scenario: CompiledScenario, token: string | undefined): Activation {
    const scopeKey = requestScope(token);
    const key = `${scopeKey}\u0000${scenario.name}`;
    let activation = this.#requests.get(key);
    if (activation && activation.scenario !== scenario) activation = undefined;
    if (activation) {
      this.#requests.delete(key);
    } else {
      activation = new Activation(scenario, scopeKey, "request");
      if (this.#requests.size >= MAX_REQUEST_ACTIVATIONS) {
        const oldest = this.#requests.keys().next().value as string;
        this.#requests.delete(oldest);
      }
    }
    this.#requests.set(key, activation);
    return activation;
  }

  /**
   * What the active scenarios do to a request. Every matching rule counts it; delays add up; the first answer or
   * fault (per-request scenarios first, then the organisation's, then the whole mock's, each in file order) is sent
   * in the mock's place; effects are returned for the edge to apply once the mock's own answer is a success.
   */
  decide(facts: RequestFacts, fromHeader: readonly CompiledScenario[] = []): Decision | undefined {
    const activations: Activation[] = fromHeader.map((s) => this.#requestActivation(s, facts.token));
    if (facts.organisation !== undefined) activations.push(...(this.#orgs.get(facts.organisation) ?? []));
    activations.push(...this.#global);
    let decision: Decision | undefined;
    for (const activation of activations) {
      for (const rule of activation.scenario.rules) {
        if (!matches(rule, facts)) continue;
        decision ??= { applied: [], delayMs: 0, effects: [] };
        this.#apply(activation, rule, facts, decision);
      }
    }
    return decision;
  }

  #apply(activation: Activation, rule: CompiledRule, facts: RequestFacts, decision: Decision): void {
    const k = (activation.matched[rule.index] as number) + 1;
    activation.matched[rule.index] = k;
    const name = activation.scenario.name;
    const draw = (...what: Array<string | number>) =>
      uniform(this.seed, name, activation.scopeKey, rule.index, k, ...what);
    let retryAfter: number | undefined;
    const occurrence = rule.occurrence;
    if (occurrence?.rate) {
      retryAfter = this.#overRate(activation, rule.index, occurrence.rate, facts.token);
      if (retryAfter === undefined) return;
    }
    if (!occurs(occurrence, k, activation.applied[rule.index] as number, () => draw("chance"))) return;

    const action = rule.action;
    const applied: AppliedRule = { scenario: name, scope: activation.scope, rule: rule.index, action: action.kind };
    switch (action.kind) {
      case "delay": {
        const ms = delayMs(
          action.delay,
          () => draw("delay", 1),
          () => draw("delay", 2),
        );
        decision.delayMs += ms;
        applied.ms = ms;
        break;
      }
      case "answer":
        if (decision.answer || decision.fault) return;
        decision.answer = action.answer;
        if (retryAfter !== undefined && !action.hasRetryAfter) decision.retryAfter = retryAfter;
        applied.status = action.answer.status;
        break;
      case "fault":
        if (decision.answer || decision.fault) return;
        decision.fault = action.fault;
        applied.fault = action.fault;
        break;
      case "effect":
        applied.effect = action.effect.type;
        decision.effects.push({ effect: action.effect, hold: activation.hold, applied });
        break;
    }
    activation.applied[rule.index] = (activation.applied[rule.index] as number) + 1;
    decision.applied.push(applied);
  }

  /** Counts the request in the caller's window; returns the seconds until the window ends once it is over the rate. */
  #overRate(
    activation: Activation,
    index: number,
    rate: NonNullable<Occurrence["rate"]>,
    token: string | undefined,
  ): number | undefined {
    let windows = activation.windows.get(index);
    if (!windows) {
      windows = new Map();
      activation.windows.set(index, windows);
    }
    const now = this.clock.now();
    const spanMs = rate.per_seconds * 1000;
    const key = token ?? "";
    let window = windows.get(key);
    if (!window || now >= window.start + spanMs) {
      if (!window && windows.size >= MAX_RATE_WINDOWS) evictWindows(windows, now, spanMs);
      window = { start: now, count: 0 };
      windows.set(key, window);
    }
    window.count++;
    if (window.count <= rate.requests) return undefined;
    return Math.max(1, Math.ceil((window.start + spanMs - now) / 1000));
  }
}

function orgScope(org: string): string {
  return `organisation:${org}`;
}

const REQUEST_SCOPE = "request:";

function requestScope(token: string | undefined): string {
  return `${REQUEST_SCOPE}${token ?? ""}`;
}

/** The organisation of the caller a per-request activation's scope belongs to (undefined for any other scope). */
function requestOrganisation(scopeKey: string): string | undefined {
  if (!scopeKey.startsWith(REQUEST_SCOPE)) return undefined;
  const tenant = tenantOfToken(scopeKey.slice(REQUEST_SCOPE.length) || undefined);
  return tenant.kind === "shared" ? tenant.org : undefined;
}

/** Drops ended windows, then the oldest, so a flood of new callers cannot grow the map without bound. */
function evictWindows(windows: Map<string, Window>, now: number, spanMs: number): void {
  for (const [key, window] of windows) if (now >= window.start + spanMs) windows.delete(key);
  while (windows.size >= MAX_RATE_WINDOWS) windows.delete(windows.keys().next().value as string);
}

function matches(rule: CompiledRule, facts: RequestFacts): boolean {
  if (rule.method !== undefined && rule.method !== facts.method) return false;
  if (rule.path !== undefined && rule.path !== facts.template) return false;
  if (rule.caller !== undefined && rule.caller !== facts.token) return false;
  if (rule.organisation !== undefined && rule.organisation !== facts.organisation) return false;
  if (rule.body !== undefined) {
    const body = facts.body();
    for (const predicate of rule.body) {
      const found = resolvePointer(body, predicate.pointer);
      if (predicate.exists !== undefined && found.exists !== predicate.exists) return false;
      if ("equals" in predicate && !(found.exists && jsonEqual(found.value, predicate.equals))) return false;
    }
  }
  return true;
}

export function occurs(occurrence: Occurrence | undefined, k: number, appliedSoFar: number, chance: () => number) {
  if (!occurrence) return true;
  if (occurrence.nth !== undefined) return k === occurrence.nth;
  const after = occurrence.after ?? 0;
  if (k <= after) return false;
  if (occurrence.every !== undefined && (k - after) % occurrence.every !== 0) return false;
  if (occurrence.at_most !== undefined && appliedSoFar >= occurrence.at_most) return false;
  if (occurrence.probability !== undefined && chance() >= occurrence.probability) return false;
  return true;
}

/** A delay's length in whole milliseconds, from seeded draws. */
export function delayMs(delay: Delay, u1: () => number, u2: () => number): number {
  switch (delay.type) {
    case "fixed":
      return delay.ms;
    case "uniform":
      return Math.round(delay.min_ms + u1() * (delay.max_ms - delay.min_ms));
    case "log_normal": {
      const ms = delay.median_ms * Math.exp(delay.sigma * standardNormal(u1(), u2()));
      return Math.round(Math.min(delay.max_ms ?? 86_400_000, ms));
    }
  }
}

export function resolvePointer(value: unknown, tokens: readonly string[]): { exists: boolean; value?: unknown } {
  let current = value;
  for (const token of tokens) {
    if (Array.isArray(current)) {
      if (!/^(0|[1-9][0-9]*)$/.test(token) || Number(token) >= current.length) return { exists: false };
      current = current[Number(token)];
    } else if (current !== null && typeof current === "object" && Object.hasOwn(current, token)) {
      current = (current as Record<string, unknown>)[token];
    } else {
      return { exists: false };
    }
  }
  return current === undefined ? { exists: false } : { exists: true, value: current };
}

export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => jsonEqual(item, other[i]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  return (
    keys.length === Object.keys(right).length &&
    keys.every((key) => Object.hasOwn(right, key) && jsonEqual(left[key], right[key]))
  );
}
