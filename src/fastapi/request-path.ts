import { pyUnquote } from "./starlette/python-text.js";

/** The request target Node received, when the app is served by @hono/node-server. */
function rawTarget(env: unknown): string | undefined {
  const raw = (env as { incoming?: { url?: unknown } } | undefined)?.incoming?.url;
  // An absolute-form target (`GET http://host/path`) is left to the URL parser, as @hono/node-server leaves it.
  return typeof raw === "string" && raw.charCodeAt(0) === 47 ? raw : undefined;
}

/**
 * The path as the client sent it, percent escapes and `.`/`..` segments kept: the path that was routed, as the request
 * log and the journal show it (a client reading them finds the request it made). Over HTTP it is printable ASCII, as
 * Node answers 400 to a request target with a control byte or a byte over 0x7F, so it cannot forge a log line;
 * in-process it is the Request URL's path, which the URL parser has percent-encoded.
 */
export function sentPath(request: Request, env: unknown): string {
  const raw = rawTarget(env);
  if (raw !== undefined) {
    const query = raw.indexOf("?");
    return query === -1 ? raw : raw.slice(0, query);
  }
  const url = request.url;
  const start = url.indexOf("/", url.indexOf(":") + 3);
  let end = start;
  while (end < url.length && url.charCodeAt(end) !== 63 && url.charCodeAt(end) !== 35) end++;
  return url.slice(start, end);
}

/**
 * The path routes are matched on, as uvicorn hands it to Starlette: the request target's path as sent (no `.` or `..`
 * segments removed: `/v1/simulations/.` is a simulation id), percent escapes decoded as UTF-8 with errors replaced
 * (`%2F` is a path separator, `%ff` is U+FFFD). Hono's router decodes each parameter once more, so the decoded path
 * keeps a literal `%` as `%25`.
 *
 * Served by @hono/node-server, the raw target is Node's `incoming.url` (the Request's URL has had its dot segments
 * resolved by the URL parser); a Request handed to `fetch` in-process has nothing rawer than its URL.
 */
export function starlettePath(request: Request, options?: { env?: unknown }): string {
  const path = sentPath(request, options?.env);
  return path.includes("%") ? pyUnquote(path).replaceAll("%", "%25") : path;
}
