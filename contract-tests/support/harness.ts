/**
 * The only test API the contract files use: `describe`, `it`, hooks and `expect`, each test naming the rule ids it
 * checks (traceability/rules.ts), the least profile it runs in and what it needs from the target. Under `npm test` it
 * maps onto vitest; under `bss-mock contract` onto the bundled runner (scripts/contract-bundle.mjs swaps
 * support/backend.ts), so the same files run under both. A test whose needs the target does not meet ends "not
 * applicable", never passed.
 */
import type { Body } from "../../src/kit/contract/backend-api.js";
import {
  isNonConforming,
  isNotServed,
  recordNonConforming,
  recordNotServed,
  setUpFailed,
} from "../../src/kit/contract/conformance.js";
import { NotApplicable, tagRule } from "../../src/kit/contract/run.js";
import { currentScope, describeExchange, inScope, type TestScope } from "../../src/kit/contract/scope.js";
import { type Profile, profileIncludes, runSettings } from "../../src/kit/contract/settings.js";
import { isRuleId } from "../traceability/rules.js";
import { backend } from "./backend.js";
import { invents, movesClock, primaryTarget } from "./target.js";

export { expect } from "./backend.js";

/**
 * What a test needs from the target:
 * - `in-process`: the mock this process started with the file's options (only under `npm test`);
 * - `isolated-caller`: a caller whose account starts empty (made-up tokens: a bss-mock);
 * - `other-org`, `same-org`: a caller of another organisation / a second caller of the same one;
 * - `manual-clock`: a clock the suite moves itself (exact "not yet" timings);
 * - `control:<capability>`: the bss-mock control API with that capability (`planner-turn`, `scenarios`, …);
 * - `bss-mock`: the target is a bss-mock (a mock decision provokes the state, e.g. a failed synthesis);
 * - `observable-states`: planning, running and generating last long enough to be seen (not `serve --timing instant`);
 * - `openapi`: the target serves /openapi.json;
 * - `demo-caller`: requests without authorization are the demo caller (not a target started with `--auth required`);
 * - `auth-required`: the target refuses requests without authorization (in-process: the file's own mock with
 *   `auth: "required"`; under the runner: a bss-mock whose `GET /__mock` says `auth: required`).
 * Writes are a need of every test not marked `readOnly`.
 */
export type Need =
  | "in-process"
  | "isolated-caller"
  | "other-org"
  | "same-org"
  | "manual-clock"
  | "bss-mock"
  | "observable-states"
  | "openapi"
  | "demo-caller"
  | "auth-required"
  | `control:${string}`;

export interface Options {
  readonly rules?: readonly string[];
  readonly profile?: Profile;
  readonly needs?: readonly Need[];
  /** Sends only reads and validation refusals that cannot create anything: runs without --allow-writes. */
  readonly readOnly?: boolean;
  /** Provokes answers the OpenAPI document does not describe on purpose (scenarios): they are not checked against it. */
  readonly unchecked?: boolean;
  readonly timeout?: number;
}

export const SPEC: Options = { profile: "spec" };
export const FASTAPI: Options = { profile: "fastapi" };
export const MOCK: Options = { profile: "mock" };
/** A mock decision that needs the mock started with the file's options (timings, --auth required, a seed). */
export const IN_PROCESS: Options = { profile: "mock", needs: ["in-process"] };

const stack: Options[] = [];

function merged(own: Options): Required<Pick<Options, "rules" | "needs">> & Options {
  const all = [...stack, own];
  let result: Options = {};
  for (const level of all) {
    result = {
      ...result,
      ...level,
      rules: [...(result.rules ?? []), ...(level.rules ?? [])],
      needs: [...(result.needs ?? []), ...(level.needs ?? [])],
    };
  }
  return { ...result, rules: result.rules ?? [], needs: result.needs ?? [] };
}

/** Why the running target cannot take this test, or undefined when it can. */
export function notApplicable(options: Options): string | undefined {
  const settings = runSettings();
  const target = primaryTarget();
  if (!options.readOnly && !settings.allowWrites) return "creates data: run with --allow-writes";
  for (const need of options.needs ?? []) {
    switch (need) {
      case "in-process":
        if (!settings.inProcess) return "needs the mock started in-process with this file's options (npm test)";
        break;
      case "isolated-caller":
        if (!invents(target)) return "needs a caller whose account starts empty (a bss-mock invents one per test)";
        break;
      case "other-org":
        if (!invents(target) && !settings.tokens.otherOrg) return "needs a caller of another organisation: --token-b";
        break;
      case "same-org":
        if (!invents(target) && !(settings.tokens.main && settings.tokens.sameOrg)) {
          return "needs two callers of one organisation: --token and --token-same-org";
        }
        break;
      case "manual-clock":
        if (!target || !movesClock(target)) return "needs a clock the suite moves itself (bss-mock --clock manual)";
        break;
      case "bss-mock":
        if (!target?.info.isBssMock) return "needs a bss-mock (GET /__mock)";
        break;
      case "observable-states":
        if (target?.info.instant) return "needs states in between to last (the target runs with --timing instant)";
        break;
      case "openapi":
        if (!target?.info.document) return "the target serves no /openapi.json";
        break;
      // In-process each file starts the mocks it names with their own options; under the runner every target of a
      // file is the runner's one.
      case "demo-caller":
        if (settings.target?.authRequired) {
          return "the target requires authorization (--auth required): a request without it is no demo caller";
        }
        break;
      case "auth-required":
        if (!settings.inProcess && !settings.target?.authRequired) {
          return "needs a target that requires authorization (bss-mock serve --auth required)";
        }
        break;
      default: {
        const capability = need.slice("control:".length);
        if (!target?.info.capabilities.has(capability)) {
          return `needs the bss-mock control API with '${capability}' (GET /__mock)`;
        }
      }
    }
  }
  return undefined;
}

function checkRules(name: string, rules: readonly string[]): void {
  if (rules.length === 0) throw new Error(`contract test "${name}" names no rule id (options.rules)`);
  for (const rule of rules) {
    if (!isRuleId(rule))
      throw new Error(`contract test "${name}" names rule ${rule}, which traceability/rules.ts lacks`);
  }
}

type Fn = () => Promise<void> | void;

class Unobservable extends Error {}

/**
 * Ends the running test as "not applicable": what it checks cannot be seen on this target (a state the target passes
 * through faster than two requests, a create operation whose body the spec does not show and the target refuses).
 */
export function unobservable(reason: string): never {
  throw new Unobservable(reason);
}

/**
 * Runs `check` on each case, leaving out those whose operation the target does not serve (an area not built yet, see
 * NotServed): the rule is judged on the operations it serves, and is not applicable when it serves none of them.
 */
export async function forServed<T>(cases: readonly T[], check: (item: T) => Promise<void>): Promise<void> {
  let notServed: unknown;
  let served = 0;
  for (const item of cases) {
    try {
      await check(item);
      served++;
    } catch (error) {
      if (!isNotServed(error)) throw error;
      recordNotServed(error, currentScope()?.name ?? "a test");
      notServed = error;
    }
  }
  if (served === 0 && notServed) throw notServed;
}

/**
 * Runs the checks of one of the test's rules. When one fails, that rule fails and the test's other rules are not failed
 * by it (they are not applicable in that run: what the test would have checked after it was not reached). One failed
 * assertion fails one rule, so a test of several rules cannot hide a broken rule behind another's failure.
 */
export async function forRule<T>(rule: string, check: () => T | Promise<T>): Promise<T> {
  if (!isRuleId(rule)) throw new Error(`forRule names ${rule}, which traceability/rules.ts lacks`);
  try {
    return await check();
  } catch (error) {
    throw tagRule(error, rule);
  }
}

export function describe(name: string, options: Options | Fn, body?: Fn): void {
  const own = typeof options === "function" ? {} : options;
  const fn = (typeof options === "function" ? options : body) as () => void;
  backend.describe(name, () => {
    stack.push(own);
    try {
      fn();
    } finally {
      stack.pop();
    }
  });
}

/** The failing test's last request and response, added to vitest's message (the runner prints its own). */
function withLastExchange(error: unknown, scope: TestScope): unknown {
  const last = scope.exchanges.at(-1);
  if (!runSettings().inProcess || !last || !(error instanceof Error)) return error;
  if (error.message.includes("\n> ")) return error;
  error.message = `${error.message}\n\nlast exchange:\n${describeExchange(last)}`;
  return error;
}

export function it(name: string, options: Options | Fn, body?: Fn): void {
  const opts = merged(typeof options === "function" ? {} : options);
  const fn = (typeof options === "function" ? options : body) as Fn;
  checkRules(name, opts.rules);
  const profile = opts.profile ?? "spec";
  const label = `${name} [${opts.rules.join(" ")}]`;
  const run: Body = async (skip) => {
    const why = notApplicable(opts);
    if (why) skip(why);
    if (!profileIncludes(runSettings().profile, profile)) skip(`profile ${profile}`);
    // The runner made the test's scope; under vitest the harness makes one, for the failure message's last exchange.
    const scope: TestScope = currentScope() ?? { name, exchanges: [] };
    scope.unchecked = opts.unchecked === true;
    try {
      await inScope(scope, fn);
    } catch (error) {
      if (error instanceof Unobservable) skip(error.message);
      if (isNotServed(error)) {
        recordNotServed(error, label);
        skip(error.message);
      }
      if (isNonConforming(error) && !runSettings().inProcess) {
        recordNonConforming(error, label);
        skip(setUpFailed(error, isRuleId));
      }
      throw withLastExchange(error, scope);
    }
  };
  backend.test(
    label,
    { rules: opts.rules, profile, needs: opts.needs, readOnly: opts.readOnly === true, timeout: opts.timeout },
    run,
  );
}

/** Runs once before the block's tests, unless the block's tests cannot run on this target anyway. */
export function beforeAll(fn: Fn, timeout?: number): void {
  const opts = merged({});
  backend.beforeAll(async () => {
    if (notApplicable(opts)) return;
    try {
      await fn();
    } catch (error) {
      if (error instanceof Unobservable) throw new NotApplicable(error.message);
      if (isNotServed(error)) {
        recordNotServed(error, "a block's set-up");
        throw new NotApplicable(error.message);
      }
      // The block's tests all stood on this set-up: not applicable, the broken answer reported once (as in `it`).
      if (isNonConforming(error) && !runSettings().inProcess) {
        recordNonConforming(error, "a block's set-up");
        throw new NotApplicable(setUpFailed(error, isRuleId));
      }
      throw error;
    }
  }, timeout);
}

export function afterAll(fn: Fn): void {
  backend.afterAll(fn);
}
