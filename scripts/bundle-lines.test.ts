import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";

// Node prints the source line of an uncaught error's throw site before the error: with minified bundles of 290 KB lines,
// a CI log showed a wall of code and, through a pipe, never the message.
describe("the built bundles (dist/, made by npm ci's prepare step)", () => {
  it("should show an uncaught ConfigError's message, not kilobytes of bundled code", () => {
    const script = 'import { createMock } from "./dist/index.js"; await createMock({ clok: "manual" });';
    const result = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("unknown option 'clok'");
    // By its own name, not the minified class's ("Qt [ConfigError]: …").
    expect(result.stderr).toMatch(/^ConfigError: unknown option 'clok'/m);
    expect(result.stderr.length).toBeLessThan(4_000);
  });

  // esbuild cuts at 160 characters where it can; a long regular expression literal stays whole.
  it("should keep every line of every bundle short", () => {
    const bundles = fs.readdirSync("dist").filter((name) => /\.(?:c?js)$/.test(name));
    expect(bundles).toEqual(expect.arrayContaining(["index.js", "cli.cjs", "browser.js", "contract.cjs"]));
    for (const name of bundles) {
      const longest = Math.max(
        ...fs
          .readFileSync(path.join("dist", name), "latin1")
          .split("\n")
          .map((l) => l.length),
      );
      expect(longest, name).toBeLessThanOrEqual(2_000);
    }
  });
});
