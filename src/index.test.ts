import { describe, expect, it } from "vitest";
import { createApp, startServer } from "./index.js";

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
    await expect(startServer({ port: "abc" })).rejects.toThrow("invalid port 'abc': expected a number");
    expect(() => createApp({ timing: "slow" as "fast" })).toThrow(/^invalid timing 'slow'/);
  });
});
