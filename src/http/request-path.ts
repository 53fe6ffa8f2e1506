import { pyUnquote } from "./starlette/python-text.js";

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
  const raw = (options?.env as { incoming?: { url?: unknown } } | undefined)?.incoming?.url;
  let path: string;
  if (typeof raw === "string" && raw.charCodeAt(0) === 47) {
    const query = raw.indexOf("?");
    path = query === -1 ? raw : raw.slice(0, query);
  } else {
    const url = request.url;
    const start = url.indexOf("/", url.indexOf(":") + 3);
    let end = start;
    while (end < url.length && url.charCodeAt(end) !== 63 && url.charCodeAt(end) !== 35) end++;
    path = url.slice(start, end);
  }
  return path.includes("%") ? pyUnquote(path).replaceAll("%", "%25") : path;
}
