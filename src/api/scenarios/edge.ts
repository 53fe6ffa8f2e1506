import type { RouteConfig } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  type AnyOperation,
  bodyOf,
  type ChosenIssue,
  chosenErrorsBody,
  closesBeforeAnswer,
  completeIssue,
  detail,
  dropConnection,
  httpPhrase,
  INTERNAL_SERVER_ERROR_TEXT,
  jsonBodyFields,
  markServerError,
  type PyValue,
  type ScenarioHooks,
  textResponse,
  toJs,
  truncate,
  type ValidationIssue,
  validationErrorBody,
} from "../../fastapi/index.js";
import type { Caller } from "../domain/callers.js";
import { tenantOfToken } from "../domain/callers.js";
import { Refusal } from "../domain/errors.js";
import type { Services } from "../services.js";
import { type AnswerPreparer, AnswerProblem, type OperationInfo, type PreparedAnswer } from "./catalogue.js";
import { applyEffects } from "./effects.js";
import type { AppliedRule, Decision, ScenarioEngine } from "./engine.js";
import type { Answer } from "./schema.js";

/**
 * Scenarios at the edge: answers written once by the mock's own builders (a 422 completed by the route's validator),
 * then per request: wait, answer in the mock's place, break the connection, or let the handler run and have the domain
 * carry out effects. The engine decides; the emulator (src/fastapi) carries the decisions out over HTTP, through the
 * ScenarioHooks this module implements.
 */

export const SCENARIO_HEADER = "x-mock-scenario";

// ---- what the request journal and coverage learn about a request at the edge ----

export interface Exchange {
  /** The path template of the operation that handled the request. */
  readonly template: string;
  /** The scenario rules that acted on it. */
  applied?: AppliedRule[];
}

/** Kept as a variable of the request's context: the journal and coverage read it in the same middleware once answered. */
const EXCHANGE = "bss-mock.exchange";
type ExchangeEnv = { Variables: { [EXCHANGE]?: Exchange } };

export function exchangeOf(c: Context): Exchange | undefined {
  return (c as Context<ExchangeEnv>).get(EXCHANGE);
}

// ---- answers, written once when a scenario is loaded ----

/** A scenario's 422 items completed by the route's schemas; an item they cannot give is the scenario's error. */
function completeIssues(items: readonly ChosenIssue[], route: RouteConfig): ValidationIssue[] {
  return items.map((item, index) => {
    const result = completeIssue(item, route);
    if (!result.ok) throw new AnswerProblem(["validation_errors", index], result.problem);
    return result.issue;
  });
}

function prepare(answer: Answer, operation: AnyOperation | undefined): PreparedAnswer {
  const headers = new Map<string, string>();
  const status = answer.status;
  let body: string | null;
  let contentType = "application/json";
  let serverError = false;
  if (answer.validation_errors) {
    const route = operation?.route;
    if (!route) throw new AnswerProblem(["validation_errors"], "a 422 needs match.method and match.path");
    body = validationErrorBody(completeIssues(answer.validation_errors, route));
  } else if (answer.detail !== undefined) {
    body = JSON.stringify({ detail: answer.detail });
  } else if (answer.envelope_error) {
    body = JSON.stringify({ data: null, errors: [answer.envelope_error] });
  } else if (answer.body !== undefined) {
    body = JSON.stringify(answer.body);
  } else if (status === 204 || status === 304) {
    body = null;
  } else if (status === 500) {
    // Starlette's ServerErrorMiddleware, as the mock's own unhandled errors answer.
    body = INTERNAL_SERVER_ERROR_TEXT;
    contentType = "text/plain; charset=utf-8";
    serverError = true;
  } else if (httpPhrase(status) !== undefined) {
    body = JSON.stringify({ detail: httpPhrase(status) });
  } else {
    throw new AnswerProblem(["status"], `give a body (detail, envelope_error or body) for status ${status}`);
  }
  if (body !== null) headers.set("content-type", contentType);
  for (const [name, value] of Object.entries(answer.headers ?? {})) headers.set(name.toLowerCase(), value);
  // The operation's own headers (Deprecation, Link) come from the route; an unhandled error never reaches it.
  if (!serverError) {
    for (const [name, value] of Object.entries(operation?.headers ?? {})) headers.set(name.toLowerCase(), value);
  }
  return {
    status,
    headers: [...headers],
    body,
    ...(answer.validation_errors ? { validationErrors: answer.validation_errors } : {}),
    ...(serverError ? { serverError: true as const } : {}),
  };
}

/** A 422 answer's items completed by the route's schemas (checked when the scenario was compiled), once each. */
const completedIssues = new WeakMap<PreparedAnswer, ValidationIssue[]>();

/** The body of a scenario's answer to this request (`route`: the operation its rule matched). */
function answerBody(answer: PreparedAnswer, route: RouteConfig, c: Context, body: PyValue | undefined): string | null {
  if (!answer.validationErrors) return answer.body;
  let issues = completedIssues.get(answer);
  if (!issues) {
    issues = completeIssues(answer.validationErrors, route);
    completedIssues.set(answer, issues);
  }
  return chosenErrorsBody(route, issues, c, body);
}

/** Writes scenario answers for the given operations (422 items need the rule's operation). */
export function answerPreparer(operations: readonly AnyOperation[]): AnswerPreparer {
  const byKey = new Map(operations.map((op) => [`${op.route.method.toUpperCase()} ${op.route.path}`, op]));
  return (answer, info) => prepare(answer, info ? byKey.get(`${info.method} ${info.path}`) : undefined);
}

/** What scenarios may name: the /v1 operations. */
export function scenarioOperations(operations: readonly AnyOperation[]): OperationInfo[] {
  return operations
    .filter((op) => op.route.path.startsWith("/v1/"))
    .map((op) => {
      let bodyFields: readonly string[] | undefined;
      return {
        method: op.route.method.toUpperCase(),
        path: op.route.path,
        // On first read (an effect's check): reading the body schema builds the route's schemas (define-route.ts).
        get bodyFields() {
          bodyFields ??= jsonBodyFields(op.route);
          return bodyFields;
        },
      };
    });
}

// ---- per request ----

/** A decision under way: what the handler's answer still needs (effects, a truncation). */
export interface Pending {
  readonly decision: Decision;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class ScenarioEdge implements ScenarioHooks<Caller, Pending> {
  constructor(
    readonly engine: ScenarioEngine,
    readonly services: Services,
  ) {}

  /** Scenarios apply to the API (/v1), never to the control API or the documents. */
  actOn(template: string): boolean {
    return template.startsWith("/v1/");
  }

  /** Marks the request as handled by `template`; the request journal reads it. */
  note(c: Context, template: string): void {
    (c as Context<ExchangeEnv>).set(EXCHANGE, { template });
  }

  /** The header's names, or false when the request needs no scenario work at all (the common case: no await). */
  wanted(c: Context): string | undefined | false {
    const header = c.req.header(SCENARIO_HEADER);
    return this.engine.idle && header === undefined ? false : header;
  }

  /**
   * Before validation: an answer in the mock's place (or a refusal of an unknown scenario name), a fault, or a
   * decision the handler's answer must still go through.
   */
  async before(
    c: Context,
    route: RouteConfig,
    header: string | undefined,
    token: string | undefined,
    body: PyValue | undefined,
  ): Promise<Response | Pending | undefined> {
    let fromHeader: ReturnType<ScenarioEngine["fromHeader"]> = [];
    if (header !== undefined) {
      try {
        fromHeader = this.engine.fromHeader(header);
      } catch (error) {
        if (error instanceof Refusal) return detail(400, error.message);
        throw error;
      }
    }
    const exchange = exchangeOf(c) as Exchange;
    const tenant = tenantOfToken(token);
    let parsed: { value: unknown } | undefined;
    const decision = this.engine.decide(
      {
        method: c.req.method,
        template: exchange.template,
        token,
        organisation: tenant.kind === "shared" ? tenant.org : undefined,
        body: () => {
          parsed ??= { value: body === undefined ? undefined : toJs(body) };
          return parsed.value;
        },
      },
      fromHeader,
    );
    if (!decision) return undefined;
    exchange.applied = decision.applied;
    if (decision.delayMs > 0) await sleep(decision.delayMs);
    if (closesBeforeAnswer(decision.fault)) return dropConnection(c, decision.fault);
    if (decision.answer) {
      const { status, headers } = decision.answer;
      const text = answerBody(decision.answer, route, c, body);
      const response = textResponse(status, text, headers as Array<[string, string]>);
      if (decision.answer.serverError) markServerError(c);
      if (decision.retryAfter !== undefined) response.headers.set("retry-after", String(decision.retryAfter));
      return response;
    }
    return { decision };
  }

  /**
   * Right after the handler, in the same synchronous step: effects once its answer is a success. The thing the request
   * created is read from the answer's recorded body (bodyOf), never from its stream, which takes turns of the event
   * loop to read.
   */
  applyEffects(
    c: Context,
    pending: Pending,
    facts: { caller: Caller; body: PyValue | undefined },
    response: Response,
  ): void {
    const { decision } = pending;
    if (decision.effects.length === 0 || response.status < 200 || response.status >= 300) return;
    applyEffects(decision.effects, {
      services: this.services,
      caller: facts.caller,
      method: c.req.method,
      template: (exchangeOf(c) as Exchange).template,
      params: c.req.param() as Record<string, string>,
      body: facts.body === undefined ? undefined : toJs(facts.body),
      response: () => answerJson(response),
    });
  }

  /** Once effects are made: a truncation if the scenario asked for one. */
  async finish(c: Context, pending: Pending, response: Response): Promise<Response> {
    if (pending.decision.fault !== "truncated_body") return response;
    return truncate(c, response);
  }
}

/** The JSON of an answer written by the response helpers; undefined for any other (no body to read at once). */
function answerJson(response: Response): unknown {
  const recorded = bodyOf(response);
  if (recorded?.type !== "application/json") return undefined;
  const text = typeof recorded.body === "string" ? recorded.body : new TextDecoder().decode(recorded.body);
  return JSON.parse(text);
}
