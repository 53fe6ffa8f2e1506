/**
 * Starlette 1.7's CORSMiddleware as the mock's API is configured:
 * `CORSMiddleware(allow_origins=<--cors-origin>, allow_methods=["*"], allow_headers=["*"], expose_headers=[...])`,
 * without credentials (recorded: oracle/cors.json, generate_cors.py).
 *
 * - A preflight (OPTIONS with an Origin and an Access-Control-Request-Method) is answered by the middleware itself,
 *   whatever the path: 200 text `OK`, or 400 `Disallowed CORS origin` / `method` / `private-network`, with a long
 *   `Vary`, the methods, a max age and the request headers mirrored.
 * - Every other answer passing through it gets `Vary: Origin` (appended to a `Vary` it has), with or without an Origin
 *   on the request; with an Origin also the exposed headers and, when the origin is allowed, `Access-Control-Allow-Origin`
 *   (`*` when every origin is).
 * An unhandled error's 500 is answered outside it (ServerErrorMiddleware) and gets none of these.
 */

import { variesByOrigin } from "../responses.js";

/** Starlette's `ALL_METHODS`, what `allow_methods=["*"]` allows. */
const ALL_METHODS = ["DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT", "QUERY"];
const ALLOW_METHODS = ALL_METHODS.join(", ");
const PREFLIGHT_VARY =
  "Origin, Access-Control-Request-Method, Access-Control-Request-Headers, Access-Control-Request-Private-Network";
const MAX_AGE = "600";

export class StarletteCors {
  private readonly allowAll: boolean;
  private readonly allowed: ReadonlySet<string>;
  private readonly exposed: string | undefined;

  /** `origins`: `"*"` or the allowed origins, compared with the request's Origin byte for byte. */
  constructor(origins: "*" | readonly string[], exposeHeaders: readonly string[]) {
    this.allowAll = origins === "*";
    this.allowed = new Set(origins === "*" ? [] : origins);
    this.exposed = exposeHeaders.length > 0 ? exposeHeaders.join(", ") : undefined;
  }

  /** Whether the middleware answers this request itself. */
  isPreflight(method: string, origin: string | undefined, headers: Headers): boolean {
    return origin !== undefined && method === "OPTIONS" && headers.has("access-control-request-method");
  }

  /** The middleware's own answer to a preflight. */
  preflight(origin: string, headers: Headers): Response {
    const answer = new Headers({ vary: PREFLIGHT_VARY });
    const failures: string[] = [];
    if (this.allowAll) answer.set("access-control-allow-origin", "*");
    else if (this.allowed.has(origin)) answer.set("access-control-allow-origin", origin);
    else failures.push("origin");
    answer.set("access-control-allow-methods", ALLOW_METHODS);
    answer.set("access-control-max-age", MAX_AGE);
    // Case-sensitive, as Starlette compares it: `post` is not a method it allows.
    if (!ALL_METHODS.includes(headers.get("access-control-request-method") ?? "")) failures.push("method");
    const requested = headers.get("access-control-request-headers");
    if (requested !== null) answer.set("access-control-allow-headers", requested);
    if (headers.has("access-control-request-private-network")) failures.push("private-network");
    answer.set("content-type", "text/plain; charset=utf-8");
    const text = failures.length > 0 ? `Disallowed CORS ${failures.join(", ")}` : "OK";
    return new Response(text, { status: failures.length > 0 ? 400 : 200, headers: answer });
  }

  /**
   * Adds what the middleware adds to an answer of the app (`origin`: the request's Origin header, if any). An answer
   * written with `Vary: Origin` already (`variesByOrigin`) is left as it is when there is no Origin.
   */
  addSimpleHeaders(origin: string | undefined, response: Response): void {
    const varies = variesByOrigin(response);
    if (origin === undefined && varies) return;
    const headers = response.headers;
    if (origin !== undefined) {
      if (this.allowAll) headers.set("access-control-allow-origin", "*");
      else if (this.allowed.has(origin)) headers.set("access-control-allow-origin", origin);
      if (this.exposed !== undefined) headers.set("access-control-expose-headers", this.exposed);
    }
    if (varies) return;
    const vary = headers.get("vary");
    headers.set("vary", vary === null ? "Origin" : `${vary}, Origin`);
  }
}
