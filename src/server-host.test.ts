import { describe, expect, it } from "vitest";
import { optionsSchema } from "./config.js";
import { startServer } from "./server.js";

describe("--host the machine cannot listen on", () => {
  it("should refuse an address that is not this machine's with one line naming --host", async () => {
    // 192.0.2.1 is TEST-NET-1 (RFC 5737): never assigned to a real interface.
    const start = startServer(optionsSchema.parse({ port: 0, quiet: true, host: "192.0.2.1" }));
    await expect(start).rejects.toThrow(/^invalid --host '192\.0\.2\.1': not an address of this machine/);
  });
});
