import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";

// The launcher runs dist/cli.cjs through V8's code cache (dist/cli.cjs.cache). V8 checks a cache against the source's
// length only, so a rebuilt bundle of the same length would run the old build's cached functions.
describe("the CLI launcher's code cache (dist/, made by npm ci's prepare step)", () => {
  it("should not run a cache older than the bundle, even when the bundle kept its length", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bss-launcher-"));
    try {
      for (const name of ["bss-mock.cjs", "cli.cjs", "cli.cjs.cache"]) {
        fs.copyFileSync(path.join("dist", name), path.join(dir, name));
      }
      const bundle = path.join(dir, "cli.cjs");
      const before = fs.readFileSync(bundle, "utf8");
      // Outside a package folder the CLI stops with "cannot find the package folder": change it without changing the
      // bundle's length (a few words only: the bundle's lines are cut at 160 characters, inside strings too).
      const changed = before.replace("cannot find the", "cannot find THE");
      expect(changed.length).toBe(before.length);
      expect(changed).not.toBe(before);
      fs.writeFileSync(bundle, changed);
      const old = new Date(Date.now() - 60_000);
      fs.utimesSync(path.join(dir, "cli.cjs.cache"), old, old);

      const output = run(path.join(dir, "bss-mock.cjs"));
      expect(output).toContain("cannot find THE package");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

function run(launcher: string): string {
  try {
    return execFileSync(process.execPath, [launcher, "--version"], { encoding: "utf8", stdio: "pipe" });
  } catch (error) {
    const { stdout, stderr } = error as { stdout: string; stderr: string };
    return `${stdout}${stderr}`;
  }
}
