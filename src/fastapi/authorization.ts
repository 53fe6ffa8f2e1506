import type { Context } from "hono";

/** Node's request, when the app is served by @hono/node-server: headers with the first of each kept. */
interface NodeIncoming {
  readonly headers?: Readonly<Record<string, string | string[] | undefined>>;
}

/**
 * The first of a repeated header, the one Starlette's `headers.get` reads. Node keeps the first of repeated
 * `authorization` and `content-type` headers; the fetch Headers the app otherwise sees join them with ", " (which
 * would make `p@o` and `other@o` a third caller, `p@o, other@o`).
 */
export function firstHeader(c: Context, name: "authorization" | "content-type"): string | undefined {
  const fromNode = (c.env as { incoming?: NodeIncoming } | undefined)?.incoming?.headers?.[name];
  return typeof fromNode === "string" ? fromNode : c.req.header(name);
}

/**
 * `Bearer <token>` or a bare `<token>`; empty, blank or `Bearer` with nothing after it means no credential (FastAPI's
 * HTTPBearer treats a scheme without credentials as not authenticated).
 */
export function tokenFromAuthorization(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const value = header.trim();
  const token = /^bearer(\s|$)/i.test(value) ? value.slice("bearer".length).trim() : value;
  return token === "" ? undefined : token;
}
