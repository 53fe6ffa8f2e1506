/**
 * SIGKILLs a child process that writes through the persistence layer as fast as it can (flushing every 5 ms and
 * compacting every few hundred operations in a worker), then checks that the file loads cleanly, holds every
 * acknowledged flush, and holds a whole number of the child's steps (no half-applied flush).
 *
 * The child runs this directory's TypeScript transpiled by `ts.transpileModule`, i.e. the same JavaScript tsc emits
 * into dist/, so this also runs the compaction worker from compiled code (the other tests run it from source).
 */
import { type ChildProcess, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parsed } from "../collection.js";
import { type BuiltCli, buildCli, type ServedCli, serveCli } from "./__fixtures__/built-cli.js";
import { openPersistence } from "./persistent-world.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const WINDOW = 20; // keep in sync with __fixtures__/crash-writer.mjs
const MODULES = [
  "../collection",
  "../../platform/key-order",
  "change-log",
  "journal-format",
  "db-lock",
  "compact-worker",
  "journal-adapter",
  "persistent-world",
];

let work: string;
let compiled: string;

beforeAll(async () => {
  const ts = await import("typescript");
  work = fs.mkdtempSync(path.join(os.tmpdir(), "bss-mock-crash-"));
  compiled = path.join(work, "store", "persistence");
  fs.mkdirSync(compiled, { recursive: true });
  fs.mkdirSync(path.join(work, "platform"));
  for (const name of MODULES) {
    // collection.ts (WriteFailed) and the key-order.ts it reads records with keep their places relative to these.
    const target = path.join(compiled, `${name}.js`);
    const source = fs.readFileSync(path.join(here, `${name}.ts`), "utf8");
    const { outputText } = ts.transpileModule(source, {
      fileName: `${name}.ts`,
      compilerOptions: {
        module: ts.ModuleKind.ES2022,
        target: ts.ScriptTarget.ES2022,
        verbatimModuleSyntax: true,
      },
    });
    fs.writeFileSync(target, outputText);
  }
  fs.writeFileSync(path.join(work, "package.json"), '{"type":"module"}\n');
  // Let the compiled modules resolve lowdb from the repository's node_modules.
  let root = here;
  while (!fs.existsSync(path.join(root, "node_modules", "lowdb"))) {
    const parent = path.dirname(root);
    if (parent === root) throw new Error("node_modules/lowdb not found");
    root = parent;
  }
  fs.symlinkSync(path.join(root, "node_modules"), path.join(work, "node_modules"), "dir");
  // Loading TypeScript and transpiling takes over 10 s on a busy machine.
}, 60_000);

afterAll(() => {
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

/** Starts the writer, kills it `delayMs` after it is ready; resolves with the last acknowledged step. */
function runAndKill(dbFile: string, delayMs: number): Promise<{ start: number; acked: number }> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(
      process.execPath,
      [path.join(here, "__fixtures__", "crash-writer.mjs"), compiled, dbFile],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let start = -1;
    let acked = -1;
    let stderr = "";
    let buffered = "";
    child.stderr?.on("data", (chunk) => {
      stderr += chunk;
    });
    child.stdout?.on("data", (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      for (const line of lines) {
        const [word, value] = line.split(" ");
        if (word === "ready") {
          start = Number(value);
          acked = start;
          setTimeout(() => child.kill("SIGKILL"), delayMs);
        } else if (word === "acked") {
          acked = Number(value);
        }
      }
    });
    child.on("error", reject);
    child.on("exit", (_code, signal) => {
      if (signal !== "SIGKILL" || start < 0)
        reject(new Error(`writer ended without being killed: ${signal} ${stderr}`));
      else resolve({ start, acked });
    });
  });
}

describe("crash safety", () => {
  it("should load every acknowledged flush and no partial flush after SIGKILL at random moments", async () => {
    const dbFile = path.join(work, "db", "world.json");
    fs.mkdirSync(path.dirname(dbFile));
    // The last run is long enough for a compaction to finish even on a busy machine (checked at the end).
    const delays = [30, 150, 60, 400, 90, 250, 10, 500, 120, 320, 2_000];
    let previous = 0;
    for (const delay of delays) {
      const { start, acked } = await runAndKill(dbFile, delay);
      expect(start, "restart resumes from the state loaded").toBeGreaterThanOrEqual(previous);

      // A kill leaves only what a start may drop or remove (a torn tail, a compaction's leftovers): never a line
      // it refuses as damage, nor a gap between snapshot and journals.
      const warnings: string[] = [];
      const world = await openPersistence(dbFile, { compaction: "manual", onWarning: (line) => warnings.push(line) });
      for (const warning of warnings) {
        expect(warning).toMatch(
          /: ignored \d+ bytes after the last complete batch|^removed \S+ left by an interrupted compaction$/,
        );
      }
      const counter = (parsed(world.collections.meta?.get("counter")) as { n: number } | undefined)?.n ?? 0;
      expect(counter, `killed after ${delay} ms`).toBeGreaterThanOrEqual(acked);
      const expected = new Map<string, unknown>();
      for (let n = Math.max(1, counter - WINDOW + 1); n <= counter; n++) {
        expected.set(`i${n}`, { n, pad: "é".repeat(n % 40) });
      }
      const items = [...(world.collections.items ?? [])].map(([id, value]) => [id, parsed(value)] as const);
      expect(new Map(items.sort())).toEqual(new Map([...expected].sort()));
      await world.close();
      previous = counter;
    }
    expect(previous).toBeGreaterThan(1_000);
    // The child compacted (from compiled code) at least once.
    const snapshot = JSON.parse(fs.readFileSync(dbFile, "utf8").split("\t")[0] as string) as { generation: number };
    expect(snapshot.generation).toBeGreaterThan(0);
  }, 60_000);
});

describe("kill -9 of the served mock under parallel creates", () => {
  let built: BuiltCli;
  beforeAll(async () => {
    built = await buildCli();
  }, 60_000);
  afterAll(() => built?.remove());

  const CALLERS = ["a@kill-org", "b@kill-org", "c@other-org"];
  const body = (model: string) =>
    JSON.stringify({ mode: "research", goal: "concept_test", inputs: { concept: "A cup" }, user_model_ids: [model] });

  /**
   * 24 parallel loops of creates by three callers; SIGKILLs the mock once `killAfter` were acknowledged (with the
   * others in flight). Resolves with every id answered 201, and its caller.
   */
  async function createAndKill(served: ServedCli, model: string, killAfter: number) {
    const acked = new Map<string, string>();
    const loop = async (caller: string) => {
      while (served.child.exitCode === null && served.child.signalCode === null) {
        try {
          const response = await fetch(`${served.url}/v1/simulations`, {
            method: "POST",
            headers: { authorization: `Bearer ${caller}`, "content-type": "application/json" },
            body: body(model),
          });
          const created = (await response.json()) as { id?: string };
          if (response.status === 201 && created.id) acked.set(created.id, caller);
          if (acked.size >= killAfter) served.child.kill("SIGKILL");
        } catch {
          // killed mid-request: not acknowledged
          await served.exited;
        }
      }
    };
    await Promise.all(Array.from({ length: 24 }, (_, i) => loop(CALLERS[i % CALLERS.length] as string)));
    await served.exited;
    return acked;
  }

  it("should keep every acknowledged create and never hand out its id again after the restart", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bss-mock-kill-"));
    try {
      const db = path.join(dir, "world.json");
      const everAcked = new Map<string, string>();
      for (const killAfter of [300, 800, 50]) {
        const served = await serveCli(built, ["--db", db]);
        const models = (await (
          await fetch(`${served.url}/v1/user-models`, { headers: { authorization: `Bearer ${CALLERS[0]}` } })
        ).json()) as Array<{ id: string }>;
        const acked = await createAndKill(served, models[0]?.id as string, killAfter);
        expect(acked.size).toBeGreaterThanOrEqual(killAfter);
        for (const [id, caller] of acked) {
          expect(everAcked.has(id), `id ${id} was handed out twice`).toBe(false);
          everAcked.set(id, caller);
        }

        const restarted = await serveCli(built, ["--db", db]);
        try {
          const lost: string[] = [];
          const ids = [...everAcked];
          for (let i = 0; i < ids.length; i += 50) {
            await Promise.all(
              ids.slice(i, i + 50).map(async ([id, caller]) => {
                const response = await fetch(`${restarted.url}/v1/simulations/${id}`, {
                  headers: { authorization: `Bearer ${caller}` },
                });
                await response.arrayBuffer();
                if (response.status !== 200) lost.push(id);
              }),
            );
          }
          expect(lost, `acknowledged creates lost after kill -9 (after ${killAfter} creates)`).toEqual([]);
        } finally {
          restarted.child.kill("SIGTERM");
          await restarted.exited;
        }
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
