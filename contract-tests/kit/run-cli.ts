/**
 * Runs the built command line (dist/bss-mock.cjs, as installed from npm) and servers for the kit's tests.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const CLI = join(ROOT, "dist", "bss-mock.cjs");

export interface Served {
  readonly url: string;
  close(): Promise<void>;
}

/** Starts `bss-mock serve` with `flags` on a free port and resolves once it listens. */
export function serve(flags: readonly string[]): Promise<Served> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, [CLI, "serve", "--port", "0", "--quiet", ...flags], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) {
        child.stdout?.off("data", onData);
        resolve({
          url: match[1] as string,
          close: () =>
            new Promise<void>((done) => {
              child.once("exit", () => done());
              child.kill("SIGTERM");
            }),
        });
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once("exit", (code) => reject(new Error(`bss-mock serve exited (${code}): ${out}`)));
  });
}

export interface ContractRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** The JSON report, when the run wrote one. */
  readonly report?: {
    target: { target: string };
    summary: { rules: { total: number; passed: number; failed: number; notApplicable: number } };
    rules: Array<{ id: string; outcome: string; profile: string }>;
    tests: Array<{ name: string; rules: string[]; outcome: string; message?: string }>;
  };
  readonly ms: number;
}

/** Runs `bss-mock contract` with `args`, the JSON report written to a temporary file. */
export function contract(args: readonly string[], options: { json?: boolean } = { json: true }): Promise<ContractRun> {
  const started = Date.now();
  const out = join(mkdtempSync(join(tmpdir(), "bss-contract-report-")), "report.json");
  const all = options.json ? [...args, "--reporter", "json", "--out", out] : [...args];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, "contract", ...all], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once("exit", (code) => {
      let report: ContractRun["report"];
      try {
        report = options.json ? JSON.parse(readFileSync(out, "utf8")) : undefined;
      } catch {
        report = undefined;
      }
      resolve({ code, stdout, stderr, report, ms: Date.now() - started });
    });
  });
}

/** The failed tests of a run (else the not applicable ones, and why), one line each, for an assertion message. */
export function failures(run: ContractRun): string {
  const tests = run.report?.tests ?? [];
  const failed = tests.some((t) => t.outcome === "fail")
    ? tests.filter((t) => t.outcome === "fail")
    : tests.filter((t) => t.outcome === "not applicable");
  return failed.map((t) => `${t.name}: ${(t.message ?? "").split("\n")[0]}`).join("\n") || run.stderr || run.stdout;
}
