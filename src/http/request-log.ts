import type { MiddlewareHandler } from "hono";
import { sentPath } from "./request-path.js";
import { closesBeforeAnswer, exchangeOf } from "./scenario-edge.js";

/**
 * One line per request: wall-clock time (not the mock's clock: a log is read against other logs), method, path,
 * status, milliseconds. `json` writes the same fields as one JSON object per line, for CI log tools. A scenario's
 * fault is named after the status; a connection reset or closed before any byte had no status (`-`, `null`).
 */
export function requestLog(write: (line: string) => void, format: "text" | "json" = "text"): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const time = new Date().toISOString();
    const method = c.req.method;
    // The path as sent (the one routed), escapes kept: a decoded %0A could start a forged log line.
    const path = sentPath(c.req.raw, c.env);
    const fault = exchangeOf(c.req.raw)?.fault;
    const status = closesBeforeAnswer(fault) ? null : c.res.status;
    const ms = Math.round((performance.now() - started) * 10) / 10;
    write(
      format === "json"
        ? JSON.stringify(fault ? { time, method, path, status, fault, ms } : { time, method, path, status, ms })
        : `${time} ${method} ${path} ${status ?? "-"}${fault ? ` ${fault}` : ""} ${ms.toFixed(1)}ms`,
    );
  };
}

/**
 * A line of the mock's own (a warning, an error), in the request log's format: `bss-mock: …` as text, or with
 * `json` an object with the time, so log tools that read JSON lines can read every line.
 */
export function messageLine(format: "text" | "json", level: "warn" | "error", message: string): string {
  return format === "json"
    ? JSON.stringify({ time: new Date().toISOString(), level, message })
    : `bss-mock: ${message}`;
}
