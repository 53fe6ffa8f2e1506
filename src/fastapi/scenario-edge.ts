import type { RouteConfig } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { z } from "zod";
import type { Caller } from "../api/domain/callers.js";
import { tenantOfToken } from "../api/domain/callers.js";
import { Refusal } from "../api/domain/errors.js";
import {
  type AnswerPreparer,
  AnswerProblem,
  type OperationInfo,
  type PreparedAnswer,
} from "../api/scenarios/catalogue.js";
import { applyEffects } from "../api/scenarios/effects.js";
import type { AppliedRule, Decision, ScenarioEngine } from "../api/scenarios/engine.js";
import type { Answer, FaultType } from "../api/scenarios/schema.js";
import type { Services } from "../api/services.js";
import type { AnyOperation } from "./operation.js";
import { lastQueryValues, validateParameters } from "./request-input.js";
import { bodyOf, detail, INTERNAL_SERVER_ERROR_TEXT, markServerError, textResponse, withVaryOf } from "./responses.js";
import { makeIssue } from "./validation/messages.js";
import { fromJs, PY_NONE, type PyValue, pyStr, toJs } from "./validation/py-value.js";
import { type ValidationIssue, validateBody, validateParams, validationErrorBody } from "./validation/pydantic.js";

/**
 * The edge side of scenarios: answers written once by the mock's own builders (a 422 completed by its validator),
 * then per request: wait, answer in the mock's place, break the connection, or let the handler run and have the domain
 * carry out effects. The engine (src/api/scenarios) decides; this module only carries decisions out over HTTP.
 */

export const SCENARIO_HEADER = "x-mock-scenario";

// ---- what the request journal learns about a request at the edge ----

export interface Exchange {
  /** The path template of the operation that handled the request. */
  template: string;
  applied?: AppliedRule[];
  fault?: FaultType;
}

/** Kept on the request itself (a symbol property costs less on the hot path than a WeakMap entry). */
const EXCHANGE = Symbol("bss-mock.exchange");

export function exchangeOf(request: Request): Exchange | undefined {
  return (request as Request & { [EXCHANGE]?: Exchange })[EXCHANGE];
}

// ---- faults: a real broken connection over node sockets, a rejected fetch in-process ----

/** A fault that closes the connection before any byte of an answer: the client gets no status at all. */
export function closesBeforeAnswer(fault: FaultType | undefined): fault is "connection_reset" | "empty_response" {
  return fault === "connection_reset" || fault === "empty_response";
}

/** The network error an in-process `fetch` rejects with, as undici's would read. */
const faultErrors = new WeakMap<Response, Error>();

export function faultOf(response: Response): Error | undefined {
  return faultErrors.get(response);
}

interface NodeBindings {
  incoming: { socket: { resetAndDestroy?: () => void; destroy: () => void; end: () => void } };
  outgoing: {
    writeHead(status: number, headers: Record<string, string>): void;
    write(chunk: Uint8Array): void;
    socket: { end: () => void } | null;
  };
}

function nodeBindings(c: Context): NodeBindings | undefined {
  const env = c.env as Partial<NodeBindings> | undefined;
  return env?.incoming && env.outgoing ? (env as NodeBindings) : undefined;
}

/** @hono/node-server's "already sent" marker: it then writes nothing (the body must be read as a web Response). */
function alreadySent(): Response {
  const response = new Response(null, { headers: { "x-hono-already-sent": "true" } });
  void response.body;
  return response;
}

function networkError(code: string, message: string): Response {
  const response = new Response(null, { status: 599 });
  faultErrors.set(response, new TypeError("fetch failed", { cause: Object.assign(new Error(message), { code }) }));
  return response;
}

/** Reset or close the connection before any answer. */
function dropConnection(c: Context, fault: "connection_reset" | "empty_response"): Response {
  const node = nodeBindings(c);
  if (!node) {
    return fault === "connection_reset"
      ? networkError("ECONNRESET", "read ECONNRESET")
      : networkError("UND_ERR_SOCKET", "other side closed");
  }
  const socket = node.incoming.socket;
  if (fault === "connection_reset") (socket.resetAndDestroy ?? socket.destroy).call(socket);
  else socket.end();
  return alreadySent();
}

/** The usual answer with its full Content-Length, cut off half way: the reader fails while reading the body. */
async function truncate(c: Context, response: Response): Promise<Response> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  const half = bytes.subarray(0, Math.floor(bytes.length / 2));
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  headers["content-length"] = String(bytes.length);
  const node = nodeBindings(c);
  if (node) {
    node.outgoing.writeHead(response.status, headers);
    node.outgoing.write(half);
    node.outgoing.socket?.end();
    return alreadySent();
  }
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(half);
      controller.error(new TypeError("terminated"));
    },
  });
  return withVaryOf(response, new Response(body, { status: response.status, headers }));
}

// ---- answers, written once when a scenario is loaded ----

/** Starlette's HTTPException default detail: Python 3.12's HTTPStatus phrase. */
const PHRASES: Readonly<Record<number, string>> = {
  400: "Bad Request",
  401: "Unauthorized",
  402: "Payment Required",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  406: "Not Acceptable",
  408: "Request Timeout",
  409: "Conflict",
  410: "Gone",
  412: "Precondition Failed",
  413: "Request Entity Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Entity",
  423: "Locked",
  425: "Too Early",
  428: "Precondition Required",
  429: "Too Many Requests",
  501: "Not Implemented",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

function bodySchema(route: RouteConfig): { schema: z.ZodType; required: boolean } | undefined {
  const body = route.request?.body;
  const schema = (body?.content?.["application/json"] as { schema?: unknown } | undefined)?.schema;
  return schema ? { schema: schema as z.ZodType, required: body?.required === true } : undefined;
}

/** Places `value` at `path` inside an otherwise empty JSON value (arrays padded with nulls). */
function nest(path: ReadonlyArray<string | number>, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const inner = nest(rest, value);
  if (typeof head === "number") return [...new Array<unknown>(head).fill(null), inner];
  return { [head as string]: inner };
}

/** pydantic's message for the type reads the same whatever the constraint (no ctx in it). */
function isContextFree(type: string): boolean {
  try {
    return !makeIssue(type, [], PY_NONE).msg.includes("undefined");
  } catch {
    return false;
  }
}

const sameLoc = (a: ReadonlyArray<string | number>, b: ReadonlyArray<string | number>) =>
  a.length === b.length && a.every((part, i) => part === b[i]);

/**
 * A 422 item the way FastAPI would write it: the route's own schemas validate `input` at `loc`, and the issue of the
 * given type there is taken whole (msg, ctx, input). An item the schema cannot produce is refused, so a scenario's
 * 422 is always one the mock could have given.
 */
function completeIssue(
  item: { loc: Array<string | number>; type: string; input: unknown },
  route: RouteConfig,
  index: number,
): ValidationIssue {
  const [where, ...rest] = item.loc;
  const problem: (message: string) => never = (message) => {
    throw new AnswerProblem(["validation_errors", index], message);
  };
  let issues: ValidationIssue[] = [];
  if (where === "body") {
    const body = bodySchema(route);
    if (!body) problem(`${route.method.toUpperCase()} ${route.path} takes no JSON body`);
    const container = item.type === "missing" ? rest.slice(0, -1) : rest;
    const value = item.type === "missing" && rest.length === 0 ? undefined : nest(container, item.input);
    const result = validateBody(body.schema, value === undefined ? undefined : fromJs(value), true);
    if (!result.ok) issues = result.issues;
  } else if (where === "query" || where === "path") {
    const schema = (where === "query" ? route.request?.query : route.request?.params) as z.ZodObject | undefined;
    const [name, ...deeper] = rest;
    if (!schema || typeof name !== "string" || deeper.length > 0)
      problem(`no ${where} parameter at ${JSON.stringify(item.loc)}`);
    if (item.type !== "missing" && typeof item.input !== "string") {
      problem(`${where} parameters arrive as text: give input as a string`);
    }
    const raw = item.type === "missing" ? {} : { [name as string]: item.input as string };
    const result = validateParams(schema as z.ZodObject, raw, where);
    if (!result.ok) issues = result.issues;
  } else {
    problem(`loc starts with "body", "query" or "path"`);
  }
  const found = issues.find((issue) => issue.type === item.type && sameLoc(issue.loc, item.loc));
  if (found) return found;
  // A type the mock's schema never gives (a check the real service makes and the mock does not), but whose message
  // needs nothing from ctx, is still written exactly.
  if (isContextFree(item.type)) return makeIssue(item.type, item.loc, fromJs(item.input));
  const seen = issues.filter((issue) => sameLoc(issue.loc, item.loc)).map((issue) => issue.type);
  return problem(
    `the route's schema gives ${seen.length > 0 ? seen.join(", ") : "no error"} at ${JSON.stringify(item.loc)} for this input, not ${item.type}`,
  );
}

function completeIssues(items: NonNullable<Answer["validation_errors"]>, route: RouteConfig): ValidationIssue[] {
  return items.map((item, index) => completeIssue(item, route, index));
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
  } else if (PHRASES[status] !== undefined) {
    body = JSON.stringify({ detail: PHRASES[status] });
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

/**
 * What the client sent where a 422 item points, as pydantic echoes it: the value at `loc`; for a `missing` field (or
 * one the client left out) the deepest enclosing value it did send; null for no body or an absent query parameter.
 */
function sentAt(loc: ReadonlyArray<string | number>, type: string, c: Context, body: PyValue | undefined): PyValue {
  const [where, ...rest] = loc;
  if (where === "query" || where === "path") {
    const name = String(rest[0]);
    const value = where === "query" ? lastQueryValues(c.req.url)[name] : c.req.param(name);
    return value === undefined ? PY_NONE : pyStr(value);
  }
  let found = body ?? PY_NONE;
  for (const part of type === "missing" ? rest.slice(0, -1) : rest) {
    const inner =
      found.kind === "dict"
        ? found.entries.find(([key]) => key === part)?.[1]
        : found.kind === "list" && typeof part === "number"
          ? found.items[part]
          : undefined;
    if (inner === undefined) break;
    found = inner;
  }
  return found;
}

/**
 * A scenario's 422 for this request, never one its body contradicts ("Field required" for a field it sent, "at least 1
 * item, not 0" beside a list of one). A request with errors of its own gets them, as FastAPI writes them (the items
 * that hold for it are among them). A valid one gets a field it really lacks, `missing`: of those the items name
 * first, else the route's first (query or body, as the items place theirs). Only a request that sent every field gets
 * the items as written, each with what it sent as input.
 */
function echoSent(
  route: RouteConfig,
  issues: ValidationIssue[],
  c: Context,
  body: PyValue | undefined,
): ValidationIssue[] {
  const given = validateParameters(c, route).issues;
  const schema = bodySchema(route);
  if (schema) {
    const result = validateBody(schema.schema, body, schema.required);
    if (!result.ok) given.push(...result.issues);
  }
  if (given.length > 0) return given;
  const lacking = lackingField(route, issues, c, body);
  if (lacking) return [makeIssue("missing", lacking, sentAt(lacking, "missing", c, body))];
  return issues.map((issue) => ({ ...issue, input: sentAt(issue.loc, issue.type, c, body) }));
}

/** A top-level body or query field the request did not send, those the items name first; undefined when none. */
function lackingField(
  route: RouteConfig,
  issues: readonly ValidationIssue[],
  c: Context,
  body: PyValue | undefined,
): Array<string | number> | undefined {
  const sentQuery = lastQueryValues(c.req.url);
  const sentBody = body?.kind === "dict" ? new Set(body.entries.map(([key]) => key)) : undefined;
  const lacks = (where: unknown, name: string) =>
    where === "query"
      ? !Object.hasOwn(sentQuery, name)
      : where === "body" && sentBody !== undefined && !sentBody.has(name);
  for (const { loc } of issues) {
    const [where, name] = loc;
    if (loc.length === 2 && typeof name === "string" && lacks(where, name)) return [where as string, name];
  }
  const places = new Set(issues.map((issue) => issue.loc[0]));
  const fields = {
    body: Object.keys((bodySchema(route)?.schema as { shape?: object } | undefined)?.shape ?? {}),
    query: Object.keys((route.request?.query as { shape?: object } | undefined)?.shape ?? {}),
  };
  for (const where of ["body", "query"] as const) {
    if (!places.has(where)) continue;
    const name = fields[where].find((field) => lacks(where, field));
    if (name !== undefined) return [where, name];
  }
  return undefined;
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
  return validationErrorBody(echoSent(route, issues, c, body));
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
          if (!bodyFields) {
            const body = bodySchema(op.route)?.schema as { shape?: Record<string, unknown> } | undefined;
            bodyFields = body?.shape ? Object.keys(body.shape) : [];
          }
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

export class ScenarioEdge {
  constructor(readonly engine: ScenarioEngine) {}

  /** Marks the request as handled by `template`; the request journal reads it. */
  note(c: Context, template: string): Exchange {
    const exchange: Exchange = { template };
    (c.req.raw as Request & { [EXCHANGE]?: Exchange })[EXCHANGE] = exchange;
    return exchange;
  }

  /**
   * Before validation: an answer in the mock's place (or a refusal of an unknown scenario name), a fault, or a
   * decision the handler's answer must still go through. Called only when `wanted` says so.
   */
  /** The header's names, or undefined when the request needs no scenario work at all (the common case: no await). */
  wanted(c: Context): string | undefined | false {
    const header = c.req.header(SCENARIO_HEADER);
    return this.engine.idle && header === undefined ? false : header;
  }

  async before(
    c: Context,
    route: RouteConfig,
    exchange: Exchange,
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
    if (closesBeforeAnswer(decision.fault)) {
      exchange.fault = decision.fault;
      return dropConnection(c, decision.fault);
    }
    if (decision.answer) {
      const { status, headers } = decision.answer;
      const text = answerBody(decision.answer, route, c, body);
      const response = textResponse(status, text, headers as Array<[string, string]>);
      if (decision.answer.serverError) markServerError(c.req.raw);
      if (decision.retryAfter !== undefined) response.headers.set("retry-after", String(decision.retryAfter));
      return response;
    }
    return { decision };
  }

  /**
   * Right after the handler, in the same synchronous step: effects once its answer is a success. The thing the request
   * created is read from the answer's recorded body (responses.ts), never from its stream, which takes turns of the
   * event loop to read.
   */
  applyEffects(
    c: Context,
    pending: Pending,
    exchange: Exchange,
    facts: { services: Services; caller: Caller; body: PyValue | undefined },
    response: Response,
  ): void {
    const { decision } = pending;
    if (decision.effects.length === 0 || response.status < 200 || response.status >= 300) return;
    applyEffects(decision.effects, {
      services: facts.services,
      caller: facts.caller,
      method: c.req.method,
      template: exchange.template,
      params: c.req.param() as Record<string, string>,
      body: facts.body === undefined ? undefined : toJs(facts.body),
      response: () => answerJson(response),
    });
  }

  /** Once effects are made: a truncation if the scenario asked for one. */
  async finish(c: Context, pending: Pending, exchange: Exchange, response: Response): Promise<Response> {
    if (pending.decision.fault !== "truncated_body") return response;
    exchange.fault = pending.decision.fault;
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
