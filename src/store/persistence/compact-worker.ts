/**
 * Runs compactFiles() in a worker thread. The worker reads the snapshot and journals from disk itself; nothing but
 * the file name and a generation number crosses the thread boundary.
 *
 * In the built package the worker is its own bundled file (compact-worker-main.ts). From source (vitest) it is
 * started with `{ eval: true }` from source text assembled out of the functions in journal-format.ts
 * (`fn.toString()`). That text is plain JavaScript both under vitest (TypeScript already transformed) and in the
 * tsc output in dist/, so no separate worker file has to be located, copied or compiled. The price is the constraint
 * documented at the top of journal-format.ts; the tests run the worker from source and from tsc-compiled output.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type CompactionResult, WORKER_CONSTANTS, WORKER_FUNCTIONS } from "./journal-format.js";

let workerSource: string | undefined;

export function compactionWorkerSource(): string {
  workerSource ??= [
    '"use strict";',
    'const { parentPort, workerData } = require("node:worker_threads");',
    ...Object.entries(WORKER_CONSTANTS).map(([name, value]) => `const ${name} = ${JSON.stringify(value)};`),
    ...WORKER_FUNCTIONS.map((fn) => fn.toString()),
    "try {",
    '  const deps = { fs: require("node:fs"), path: require("node:path"), zlib: require("node:zlib") };',
    "  parentPort.postMessage({ ok: true, result: compactFiles(deps, workerData.file, workerData.upToGeneration) });",
    "} catch (error) {",
    "  parentPort.postMessage({ ok: false, message: error && error.stack ? String(error.stack) : String(error) });",
    "}",
  ].join("\n");
  return workerSource;
}

export interface CompactionJob {
  readonly result: Promise<CompactionResult>;
  /** Keeps the process alive until the worker is done (the worker is unref'ed while it runs in the background). */
  ref(): void;
}

/** The bundled worker file beside the built cli (see compact-worker-main.ts), if this is the built package. */
const BUNDLED_WORKER = new URL("./bss-mock-compact-worker.js", import.meta.url);

function workerSpec(): { source: string | URL; eval: boolean } {
  if (BUNDLED_WORKER.protocol === "file:" && existsSync(fileURLToPath(BUNDLED_WORKER))) {
    return { source: BUNDLED_WORKER, eval: false };
  }
  return { source: compactionWorkerSource(), eval: true };
}

/** Starts a worker merging the snapshot of `file` with its journals up to `upToGeneration`. */
export function startCompactionWorker(file: string, upToGeneration: number): CompactionJob {
  const spec = workerSpec();
  // Loaded here, not imported: only --db compacts, and loading worker_threads would slow every start.
  const { Worker } = process.getBuiltinModule("node:worker_threads");
  const worker = new Worker(spec.source, {
    eval: spec.eval,
    workerData: { file, upToGeneration },
    // The parent's flags (e.g. vitest's loaders) are not needed for plain JavaScript.
    execArgv: [],
    // What the worker keeps (a byte range per record) lives in the old generation; the rest is short-lived garbage
    // of checking each record. A small young generation holds it as well and lowers a compaction's peak memory and
    // CPU (docs/performance.md). Not a heap limit.
    resourceLimits: { maxYoungGenerationSizeMb: 8 },
  });
  worker.unref();
  const result = new Promise<CompactionResult>((resolve, reject) => {
    let settled = false;
    worker.once("message", (message: { ok: true; result: CompactionResult } | { ok: false; message: string }) => {
      settled = true;
      if (message.ok) resolve(message.result);
      else reject(new Error(`compaction of ${file} failed: ${message.message}`));
    });
    worker.once("error", (error) => {
      if (settled) return;
      settled = true;
      reject(error);
    });
    worker.once("exit", (code) => {
      if (settled) return;
      settled = true;
      reject(new Error(`compaction worker for ${file} exited with code ${code} before reporting`));
    });
  });
  return { result, ref: () => worker.ref() };
}
