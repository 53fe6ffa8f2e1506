import type { RouteConfig } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { z } from "zod";
import { lastQueryValues, validateParameters } from "./request-input.js";
import { makeIssue } from "./validation/messages.js";
import { fromJs, PY_NONE, type PyValue, pyStr } from "./validation/py-value.js";
import { type ValidationIssue, validateBody, validateParams, validationErrorBody } from "./validation/pydantic.js";

/**
 * A 422 chosen ahead of any request (a scenario's answer), written as FastAPI would write it for the route: each item
 * completed by the route's own schemas, then echoing what the request really sent.
 */

/** An item as chosen: where, which pydantic error type, and an example input. */
export interface ChosenIssue {
  readonly loc: Array<string | number>;
  readonly type: string;
  readonly input: unknown;
}

function bodySchema(route: RouteConfig): { schema: z.ZodType; required: boolean } | undefined {
  const body = route.request?.body;
  const schema = (body?.content?.["application/json"] as { schema?: unknown } | undefined)?.schema;
  return schema ? { schema: schema as z.ZodType, required: body?.required === true } : undefined;
}

/** The top-level fields of the route's JSON body (none without one). Reading it builds the route's schemas. */
export function jsonBodyFields(route: RouteConfig): string[] {
  const body = bodySchema(route)?.schema as { shape?: Record<string, unknown> } | undefined;
  return body?.shape ? Object.keys(body.shape) : [];
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
 * An item the way FastAPI would write it: the route's own schemas validate `input` at `loc`, and the issue of the
 * given type there is taken whole (msg, ctx, input). An item the schema cannot produce is a problem, so a chosen 422
 * is always one the mock could have given.
 */
export function completeIssue(
  item: ChosenIssue,
  route: RouteConfig,
): { ok: true; issue: ValidationIssue } | { ok: false; problem: string } {
  const problem = (message: string) => ({ ok: false as const, problem: message });
  const [where, ...rest] = item.loc;
  let issues: ValidationIssue[] = [];
  if (where === "body") {
    const body = bodySchema(route);
    if (!body) return problem(`${route.method.toUpperCase()} ${route.path} takes no JSON body`);
    const container = item.type === "missing" ? rest.slice(0, -1) : rest;
    const value = item.type === "missing" && rest.length === 0 ? undefined : nest(container, item.input);
    const result = validateBody(body.schema, value === undefined ? undefined : fromJs(value), true);
    if (!result.ok) issues = result.issues;
  } else if (where === "query" || where === "path") {
    const schema = (where === "query" ? route.request?.query : route.request?.params) as z.ZodObject | undefined;
    const [name, ...deeper] = rest;
    if (!schema || typeof name !== "string" || deeper.length > 0) {
      return problem(`no ${where} parameter at ${JSON.stringify(item.loc)}`);
    }
    if (item.type !== "missing" && typeof item.input !== "string") {
      return problem(`${where} parameters arrive as text: give input as a string`);
    }
    const raw = item.type === "missing" ? {} : { [name]: item.input as string };
    const result = validateParams(schema, raw, where);
    if (!result.ok) issues = result.issues;
  } else {
    return problem(`loc starts with "body", "query" or "path"`);
  }
  const found = issues.find((issue) => issue.type === item.type && sameLoc(issue.loc, item.loc));
  if (found) return { ok: true, issue: found };
  // A type the mock's schema never gives (a check the real service makes and the mock does not), but whose message
  // needs nothing from ctx, is still written exactly.
  if (isContextFree(item.type)) return { ok: true, issue: makeIssue(item.type, item.loc, fromJs(item.input)) };
  const seen = issues.filter((issue) => sameLoc(issue.loc, item.loc)).map((issue) => issue.type);
  return problem(
    `the route's schema gives ${seen.length > 0 ? seen.join(", ") : "no error"} at ${JSON.stringify(item.loc)} for this input, not ${item.type}`,
  );
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
 * The 422 body for this request (`issues`: the chosen items, completed), never one its body contradicts ("Field
 * required" for a field it sent, "at least 1 item, not 0" beside a list of one). A request with errors of its own gets
 * them, as FastAPI writes them (the items that hold for it are among them). A valid one gets a field it really lacks,
 * `missing`: of those the items name first, else the route's first (query or body, as the items place theirs). Only a
 * request that sent every field gets the items as written, each with what it sent as input.
 */
export function chosenErrorsBody(
  route: RouteConfig,
  issues: readonly ValidationIssue[],
  c: Context,
  body: PyValue | undefined,
): string {
  return validationErrorBody(echoSent(route, issues, c, body));
}

function echoSent(
  route: RouteConfig,
  issues: readonly ValidationIssue[],
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
