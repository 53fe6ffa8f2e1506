/**
 * The fairness corpus: implementations of the API written from the spec alone, by hands that had read neither the
 * suite nor the mock (contract-tests/kit/implementations/<name>: the code, CHOICES.md with every choice where the
 * spec is silent, BUGS.md with one spec-stated bug per `BUG` value, harness.json saying how to start it and make
 * callers). Their choices are theirs: a rule tuned to them would be as wrong as one tuned to the mock.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { ROOT } from "./run-cli.js";

export const IMPLEMENTATIONS_DIR = join(ROOT, "contract-tests", "kit", "implementations");

/** Where `npm run test:kit` puts the FastAPI implementation's Python packages (scripts/kit-venv.mjs). */
export const KIT_VENV_BIN = join(ROOT, ".venv-kit", "bin");

interface Harness {
  readonly command: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly health: string;
  readonly tokens: { readonly a: string; readonly b: string; readonly c: string };
}

export interface Implementation {
  readonly name: string;
  readonly dir: string;
  readonly harness: Harness;
  /** Every `BUG` value of its BUGS.md table, in its order. */
  readonly bugs: readonly string[];
}

export function implementation(name: string): Implementation {
  const dir = join(IMPLEMENTATIONS_DIR, name);
  const harness = JSON.parse(readFileSync(join(dir, "harness.json"), "utf8")) as Harness;
  const bugs = readFileSync(join(dir, "BUGS.md"), "utf8")
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .map((line) => (line.split("|")[1] ?? "").trim().replace(/`/g, ""));
  return { name, dir, harness, bugs };
}

/** The token template the kit's --token-template takes: the harness's caller `a`, {org} and {user} as they are. */
export function tokenTemplate(impl: Implementation): string {
  return impl.harness.tokens.a;
}

/** The arguments of a profile spec run against `impl` served at `url`: its callers, a quick poll, a wide timeout. */
export function specRunArgs(impl: Implementation, url: string): string[] {
  return [
    "--base-url",
    url,
    "--profile",
    "spec",
    "--allow-writes",
    "--token-template",
    tokenTemplate(impl),
    "--poll-ms",
    "50",
    "--timeout-ms",
    "20000",
  ];
}

/**
 * Phase lengths for the runs: long enough that planning, running and generating are seen by a suite polling every
 * 50 ms (the harness's own values are for its smoke test), short enough for CI. Each implementation names them its
 * own way; the variables it does not read are ignored.
 */
const OBSERVABLE_PHASES: Readonly<Record<string, string>> = {
  BSS_PLAN_MS: "800",
  BSS_PLANNING_MS: "800",
  BSS_RUN_MS: "2500",
  BSS_RUNNING_MS: "2500",
  BSS_SYNTHESIS_MS: "500",
  BSS_RETEST_MS: "500",
};

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return typeof address === "object" && address ? address.port : 0;
}

export interface Started {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * With a bug switched on, planning lasts longer: a run or delete accepted while planning is judged by how long planning
 * demonstrably lasts against how soon the request came, and a loaded machine's requests come late.
 */
const BUG_PHASES: Readonly<Record<string, string>> = { BSS_PLAN_MS: "4000", BSS_PLANNING_MS: "4000" };

/**
 * Starts an implementation (with `bug` switched on, if given) and resolves once its health path answers 200. A free
 * port found here can be taken by another process before the implementation listens on it: then it starts again on
 * another port, up to three times.
 */
export async function start(impl: Implementation, bug?: string): Promise<Started> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(impl, bug);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes("EADDRINUSE")) throw error;
    }
  }
}

async function startOnce(impl: Implementation, bug?: string): Promise<Started> {
  const port = await freePort();
  const path = existsSync(KIT_VENV_BIN) ? `${KIT_VENV_BIN}:${process.env.PATH ?? ""}` : (process.env.PATH ?? "");
  const [command, ...args] = impl.harness.command;
  const child: ChildProcess = spawn(command as string, args, {
    cwd: impl.dir,
    env: {
      ...process.env,
      ...impl.harness.env,
      ...OBSERVABLE_PHASES,
      ...(bug ? BUG_PHASES : {}),
      PATH: path,
      PORT: String(port),
      HOST: "127.0.0.1",
      ...(bug ? { BUG: bug } : {}),
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) =>
      reject(new Error(`${impl.name}${bug ? ` (BUG=${bug})` : ""} exited (${code}): ${stderr}`)),
    ),
  );
  const url = `http://127.0.0.1:${port}`;
  const ready = (async () => {
    for (let i = 0; i < 150; i++) {
      try {
        if ((await fetch(`${url}${impl.harness.health}`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${impl.name} did not answer ${impl.harness.health} within 15 s: ${stderr}`);
  })();
  await Promise.race([ready, exited]);
  exited.catch(() => undefined);
  return {
    url,
    close: () => stop(child),
  };
}

/**
 * Stops a started implementation; safe to call again. A process ended by a signal keeps `exitCode` null, so both it and
 * `signalCode` say it has gone; one that ignores SIGTERM for 5 s is killed.
 */
function stop(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const kill = setTimeout(() => child.kill("SIGKILL"), 5000);
    child.once("exit", () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill("SIGTERM");
  });
}
