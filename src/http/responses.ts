import type { Refusal, RefusalKind } from "../domain/errors.js";

/**
 * The one place response bodies are written. FastAPI (Starlette's JSONResponse) sends compact JSON with
 * `content-type: application/json` and no charset; every helper here does the same.
 */
export type HeadersInit = Record<string, string>;

/** The JSON text of responses written here, so the request journal records bodies without reading streams. */
const texts = new WeakMap<Response, string>();

export function jsonText(status: number, text: string, headers: HeadersInit = {}): Response {
  const response = new Response(text, { status, headers: { "content-type": "application/json", ...headers } });
  texts.set(response, text);
  return response;
}

/** A response with a body written elsewhere (a scenario's prepared answer); its text is recorded like jsonText's. */
export function textResponse(status: number, text: string | null, headers: Array<[string, string]>): Response {
  const response = new Response(text, { status, headers });
  if (text !== null) texts.set(response, text);
  return response;
}

/** The body text of a response written by jsonText or textResponse (undefined for any other response). */
export function textOf(response: Response): string | undefined {
  return texts.get(response);
}

/** Starlette's ServerErrorMiddleware body for an unhandled error (text/plain). */
export const INTERNAL_SERVER_ERROR_TEXT = "Internal Server Error";

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
};

/** A domain refusal as `{"detail": …}` or, on envelope routes, as an envelope error. */
export function refusalResponse(refusal: Refusal, style: "detail" | "envelope"): Response {
  const status = STATUS_OF[refusal.kind];
  return style === "envelope" ? envelopeError(status, refusal.kind, refusal.message) : detail(status, refusal.message);
}
