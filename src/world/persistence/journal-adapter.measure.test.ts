/**
 * Micro-measurement, not a timed assertion: cost of a flush with 100k records loaded, of a compaction of them (and
 * how long it blocks the main thread), and of loading them. Prints its numbers; skipped unless
 * BSS_MOCK_MEASURE=1 (it takes a few seconds):
 *
 *   BSS_MOCK_MEASURE=1 npx vitest run src/world/persistence/journal-adapter.measure.test.ts
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { performance } from "node:perf_hooks";
import { JSONFile } from "lowdb/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChangeLog } from "./change-log.js";
import { JournalAdapter, type WorldCollections } from "./journal-adapter.js";

const RECORDS = 100_000;
const ROUNDS = 300;

let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "bss-mock-measure-"));
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function record(i: number, version = 0) {
  return {
    id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    name: `Simulation ${i}`,
    status: version % 2 === 0 ? "queued" : "running",
    round_id: `10000000-0000-4000-8000-${String(i % 500).padStart(12, "0")}`,
    ownerId: `20000000-0000-4000-8000-${String(i % 50).padStart(12, "0")}`,
    created_at: "2025-01-01T00:00:00.000Z",
    config: { population: 1000 + (i % 7), seed: i, tags: ["a", "b", "c"], version },
  };
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const ms = (value: number) => `${value.toFixed(3)} ms`;

/** Largest gap between 1 ms timer ticks while `run` is in progress: how long the event loop was blocked. */
async function maxEventLoopGap<T>(run: () => Promise<T>): Promise<{ value: T; maxGapMs: number; wallMs: number }> {
  let last = performance.now();
  let maxGapMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    maxGapMs = Math.max(maxGapMs, now - last);
    last = now;
  }, 1);
  const started = performance.now();
  try {
    const value = await run();
    const now = performance.now();
    maxGapMs = Math.max(maxGapMs, now - last);
    return { value, maxGapMs, wallMs: now - started };
  } finally {
    clearInterval(timer);
  }
}

describe.skipIf(process.env.BSS_MOCK_MEASURE !== "1")("JournalAdapter measurements", () => {
  it("should report flush, compaction and load costs with 100k records", async () => {
    const file = path.join(dir, "world.json");
    const changes = new ChangeLog();
    const adapter = new JournalAdapter(file, changes, { compaction: "manual" });
    const world = (await adapter.read()) ?? ({} as WorldCollections);
    const simulations = new Map<string, unknown>();
    world.simulations = simulations;
    for (let i = 0; i < RECORDS; i++) {
      const r = record(i);
      simulations.set(r.id, r);
      changes.put("simulations", r.id, r);
    }
    const bulk = await maxEventLoopGap(() => adapter.write(world));
    const compaction = await maxEventLoopGap(() => adapter.compact());
    const snapshotBytes = fs.statSync(file).size;

    const flushCost = async (changesPerFlush: number) => {
      const samples: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        for (let c = 0; c < changesPerFlush; c++) {
          const r = record((round * changesPerFlush + c) % RECORDS, round + 1);
          simulations.set(r.id, r);
          changes.put("simulations", r.id, r);
        }
        const started = performance.now();
        await adapter.write(world);
        samples.push(performance.now() - started);
      }
      return samples;
    };
    await flushCost(1); // warm-up
    const one = await flushCost(1);
    const ten = await flushCost(10);
    const hundred = await flushCost(100);
    await adapter.close();

    const loadStarted = performance.now();
    const reloaded = await new JournalAdapter(file, new ChangeLog(), { compaction: "manual" }).read();
    const loadMs = performance.now() - loadStarted;
    expect(reloaded?.simulations?.size).toBe(RECORDS);

    const plain = { simulations: Object.fromEntries(simulations) };
    const jsonFile = new JSONFile<typeof plain>(path.join(dir, "lowdb.json"));
    const lowdbWrite = await maxEventLoopGap(() => jsonFile.write(plain));

    const report = [
      `records loaded: ${RECORDS}, snapshot ${(snapshotBytes / 1e6).toFixed(1)} MB`,
      `write() 1 change:    median ${ms(percentile(one, 50))}, p99 ${ms(percentile(one, 99))}, max ${ms(Math.max(...one))} (n=${ROUNDS})`,
      `write() 10 changes:  median ${ms(percentile(ten, 50))}, p99 ${ms(percentile(ten, 99))}, max ${ms(Math.max(...ten))} (n=${ROUNDS})`,
      `write() 100 changes: median ${ms(percentile(hundred, 50))}, p99 ${ms(percentile(hundred, 99))}, max ${ms(Math.max(...hundred))} (n=${ROUNDS})`,
      `initial write() of all ${RECORDS} records as one batch: ${ms(bulk.wallMs)} (event loop blocked up to ${ms(bulk.maxGapMs)})`,
      `worker compaction of ${RECORDS} records: ${ms(compaction.wallMs)} wall, event loop blocked up to ${ms(compaction.maxGapMs)}`,
      `read() (load snapshot of ${RECORDS} records): ${ms(loadMs)}`,
      `for comparison, lowdb JSONFile.write() of the same world: ${ms(lowdbWrite.wallMs)} (event loop blocked up to ${ms(lowdbWrite.maxGapMs)})`,
    ];
    console.log(`\n${report.join("\n")}\n`);
  }, 120_000);
});
