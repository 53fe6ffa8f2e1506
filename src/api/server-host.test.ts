import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { ConfigError, optionsSchema } from "./config/options.js";
import { startServer } from "./server.js";

/** What startServer rejects with: the class, and the message. */
async function refusal(start: Promise<unknown>): Promise<{ config: boolean; message: string }> {
  const error = await start.then(
    () => expect.fail("started"),
    (reason: unknown) => reason as Error,
  );
  return { config: error instanceof ConfigError, message: error.message };
}

describe("--host the machine cannot listen on", () => {
  it("should refuse an address that is not this machine's with a ConfigError naming the option", async () => {
    // 192.0.2.1 is TEST-NET-1 (RFC 5737): never assigned to a real interface.
    const start = startServer(optionsSchema.parse({ port: 0, quiet: true, host: "192.0.2.1" }));
    expect(await refusal(start)).toEqual({
      config: true,
      message: "invalid host '192.0.2.1': not an address of this machine (EADDRNOTAVAIL)",
    });
  });
});

describe("startServer's options", () => {
  it("should refuse every option it cannot use with a ConfigError naming the option as the program spells it", async () => {
    const folder = mkdtempSync(`${tmpdir()}/bss-mock-options-`);
    try {
      expect(await refusal(startServer({ prot: 0 } as never))).toEqual({
        config: true,
        message: expect.stringMatching(
          /^unknown option 'prot' \(did you mean 'port'\?\); the options are those of 'bss-mock serve' in camelCase \(port, host, /,
        ),
      });
      expect(await refusal(startServer(null as never))).toEqual({
        config: true,
        message: "the options must be an object such as { port: 0 }, not null",
      });
      // Typed values, as the types say: a number given as a string is a mistake, as `quiet: "yes"` is.
      expect(await refusal(startServer({ port: "0" } as never))).toEqual({
        config: true,
        message: "invalid port '0': expected a number, not a string",
      });
      expect(await refusal(startServer({ port: 0, quiet: true, db: folder }))).toEqual({
        config: true,
        message: `invalid db '${folder}': is a folder; give a file in it, e.g. --db state/world.json`,
      });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
