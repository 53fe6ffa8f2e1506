import type { RouteConfig } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { z } from "zod";
import { firstHeader } from "./authorization.js";
import { bodiesInFlight } from "./body-budget.js";
import type { UploadedFile } from "./operation.js";
import { detail, jsonText } from "./responses.js";
import { type FormValue, readStarletteForm } from "./starlette/form.js";
import { pyStrip, utf8Replace } from "./starlette/python-text.js";
import { type PyValue, pyStr } from "./validation/py-value.js";
import { type ValidationIssue, validateParams, validationErrorBody } from "./validation/pydantic.js";
import { decodeJsonBody } from "./validation/python-json.js";

/** What FastAPI hands the endpoint after reading the body: a Python value, None (no body), or a refusal. */
type BodyRead = { kind: "value"; value: PyValue | undefined } | { kind: "response"; response: Response };
type FormRead = { kind: "form"; file: FormValue | undefined } | { kind: "response"; response: Response };

const EMPTY = new Uint8Array(0);
const MIB = 1024 * 1024;

/**
 * Largest JSON body the mock reads (docs/serving.md#limits): far above anything a frontend sends (a long pasted context
 * or artefact text is tens of kilobytes), far below what would hurt the process. FastAPI itself has no limit.
 */
export const MAX_JSON_BODY_BYTES = MIB;

/** Room for the multipart envelope around a file: boundaries and part headers (python-multipart caps a header line at 4 KiB). */
export const MULTIPART_ENVELOPE_BYTES = 64 * 1024;

const sizeText = (bytes: number) => `${bytes / MIB} MiB (${bytes} bytes)`;

function jsonTooLarge(): Response {
  return detail(
    413,
    `Request body is larger than the limit of ${sizeText(MAX_JSON_BODY_BYTES)} for JSON; send a smaller body.`,
  );
}

function fileTooLarge(maxFileBytes: number): Response {
  return detail(413, `File is larger than the limit of ${sizeText(maxFileBytes)}; upload a smaller file.`);
}

/** The body length the client declared, if it declared one. */
function declaredLength(c: Context): number | undefined {
  const header = c.req.header("content-length");
  return header !== undefined && /^\s*\d+\s*$/.test(header) ? Number(header) : undefined;
}

/** `email.message` content-type parsing as FastAPI uses it: Python-stripped, lower-cased, `text/plain` when malformed. */
export function mediaType(header: string | undefined): { main: string; sub: string } | undefined {
  if (header === undefined) return undefined;
  const semicolon = header.indexOf(";");
  const type = pyStrip(semicolon === -1 ? header : header.slice(0, semicolon)).toLowerCase();
  const parts = type.split("/");
  if (parts.length !== 2) return { main: "text", sub: "plain" };
  return { main: parts[0] as string, sub: parts[1] as string };
}

function isJsonMediaType(header: string | undefined): boolean {
  const type = mediaType(header);
  return type !== undefined && type.main === "application" && (type.sub === "json" || type.sub.endsWith("+json"));
}

/** Too many bodies are being read at once (see BodyBudget): the request is refused unread. */
function bodiesBusy(): Response {
  return detail(
    503,
    `The mock is reading ${sizeText(bodiesInFlight.limit)} of request bodies at once already; try again when they are read.`,
  );
}

/**
 * The whole body, or "too large" once it is over `limit` bytes (reading stops there), or "busy" when the bytes being
 * read would go over the process's budget of bodies in flight. The bytes are taken from it while the body is read.
 */
async function readBytesWithin(c: Context, limit: number): Promise<Uint8Array | "too large" | "busy"> {
  const declared = declaredLength(c);
  if (declared !== undefined) {
    // The HTTP framing holds the body to the declared length, so reading it whole is bounded.
    if (declared > limit) return "too large";
    if (declared === 0) return EMPTY;
    if (!bodiesInFlight.reserve(declared)) return "busy";
    try {
      return new Uint8Array(await c.req.arrayBuffer());
    } finally {
      bodiesInFlight.release(declared);
    }
  }
  const stream = c.req.raw.body;
  if (stream === null) return EMPTY;
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      // Stop reading here, without cancelling: that would reset the connection before the 413 is written.
      if (total + value.byteLength > limit) return "too large";
      if (!bodiesInFlight.reserve(value.byteLength)) return "busy";
      total += value.byteLength;
      chunks.push(value);
    }
  } finally {
    bodiesInFlight.release(total);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  // Where hono keeps a body it read itself: the request journal records bodies from there, so a body without a
  // Content-Length (chunked, or any in-process Request built by fetch) is recorded like one with it.
  (c.req.bodyCache as { arrayBuffer?: Promise<ArrayBuffer> }).arrayBuffer = Promise.resolve(bytes.buffer);
  return bytes;
}

/** FastAPI's routing.py body step for a JSON model: parse JSON bodies, pass any other bytes through as text. */
export async function readJsonBody(c: Context): Promise<BodyRead> {
  const bytes = await readBytesWithin(c, MAX_JSON_BODY_BYTES);
  if (bytes === "busy") return { kind: "response", response: bodiesBusy() };
  if (bytes === "too large") return { kind: "response", response: jsonTooLarge() };
  if (bytes.length === 0) return { kind: "value", value: undefined };
  const contentType = firstHeader(c, "content-type");
  if (!isJsonMediaType(contentType)) {
    // Not JSON (or no content type, FastAPI >= 0.132): the raw bytes reach the model and fail as a non-object.
    // A BOM is kept, as Python's bytes.decode() keeps it.
    return { kind: "value", value: pyStr(utf8Replace(bytes)) };
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
  return { kind: "value", value: decoded.value.kind === "none" ? undefined : decoded.value };
}

/**
 * Starlette's `request.form()` for a `File(...)` endpoint, read as a stream: a file over `maxFileBytes` (or a body
 * over it plus the envelope) stops the reading with 413; a declared Content-Length over it is refused unread.
 */
export async function readForm(c: Context, field: string, maxFileBytes: number): Promise<FormRead> {
  const maxBodyBytes = maxFileBytes + MULTIPART_ENVELOPE_BYTES;
  if ((declaredLength(c) ?? 0) > maxBodyBytes) return { kind: "response", response: fileTooLarge(maxFileBytes) };
  const read = await readStarletteForm(firstHeader(c, "content-type"), () => c.req.raw.body, field, {
    maxFileBytes,
    maxBodyBytes,
  });
  if (read.kind === "too_large") return { kind: "response", response: fileTooLarge(maxFileBytes) };
  if (read.kind === "refused") return { kind: "response", response: detail(read.status, read.detail) };
  return { kind: "form", file: read.value };
}

/** FastAPI's UploadFile field: missing (or empty text) -> `missing`, text -> its `value_error`. */
export function validateUpload(
  value: FormValue | undefined,
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
  return { ok: true, file: { filename: value.filename, contentType: value.contentType ?? "", size: value.size } };
}

/** Starlette keeps the last value of a repeated query parameter. */
export function lastQueryValues(url: string): Record<string, string> {
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

export function validationFailure(issues: ValidationIssue[]): Response {
  return jsonText(422, validationErrorBody(issues));
}
