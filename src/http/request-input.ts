import type { RouteConfig } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { z } from "zod";
import type { UploadedFile } from "./operation.js";
import { detail, jsonText } from "./responses.js";
import { type PyValue, pyStr } from "./validation/py-value.js";
import { type ValidationIssue, validateBody, validateParams, validationErrorBody } from "./validation/pydantic.js";
import { decodeJsonBody } from "./validation/python-json.js";

/** What FastAPI hands the endpoint after reading the body: a Python value, None (no body), or a refusal. */
type BodyRead = { kind: "value"; value: PyValue | undefined } | { kind: "response"; response: Response };
type FormRead = { kind: "form"; file: FormDataEntryValue | undefined } | { kind: "response"; response: Response };

type FormDataEntryValue = NonNullable<ReturnType<FormData["get"]>>;

const EMPTY = new Uint8Array(0);

/** `email.message` content-type parsing as FastAPI uses it: lower-cased, `text/plain` when malformed. */
export function mediaType(header: string | undefined): { main: string; sub: string } | undefined {
  if (header === undefined) return undefined;
  const type = (header.split(";")[0] ?? "").trim().toLowerCase();
  const parts = type.split("/");
  if (parts.length !== 2) return { main: "text", sub: "plain" };
  return { main: parts[0] as string, sub: parts[1] as string };
}

function isJsonMediaType(header: string | undefined): boolean {
  const type = mediaType(header);
  return type !== undefined && type.main === "application" && (type.sub === "json" || type.sub.endsWith("+json"));
}

async function readBytes(c: Context): Promise<Uint8Array> {
  if (c.req.raw.body === null) return EMPTY;
  return new Uint8Array(await c.req.arrayBuffer());
}

/** FastAPI's routing.py body step for a JSON model: parse JSON bodies, pass any other bytes through as text. */
export async function readJsonBody(c: Context): Promise<BodyRead> {
  const bytes = await readBytes(c);
  if (bytes.length === 0) return { kind: "value", value: undefined };
  const contentType = c.req.header("content-type");
  if (!isJsonMediaType(contentType)) {
    // Not JSON (or no content type, FastAPI >= 0.132): the raw bytes reach the model and fail as a non-object.
    return { kind: "value", value: pyStr(new TextDecoder().decode(bytes)) };
  }
  const decoded = decodeJsonBody(bytes);
  if (decoded.kind === "undecodable") {
    return { kind: "response", response: detail(400, "There was an error parsing the body") };
  }
  if (decoded.kind === "json_invalid") {
    const issue: ValidationIssue = {
      type: "json_invalid",
      loc: ["body", decoded.pos],
      msg: "JSON decode error",
      input: { kind: "dict", entries: [] },
      ctx: { error: decoded.msg },
    };
    return { kind: "response", response: jsonText(422, validationErrorBody([issue])) };
  }
  if (decoded.nesting > MAX_ACCEPTED_NESTING) {
    // Deliberate difference (README): CPython parses up to ~8,000 levels, but the real service then fails encoding
    // any answer that carries the value (500). The mock refuses it here, before anything is stored, as FastAPI
    // refuses a body json.loads cannot handle.
    return { kind: "response", response: detail(400, "There was an error parsing the body") };
  }
  return { kind: "value", value: decoded.value.kind === "none" ? undefined : decoded.value };
}

/** Deepest nesting of lists and dicts the mock accepts in a body (the body itself is level 1). */
export const MAX_ACCEPTED_NESTING = 1000;

/** Starlette's `request.form()`: only multipart and urlencoded bodies are read; anything else is an empty form. */
export async function readForm(c: Context, field: string): Promise<FormRead> {
  const type = mediaType(c.req.header("content-type"));
  const isMultipart = type?.main === "multipart" && type.sub === "form-data";
  const isUrlEncoded = type?.main === "application" && type.sub === "x-www-form-urlencoded";
  if (!isMultipart && !isUrlEncoded) {
    await readBytes(c);
    return { kind: "form", file: undefined };
  }
  if (isMultipart && !/;\s*boundary=/i.test(c.req.header("content-type") ?? "")) {
    return { kind: "response", response: detail(400, "Missing boundary in multipart.") };
  }
  try {
    const form = await c.req.raw.formData();
    // Starlette's FormData.get gives the last part of a repeated name; the web FormData.get gives the first.
    return { kind: "form", file: form.getAll(field).at(-1) ?? undefined };
  } catch {
    return { kind: "response", response: detail(400, "There was an error parsing the body") };
  }
}

/** FastAPI's UploadFile field: missing (or empty text) -> `missing`, text -> its `value_error`. */
export function validateUpload(
  value: FormDataEntryValue | undefined,
  field: string,
): { ok: true; file: UploadedFile } | { ok: false; issue: ValidationIssue } {
  if (value === undefined || value === "") {
    return {
      ok: false,
      issue: { type: "missing", loc: ["body", field], msg: "Field required", input: { kind: "none" } },
    };
  }
  if (typeof value === "string") {
    return {
      ok: false,
      issue: {
        type: "value_error",
        loc: ["body", field],
        msg: "Value error, Expected UploadFile, received: <class 'str'>",
        input: pyStr(value),
        ctx: { error: {} },
      },
    };
  }
  return { ok: true, file: { filename: value.name, contentType: value.type, size: value.size } };
}

/** Starlette keeps the last value of a repeated query parameter. */
function lastQueryValues(url: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of new URL(url).searchParams) out[key] = value;
  return out;
}

export interface RequestParts {
  params: unknown;
  query: unknown;
  issues: ValidationIssue[];
}

/** Path, then query: FastAPI's order. Body issues are appended by the caller after these. */
export function validateParameters(c: Context, route: RouteConfig): RequestParts {
  const issues: ValidationIssue[] = [];
  let params: unknown = {};
  let query: unknown = {};
  const paramsSchema = route.request?.params as z.ZodObject | undefined;
  if (paramsSchema) {
    const result = validateParams(paramsSchema, c.req.param() as Record<string, string>, "path");
    if (result.ok) params = result.value;
    else issues.push(...result.issues);
  }
  const querySchema = route.request?.query as z.ZodObject | undefined;
  if (querySchema) {
    const result = validateParams(querySchema, lastQueryValues(c.req.url), "query");
    if (result.ok) query = result.value;
    else issues.push(...result.issues);
  }
  return { params, query, issues };
}

export function validateJsonBody(
  schema: z.ZodType,
  body: PyValue | undefined,
  required: boolean,
): { ok: true; value: unknown } | { ok: false; issues: ValidationIssue[] } {
  return validateBody(schema, body, required);
}

export function validationFailure(issues: ValidationIssue[]): Response {
  return jsonText(422, validationErrorBody(issues));
}
