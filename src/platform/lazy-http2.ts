/**
 * What @hono/node-server takes from `node:http2`, for the Node bundles (scripts/build.mjs puts this module in its
 * place): an `instanceof Http2ServerRequest` test on every request and one constant for closing an HTTP/2 stream.
 * Importing node:http2 loads tls, crypto and the fs promises with it, a cost to every cold start, for a server that
 * speaks HTTP/1.1 only. Here the module is loaded the first time an answer depends on it.
 */
import { IncomingMessage } from "node:http";
import type * as Http2 from "node:http2";

let http2: typeof Http2 | undefined;
const loaded = (): typeof Http2 => {
  http2 ??= process.getBuiltinModule("node:http2");
  return http2;
};

/** Stands for `http2.Http2ServerRequest` in `instanceof` tests: an HTTP/1 request never is one. */
export const Http2ServerRequest: typeof Http2.Http2ServerRequest = Object.defineProperty(
  function Http2ServerRequest() {
    throw new TypeError("Http2ServerRequest is made by node:http2, not constructed");
  },
  Symbol.hasInstance,
  {
    value: (value: unknown) =>
      !(value instanceof IncomingMessage) &&
      typeof value === "object" &&
      value !== null &&
      value instanceof loaded().Http2ServerRequest,
  },
) as unknown as typeof Http2.Http2ServerRequest;

/** `http2.constants`, read when a member is. */
export const constants: typeof Http2.constants = new Proxy({} as typeof Http2.constants, {
  get: (_target, key) => Reflect.get(loaded().constants, key),
  has: (_target, key) => Reflect.has(loaded().constants, key),
});
