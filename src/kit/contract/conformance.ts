import type { TestMeta } from "./backend-api.js";
import type { TestResult } from "./run.js";
import type { Exchange } from "./scope.js";

/**
 * A response that breaks the OpenAPI document. Under `npm test` it fails the test that got it (the mock must
 * conform); under `bss-mock contract` it is reported once, under the rule of what it breaks, and the tests that met it
 * on their way are not applicable ("set-up failed"): one missing field must not fail a hundred unrelated rules.
 */
export class NonConforming extends Error {
  override readonly name = "NonConforming";
  constructor(
    /** `METHOD /template -> status`. */
    readonly where: string,
    readonly problem: string,
    readonly exchange: Exchange,
  ) {
    super(`the response does not conform to the OpenAPI document: ${problem}`);
  }
}

export function isNonConforming(error: unknown): error is NonConforming {
  return error instanceof Error && error.name === "NonConforming" && "where" in error;
}

/** The resource a path's fields belong to, as the rule ids name it. */
const RESOURCES: ReadonlyArray<[RegExp, string]> = [
  [/^\/v1\/simulations/, "SIM-FIELD-"],
  [/^\/v1\/user-models/, "USER-MODEL-"],
  [/^\/v1\/answers/, "ANSWER-FIELD-"],
  [/^\/v1\/populations/, "POPULATION-FIELD-"],
  [/^\/v1\/contexts?/, "CONTEXT-FIELD-"],
  [/^\/v1\/projects/, "PROJECT-FIELD-"],
];

/** Operations whose success status a rule of its own states. */
const STATUS_RULES: ReadonlyArray<[RegExp, string]> = [
  [/^POST \/v1\/simulations -> /, "SIM-CREATE-201"],
  [/^POST \/v1\/projects -> /, "PROJECT-CREATE-201"],
  [/^POST \/v1\/projects\/\{[^}]+\}\/rounds -> /, "ROUND-CREATE-201"],
  [/^DELETE \/v1\/simulations\/\{[^}]+\} -> /, "SIM-DELETE-204"],
  [/^POST \/v1\/simulations\/\{[^}]+\}\/run -> /, "SIM-RUN-200-PLANNED"],
];

/**
 * The rules a broken response breaks: an unlisted status breaks the listed success codes (and the operation's own
 * status rule); a body, the field rule of the field it lacks or gets wrong (`owned_by_org` of a user model:
 * USER-MODEL-OWNED-BY-ORG), else that bodies are JSON as documented.
 */
export function conformanceRules(error: NonConforming, has: (id: string) => boolean): string[] {
  const { problem, where } = error;
  if (/does not list this status|a server error/.test(problem)) {
    const own = STATUS_RULES.find(([re]) => re.test(where))?.[1];
    return own && has(own) ? [own, "STATUS-CODES-AS-LISTED"] : ["STATUS-CODES-AS-LISTED"];
  }
  return [fieldRule(error, has)];
}

function fieldRule(error: NonConforming, has: (id: string) => boolean): string {
  const { problem, where } = error;
  const path = where.split(" ")[1] ?? "";
  const missing = /required property '([^']+)'/.exec(problem)?.[1];
  const pointer = /: (\/[^ ]*) /.exec(problem)?.[1] ?? "";
  const field =
    missing ??
    pointer
      .split("/")
      .filter((s) => s !== "" && !/^\d+$/.test(s))
      .at(-1);
  if (field === "errors" && has("ENVELOPE-ERRORS-FIELD")) return "ENVELOPE-ERRORS-FIELD";
  const prefix = /\/plan\b/.test(pointer) ? "PLAN-FIELD-" : RESOURCES.find(([re]) => re.test(path))?.[1];
  const candidate = field && prefix ? `${prefix}${field.toUpperCase().replaceAll("_", "-")}` : undefined;
  return candidate && has(candidate) ? candidate : "JSON-BODIES";
}

interface Seen {
  readonly error: NonConforming;
  readonly test: string;
}

const seen = new Map<string, Seen>();

/** Keeps the first sighting of each broken answer (operation, status and problem kind) for the report. */
export function recordNonConforming(error: NonConforming, test: string): void {
  const key = `${error.where} ${error.problem.replace(/\{.*$/, "")}`;
  if (!seen.has(key)) seen.set(key, { error, test });
}

/** The N/A reason of a test whose set-up met a broken answer. */
export function setUpFailed(error: NonConforming, has: (id: string) => boolean): string {
  return `set-up failed: ${conformanceRules(error, has).join(", ")} (${error.where} does not conform to the OpenAPI document)`;
}

/** One failed result per broken answer the run met, under the rule it breaks. */
export function nonConformingResults(has: (id: string) => boolean, profileOf: (id: string) => TestMeta["profile"]) {
  return [...seen.values()].map(({ error, test }): TestResult => {
    const rules = conformanceRules(error, has);
    return {
      file: "response conformance",
      path: [],
      name: `${error.where} [${rules.join(" ")}]`,
      meta: { rules, profile: profileOf(rules[0] as string), needs: [], readOnly: true },
      outcome: "fail",
      message: `${error.message}\n(first met by ${test}; the tests that met it are not applicable: "set-up failed")`,
      exchange: error.exchange,
      ms: 0,
    };
  });
}

/**
 * A request to an operation of the spec that the target does not serve: 404, and its own OpenAPI document lacks the
 * operation (an area not built yet). The tests that need it are not applicable, the operation is reported once with
 * how many tests it held up (OPERATIONS-NAMED fails for it), instead of one failure per test.
 */
export class NotServed extends Error {
  override readonly name = "NotServed";
  constructor(
    /** `METHOD /template` of the spec's operation. */
    readonly operation: string,
  ) {
    super(`not served: ${operation} answered 404 and is not in the target's /openapi.json`);
  }
}

export function isNotServed(error: unknown): error is NotServed {
  return error instanceof Error && error.name === "NotServed" && "operation" in error;
}

const notServed = new Map<string, Set<string>>();

/** Counts the test a not-served operation held up. */
export function recordNotServed(error: NotServed, test: string): void {
  notServed.set(error.operation, (notServed.get(error.operation) ?? new Set()).add(test));
}

/** One line per operation the target does not serve, with how many tests needed it. */
export function notServedLines(): string[] {
  return [...notServed.entries()].map(
    ([operation, tests]) =>
      `not served: ${operation} (404, not in the target's /openapi.json): ${tests.size === 1 ? "1 test that needs" : `${tests.size} tests that need`} it not applicable`,
  );
}
