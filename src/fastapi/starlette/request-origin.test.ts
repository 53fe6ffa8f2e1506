/**
 * The origin of request URLs against what uvicorn 0.54 + Starlette 1.7 gave for the same requests from trusted and
 * untrusted peers, with and without Host and proxy headers (oracle/origins.json, recorded by generate_origins.py).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { connectionOrigin, type NodeConnection } from "./request-origin.js";

interface Case {
  /** The address the request was sent from. */
  peer: string;
  /** Starlette's scope["server"]: this end of the connection. */
  server: [string, number];
  /** The request line and header lines as sent. */
  request: string[];
  /** request.base_url. */
  base_url: string;
}

const oracle = JSON.parse(readFileSync(new URL("./oracle/origins.json", import.meta.url), "utf8")) as {
  cases: Case[];
};

/** The connection as Node hands it over: header values trimmed of spaces by its parser, repeated headers kept apart. */
function connectionOf(c: Case, local: { address: string } = { address: c.server[0] }): NodeConnection {
  const rawHeaders = c.request.slice(1).flatMap((line) => {
    const colon = line.indexOf(":");
    return [line.slice(0, colon), line.slice(colon + 1).trim()];
  });
  return { rawHeaders, socket: { remoteAddress: c.peer, localAddress: local.address, localPort: c.server[1] } };
}

const label = (c: Case) => `${c.peer} -> ${c.server.join(" ")}: ${c.request.slice(1).join(" | ") || "(no headers)"}`;

describe("connectionOrigin", () => {
  it("should have cases from trusted and untrusted peers, with and without Host", () => {
    const peers = new Set(oracle.cases.map((c) => c.peer));
    for (const peer of ["127.0.0.1", "127.0.0.2", "::1"]) expect(peers).toContain(peer);
    expect(oracle.cases.some((c) => c.server[1] === 443)).toBe(true);
  });

  it.each(oracle.cases.map((c) => [label(c), c] as const))("should give what uvicorn gave: %s", (_, c) => {
    expect(`${connectionOrigin(connectionOf(c))}/`).toBe(c.base_url);
  });

  it("should treat an IPv4 peer of a dual-stack socket (::ffff:127.0.0.1) as the IPv4 address it is", () => {
    const trusted = oracle.cases.filter((c) => c.peer === "127.0.0.1" || c.peer === "127.0.0.2");
    expect(trusted.length).toBeGreaterThan(0);
    for (const c of trusted) {
      const mapped = { ...c, peer: `::ffff:${c.peer}` };
      const connection = connectionOf(mapped, { address: `::ffff:${c.server[0]}` });
      expect(`${connectionOrigin(connection)}/`, label(c)).toBe(c.base_url);
    }
  });
});
