/**
 * The command line built from the current source (esbuild, as `npm run build` bundles it, unminified and without the
 * code cache), for tests that start `bss-mock serve --db …` as a real process: kill it, restart it, watch its exit
 * code and its log. Built into node_modules/.cache so the bundle finds the package folder (fixtures/) by walking up.
 */
import { type ChildProcess, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, beforeEach, vi } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

export interface BuiltCli {
  /** Path of the bundled cli (ESM). */
  readonly cli: string;
  remove(): void;
}

export async function buildCli(): Promise<BuiltCli> {
  const { build } = await import("esbuild");
  const cache = path.join(root, "node_modules", ".cache");
  fs.mkdirSync(cache, { recursive: true });
  const outdir = fs.mkdtempSync(path.join(cache, "bss-mock-built-cli-"));
  // Readable by the unprivileged user some tests run it as.
  fs.chmodSync(outdir, 0o755);
  await build({
    entryPoints: {
      cli: path.join(root, "src/cli.ts"),
      "bss-mock-compact-worker": path.join(root, "src/store/persistence/compact-worker-main.ts"),
    },
    outdir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
    logLevel: "warning",
    banner: {
      js: "import { createRequire as __bssCreateRequire } from 'node:module'; const require = __bssCreateRequire(import.meta.url);",
    },
  });
  // The cli looks for the worker as bss-mock-compact-worker.js beside itself.
  fs.renameSync(path.join(outdir, "bss-mock-compact-worker.mjs"), path.join(outdir, "bss-mock-compact-worker.js"));
  fs.writeFileSync(path.join(outdir, "package.json"), '{"type":"module"}\n');
  return { cli: path.join(outdir, "cli.mjs"), remove: () => fs.rmSync(outdir, { recursive: true, force: true }) };
}

/**
 * For a test file that starts the built command line: builds it once (removed after), gives each test a fresh folder
 * named `prefix…`, and a minute per test (a few starts take seconds each on a busy machine).
 */
export function useBuiltCli(prefix: string): { readonly built: BuiltCli; readonly dir: string } {
  vi.setConfig({ testTimeout: 60_000 });
  let built: BuiltCli | undefined;
  let dir = "";
  beforeAll(async () => {
    built = await buildCli();
  }, 60_000);
  afterAll(() => built?.remove());
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  return {
    get built() {
      return built as BuiltCli;
    },
    get dir() {
      return dir;
    },
  };
}

export interface ServedCli {
  readonly child: ChildProcess;
  readonly url: string;
  /** Everything written to stderr so far. */
  stderr(): string;
  /** Resolves with the exit code and signal. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Runs the cli with `args` until it exits; resolves with its exit code and output. */
export function runCli(
  built: BuiltCli,
  args: string[],
  options: { uid?: number; gid?: number } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [built.cli, ...args], { stdio: ["ignore", "pipe", "pipe"], ...options });
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.on("error", reject);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Starts `bss-mock serve` on a free port with `args`; resolves once it listens. */
export function serveCli(built: BuiltCli, args: string[]): Promise<ServedCli> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [built.cli, "serve", "--port", "0", "--quiet", ...args], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
      child.on("exit", (code, signal) => done({ code, signal })),
    );
    child.stderr?.on("data", (chunk) => {
      stderr += chunk;
    });
    child.stdout?.on("data", (chunk) => {
      stdout += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(stdout);
      if (match?.[1]) resolve({ child, url: match[1], stderr: () => stderr, exited });
    });
    child.on("error", reject);
    exited.then(({ code, signal }) =>
      reject(new Error(`bss-mock exited (${code ?? signal}) before listening: ${stderr}`)),
    );
  });
}
