/**
 * `--cors-origin`: `*`, or origins separated by commas (`"http://a, http://b"`; spaces and a trailing slash are
 * forgiven, case does not matter). Undefined when an entry is not an origin.
 */
export function corsOrigins(value: string): "*" | string[] | undefined {
  const parsed = parseCorsOrigins(value);
  return "origins" in parsed ? parsed.origins : undefined;
}

const CORS_EXAMPLE = "expected * or origins such as http://localhost:5173, separated by commas";
const DEFAULT_PORTS: Readonly<Record<string, string>> = { http: "80", https: "443" };
/**
 * Schemes whose pages have an opaque origin (sent as `null`), or that are no page's origin (a WebSocket's `Origin` is
 * its page's). Other schemes are kept: an app shell or extension sends its own (`capacitor://localhost`).
 */
const NEVER_SENT = new Set(["ftp", "file", "data", "blob", "about", "javascript", "mailto", "ws", "wss"]);

/**
 * The origins, or why one can never match: an entry is compared with the `Origin` a browser sends, which is always
 * `scheme://host[:port]` in lower case, without the scheme's default port, and never a pattern.
 */
export function parseCorsOrigins(value: string): { origins: "*" | string[] } | { problem: string } {
  const entries = value
    .split(",")
    .map((entry) => entry.trim().replace(/\/$/, "").toLowerCase())
    .filter((entry) => entry !== "");
  if (entries.includes("*")) return entries.length === 1 ? { origins: "*" } : { problem: CORS_EXAMPLE };
  if (entries.length === 0) return { problem: CORS_EXAMPLE };
  for (const entry of entries) {
    if (entry === "null") continue;
    // The whole value is quoted before the message: name the entry only when there are several.
    const it = entries.length > 1 ? `'${entry}'` : "it";
    const match = /^([a-z][a-z0-9+.-]*):\/\/([^\s/?#@]+)$/.exec(entry);
    if (!match) return { problem: CORS_EXAMPLE };
    const [, scheme = "", authority = ""] = match;
    if (NEVER_SENT.has(scheme)) {
      return { problem: `${it} never matches: browsers send no ${scheme}: origin; list your pages' http(s) origins` };
    }
    if (authority.includes("*")) {
      return { problem: `${it} is a pattern, and browsers send one origin: list each one (no wildcards)` };
    }
    const parts = /^(\[[0-9a-f:.]+\]|[a-z0-9_-]+(?:\.[a-z0-9_-]+)*)(?::(\d+))?$/.exec(authority);
    if (!parts) return { problem: `${it} is not an origin a browser sends (scheme://host[:port], the host in ASCII)` };
    const port = parts[2];
    if (port !== undefined && (!/^[1-9]\d{0,4}$/.test(port) || Number(port) > 65_535)) {
      return { problem: `${it} has no valid port (1 to 65535)` };
    }
    if (port !== undefined && DEFAULT_PORTS[scheme] === port) {
      return {
        problem: `${it} never matches: browsers leave out the default port, so write ${scheme}://${parts[1]}`,
      };
    }
  }
  return { origins: entries };
}
