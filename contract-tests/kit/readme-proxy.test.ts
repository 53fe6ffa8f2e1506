/**
 * Every command of docs/proxy.md ("Check a real service's traffic"), run as written (`npx bss-mock` as the built
 * dist/bss-mock.cjs, $API_URL a bss-mock of this test, the proxy's port 4020 and the mock's 4010 pointed at this test's
 * servers): the proxy started, traffic sent through it, its report read, SIGINT; then the offline checks.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CLI, ROOT, type Served, serve } from "./run-cli.js";

const section = readFileSync(join(ROOT, "docs", "proxy.md"), "utf8");
const commands = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap(([, block]) =>
  (block as string).split("\n").filter((line) => line.trim() !== ""),
);

let mock: Served | undefined;
afterAll(async () => {
  await mock?.close();
});

function sh(command: string, cwd: string) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile("bash", ["-c", command], { cwd, maxBuffer: 1 << 26 }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe("docs/proxy.md: Check a real service's traffic", () => {
  it("should have the proxy, its report and the offline checks", () => {
    expect(commands.filter((c) => c.startsWith("npx bss-mock proxy"))).toHaveLength(1);
    expect(commands.filter((c) => c.includes("bss-mock check")).length).toBeGreaterThanOrEqual(3);
    expect(commands.some((c) => c.includes("/__proxy/report"))).toBe(true);
  });

  it("should run every command as written", async () => {
    mock = await serve([]);
    const upstream = mock.url;
    const cwd = mkdtempSync(join(tmpdir(), "bss-readme-proxy-"));
    const local = (line: string) =>
      line.replaceAll("npx bss-mock", `node ${JSON.stringify(CLI)}`).replaceAll("http://127.0.0.1:4010", upstream);
    let proxy: { url: string; child: ChildProcess; out: () => string } | undefined;
    const stopProxy = async () => {
      if (!proxy) return;
      const { child } = proxy;
      const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
      child.kill("SIGINT");
      expect(await exited, proxy.out()).toBe(0);
      proxy = undefined;
    };
    for (const command of commands) {
      if (command.startsWith("npx bss-mock proxy")) {
        const line = local(command).replace("--port 4020", "--port 0");
        const child = spawn("bash", ["-c", `exec ${line}`], {
          cwd,
          env: { ...process.env, API_URL: upstream },
          stdio: ["ignore", "pipe", "pipe"],
        });
        let out = "";
        child.stdout?.on("data", (chunk: Buffer) => {
          out += chunk.toString();
        });
        child.stderr?.on("data", (chunk: Buffer) => {
          out += chunk.toString();
        });
        for (let i = 0; i < 100 && !/listening on (http:\/\/\S+)/.test(out); i++)
          await new Promise((resolve) => setTimeout(resolve, 100));
        const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
        expect(url, out).toBeDefined();
        proxy = { url: url as string, child, out: () => out };
        // A client's traffic through it: a read, a create, the simulation read back.
        const headers = { authorization: "Bearer readme@proxy", "content-type": "application/json" };
        const models = (await (await fetch(`${url}/v1/user-models`, { headers })).json()) as Array<{ id: string }>;
        const body = {
          mode: "research",
          goal: "concept_test",
          inputs: { concept: "A cup" },
          user_model_ids: [models[0]?.id],
        };
        const created = await fetch(`${url}/v1/simulations`, { method: "POST", headers, body: JSON.stringify(body) });
        expect(created.status).toBe(201);
        const { id } = (await created.json()) as { id: string };
        expect((await fetch(`${url}/v1/simulations/${id}`, { headers })).status).toBe(200);
        continue;
      }
      if (command.includes("127.0.0.1:4020")) {
        const result = await sh(local(command).replaceAll("http://127.0.0.1:4020", proxy?.url ?? ""), cwd);
        expect(result.code, result.stderr).toBe(0);
        const report = JSON.parse(result.stdout);
        expect(report).toMatchObject({ violations: [], suspects: [] });
        expect(report.exchanges).toBe(3);
        continue;
      }
      // Everything after the proxy's own commands reads what it wrote: stop it first (Ctrl-C).
      await stopProxy();
      const result = await sh(local(command), cwd);
      expect(result.code, `${command}\n${result.stdout}\n${result.stderr}`).toBe(0);
      expect(result.stdout).toMatch(/\d+ exchanges: 0 violations, 0 suspects/);
    }
    await stopProxy();
    expect(readFileSync(join(cwd, "proxy-report.xml"), "utf8")).toMatch(/^<\?xml[\s\S]*<testsuites/);
    expect(existsSync(join(cwd, "traffic.xml"))).toBe(true);
    const har = JSON.parse(readFileSync(join(cwd, "traffic.har"), "utf8"));
    expect(har.log.entries).toHaveLength(3);
  });
});
