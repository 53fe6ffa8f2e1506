// Target 3: POST /v1/simulations latency with --db FILE holding 1k, 10k and 100k simulations.
//
// Seeding goes through HTTP (the honest path: the same POSTs, the same journal, the same compactions), in one growing
// seed file: seed up to a level, stop the mock (SIGTERM flushes), copy the files, start a fresh mock on the copy and
// measure there, so the measured POSTs never count towards the next level. The seed file only ever receives
// 100k POSTs in total.
import { copyFileSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { cannon, failures, line, mib, ms, num, okPerSecond, rssOf, startMock, verdict } from "./lib.mjs";
import { AUTH, firstUserModelId, simulationBody } from "./throughput.mjs";

export const POST_P99_TARGET_MS = 50;
export const DEFAULT_LEVELS = [1_000, 10_000, 100_000];

function dirBytes(dir) {
  let bytes = 0;
  for (const name of readdirSync(dir)) bytes += statSync(join(dir, name)).size;
  return bytes;
}

function copyDir(from, to) {
  rmSync(to, { recursive: true, force: true });
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) copyFileSync(join(from, name), join(to, name));
}

function postOptions(url, modelId, connections) {
  return {
    url: `${url}/v1/simulations`,
    method: "POST",
    headers: { ...AUTH, "content-type": "application/json" },
    body: JSON.stringify(simulationBody(modelId)),
    connections,
  };
}

/** Starts the mock on `file` and waits until it listens; the time includes loading the snapshot and journals. */
async function startOnDb(file) {
  const server = await startMock(["--db", file], { timeoutMs: 120_000, label: `bss-mock --db ${file}` });
  return { server, loadMs: server.listeningAt - server.startedAt };
}

export async function postLatency({
  tmpDir,
  levels = DEFAULT_LEVELS,
  connections = 10,
  seconds = 5,
  warmupSeconds = 1,
  seedConnections = 16,
  seedMaxSeconds = 900,
}) {
  console.log(
    `\n[3/3] POST /v1/simulations latency with --db, ${connections} connections, ${warmupSeconds} s warm-up + ${seconds} s`,
  );
  const seedDir = join(tmpDir, "seed");
  const measureDir = join(tmpDir, "measure");
  mkdirSync(seedDir, { recursive: true });
  const seedFile = join(seedDir, "world.json");
  const measureFile = join(measureDir, "world.json");

  let stored = 0;
  let seedSeconds = 0;
  let failed = 0;
  const results = [];
  let modelId;
  for (const level of levels) {
    // Seed: grow the seed file to `level` simulations.
    const toAdd = level - stored;
    if (toAdd > 0) {
      const { server } = await startOnDb(seedFile);
      try {
        modelId ??= await firstUserModelId(server.url);
        const started = performance.now();
        const result = await cannon(
          { ...postOptions(server.url, modelId, seedConnections), amount: toAdd },
          { maxSeconds: seedMaxSeconds },
        );
        const elapsed = (performance.now() - started) / 1000;
        seedSeconds += elapsed;
        stored += result["2xx"];
        if (failures(result) > 0 || result["2xx"] !== toAdd) {
          throw new Error(
            `seeding: ${result["2xx"]} of ${toAdd} POSTs answered 2xx (non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts})`,
          );
        }
        line(
          `seed +${num(toAdd)} via HTTP`,
          `${elapsed.toFixed(1)} s (${num(toAdd / elapsed)} POST/s), ${num(stored)} stored`,
        );
      } finally {
        await server.stop(120_000); // flushes the journal; waits for a running compaction
      }
    }

    // Measure on a copy, so the measured POSTs stay out of the seed file.
    copyDir(seedDir, measureDir);
    const dbBytes = dirBytes(measureDir);
    const { server, loadMs } = await startOnDb(measureFile);
    try {
      await cannon({ ...postOptions(server.url, modelId, connections), duration: warmupSeconds }, { maxSeconds: 60 });
      const result = await cannon(
        { ...postOptions(server.url, modelId, connections), duration: seconds },
        { maxSeconds: seconds + 60 },
      );
      failed += failures(result);
      const rss = rssOf(server.child.pid);
      const latency = result.latency;
      const entry = { level, p50: latency.p50, p99: latency.p99, max: latency.max, rate: okPerSecond(result), rss };
      results.push(entry);
      line(
        `${num(level)} stored (db ${mib(dbBytes)})`,
        `p99 ${ms(latency.p99).padStart(8)}   p50 ${ms(latency.p50)}, p99.9 ${ms(latency.p99_9)}, max ${ms(latency.max)}, ` +
          `${num(entry.rate)} POST/s; start on db ${ms(loadMs)}` +
          (failures(result) ? `   (${failures(result)} failed requests!)` : ""),
      );
      if (level === levels.at(-1)) {
        line(`RSS of the mock after ${num(level)}`, rss === null ? "n/a (no /proc)" : mib(rss));
      }
    } finally {
      await server.stop(120_000);
      rmSync(measureDir, { recursive: true, force: true });
    }
  }
  line("seeding total", `${num(stored)} POSTs in ${seedSeconds.toFixed(1)} s`);

  const top = results.at(-1);
  const pass = top !== undefined && top.p99 < POST_P99_TARGET_MS;
  line(
    `target: p99 < ${POST_P99_TARGET_MS} ms at ${num(top?.level ?? 0)}`,
    `${verdict(pass)}  (${top ? ms(top.p99) : "n/a"})`,
  );
  return { results, pass, failed, top };
}
