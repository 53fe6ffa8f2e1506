import type { Context } from "hono";
import { bodyOf, detail, withVaryOf } from "./responses.js";
import { requestOrigin } from "./starlette/request-origin.js";

interface Entry {
  /** The route's methods as its Allow header lists them. */
  readonly methods: string;
  readonly pattern: RegExp;
  /** Starlette's plain Route (FastAPI's /openapi.json and /docs) answers HEAD too; FastAPI's API routes do not. */
  readonly head: boolean;
}

/** `/v1/simulations/{simulation_id}` -> a regex matching one path segment per parameter, as Starlette does. */
export function pathPattern(openApiPath: string): RegExp {
  const escaped = openApiPath
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith("{") ? "[^/]+" : part.replace(/[.*+?^$()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(`^${escaped}$`);
}

/** `/v1/x/{id}` -> Hono's `/v1/x/:id`. */
export function honoPath(openApiPath: string): string {
  return openApiPath.replace(/\{([^}]+)\}/g, ":$1");
}

/**
 * Every route in declaration order, used to answer what Starlette answers when no route fully matches: 405 with the
 * methods of the first route whose path matches, a 307 to the same path with the trailing slash toggled, else 404.
 */
export class RouteTable {
  readonly #entries: Entry[] = [];

  add(method: string, openApiPath: string, options: { head?: boolean } = {}) {
    const head = options.head === true;
    const methods = head ? `${method.toUpperCase()}, HEAD` : method.toUpperCase();
    this.#entries.push({ methods, pattern: pathPattern(openApiPath), head });
  }

  /** True when the first route matching `path` also serves HEAD. */
  servesHead(path: string): boolean {
    return this.#firstPathMatch(path)?.head === true;
  }

  #firstPathMatch(path: string): Entry | undefined {
    return this.#entries.find((entry) => entry.pattern.test(path));
  }

  /** The response for a request no route handles (any HEAD included: FastAPI routes never add HEAD). */
  unmatched(c: Context): Response {
    // The path as routed (request-path.ts): decoded as Starlette sees it, so `a%2Fb` is two segments here too.
    const path = c.req.path;
    const sameEntry = this.#firstPathMatch(path);
    if (sameEntry) {
      const response = detail(405, "Method Not Allowed", { allow: sameEntry.methods });
      return c.req.method === "HEAD" ? headOf(response) : response;
    }
    if (path !== "/") {
      const toggled = path.endsWith("/") ? path.replace(/\/+$/, "") : `${path}/`;
      if (toggled !== "" && this.#firstPathMatch(toggled)) {
        const url = new URL(c.req.url);
        url.pathname = toggled;
        // Starlette redirects to request.url with the path toggled: its origin is the one share URLs have.
        const location = `${requestOrigin(c)}${url.pathname}${url.search}`;
        return new Response(null, { status: 307, headers: { location } });
      }
    }
    const notFound = detail(404, "Not Found");
    return c.req.method === "HEAD" ? headOf(notFound) : notFound;
  }
}

const utf8 = new TextEncoder();

/**
 * A HEAD answer as uvicorn sends it: the whole answer's headers, Content-Length included, without its body (seen
 * under fastapi + uvicorn: HEAD on a GET route is 405 with `content-length: 31`, on an unknown path 404 with 22).
 */
function headOf(response: Response): Response {
  const headers = new Headers(response.headers);
  const body = bodyOf(response)?.body;
  if (body !== undefined) {
    headers.set("content-length", String(typeof body === "string" ? utf8.encode(body).byteLength : body.byteLength));
  }
  return withVaryOf(response, new Response(null, { status: response.status, headers }));
}
