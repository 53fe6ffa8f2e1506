// The "In CI" section of docs/testing.md, read from it: the shell lines that start the mock so that its PID is the
// server's run against this repository as an installed package (node_modules/bss-mock linked to it, dist/ built by
// npm ci's prepare step; scripts/test-package.mjs runs them in the installed tarball), and the workflow's steps use
// the action's own inputs. The Testcontainers recipes need a container engine, which these machines lack: the
// section says they are untested.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";

const root = process.cwd();
const testing = readFileSync(join(root, "docs", "testing.md"), "utf8");
const start = testing.indexOf("\n## In CI\n");
const end = testing.indexOf("\n## ", start + 1);
const section = testing.slice(start, end === -1 ? undefined : end);
const blocks = (language: string) =>
  [...section.matchAll(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, "g"))].map(([, body]) => body as string);

const work = mkdtempSync(join(tmpdir(), "bss-mock-ci-readme-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe("docs/testing.md: In CI", () => {
  it("should start the mock so that killing the PID it saved stops the server", async () => {
    const [script] = blocks("sh");
    expect(script).toContain("node node_modules/bss-mock/dist/bss-mock.cjs");
    mkdirSync(join(work, "node_modules"));
    symlinkSync(root, join(work, "node_modules", "bss-mock"));
    const port = await freePort();
    const result = spawnSync("sh", ["-ec", (script as string).replaceAll("4010", String(port))], {
      cwd: work,
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('{"status":"ok"}');
    const pid = Number(readFileSync(join(work, "bss-mock.pid"), "utf8"));
    let stopped = false;
    for (let i = 0; i < 100 && !stopped; i++) {
      try {
        process.kill(pid, 0);
        await new Promise((r) => setTimeout(r, 50));
      } catch {
        stopped = true;
      }
    }
    expect(stopped).toBe(true);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });

  it("should give the action only inputs it has, and stop it before uploading its files", () => {
    const action = parse(readFileSync(join(root, "action.yml"), "utf8")) as { inputs: Record<string, unknown> };
    const [workflow] = blocks("yaml");
    const steps = (parse(workflow as string) as { steps: Array<{ uses?: string; with?: Record<string, unknown> }> })
      .steps;
    const ours = steps.filter((s) => s.uses?.startsWith("OWNER/bss-mock@"));
    expect(ours).toHaveLength(2);
    for (const step of ours) {
      for (const name of Object.keys(step.with ?? {})) expect(Object.keys(action.inputs)).toContain(name);
    }
    const stop = steps.findIndex((s) => s.with?.stop === true);
    const upload = steps.findIndex((s) => s.uses?.startsWith("actions/upload-artifact"));
    expect(stop).toBeGreaterThan(-1);
    expect(upload).toBeGreaterThan(stop);
    expect(steps[upload]?.with?.path).toBe((action.inputs["artifacts-dir"] as { default: string }).default);
    expect(existsSync(join(root, "action", "main.mjs"))).toBe(true);
  });

  it("should say the Testcontainers recipes are untested", () => {
    expect([...blocks("js"), ...blocks("python")]).toHaveLength(2);
    expect(section).toMatch(
      /\*\*Testcontainers\*\* \(a recipe, untested here: these machines have no container engine\)/,
    );
  });
});
