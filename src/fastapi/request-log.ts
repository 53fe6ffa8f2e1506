import type { MiddlewareHandler } from "hono";
import { closesBeforeAnswer, connectionFault } from "./faults.js";
import { sentPath } from "./request-path.js";

/** Node's side of an exchange served by @hono/node-server (the parts the log reads). */
interface NodeExchange {
  incoming: {
    complete: boolean;
    errored?: unknown;
    socket?: { errored?: { code?: unknown } | null; server?: { requestTimeout?: number } } | null;
  };
  outgoing: {
    writableFinished: boolean;
    destroyed: boolean;
    once(event: "finish" | "close", listener: () => void): unknown;
  };
}

function nodeExchange(env: unknown): NodeExchange | undefined {
  const node = env as Partial<NodeExchange> | undefined;
  return node?.incoming && typeof node.outgoing?.once === "function" ? (node as NodeExchange) : undefined;
}

/**
 * Why a connection closed before the answer was complete: Node's request timeout (it answered 408 itself), or the
 * client closing before its request, or before the answer, was all sent.
 */
function abortReason(node: NodeExchange): { status: number | null; reason: string } {
  const socket = node.incoming.socket;
  if (socket?.errored?.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    const seconds = (socket.server?.requestTimeout ?? 0) / 1000;
    return { status: 408, reason: `timeout: the request had not all arrived within ${seconds} s` };
  }
  return node.incoming.complete
    ? { status: null, reason: "the client closed the connection before the answer was complete" }
    : { status: null, reason: "the client closed the connection before its request was complete" };
}

/**
 * True when a request failed because its connection is gone (the client closed it, or Node's request timeout did)
 * while its body was being read: not a bug of the mock, and the request log says so (see requestLog).
 */
export function connectionLost(env: unknown): boolean {
  const node = nodeExchange(env);
  return node !== undefined && !node.incoming.complete && node.incoming.errored != null;
}

/**
 * One line per request: wall-clock time (not the mock's clock: a log is read against other logs), method, path,
 * status, milliseconds. `json` writes the same fields as one JSON object per line, for CI log tools. A scenario's
 * fault is named after the status; a connection reset or closed before any byte had no status (`-`, `null`).
 *
 * Served over HTTP the line is written once the answer is: complete, or not (the connection closed first). Only then
 * is a request logged `aborted`, with why (`aborted: <reason>` after the status, `"aborted"` in JSON); a client that
 * closes its connection after a complete answer is an ordinary line.
 */
export function requestLog(write: (line: string) => void, format: "text" | "json" = "text"): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const method = c.req.method;
    // The path as sent (the one routed), escapes kept: a decoded %0A could start a forged log line.
    const path = sentPath(c.req.raw, c.env);
    const fault = connectionFault(c);
    const answered = closesBeforeAnswer(fault) ? null : c.res.status;
    const line = (status: number | null, aborted?: string) => {
      const time = new Date().toISOString();
      const ms = Math.round((performance.now() - started) * 10) / 10;
      const extra = fault ? { fault } : aborted ? { aborted } : {};
      write(
        format === "json"
          ? JSON.stringify({ time, method, path, status, ...extra, ms })
          : `${time} ${method} ${path} ${status ?? "-"}${fault ? ` ${fault}` : ""}${aborted ? ` aborted: ${aborted}` : ""} ${ms.toFixed(1)}ms`,
      );
    };
    const node = fault ? undefined : nodeExchange(c.env);
    if (!node || node.outgoing.writableFinished) return line(answered);
    const { outgoing } = node;
    let logged = false;
    const once = () => {
      if (logged) return;
      logged = true;
      if (outgoing.writableFinished) return line(answered);
      const { status, reason } = abortReason(node);
      line(status, reason);
    };
    // Already closed (the client left while the body was read): no event is to come.
    if (outgoing.destroyed) return once();
    outgoing.once("finish", once);
    outgoing.once("close", once);
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
