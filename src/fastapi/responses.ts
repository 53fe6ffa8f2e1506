import type { Context } from "hono";

/**
 * The one place response bodies are written. FastAPI (Starlette's JSONResponse) sends compact JSON with
 * `content-type: application/json` and no charset; every helper here does the same.
 */
export type HeadersInit = Record<string, string>;

/**
 * The body (and its content type) of responses written here, kept on the response so the request journal can record
 * bodies without reading streams. A symbol property rather than a WeakMap: one more field on every response is
 * cheaper on the hot path than a weak table entry the garbage collector must visit.
 */
const BODY = Symbol("bss-mock.body");
/** Set only when the body is not JSON (a scenario's text answer). */
const BODY_TYPE = Symbol("bss-mock.body-type");

type WithBody = Response & { [BODY]?: string | Uint8Array; [BODY_TYPE]?: string };

export function jsonText(status: number, text: string, headers: HeadersInit = {}): Response {
  const response: WithBody = new Response(text, {
    status,
    // In Starlette's order: an HTTPException's own headers (`allow`, `www-authenticate`), then the content type, then
    // what CORSMiddleware appends.
    headers: { ...headers, "content-type": "application/json", vary: "Origin" },
  });
  response[BODY] = text;
  return markVariesByOrigin(response);
}

/**
 * JSON already encoded as UTF-8 (a cached answer): neither the socket write nor the journal encodes it again. The
 * bytes are shared between answers, so nothing may write into them.
 */
export function jsonBytes(status: number, bytes: Uint8Array): Response {
  const response: WithBody = new Response(bytes, {
    status,
    headers: { "content-type": "application/json", vary: "Origin" },
  });
  response[BODY] = bytes;
  return markVariesByOrigin(response);
}

/**
 * Starlette's CORSMiddleware adds `Vary: Origin` to every answer it passes (src/fastapi/starlette/cors.ts). The JSON
 * answers are written with it, so the CORS layer need not turn the answer's header record into a Headers object to
 * add it when the request has no Origin: that was a large share of a GET's CPU, and a Headers object is what loads
 * fetch's classes at all (platform/lazy-web-globals.ts), which slows a cold start's first answer.
 */
const VARIES_BY_ORIGIN = Symbol("bss-mock.varies-by-origin");

function markVariesByOrigin<R extends Response>(response: R): R {
  (response as Response & { [VARIES_BY_ORIGIN]?: true })[VARIES_BY_ORIGIN] = true;
  return response;
}

/** `copy` was made with `original`'s headers: it has `Vary: Origin` if the original had it written already. */
export function withVaryOf(original: Response, copy: Response): Response {
  return variesByOrigin(original) ? markVariesByOrigin(copy) : copy;
}

/** Whether `response` was written with `Vary: Origin` already (jsonText, jsonBytes). */
export function variesByOrigin(response: Response): boolean {
  return (response as Response & { [VARIES_BY_ORIGIN]?: true })[VARIES_BY_ORIGIN] === true;
}

/** A response with a body written elsewhere (a scenario's prepared answer); its text is recorded like jsonText's. */
export function textResponse(status: number, text: string | null, headers: Array<[string, string]>): Response {
  const response: WithBody = new Response(text, { status, headers });
  if (text === null) return response;
  response[BODY] = text;
  const type = headers.find(([name]) => name === "content-type")?.[1];
  if (type !== undefined && type !== "application/json") response[BODY_TYPE] = type;
  return response;
}

/** The body of a response written by jsonText, jsonBytes or textResponse (undefined for any other response). */
export function bodyOf(response: Response): { body: string | Uint8Array; type: string } | undefined {
  const body = (response as WithBody)[BODY];
  return body === undefined ? undefined : { body, type: (response as WithBody)[BODY_TYPE] ?? "application/json" };
}

/** Starlette's HTTPException default detail (`HTTPException(status)` without one): Python 3.12's HTTPStatus phrase. */
export function httpPhrase(status: number): string | undefined {
  return PHRASES[status];
}

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

/** Starlette's ServerErrorMiddleware body for an unhandled error (text/plain). */
export const INTERNAL_SERVER_ERROR_TEXT = "Internal Server Error";

/**
 * Marks a request answered as Starlette's ServerErrorMiddleware answers an unhandled exception. That middleware sits
 * outside every user middleware, CORSMiddleware included, so its 500 has no CORS header and a browser's fetch fails
 * as a CORS error (recorded: starlette/oracle/cors-errors.json); the CORS layer takes its headers off these answers.
 * A variable of the request's context, not a mark on the response: hono copies a handler's response into a new one on
 * its way out, and the CORS layer reads the context it shares with the handler.
 */
const SERVER_ERROR = "bss-mock.server-error";
type ServerErrorEnv = { Variables: { [SERVER_ERROR]?: true } };

export function markServerError(c: Context): void {
  (c as Context<ServerErrorEnv>).set(SERVER_ERROR, true);
}

export function answeredAsServerError(c: Context): boolean {
  return (c as Context<ServerErrorEnv>).get(SERVER_ERROR) === true;
}

/** ServerErrorMiddleware's answer to an unhandled exception in the handling of the request. */
export function serverErrorResponse(c: Context): Response {
  markServerError(c);
  return new Response(INTERNAL_SERVER_ERROR_TEXT, {
    status: 500,
    headers: { "content-type": "text/plain; charset=utf-8" },
  });
}

export function json(status: number, body: unknown, headers: HeadersInit = {}): Response {
  return jsonText(status, JSON.stringify(body), headers);
}

/** `HTTPException(status, detail)` as FastAPI renders it: `{"detail": "..."}`. */
export function detail(status: number, message: string, headers: HeadersInit = {}): Response {
  return json(status, { detail: message }, headers);
}

export function noContent(): Response {
  return new Response(null, { status: 204 });
}

/** The answers/predictions/populations envelope. */
export function envelope(status: number, data: unknown, headers: HeadersInit = {}): Response {
  return json(status, { data, errors: null }, headers);
}

/**
 * What a service refuses a request with, as the edge writes it: a kind (which sets the status) and a sentence saying
 * what is wrong and what to do. The API's Refusal (api/domain/errors.ts) has this shape without importing it; tsc
 * checks the two agree where the edge is handed one.
 */
export type RefusalKind =
  | "bad_request"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "too_large"
  | "unsupported_media_type"
  /** The change could not be saved (--db): nothing was changed. */
  | "unavailable";

export interface Refusal {
  readonly kind: RefusalKind;
  readonly message: string;
}

export type EnvelopeErrorCode = RefusalKind | "validation_error";

export function envelopeError(status: number, code: EnvelopeErrorCode, message: string): Response {
  return json(status, { data: null, errors: [{ code, message }] });
}

const STATUS_OF: Record<RefusalKind, number> = {
  bad_request: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media_type: 415,
  unavailable: 503,
};

/** The HTTP status a refusal is answered with. */
export const refusalStatus = (refusal: Refusal): number => STATUS_OF[refusal.kind];

/** A domain refusal as `{"detail": …}` or, on envelope routes, as an envelope error. */
export function refusalResponse(refusal: Refusal, style: "detail" | "envelope"): Response {
  const status = STATUS_OF[refusal.kind];
  return style === "envelope" ? envelopeError(status, refusal.kind, refusal.message) : detail(status, refusal.message);
}
