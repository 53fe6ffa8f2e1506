import { IncomingMessage } from "node:http";
import * as http2 from "node:http2";
import { Socket } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.restoreAllMocks();
  vi.resetModules();
});

/** A fresh copy of the module (its cached node:http2 forgotten), with process.getBuiltinModule watched. */
async function fresh() {
  vi.resetModules();
  const loads = vi.spyOn(process, "getBuiltinModule");
  const module = await import("./lazy-http2.js");
  return { ...module, loads: () => loads.mock.calls.filter(([id]) => id === "node:http2").length };
}

describe("lazy node:http2 for @hono/node-server", () => {
  it("should tell an HTTP/1 request is no Http2ServerRequest without loading node:http2", async () => {
    const { Http2ServerRequest, loads } = await fresh();
    expect(new IncomingMessage(new Socket()) instanceof Http2ServerRequest).toBe(false);
    expect(loads()).toBe(0);
  });

  it("should test anything else against the real class", async () => {
    const { Http2ServerRequest, loads } = await fresh();
    expect({} instanceof Http2ServerRequest).toBe(false);
    const real = Object.create(http2.Http2ServerRequest.prototype) as object;
    expect(real instanceof Http2ServerRequest).toBe(true);
    expect(loads()).toBe(1);
  });

  it("should read the constants from node:http2 when one is read", async () => {
    const { constants, loads } = await fresh();
    expect(loads()).toBe(0);
    expect(constants.NGHTTP2_NO_ERROR).toBe(http2.constants.NGHTTP2_NO_ERROR);
    expect("NGHTTP2_CANCEL" in constants).toBe(true);
    expect(loads()).toBe(1);
  });
});
