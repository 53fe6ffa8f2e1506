// Target 3: --db at scale. POST /v1/simulations p99 with --db FILE holding 1k and 100k simulations (every POST is
// appended to the journal before it is answered), the start on the 100k file to the first 200 of a stored simulation,
// and the mock's RSS with 100k simulations stored (after the POSTs, and after every stored simulation was read once).
//
// Seeding goes through HTTP (the honest path: the same POSTs, the same journal, the same compactions), in one growing
// seed file: seed up to a level, stop the mock (SIGTERM flushes), copy the files, start a fresh mock on the copy and
// measure there, so the measured POSTs never count towards the next level. Baselines from the same run: POST p99
// without --db, and a bare `node -e` http server's start.
//
// Each level's seed (its db files and the ids of its simulations) is kept in `seedRoot/<level>/`: in the run's temp
// folder by default, or in a folder kept between runs (`BENCH_SEED_DIR`, see run.mjs), where a level seeded before is
// used as it is and a higher one grows from the highest below it. Seeding 100k through HTTP takes minutes.
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { BARE_SOURCE } from "./cold-start.mjs";
import {
  cannon,
  cpuTimeOf,
  failures,
  httpJson,
  line,
  median,
  mib,
  ms,
  num,
  okPerSecond,
  pollUntil200,
  rssOf,
  sleep,
  startMock,
  startServer,
  verdict,
} from "./lib.mjs";
import { AUTH, firstUserModelId, simulationBody } from "./throughput.mjs";

export const POST_P99_TARGET_MS = 20;
export const DB_START_TARGET_MS = 1_000;
export const RSS_TARGET_MIB = 400;
export const DEFAULT_LEVELS = [1_000, 100_000];

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

const mibOf = (bytes) => (bytes === null ? null : bytes / 1024 / 1024);

/** Spawn -> first 200 of GET `path` (a stored simulation): the whole start, loading the file included. */
async function timedStart(args, path, label) {
  const server = await startMock(args, { timeoutMs: 120_000, label });
  const first200 = await pollUntil200(`${server.url}${path}`, {
    since: server.startedAt,
    timeoutMs: 120_000,
    headers: AUTH,
  });
  const cpuUs = cpuTimeOf(server.child.pid); // a busy machine moves it far less than the wall clock
  return {
    server,
    startMs: first200 - server.startedAt,
    listeningMs: server.listeningAt - server.startedAt,
    cpuMs: cpuUs === null ? null : cpuUs / 1000,
  };
}

async function bareStart() {
  const server = await startServer(process.execPath, ["-e", BARE_SOURCE], { label: "bare node -e", timeoutMs: 15_000 });
  try {
    return (await pollUntil200(`${server.url}/healthz`, { since: server.startedAt })) - server.startedAt;
  } finally {
    await server.stop(5_000);
  }
}

/** POST p99 of a mock: 1 s warm-up, then `seconds` measured. */
async function measurePosts(server, modelId, { connections, seconds, warmupSeconds }) {
  await cannon({ ...postOptions(server.url, modelId, connections), duration: warmupSeconds }, { maxSeconds: 60 });
  return cannon({ ...postOptions(server.url, modelId, connections), duration: seconds }, { maxSeconds: seconds + 60 });
}

/**
 * Waits until the last simulation posted has left "planning" (the mock's planning phase is 3 s), so the seed is
 * stopped with no background work pending: otherwise a start on it would also finish the plans of the last seconds
 * of seeding (~100 us of plan writing each, 6k of them at 2k POST/s), as many as happened to fall due while it was
 * copied, and the start figure would measure the copy's speed rather than the file's size.
 */
async function settled(url, id, timeoutMs = 60_000) {
  const started = Date.now();
  for (;;) {
    const response = await httpJson(`${url}/v1/simulations/${id}`, { headers: AUTH });
    if (response.status !== 200) throw new Error(`seeding: GET ${id} answered ${response.status}`);
    if (response.json?.status !== "planning") return;
    if (Date.now() - started > timeoutMs) throw new Error(`seeding: ${id} still planning after ${timeoutMs} ms`);
    await sleep(250);
  }
}

/** GETs every id once (so each stored record is read, parsed and generated for). */
async function readAll(url, ids, connections) {
  let next = 0;
  return cannon(
    {
      url,
      connections,
      amount: ids.length,
      headers: AUTH,
      requests: [
        { method: "GET", setupRequest: (req) => ({ ...req, path: `/v1/simulations/${ids[next++ % ids.length]}` }) },
      ],
    },
    { maxSeconds: 600 },
  );
}

/** The seeded levels kept in `seedRoot` (folders named by level holding `db/` and `ids.json`), lowest first. */
function seededLevels(seedRoot) {
  if (!existsSync(seedRoot)) return [];
  return readdirSync(seedRoot)
    .filter((name) => /^[1-9][0-9]*$/.test(name) && existsSync(join(seedRoot, name, "ids.json")))
    .map(Number)
    .sort((a, b) => a - b);
}

export async function postLatency({
  tmpDir,
  seedRoot = join(tmpDir, "seeds"),
  levels = DEFAULT_LEVELS,
  connections = 10,
  seconds = 5,
  warmupSeconds = 1,
  starts = 3,
  seedConnections = 16,
  seedMaxSeconds = 900,
}) {
  console.log(
    `\n[post] --db at scale: POST /v1/simulations p99 (${connections} connections, ${warmupSeconds} s warm-up + ${seconds} s), start on the file, RSS`,
  );
  const seedDir = join(tmpDir, "seed");
  const measureDir = join(tmpDir, "measure");
  const seedFile = join(seedDir, "world.json");
  const measureFile = join(measureDir, "world.json");

  let stored = 0;
  let seedSeconds = 0;
  let seeded = 0;
  let failed = 0;
  const results = [];
  let ids = [];
  let modelId;
  let memoryP99;

  // Baseline: the same POSTs without --db (nothing stored, nothing appended).
  {
    const server = await startMock([], { label: "bss-mock (memory)" });
    try {
      modelId = await firstUserModelId(server.url);
      const result = await measurePosts(server, modelId, { connections, seconds, warmupSeconds });
      failed += failures(result);
      memoryP99 = result.latency.p99;
      line(
        "no --db (baseline)",
        `p99 ${ms(result.latency.p99).padStart(8)}   p50 ${ms(result.latency.p50)}, ${num(okPerSecond(result))} POST/s`,
      );
    } finally {
      await server.stop(10_000);
    }
  }

  let top;
  for (const level of levels) {
    // Seed: the kept seed of this level, or grow the highest kept one below it (or an empty one) to `level`.
    const kept = join(seedRoot, String(level));
    const below = seededLevels(seedRoot).filter((seeded) => seeded <= level);
    const from = below.at(-1);
    if (from !== undefined) {
      copyDir(join(seedRoot, String(from), "db"), seedDir);
      ids = JSON.parse(readFileSync(join(seedRoot, String(from), "ids.json"), "utf8"));
      stored = ids.length;
      if (from === level) line(`seed ${num(level)}`, `kept in ${kept}`);
    } else {
      rmSync(seedDir, { recursive: true, force: true });
      mkdirSync(seedDir, { recursive: true });
      ids = [];
      stored = 0;
    }
    const toAdd = level - stored;
    if (toAdd > 0) {
      const server = await startMock(["--db", seedFile], { timeoutMs: 120_000, label: `bss-mock --db ${seedFile}` });
      try {
        const started = performance.now();
        const result = await cannon(
          {
            ...postOptions(server.url, modelId, seedConnections),
            amount: toAdd,
            requests: [
              {
                onResponse: (status, body) => {
                  if (status === 201) ids.push(JSON.parse(body).id);
                },
              },
            ],
          },
          { maxSeconds: seedMaxSeconds },
        );
        const elapsed = (performance.now() - started) / 1000;
        seedSeconds += elapsed;
        stored += result["2xx"];
        seeded += result["2xx"];
        if (failures(result) > 0 || result["2xx"] !== toAdd) {
          throw new Error(
            `seeding: ${result["2xx"]} of ${toAdd} POSTs answered 2xx (non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts})`,
          );
        }
        await settled(server.url, ids.at(-1));
        await sleep(1_000); // the few posted after it by other connections
        line(
          `seed +${num(toAdd)} via HTTP`,
          `${elapsed.toFixed(1)} s (${num(toAdd / elapsed)} POST/s), ${num(stored)} stored`,
        );
      } finally {
        await server.stop(120_000); // flushes the journal; waits for a running compaction
      }
      copyDir(seedDir, join(kept, "db"));
      writeFileSync(join(kept, "ids.json"), JSON.stringify(ids));
    }

    // Measure on a copy, so the measured POSTs stay out of the seed file.
    const isTop = level === levels.at(-1);
    const path = `/v1/simulations/${ids[0]}`;
    const entry = { level, starts: [], cpuStarts: [], bareStarts: [] };
    for (let i = 0; i < (isTop ? starts : 1); i++) {
      copyDir(seedDir, measureDir);
      entry.dbBytes = dirBytes(measureDir);
      if (isTop) entry.bareStarts.push(await bareStart());
      const { server, startMs, listeningMs, cpuMs } = await timedStart(
        ["--db", measureFile],
        path,
        `bss-mock --db (${level})`,
      );
      entry.starts.push(startMs);
      if (cpuMs !== null) entry.cpuStarts.push(cpuMs);
      entry.listening = listeningMs;
      const last = i === (isTop ? starts : 1) - 1;
      try {
        if (!last) continue;
        entry.rssStarted = rssOf(server.child.pid);
        const result = await measurePosts(server, modelId, { connections, seconds, warmupSeconds });
        failed += failures(result);
        Object.assign(entry, {
          p50: result.latency.p50,
          p99: result.latency.p99,
          p999: result.latency.p99_9,
          max: result.latency.max,
          rate: okPerSecond(result),
          rssPosted: rssOf(server.child.pid),
        });
        line(
          `${num(level)} stored (db ${mib(entry.dbBytes)})`,
          `p99 ${ms(entry.p99).padStart(8)}   p50 ${ms(entry.p50)}, p99.9 ${ms(entry.p999)}, max ${ms(entry.max)}, ` +
            `${num(entry.rate)} POST/s` +
            (failures(result) ? `   (${failures(result)} failed requests!)` : ""),
        );
        if (isTop) {
          const read = await readAll(server.url, ids.slice(0, level), connections);
          failed += failures(read);
          entry.rssRead = rssOf(server.child.pid);
          entry.readRate = okPerSecond(read);
        }
      } finally {
        await server.stop(120_000);
        rmSync(measureDir, { recursive: true, force: true });
      }
    }
    entry.start = median(entry.starts);
    entry.cpuStart = entry.cpuStarts.length ? median(entry.cpuStarts) : null;
    line(
      `  start on it (first 200)`,
      `${ms(entry.start)}${entry.starts.length > 1 ? ` (median of ${entry.starts.map((s) => ms(s)).join(", ")})` : ""}; ` +
        `"listening" at ${ms(entry.listening)}` +
        (entry.cpuStart === null ? "" : `; CPU ${ms(entry.cpuStart)} (median)`) +
        (entry.bareStarts.length ? `; bare node -e ${ms(median(entry.bareStarts))}` : ""),
    );
    line(
      `  RSS`,
      `${mib(entry.rssStarted ?? 0)} started, ${mib(entry.rssPosted ?? 0)} after the POSTs` +
        (entry.rssRead ? `, ${mib(entry.rssRead)} after reading all ${num(level)} (${num(entry.readRate)} GET/s)` : ""),
    );
    results.push(entry);
    top = entry;
  }
  line(
    "seeding total",
    `${num(seeded)} POSTs in ${seedSeconds.toFixed(1)} s${seeded < stored ? ` (${num(stored - seeded)} kept from an earlier run)` : ""}`,
  );

  const rssWorst = Math.max(mibOf(top?.rssPosted) ?? 0, mibOf(top?.rssRead) ?? 0);
  const pass = {
    post: top !== undefined && top.p99 < POST_P99_TARGET_MS,
    start: top !== undefined && top.start < DB_START_TARGET_MS,
    rss: top !== undefined && top.rssPosted !== null && rssWorst < RSS_TARGET_MIB,
  };
  line(
    `target: POST p99 < ${POST_P99_TARGET_MS} ms at ${num(top?.level ?? 0)}`,
    `${verdict(pass.post)}  (${top ? ms(top.p99) : "n/a"})`,
  );
  line(
    `target: start < ${num(DB_START_TARGET_MS)} ms on ${num(top?.level ?? 0)}`,
    `${verdict(pass.start)}  (${top ? ms(top.start) : "n/a"})`,
  );
  line(
    `target: RSS < ${RSS_TARGET_MIB} MiB at ${num(top?.level ?? 0)}`,
    `${verdict(pass.rss)}  (${rssWorst.toFixed(0)} MiB, worst)`,
  );
  return { results, memoryP99, pass, failed, top, rssWorst };
}
