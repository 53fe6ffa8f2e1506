import type { Context } from "hono";
import { withVaryOf } from "./responses.js";

/**
 * A broken connection, carried out for real: over node sockets the socket is reset, closed or cut off mid-body; in
 * process (no socket) the fetch rejects as undici's would. What asks for one (a scenario) is the API's business.
 */
export type ConnectionFault = "connection_reset" | "empty_response" | "truncated_body";

/** A fault that closes the connection before any byte of an answer: the client gets no status at all. */
export function closesBeforeAnswer(fault: ConnectionFault | undefined): fault is "connection_reset" | "empty_response" {
  return fault === "connection_reset" || fault === "empty_response";
}

/**
 * The fault a request's connection was given, for the request log and the API's journal. A context variable: it is
 * set where the request is answered and read by middleware that sees the same context once the answer is made.
 */
export function connectionFault(c: Context): ConnectionFault | undefined {
  return (c as Context<FaultEnv>).get(FAULT);
}

const FAULT = "bss-mock.connection-fault";
type FaultEnv = { Variables: { [FAULT]?: ConnectionFault } };

function noteFault(c: Context, fault: ConnectionFault): void {
  (c as Context<FaultEnv>).set(FAULT, fault);
}

/** The network error an in-process `fetch` rejects with, as undici's would read. */
const faultErrors = new WeakMap<Response, Error>();

export function faultOf(response: Response): Error | undefined {
  return faultErrors.get(response);
}

interface NodeBindings {
  incoming: { socket: { resetAndDestroy?: () => void; destroy: () => void; end: () => void } };
  outgoing: {
    writeHead(status: number, headers: Record<string, string>): void;
    write(chunk: Uint8Array): void;
    socket: { end: () => void } | null;
  };
}

function nodeBindings(c: Context): NodeBindings | undefined {
  const env = c.env as Partial<NodeBindings> | undefined;
  return env?.incoming && env.outgoing ? (env as NodeBindings) : undefined;
}

/** @hono/node-server's "already sent" marker: it then writes nothing (the body must be read as a web Response). */
function alreadySent(): Response {
  const response = new Response(null, { headers: { "x-hono-already-sent": "true" } });
  void response.body;
  return response;
}

function networkError(code: string, message: string): Response {
  const response = new Response(null, { status: 599 });
  faultErrors.set(response, new TypeError("fetch failed", { cause: Object.assign(new Error(message), { code }) }));
  return response;
}

/** Reset or close the connection before any answer. */
export function dropConnection(c: Context, fault: "connection_reset" | "empty_response"): Response {
  noteFault(c, fault);
  const node = nodeBindings(c);
  if (!node) {
    return fault === "connection_reset"
      ? networkError("ECONNRESET", "read ECONNRESET")
      : networkError("UND_ERR_SOCKET", "other side closed");
  }
  const socket = node.incoming.socket;
  if (fault === "connection_reset") (socket.resetAndDestroy ?? socket.destroy).call(socket);
  else socket.end();
  return alreadySent();
}

/** The usual answer with its full Content-Length, cut off half way: the reader fails while reading the body. */
export async function truncate(c: Context, response: Response): Promise<Response> {
  noteFault(c, "truncated_body");
  const bytes = new Uint8Array(await response.arrayBuffer());
  const half = bytes.subarray(0, Math.floor(bytes.length / 2));
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  headers["content-length"] = String(bytes.length);
  const node = nodeBindings(c);
  if (node) {
    node.outgoing.writeHead(response.status, headers);
    node.outgoing.write(half);
    node.outgoing.socket?.end();
    return alreadySent();
  }
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(half);
      controller.error(new TypeError("terminated"));
    },
  });
  return withVaryOf(response, new Response(body, { status: response.status, headers }));
}
