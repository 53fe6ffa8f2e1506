// Measures the compaction worker: builds a db (snapshot + journals of ~3.5 KB records, written in the on-disk format
// directly), runs compactFiles() from journal-format.ts in a Worker, and reports its duration and peak memory.
// Not a test. Usage (from the repository root):
//   node bench/compaction-memory.mjs [snapshotRecords=30000] [journalPuts=20000]
// Peak heap/external are sampled inside the worker at every fs call the compaction makes (wrapped deps.fs); peak RSS
// (whole process, so the worker's buffers too) is sampled every 5 ms by the main thread, which is idle meanwhile.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";

const here = path.dirname(fileURLToPath(import.meta.url));
const MiB = 1024 * 1024;

if (isMainThread) {
  const snapshotRecords = Number(process.argv[2] ?? 30_000);
  const journalPuts = Number(process.argv[3] ?? 20_000);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "bss-mock-compaction-memory-"));
  try {
    const { build } = await import("esbuild");
    const module = path.join(work, "journal-format.mjs");
    await build({
      entryPoints: [path.join(here, "..", "src", "world", "persistence", "journal-format.ts")],
      outfile: module,
      format: "esm",
      platform: "node",
      bundle: true,
      logLevel: "warning",
    });
    const file = path.join(work, "world.json");
    const upTo = writeDb(file, snapshotRecords, journalPuts);
    const sizes = fs
      .readdirSync(work)
      .filter((name) => name.startsWith("world.json"))
      .map((name) => fs.statSync(path.join(work, name)).size);
    const dbBytes = sizes.reduce((a, b) => a + b, 0);

    const baseRss = process.memoryUsage().rss;
    let peakRss = baseRss;
    const timer = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 5);
    const started = performance.now();
    const message = await new Promise((resolve, reject) => {
      const worker = new Worker(fileURLToPath(import.meta.url), { workerData: { module, file, upTo } });
      worker.once("message", resolve);
      worker.once("error", reject);
    });
    const wall = performance.now() - started;
    clearInterval(timer);
    if (!message.ok) throw new Error(message.error);
    const out = message.result;
    const m = (n) => `${(n / MiB).toFixed(0)} MiB`;
    console.log(
      JSON.stringify({
        db: m(dbBytes),
        snapshotOut: m(out.bytes),
        records: out.records,
        mergedJournals: out.mergedJournals,
        durationMs: out.durationMs,
        wallMs: Math.round(wall),
        workerPeakHeapUsed: m(message.peak.heapUsed),
        workerPeakExternal: m(message.peak.external),
        workerPeakHeapPlusExternal: m(message.peak.sum),
        processPeakRssAboveBaseline: m(peakRss - baseRss),
      }),
    );
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
} else {
  const { module, file, upTo } = workerData;
  const { compactFiles } = await import(pathToFileURL(module).href);
  const peak = { heapUsed: 0, external: 0, sum: 0 };
  const sample = () => {
    const u = process.memoryUsage();
    peak.heapUsed = Math.max(peak.heapUsed, u.heapUsed);
    peak.external = Math.max(peak.external, u.external);
    peak.sum = Math.max(peak.sum, u.heapUsed + u.external);
  };
  const real = { ...fs };
  const wrapped = { ...fs };
  for (const name of ["readFileSync", "readSync", "writeSync", "openSync", "closeSync", "fsyncSync", "renameSync"]) {
    wrapped[name] = (...args) => {
      sample();
      const result = real[name](...args);
      sample();
      return result;
    };
  }
  try {
    const result = compactFiles({ fs: wrapped, path }, file, upTo);
    sample();
    parentPort.postMessage({ ok: true, result, peak });
  } catch (error) {
    parentPort.postMessage({ ok: false, error: String(error?.stack ?? error) });
  }
}

/** Deterministic pseudo-random record of about 3.5 KB of JSON, shaped like a simulation. */
function record(id, version) {
  let seed = (id * 2654435761 + version * 97) >>> 0;
  const rnd = () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
  const word = () => "lorem ipsum dolor sit amet consectetur adipiscing elit sed do".split(" ")[Math.floor(rnd() * 10)];
  const sentence = (n) => Array.from({ length: n }, word).join(" ");
  return {
    id: `sim-${id.toString(16).padStart(8, "0")}`,
    projectId: `proj-${id % 97}`,
    name: `Simulation ${id} – «${sentence(3)}»`,
    status: ["draft", "running", "completed", "failed"][version % 4],
    version,
    createdAt: new Date(1_700_000_000_000 + id * 1000).toISOString(),
    plan: {
      audience: {
        size: 200 + (id % 800),
        segments: Array.from({ length: 4 }, (_, i) => ({ name: `seg-${i}`, share: rnd() })),
      },
      steps: Array.from({ length: 9 }, (_, i) => ({ id: `step-${i}`, prompt: sentence(12), weight: rnd() })),
    },
    results: {
      scores: Array.from({ length: 40 }, () => Math.round(rnd() * 1000) / 10),
      quotes: Array.from({ length: 12 }, (_, i) => ({ by: `Zoë ${i}`, text: `"${sentence(14)}" ✓ \\ ],["put"` })),
    },
  };
}

function writeDb(file, snapshotRecords, journalPuts) {
  const fd = fs.openSync(file, "w");
  const put = (text) => fs.writeSync(fd, text);
  put('{"format":"bss-mock-world","version":1,"generation":3,"collections":{\n"simulations":{');
  for (let i = 0; i < snapshotRecords; i++) {
    put(`${i === 0 ? "" : ","}\n${JSON.stringify(`sim-${i}`)}:${JSON.stringify(record(i, 0))}`);
  }
  put('\n},\n"projects":{\n"p1":{"id":"p1","name":"Project"}\n}\n}}\n');
  fs.closeSync(fd);
  // Two journals: the first updates half the snapshot's records and deletes some, the second adds new ones.
  const journals = [
    { generation: 4, puts: Math.floor(journalPuts / 2), from: 0 },
    { generation: 5, puts: journalPuts - Math.floor(journalPuts / 2), from: snapshotRecords },
  ];
  for (const { generation, puts, from } of journals) {
    const jfd = fs.openSync(`${file}.journal-${generation}.jsonl`, "w");
    let lines = [];
    const flush = () => {
      lines.push(`["commit",${lines.length}]`);
      fs.writeSync(jfd, `${lines.join("\n")}\n`);
      lines = [];
    };
    for (let i = 0; i < puts; i++) {
      const id = from + i;
      lines.push(`["put","simulations",${JSON.stringify(`sim-${id}`)},${JSON.stringify(record(id, generation))}]`);
      if (i % 10 === 0) lines.push(`["del","simulations",${JSON.stringify(`sim-${id + 1}`)}]`);
      if (lines.length >= 100) flush();
    }
    if (lines.length > 0) flush();
    fs.closeSync(jfd);
  }
  return 5;
}
