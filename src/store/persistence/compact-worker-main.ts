/**
 * Entry point of the compaction worker in the built package (dist/bss-mock-compact-worker.js, bundled with its own
 * copy of journal-format). From source, compact-worker.ts evaluates the same functions by their text instead.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import * as zlib from "node:zlib";
import { compactFiles } from "./journal-format.js";

const { file, upToGeneration } = workerData as { file: string; upToGeneration: number };
try {
  parentPort?.postMessage({ ok: true, result: compactFiles({ fs, path, zlib }, file, upToGeneration) });
} catch (error) {
  parentPort?.postMessage({ ok: false, message: error instanceof Error && error.stack ? error.stack : String(error) });
}
