import { didYouMean } from "../../platform/nearest.js";
import { ConfigError } from "../config/options.js";
import {
  type Answer,
  type Delay,
  type Effect,
  type FaultType,
  type Occurrence,
  type Rule,
  type Scenario,
  scenarioSchemas,
} from "./schema.js";

/**
 * Scenarios as the engine uses them: validated with the one zod schema, then checked against the API's operations
 * (the path template and method exist, an effect can find the thing it acts on, a 422 arises from the route's own
 * schema) and with their answers prepared once, so a request under a scenario only matches and copies.
 */

/**
 * A scenario file or inline scenario that cannot be used; the message names the source and the field. At the start
 * it is a usage error, as a bad option is (exit 2; ConfigError in a program).
 */
export class ScenarioError extends ConfigError {
  override readonly name = "ScenarioError";
  static {
    Object.defineProperty(ScenarioError, "name", { value: "ScenarioError" }); // as ConfigError's
  }
}

/** A problem the answer preparer found, at `field` inside the rule's `answer`. */
export class AnswerProblem extends Error {
  override readonly name = "AnswerProblem";
  constructor(
    readonly field: Array<string | number>,
    message: string,
  ) {
    super(message);
  }
}

/** What a rule may name: an operation of the API. */
export interface OperationInfo {
  /** Upper case. */
  readonly method: string;
  /** The path template, as the spec writes it. */
  readonly path: string;
  /** Top-level fields of the JSON request body, when it has one. */
  readonly bodyFields: readonly string[];
}

/** An answer ready to send: the body text is written once, by the same builders as the mock's own answers. */
export interface PreparedAnswer {
  readonly status: number;
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly body: string | null;
  /**
   * A 422's items as the scenario gives them: the edge writes the body again for each request with what it sent.
   * Plain data like the rest, since the build compiles the packaged scenarios into JSON (packaged-content.ts).
   */
  readonly validationErrors?: NonNullable<Answer["validation_errors"]>;
  /** The 500 of an unhandled error: sent as Starlette's ServerErrorMiddleware sends it, without CORS headers. */
  readonly serverError?: true;
}

export type AnswerPreparer = (answer: Answer, operation: OperationInfo | undefined) => PreparedAnswer;

export type SubjectKind = "simulation" | "project" | "round" | "population";

/** Operations that create the thing an effect may act on: its id is read from the answer. */
const CREATES: Readonly<Record<string, SubjectKind>> = {
  "POST /v1/simulations": "simulation",
  "POST /v1/projects": "project",
  "POST /v1/projects/{project_id}/rounds": "round",
};

export function createdKind(method: string, path: string): SubjectKind | undefined {
  return CREATES[`${method} ${path}`];
}

export function subjectOf(effect: Effect): SubjectKind {
  switch (effect.type) {
    case "planner_turn":
      return "project";
    case "fail_planning":
    case "fail_run":
      return "simulation";
    case "fail_synthesis":
      return "round";
    case "fail_retest":
      return "population";
    case "phase_duration":
      return effect.phase === "synthesis" ? "round" : effect.phase === "retest" ? "population" : "simulation";
  }
}

export type CompiledAction =
  | { readonly kind: "answer"; readonly answer: PreparedAnswer; readonly hasRetryAfter: boolean }
  | { readonly kind: "delay"; readonly delay: Delay }
  | { readonly kind: "fault"; readonly fault: FaultType }
  | { readonly kind: "effect"; readonly effect: Effect };

export interface CompiledRule {
  readonly index: number;
  readonly method: string | undefined;
  readonly path: string | undefined;
  readonly caller: string | undefined;
  readonly organisation: string | undefined;
  readonly body: ReadonlyArray<{ pointer: string[]; equals?: unknown; exists?: boolean }> | undefined;
  readonly occurrence: Occurrence | undefined;
  readonly action: CompiledAction;
}

export interface CompiledScenario {
  readonly name: string;
  readonly description: string;
  /** The file it came from, or "inline scenario <name>". */
  readonly source: string;
  readonly rules: readonly CompiledRule[];
}

export interface CompileEnv {
  readonly operations: readonly OperationInfo[];
  readonly prepareAnswer: AnswerPreparer;
}

function fieldOf(path: ReadonlyArray<PropertyKey>): string {
  return path.length === 0 ? "(root)" : path.map(String).join(".");
}

/** RFC 6901: "/a~1b/0" -> ["a/b", "0"]. */
function pointerTokens(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((token) => token.replaceAll("~1", "/").replaceAll("~0", "~"));
}

/** Validates a scenario (parsed JSON) and compiles it against the API; errors name the source and the field. */
export function compileScenario(raw: unknown, source: string, env: CompileEnv): CompiledScenario {
  const parsed = scenarioSchemas().ScenarioSchema.safeParse(raw);
  if (!parsed.success) {
    // Every mistake at once: fixing a file one error per start is slow going.
    const problems = parsed.error.issues.map((issue) => `field ${fieldOf(issue.path)}: ${issue.message}`);
    throw new ScenarioError(`scenario ${source}: ${problems.join("; ")}`);
  }
  const scenario: Scenario = parsed.data;
  const fail = (field: Array<string | number>, message: string): never => {
    throw new ScenarioError(`scenario ${source}: field ${fieldOf(field)}: ${message}`);
  };
  const rules = scenario.rules.map((rule, index) =>
    compileRule(withSentBody(rule, raw, index), index, env, (field, message) =>
      fail(["rules", index, ...field], message),
    ),
  );
  return { name: scenario.name, description: scenario.description, source, rules };
}

/**
 * The rule with its answer's `body` as sent rather than as the schema copied it: the copy lists integer-like keys
 * first, the sent value in the client's order (key-order.ts), which the answer then keeps, as FastAPI would.
 */
function withSentBody(rule: Rule, raw: unknown, index: number): Rule {
  const answer = rule.answer;
  if (answer?.body === undefined) return rule;
  const sent = (raw as { rules: Array<{ answer?: { body?: unknown } }> }).rules[index]?.answer?.body;
  return sent === undefined ? rule : { ...rule, answer: { ...answer, body: sent as typeof answer.body } };
}

function compileRule(
  rule: Rule,
  index: number,
  env: CompileEnv,
  fail: (field: Array<string | number>, message: string) => never,
): CompiledRule {
  const match = rule.match ?? {};
  const method = match.method;
  const path = match.path;
  let operation: OperationInfo | undefined;
  if (path !== undefined) {
    const onPath = env.operations.filter((op) => op.path === path);
    if (onPath.length === 0) {
      const known = [...new Set(env.operations.map((op) => op.path))].join(", ");
      fail(["match", "path"], `no operation of the API has the path template ${path}; use one of: ${known}`);
    }
    if (method !== undefined) {
      operation = onPath.find((op) => op.method === method);
      if (!operation) {
        fail(["match", "method"], `${path} has no ${method}; it takes ${onPath.map((op) => op.method).join(", ")}`);
      }
    } else if (onPath.length === 1) {
      operation = onPath[0];
    }
  } else if (method !== undefined && !env.operations.some((op) => op.method === method)) {
    fail(["match", "method"], `no operation of the API takes ${method}`);
  }

  let action: CompiledAction;
  if (rule.answer) {
    try {
      const answer = env.prepareAnswer(rule.answer, operation);
      const hasRetryAfter = answer.headers.some(([name]) => name === "retry-after");
      action = { kind: "answer", answer, hasRetryAfter };
    } catch (error) {
      if (error instanceof AnswerProblem) fail(["answer", ...error.field], error.message);
      throw error;
    }
  } else if (rule.delay) {
    action = { kind: "delay", delay: rule.delay };
  } else if (rule.fault) {
    action = { kind: "fault", fault: rule.fault.type };
  } else {
    const effect = rule.effect as Effect;
    if (!operation) {
      fail(["match"], "an effect acts on the thing one operation touches: give match.method and match.path");
    }
    const kind = subjectOf(effect);
    const found =
      operation.path.includes(`{${kind}_id}`) ||
      operation.bodyFields.includes(`${kind}_id`) ||
      createdKind(operation.method, operation.path) === kind;
    if (!found) {
      fail(
        ["effect", "type"],
        `${effect.type} acts on a ${kind}, and ${operation.method} ${operation.path} names none (no {${kind}_id} in the path or ${kind}_id in the body, and it creates none)`,
      );
    }
    action = { kind: "effect", effect };
  }

  return {
    index,
    method,
    path,
    caller: match.caller,
    organisation: match.organisation,
    body: match.body?.map((predicate) =>
      "equals" in predicate
        ? { pointer: pointerTokens(predicate.pointer), equals: predicate.equals }
        : { pointer: pointerTokens(predicate.pointer), exists: predicate.exists },
    ),
    occurrence: rule.occurrence,
    action,
  };
}

/** Every scenario the mock knows by name: the shipped ones, then a user's folder (same name: the user's wins). */
export class ScenarioCatalogue {
  readonly #byName = new Map<string, CompiledScenario>();

  constructor(scenarios: readonly CompiledScenario[] = []) {
    for (const scenario of scenarios) this.#byName.set(scenario.name, scenario);
  }

  get(name: string): CompiledScenario | undefined {
    return this.#byName.get(name);
  }

  names(): string[] {
    return [...this.#byName.keys()].sort();
  }

  list(): Array<{ name: string; description: string }> {
    return this.names().map((name) => {
      const scenario = this.#byName.get(name) as CompiledScenario;
      return { name, description: scenario.description };
    });
  }

  /** The message for names nobody knows: the nearest known one for a typo, then every known one. */
  unknownMessage(unknown: readonly string[], where: string): string {
    const list = unknown.map((name) => `'${name}'`).join(", ");
    const hints = unknown.flatMap((name) => didYouMean(name, this.names()) ?? []);
    const hint = unknown.length === 1 && hints[0] ? ` (${hints[0]})` : "";
    return `Unknown scenario ${list} in ${where}${hint}; known scenarios: ${this.names().join(", ") || "(none)"}.`;
  }
}
