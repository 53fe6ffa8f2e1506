import { BoundedLru } from "../../platform/bounded-lru.js";
import { exchangeRuleIds, exchangeRules } from "./exchange-rules.js";
import { MUST_HANDLE, type Reached } from "./must-handle.js";
import { type Observation, observationsIn, STATE_KINDS, STATE_RULES, type StateKind } from "./states.js";

/**
 * Coverage: what a client's run reached, counted from what the mock answered since start or the last reset, for the
 * whole mock and per organisation (tokens `<user>@<org>`). Counting is a few map increments per request; an answer
 * is parsed only when it can show a state (simulations, projects, populations), and a cached answer's bytes (a
 * simulation polled again and again) only once. Memory is bounded: operations and statuses are finite, the
 * organisations and the resources whose last state is remembered are kept in LRUs.
 */

/** Organisations counted apart, at most (the least recently active is forgotten first). */
export const MAX_ORGANISATIONS = 1000;
/** Resources whose last read state is remembered, to see transitions. */
export const MAX_TRACKED_RESOURCES = 50_000;
/** Distinct scenario names counted (inline scenarios can be named freely). */
const MAX_SCENARIO_NAMES = 256;
/** Answers larger than this are not read for states. */
const MAX_OBSERVED_BODY = 1024 * 1024;

/** Templates whose answers can show a state. */
const OBSERVED_PREFIXES = ["/v1/simulations", "/v1/projects", "/v1/populations", "/v1/public/simulations"];

/** Answers joined from parts (a list of simulations from each one's cached bytes): read part by part. */
const composed = new WeakMap<Uint8Array, readonly Uint8Array[]>();

/**
 * Says that `whole` is a JSON array of `parts`, each a cached answer of its own: coverage then reads the states of
 * each part once, however many lists it is polled in, rather than parse every list.
 */
export function joinedFrom(whole: Uint8Array, parts: readonly Uint8Array[]): void {
  composed.set(whole, parts);
}

export interface CoverageExchange {
  readonly method: string;
  /** The operation's template; undefined when no route matched (not counted as an operation). */
  readonly template: string | undefined;
  /** null when a fault dropped the connection. */
  readonly status: number | null;
  /** The organisation of a `<user>@<org>` caller, else undefined. */
  readonly org: string | undefined;
  /** The scenario rules that acted, as the edge records them. */
  readonly applied: ReadonlyArray<{ scenario: string; action: string }> | undefined;
  /** The answer's body when the edge wrote it (JSON). */
  readonly body: () => string | Uint8Array | undefined;
}

class Tally implements Reached {
  requests = 0;
  since: number;
  /** `METHOD template` -> status (0: no answer) -> count. */
  readonly operations = new Map<string, Map<number, number>>();
  readonly states = new Map<string, number>();
  readonly transitions = new Map<string, number>();
  readonly scenarios = new Map<string, number>();
  readonly notices = new Map<string, number>();

  constructor(now: number) {
    this.since = now;
  }

  answered(status: number, operation?: string): number {
    if (operation !== undefined) return this.operations.get(operation)?.get(status) ?? 0;
    let n = 0;
    for (const statuses of this.operations.values()) n += statuses.get(status) ?? 0;
    return n;
  }
  observed(kind: string, state: string): number {
    return this.states.get(`${kind}:${state}`) ?? 0;
  }
  noticed(what: string): number {
    return this.notices.get(what) ?? 0;
  }
}

const bump = <K>(map: Map<K, number>, key: K, by = 1) => map.set(key, (map.get(key) ?? 0) + by);

/** The status of an exchange a fault dropped before any answer. */
const NO_ANSWER = 0;

function count(
  tally: Tally,
  operation: string | undefined,
  status: number,
  notice: string | undefined,
  applied: CoverageExchange["applied"],
  observations: readonly Observation[] | undefined,
  transitions: readonly string[],
): void {
  tally.requests++;
  if (operation !== undefined) {
    let statuses = tally.operations.get(operation);
    if (!statuses) {
      statuses = new Map();
      tally.operations.set(operation, statuses);
    }
    bump(statuses, status);
  }
  if (notice) bump(tally.notices, notice);
  if (applied) {
    for (const rule of applied) {
      if (tally.scenarios.has(rule.scenario) || tally.scenarios.size < MAX_SCENARIO_NAMES) {
        bump(tally.scenarios, rule.scenario);
      }
      if (rule.action === "delay") bump(tally.notices, "delayed");
    }
  }
  if (observations) for (const o of observations) bump(tally.states, o.stateKey);
  for (const t of transitions) bump(tally.transitions, t);
}

export interface CoverageItem {
  id: string;
  title: string;
  reached: boolean;
  count: number;
  scenario: string | null;
  how: string;
}

export interface CoverageView {
  organisation: string | null;
  since: string;
  requests: number;
  operations: Record<string, Record<string, number>>;
  rules: {
    exercised: Record<string, number>;
    never: string[];
    /** Exercised out of the rules an exchange or a state can show, in percent (one decimal). */
    percent: number;
  };
  states: Record<string, { observed: Record<string, number>; never: string[]; transitions: Record<string, number> }>;
  scenarios: Record<string, number>;
  errors: Record<string, number>;
  must_handle: CoverageItem[];
  never_reached: CoverageItem[];
  /** Must-handle items reached, in percent (one decimal). */
  errors_percent: number;
}

const percent = (part: number, whole: number) => (whole === 0 ? 100 : Math.round((1000 * part) / whole) / 10);

/** Every rule id coverage can see exercised: by an exchange, or by a state or transition read. */
export function coverableRuleIds(): string[] {
  return [...new Set([...exchangeRuleIds(), ...Object.values(STATE_RULES).flat()])].sort();
}

export class Coverage {
  #whole: Tally;
  readonly #orgs = new BoundedLru<Tally>(MAX_ORGANISATIONS, MAX_ORGANISATIONS);
  /** `kind id` -> the state last read. */
  readonly #last = new BoundedLru<string>(MAX_TRACKED_RESOURCES, MAX_TRACKED_RESOURCES);
  /** A cached answer's bytes are shared between reads and never change: read for states once. */
  #parsed = new WeakMap<Uint8Array, Observation[]>();

  constructor(private readonly now: () => number) {
    this.#whole = new Tally(now());
  }

  record(x: CoverageExchange): void {
    const status = x.status ?? NO_ANSWER;
    const operation = x.template === undefined ? undefined : this.#operation(x.method, x.template);
    let notice: string | undefined;
    let observations: Observation[] | undefined;
    if (operation !== undefined) {
      if (status >= 200 && status < 300 && operation.observed) observations = this.#observe(x.body());
      else if (status === 400 && operation.key === "POST /v1/simulations" && mentionsSurveyDesign(x.body())) {
        notice = "survey-design-400";
      }
    }
    // Transitions are judged once, whichever tallies count them.
    const transitions: string[] = [];
    if (observations) {
      for (const o of observations) {
        const before = this.#last.peek(o.resourceKey);
        if (before === o.state) continue;
        this.#last.set(o.resourceKey, o.state, 1);
        if (before !== undefined) transitions.push(`${o.kind}:${before}->${o.state}`);
      }
    }
    const key = operation?.key;
    count(this.#whole, key, status, notice, x.applied, observations, transitions);
    if (x.org !== undefined) {
      let own = this.#orgs.get(x.org);
      if (!own) {
        own = new Tally(this.now());
        this.#orgs.set(x.org, own, 1);
      }
      count(own, key, status, notice, x.applied, observations, transitions);
    }
  }

  /** `METHOD template` and whether its answers can show a state, made once per operation. */
  #operation(method: string, template: string): { key: string; observed: boolean } {
    let byMethod = this.#operations.get(template);
    if (!byMethod) {
      byMethod = new Map();
      this.#operations.set(template, byMethod);
    }
    let operation = byMethod.get(method);
    if (!operation) {
      operation = { key: `${method} ${template}`, observed: OBSERVED_PREFIXES.some((p) => template.startsWith(p)) };
      byMethod.set(method, operation);
    }
    return operation;
  }

  /** Templates are the routes' own (a finite set): so are these. */
  readonly #operations = new Map<string, Map<string, { key: string; observed: boolean }>>();

  #observe(body: string | Uint8Array | undefined): Observation[] | undefined {
    if (body === undefined) return undefined;
    if (typeof body === "string") return body.length > MAX_OBSERVED_BODY ? undefined : parsedObservations(body);
    const parts = composed.get(body);
    if (parts) return parts.flatMap((part) => this.#observe(part) ?? []);
    const cached = this.#parsed.get(body);
    if (cached) return cached;
    if (body.byteLength > MAX_OBSERVED_BODY) return undefined;
    const found = parsedObservations(new TextDecoder().decode(body));
    this.#parsed.set(body, found);
    return found;
  }

  /** Everything, or one organisation's counts, back to nothing. */
  clear(org?: string): void {
    if (org !== undefined) {
      this.#orgs.delete(org);
      return;
    }
    this.#whole = new Tally(this.now());
    this.#orgs.clear();
    this.#last.clear();
    this.#parsed = new WeakMap();
  }

  view(org: string | undefined, iso: (ms: number) => string): CoverageView {
    const tally = org === undefined ? this.#whole : (this.#orgs.peek(org) ?? new Tally(this.now()));
    return coverageView(tally, org ?? null, iso);
  }
}

function parsedObservations(text: string): Observation[] {
  try {
    return observationsIn(JSON.parse(text));
  } catch {
    return [];
  }
}

function mentionsSurveyDesign(body: string | Uint8Array | undefined): boolean {
  if (body === undefined) return false;
  const text = typeof body === "string" ? body : new TextDecoder().decode(body);
  return text.includes("survey_design");
}

const record = (map: Map<string, number>) => Object.fromEntries([...map].sort(([a], [b]) => a.localeCompare(b)));

function coverageView(tally: Tally, organisation: string | null, iso: (ms: number) => string): CoverageView {
  const operations: Record<string, Record<string, number>> = {};
  const exercised = new Map<string, number>();
  const errors = new Map<string, number>();
  for (const [operation, statuses] of [...tally.operations].sort(([a], [b]) => a.localeCompare(b))) {
    operations[operation] = record(
      new Map([...statuses].map(([status, n]) => [status === NO_ANSWER ? "no answer" : String(status), n])),
    );
    const [method, route] = operation.split(" ") as [string, string];
    for (const [status, n] of statuses) {
      if (status === NO_ANSWER) continue;
      for (const rule of exchangeRules({ method, route, status })) bump(exercised, rule, n);
      if (status >= 400) bump(errors, `${operation} ${status}`, n);
    }
  }
  for (const source of [tally.states, tally.transitions]) {
    for (const [key, n] of source) for (const rule of STATE_RULES[key] ?? []) bump(exercised, rule, n);
  }
  const states: CoverageView["states"] = {};
  for (const [kind, known] of Object.entries(STATE_KINDS) as Array<[StateKind, readonly string[]]>) {
    const observed = new Map<string, number>();
    const transitions = new Map<string, number>();
    for (const [key, n] of tally.states) if (key.startsWith(`${kind}:`)) observed.set(key.slice(kind.length + 1), n);
    for (const [key, n] of tally.transitions) {
      if (key.startsWith(`${kind}:`)) transitions.set(key.slice(kind.length + 1), n);
    }
    states[kind] = {
      observed: record(observed),
      never: known.filter((state) => !observed.has(state)),
      transitions: record(transitions),
    };
  }
  const coverable = coverableRuleIds();
  const mustHandle = MUST_HANDLE.map((item) => {
    const count = item.count(tally);
    return { id: item.id, title: item.title, reached: count > 0, count, scenario: item.scenario, how: item.how };
  });
  const reached = mustHandle.filter((item) => item.reached).length;
  return {
    organisation,
    since: iso(tally.since),
    requests: tally.requests,
    operations,
    rules: {
      exercised: record(exercised),
      never: coverable.filter((id) => !exercised.has(id)),
      percent: percent(coverable.filter((id) => exercised.has(id)).length, coverable.length),
    },
    states,
    scenarios: record(tally.scenarios),
    errors: record(errors),
    must_handle: mustHandle,
    never_reached: mustHandle.filter((item) => !item.reached),
    errors_percent: percent(reached, mustHandle.length),
  };
}
