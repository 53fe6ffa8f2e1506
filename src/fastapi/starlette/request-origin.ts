/**
 * The origin (`scheme://host[:port]`) of `request.url` as a FastAPI app under uvicorn's defaults sees it, for the URLs
 * the mock writes (share URLs, the trailing-slash redirect). Recorded by oracle/generate_origins.py (origins.json):
 * - the Host header as sent, when there is a non-empty one; X-Forwarded-Host, X-Forwarded-Port and Forwarded are
 *   ignored (neither uvicorn nor Starlette reads them);
 * - without a Host, the server tuple: the address and port this end of the connection has, IPv6 bracketed, the
 *   scheme's default port (80 for http and ws, 443 for https and wss) left out;
 * - the scheme is `http`, or the last X-Forwarded-Proto when it is exactly `http`, `https`, `ws` or `wss` (after
 *   trimming; `https,http` and `HTTPS` are ignored), and only from a trusted peer: uvicorn's default
 *   `--forwarded-allow-ips` is `127.0.0.1,::1` (a proxy on the same machine; not 127.0.0.2, not a Docker bridge).
 */

import type { Context } from "hono";

/** What the edge reads of Node's IncomingMessage: the headers as sent and the connection's addresses. */
export interface NodeConnection {
  /** Names and values in turn, as received (repeated headers kept apart). */
  readonly rawHeaders: readonly string[];
  readonly socket: {
    readonly remoteAddress?: string | undefined;
    readonly localAddress?: string | undefined;
    readonly localPort?: number | undefined;
    readonly encrypted?: boolean | undefined;
  };
}

/** uvicorn's default forwarded_allow_ips (uvicorn/config.py, 0.54: "127.0.0.1,::1"). */
const TRUSTED_PEERS = new Set(["127.0.0.1", "::1"]);
const FORWARDED_SCHEMES = new Set(["http", "https", "ws", "wss"]);
const DEFAULT_PORTS: Readonly<Record<string, number>> = { http: 80, ws: 80, https: 443, wss: 443 };

/**
 * Node listening on `::` takes IPv4 connections too and names their addresses `::ffff:a.b.c.d`; uvicorn's sockets on
 * `::` are IPv6 only, so under uvicorn such a peer is always plain IPv4.
 */
function unmapped(address: string): string {
  return address.startsWith("::ffff:") && address.includes(".") ? address.slice("::ffff:".length) : address;
}

/** The value of the first or the last header called `name` (lower case), or undefined. */
function headerValue(rawHeaders: readonly string[], name: string, which: "first" | "last"): string | undefined {
  let found: string | undefined;
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    if ((rawHeaders[i] as string).toLowerCase() !== name) continue;
    found = rawHeaders[i + 1] as string;
    if (which === "first") return found;
  }
  return found;
}

/** uvicorn's ProxyHeadersMiddleware: the scheme a trusted peer's X-Forwarded-Proto names, or the connection's own. */
function schemeOf(connection: NodeConnection): string {
  const own = connection.socket.encrypted ? "https" : "http";
  const peer = connection.socket.remoteAddress;
  if (peer === undefined || !TRUSTED_PEERS.has(unmapped(peer))) return own;
  const forwarded = headerValue(connection.rawHeaders, "x-forwarded-proto", "last")?.trim();
  return forwarded !== undefined && FORWARDED_SCHEMES.has(forwarded) ? forwarded : own;
}

/** Starlette's URL(scope=...) up to the path: the Host header, else the server tuple. */
export function connectionOrigin(connection: NodeConnection): string {
  const scheme = schemeOf(connection);
  const host = headerValue(connection.rawHeaders, "host", "first");
  if (host) return `${scheme}://${host}`;
  const address = unmapped(connection.socket.localAddress ?? "127.0.0.1");
  const name = address.includes(":") ? `[${address}]` : address;
  const port = connection.socket.localPort;
  return port === undefined || port === DEFAULT_PORTS[scheme] ? `${scheme}://${name}` : `${scheme}://${name}:${port}`;
}

/**
 * The origin of the request as the app sees it. Served over HTTP, from the connection (above); handed a Request
 * in-process (createMock without a port, the browser build), from its URL, with a Host header taking the URL's place.
 */
export function requestOrigin(c: Context): string {
  const incoming = (c.env as { incoming?: Partial<NodeConnection> } | undefined)?.incoming;
  if (incoming?.rawHeaders && incoming.socket) return connectionOrigin(incoming as NodeConnection);
  const host = c.req.header("host");
  // The scheme as the URL parser writes it (lower case, up to the first ':'); parsing the whole URL costs more.
  const url = c.req.url;
  return host ? `${url.slice(0, url.indexOf(":") + 1)}//${host}` : new URL(url).origin;
}
