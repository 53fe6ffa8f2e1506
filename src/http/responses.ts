import type { Refusal, RefusalKind } from "../domain/errors.js";

/**
 * The one place response bodies are written. FastAPI (Starlette's JSONResponse) sends compact JSON with
 * `content-type: application/json` and no charset; every helper here does the same.
 */
export type HeadersInit = Record<string, string>;

export function jsonText(status: number, text: string, headers: HeadersInit = {}): Response {
  return new Response(text, { status, headers: { "content-type": "application/json", ...headers } });
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

/** A domain refusal as `{"detail": …}` or, on envelope routes, as an envelope error. */
export function refusalResponse(refusal: Refusal, style: "detail" | "envelope"): Response {
  const status = STATUS_OF[refusal.kind];
  return style === "envelope" ? envelopeError(status, refusal.kind, refusal.message) : detail(status, refusal.message);
}
