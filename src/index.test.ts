import { describe, expect, it } from "vitest";
import { createApp, PortInUseError, startServer } from "./index.js";

describe("the programmatic API", () => {
  it("should take plain options and bind to 127.0.0.1 by default, as the command line does", async () => {
    const server = await startServer({ port: 0, quiet: true });
    try {
      expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it("should refuse a bad option with the command line's one-line message", async () => {
    await expect(startServer({ port: -1 })).rejects.toThrow("invalid port '-1': expected at least 0");
    expect(() => createApp({ timing: "slow" as "fast" })).toThrow(/^invalid timing 'slow'/);
  });

  it("should name its errors, so a log or a test report says which one it is", async () => {
    expect(() => createApp({ clok: "manual" } as never)).toThrow(expect.objectContaining({ name: "ConfigError" }));
    const server = await startServer({ port: 0, quiet: true });
    try {
      const taken = await startServer({ port: server.port, quiet: true }).catch((error: unknown) => error);
      expect(taken).toBeInstanceOf(PortInUseError);
      expect(String(taken)).toBe(`PortInUseError: port ${server.port} on 127.0.0.1 is already in use`);
    } finally {
      await server.close();
    }
  });
});
