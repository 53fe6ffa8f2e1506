import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { FLAGS } from "./api/config/flags.js";
import { packageRoot } from "./platform/package-root.js";

// The command line is tested as a user runs it: a process with arguments, an exit code and two streams. It is built
// from src/ here (not dist/, which may be stale) into a folder under the package, where it finds fixtures/ as the
// packaged one does.
const outDir = join(packageRoot(), "node_modules", ".cache", "bss-mock-cli-test");
const cli = join(outDir, "cli.mjs");

beforeAll(async () => {
  mkdirSync(outDir, { recursive: true });
  await build({
    entryPoints: ["src/cli.ts"],
    outfile: cli,
    bundle: true,
    platform: "node",
    format: "esm",
    packages: "external",
    logLevel: "error",
  });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(args: string[], options: { stdoutBytes?: number } = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk;
      // Like `| head -c N`: read N bytes, then close the pipe.
      if (options.stdoutBytes !== undefined && stdout.length >= options.stdoutBytes) child.stdout.destroy();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk;
    });
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

const running: ChildProcess[] = [];
const blockers: Server[] = [];
afterEach(() => {
  for (const child of running.splice(0)) child.kill();
  for (const server of blockers.splice(0)) server.close();
});

/** Starts `serve` and resolves with its first stdout line once it is listening. */
function serve(args: string[]): Promise<{ child: ChildProcess; url: string; lines: string[]; errors: string[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, "serve", "--port", "0", ...args], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    running.push(child);
    const lines: string[] = [];
    const errors: string[] = [];
    child.stderr?.on("data", (chunk: Buffer) => errors.push(...chunk.toString().split("\n").filter(Boolean)));
    let buffer = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      buffer += chunk;
      const parts = buffer.split("\n");
      buffer = parts.pop() ?? "";
      for (const line of parts) {
        lines.push(line);
        const url = /(http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1];
        if (lines.length === 1 && url) resolve({ child, url, lines, errors });
      }
    });
    child.on("exit", (code) => reject(new Error(`serve exited with ${code}`)));
  });
}

describe("bss-mock command line", () => {
  it("should print the package version for --version", async () => {
    const { version } = JSON.parse(readFileSync(join(packageRoot(), "package.json"), "utf8")) as { version: string };
    expect(await run(["--version"])).toEqual({ code: 0, stdout: `${version}\n`, stderr: "" });
  });

  it.each([["serve"], ["openapi"], ["contract"], ["coverage"]])(
    "should answer %s --help with its usage, exit 0",
    async (command) => {
      const result = await run([command, "--help"]);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`Usage: bss-mock ${command === "serve" ? "[serve]" : command}`);
      expect(result.stdout).toContain("Exit codes: 0 ok, 1 runtime failure");
    },
  );

  it("should fail a CI run that never reached the 409s with coverage --min-errors 100, exit 1", async () => {
    const { url } = await serve(["--clock", "manual"]);
    const client = { authorization: "Bearer ann@acme", "content-type": "application/json" };
    const models = (await (await fetch(`${url}/v1/user-models`, { headers: client })).json()) as Array<{ id: string }>;
    const created = await fetch(`${url}/v1/simulations`, {
      method: "POST",
      headers: client,
      body: JSON.stringify({
        mode: "research",
        goal: "concept_test",
        inputs: { concept: "A refill club for cleaning products" },
        user_model_ids: [models[0]?.id],
      }),
    });
    expect(created.status).toBe(201);

    const failed = await run(["coverage", "--base-url", url, "--org", "acme", "--min-errors", "100"]);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain("✗ 409 on create: the project's in-app planner is mid-turn (scenario planner-busy");
    expect(failed.stderr).toMatch(/^bss-mock coverage: must-handle answers reached 0 % < --min-errors 100 %\n$/);

    const junit = await run(["coverage", "--base-url", url, "--org", "acme", "--reporter", "junit"]);
    expect(junit.code).toBe(0);
    expect(junit.stdout).toContain('<testcase classname="bss-coverage.rules" name="SIM-CREATE-201"/>');
    expect(junit.stdout).toMatch(
      /name="planner-turn-409: [^"]*">\n\s*<skipped message="never reached; scenario planner-busy/,
    );
    expect(await run(["coverage", "--base-url", url, "--min-rules", "0"])).toMatchObject({ code: 0 });
  });

  it("should refuse a coverage threshold that is no percentage, exit 2", async () => {
    const result = await run(["coverage", "--base-url", "http://127.0.0.1:9", "--min-errors", "120"]);
    expect(result).toEqual({
      code: 2,
      stdout: "",
      stderr: "bss-mock: invalid --min-errors '120': a percentage from 0 to 100\n",
    });
  });

  it.each([["proxy"], ["check"]])("should answer %s --help with its usage and exit codes, exit 0", async (command) => {
    const result = await run([command, "--help"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Usage: bss-mock ${command} `);
    expect(result.stdout).toContain("Exit codes: 0 no finding, 1 a violation (or a suspect, without --strict)");
    expect((await run(["--help"])).stdout).toContain(`bss-mock ${command} `);
  });

  it("should list every serve flag and its environment variable in serve --help", async () => {
    const { stdout } = await run(["serve", "-h"]);
    for (const [name, flag] of Object.entries(FLAGS)) {
      expect(stdout).toContain(`--${name}`);
      expect(stdout).toContain(flag.env);
    }
  });

  it("should leave quietly when the reader closes the pipe early (openapi | head -c 10)", async () => {
    const result = await run(["openapi"], { stdoutBytes: 10 });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
  });

  it("should say in one line, exit 1, that it cannot write to stdout (openapi > /dev/full)", async () => {
    const full = openSync("/dev/full", "w");
    try {
      const child = spawn(process.execPath, [cli, "openapi"], { stdio: ["ignore", full, "pipe"] });
      let stderr = "";
      child.stderr?.on("data", (chunk: Buffer) => {
        stderr += chunk;
      });
      const code = await new Promise((resolve) => child.on("close", resolve));
      expect({ code, stderr }).toEqual({ code: 1, stderr: "bss-mock: cannot write to stdout (ENOSPC)\n" });
    } finally {
      closeSync(full);
    }
  });

  it("should exit 2 with one line for a usage error", async () => {
    for (const args of [["--port", "abc"], ["bogus"], ["openapi", "--bogus"]]) {
      const result = await run(args);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/^bss-mock: [^\n]+\n$/);
    }
  });

  it("should offer the nearest command or flag for a typo", async () => {
    expect(await run(["srve"])).toEqual({
      code: 2,
      stdout: "",
      stderr: "bss-mock: unknown command 'srve' (did you mean 'serve'?); see 'bss-mock --help'\n",
    });
    expect((await run(["help", "opneapi"])).stderr).toContain("(did you mean 'openapi'?)");
    expect((await run(["--prot", "4011"])).stderr).toBe(
      "bss-mock: unknown flag --prot (did you mean --port?); see 'bss-mock --help'\n",
    );
    expect((await run(["bogus"])).stderr).toBe("bss-mock: unknown command 'bogus'; see 'bss-mock --help'\n");
  });

  it("should write openapi --out FILE, and refuse a path it cannot use with one line, exit 2", async () => {
    const folder = mkdtempSync(join(tmpdir(), "bss-mock-openapi-"));
    try {
      const file = join(folder, "doc.json");
      expect(await run(["openapi", "--out", file])).toEqual({ code: 0, stdout: `wrote ${file}\n`, stderr: "" });
      expect(JSON.parse(readFileSync(file, "utf8")).openapi).toBe("3.1.0");
      const missing = join(folder, "nope", "doc.json");
      expect(await run(["openapi", "--out", missing])).toEqual({
        code: 2,
        stdout: "",
        stderr: `bss-mock: --out ${missing}: its folder ${join(folder, "nope")} does not exist\n`,
      });
      expect(existsSync(join(folder, "nope"))).toBe(false);
      expect(await run(["openapi", "--out", folder])).toEqual({
        code: 2,
        stdout: "",
        stderr: `bss-mock: --out ${folder}: cannot write it (EISDIR)\n`,
      });
      expect(await run(["openapi", "--out", "/proc/x.json"])).toEqual({
        code: 2,
        stdout: "",
        stderr: "bss-mock: --out /proc/x.json: cannot write it (ENOENT)\n",
      });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("should name the flag when the value is found unusable only at the start (--host, --scenario, --db), exit 2", async () => {
    expect(await run(["serve", "--port", "0", "--host", "192.0.2.1"])).toEqual({
      code: 2,
      stdout: "",
      stderr: "bss-mock: invalid --host '192.0.2.1': not an address of this machine (EADDRNOTAVAIL)\n",
    });
    expect(await run(["serve", "--port", "0", "--scenario", "flakey"])).toEqual({
      code: 2,
      stdout: "",
      stderr: expect.stringMatching(
        /^bss-mock: invalid --scenario 'flakey': no such scenario \(did you mean 'flaky'\?\); known scenarios: fast-phases, flaky, /,
      ),
    });
    expect(await run(["serve", "--port", "0", "--scenario", "flaky,nope"])).toEqual({
      code: 2,
      stdout: "",
      stderr: expect.stringMatching(
        /^bss-mock: invalid --scenario 'nope': no such scenario; known scenarios: fast-phases, flaky, [^\n]+\n$/,
      ),
    });
    const folder = mkdtempSync(join(tmpdir(), "bss-mock-db-"));
    try {
      expect(await run(["serve", "--port", "0", "--db", folder])).toEqual({
        code: 2,
        stdout: "",
        stderr: `bss-mock: --db ${folder}: is a folder; give a file in it, e.g. --db state/world.json\n`,
      });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("should say the port is in use and suggest --port 0, exit 1", async () => {
    const blocker = createServer();
    blockers.push(blocker);
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const port = (blocker.address() as { port: number }).port;
    const result = await run(["serve", "--port", String(port), "--quiet"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `bss-mock: port ${port} on 127.0.0.1 is already in use; pick another with --port N, or --port 0 for any free port\n`,
    );
  });

  it("should write start-up errors as JSON lines under --log-format json, with the exit code of the text line", async () => {
    const asJson = (stderr: string) =>
      stderr
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line));
    const time = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const usage = await run(["serve", "--log-format", "json", "--port", "abc"]);
    expect(usage.code).toBe(2);
    const text = await run(["serve", "--port", "abc"]);
    expect(asJson(usage.stderr)).toEqual([
      { time, level: "error", message: text.stderr.slice("bss-mock: ".length, -1) },
    ]);

    const blocker = createServer();
    blockers.push(blocker);
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const port = (blocker.address() as { port: number }).port;
    const inUse = await run(["serve", "--log-format=json", "--port", String(port), "--quiet"]);
    expect(inUse.code).toBe(1);
    expect(asJson(inUse.stderr)).toEqual([
      { time, level: "error", message: expect.stringContaining(`port ${port} on 127.0.0.1 is already in use`) },
    ]);
  });

  it("should log each request with a timestamp, as text by default", async () => {
    const { url, lines } = await serve([]);
    await fetch(`${url}/healthz`);
    await expect.poll(() => lines.length).toBe(2);
    expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z GET \/healthz 200 \d+\.\dms$/);
  });

  it("should write the mock's own warnings as JSON lines with a time under --log-format json", async () => {
    const folder = mkdtempSync(join(tmpdir(), "bss-mock-log-"));
    try {
      const db = join(folder, "w.json");
      const torn = '["put","a","1",{"ok":';
      for (const format of ["text", "json"]) {
        writeFileSync(`${db}.journal-1.jsonl`, torn); // dropped at load, with a warning
        const { child, errors } = await serve(["--db", db, "--log-format", format, "--quiet"]);
        child.kill("SIGKILL");
        const warning = `--db ${db}: w.json.journal-1.jsonl: ignored ${torn.length} bytes after the last complete batch (truncated)`;
        if (format === "text") expect(errors).toEqual([`bss-mock: ${warning}`]);
        else {
          expect(errors.map((line) => JSON.parse(line))).toEqual([
            {
              time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
              level: "warn",
              message: warning,
            },
          ]);
        }
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("should log JSON lines with --log-format json", async () => {
    const { url, lines } = await serve(["--log-format", "json"]);
    await fetch(`${url}/healthz`);
    await expect.poll(() => lines.length).toBe(2);
    expect(JSON.parse(lines[0] as string)).toMatchObject({ event: "listening", url });
    expect(JSON.parse(lines[1] as string)).toEqual({
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      method: "GET",
      path: "/healthz",
      status: 200,
      ms: expect.any(Number),
    });
  });
});
