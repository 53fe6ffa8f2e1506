/**
 * Every command of docs/contract-kit.md (before "How the suite is built"), run as written (with `npx bss-mock` as the
 * built dist/bss-mock.cjs, the example addresses pointed at servers of this test, the tokens of the example set).
 */
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningProxy, SPEC_VALID_VARIANTS, startProxy } from "./fairness-proxy.js";
import { CLI, ROOT, type Served, serve } from "./run-cli.js";

const kit = readFileSync(join(ROOT, "docs", "contract-kit.md"), "utf8");
const section = kit.slice(0, kit.indexOf("\n## How the suite is built"));
const commands = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap(([, block]) =>
  (block as string).split("\n").filter((line) => line.startsWith("npx bss-mock")),
);

let mock: Served;
let foreign: RunningProxy;

beforeAll(async () => {
  mock = await serve(["--clock", "manual"]);
  // A service that is not a bss-mock (no control API, no document), on a real clock.
  const fast = await serve(["--timing", "instant"]);
  const variant = SPEC_VALID_VARIANTS.find((v) => v.name === "instant");
  if (!variant) throw new Error("the fairness proxy has no 'instant' variant");
  foreign = await startProxy(fast.url, variant);
  const close = foreign.close;
  foreign = { url: foreign.url, close: async () => Promise.all([close(), fast.close()]).then(() => undefined) };
});

afterAll(async () => {
  await mock?.close();
  await foreign?.close();
});

function sh(command: string, cwd: string, env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      "bash",
      ["-c", command],
      { cwd, env: { ...process.env, ...env }, maxBuffer: 1 << 26 },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe("docs/contract-kit.md: bss-mock contract", () => {
  it("should have the commands this test runs", () => {
    expect(commands.length).toBeGreaterThanOrEqual(4);
  });

  for (const command of commands) {
    it(`should run: ${command}`, async () => {
      const cwd = mkdtempSync(join(tmpdir(), "bss-readme-"));
      const org = crypto.randomUUID().slice(0, 8);
      const line = command
        .replace(/^npx bss-mock/, `node ${JSON.stringify(CLI)}`)
        .replaceAll("http://127.0.0.1:4010", mock.url);
      const result = await sh(line, cwd, {
        API_URL: foreign.url,
        TOKEN: `readme-a@org-${org}`,
        TOKEN_OTHER_ORG: `readme-b@other-${org}`,
        TOKEN_COLLEAGUE: `readme-c@org-${org}`,
      });
      expect(result.code, `${result.stdout.slice(-3000)}\n${result.stderr}`).toBe(0);
      if (command.includes("--list")) {
        const lines = result.stdout.trim().split("\n");
        expect(lines.at(-1)).toMatch(/^\d+ rules$/);
        expect(lines[0]).toMatch(/^SCOPE-\S+ +spec +\S/);
      }
      const out = /--out (\S+)/.exec(command)?.[1];
      if (out) {
        expect(existsSync(join(cwd, out))).toBe(true);
        expect(readFileSync(join(cwd, out), "utf8")).toMatch(/^<\?xml[\s\S]*<testsuites/);
      }
    });
  }
});
