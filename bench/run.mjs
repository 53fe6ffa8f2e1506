// `npm run bench`: builds, then measures the mock against the targets below and prints the numbers. Loopback only,
// bounded in time. Timings are printed, never asserted: the exit code is 0 unless something is broken (a server does
// not start, a request fails). Results are ratios within one run where a baseline makes sense, as machines are
// shared and noisy.
//
// Environment knobs (for quick local runs; defaults are the reported configuration):
//   BENCH_ONLY=cold,throughput,scale,polling,post,journal,proxy,coverage   sections to run
//   BENCH_SECONDS=5                   measured seconds per autocannon run
//   BENCH_STARTS=7                    cold starts per server
//   BENCH_LEVELS=1000,100000          stored simulations for the --db section (the last: start-up and RSS too)
//   BENCH_SCALE=1000,100000           stored simulations for the GET and list cost section
//   BENCH_SEED_DIR=/tmp/bench-seeds   keep the --db section's seeded files there between runs (one folder per level:
//                                     db files + ids.json) and reuse them; seeding 100k through HTTP takes minutes.
//                                     Delete the folder after changing what a POST stores. Default: seed afresh.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { COLD_START_TARGET_MS, coldStart } from "./cold-start.mjs";
import { COVERAGE_COST_TARGET, coverage } from "./coverage.mjs";
import { JOURNAL_COST_TARGET, journal } from "./journal.mjs";
import { CLI, installCleanup, killAllChildren, median, mib, ms, num, pct, us, verdict } from "./lib.mjs";
import { POLL_P99_TARGET_MS, POLLERS, polling } from "./polling.mjs";
import {
  DB_START_TARGET_MS,
  DEFAULT_LEVELS,
  POST_P99_TARGET_MS,
  postLatency,
  RSS_TARGET_MIB,
} from "./post-latency.mjs";
import { ms2, PROXY_P50_TARGET_MS, proxyOverhead } from "./proxy.mjs";
import { FLAT_TOLERANCE, LIST_PATH, SCALE_LEVELS, scale, signed } from "./scale.mjs";
import { THROUGHPUT_TARGET, throughput } from "./throughput.mjs";

function levelsOf(name, fallback) {
  if (!process.env[name]) return fallback;
  return process.env[name].split(",").map((s) => {
    const value = Number(s);
    if (!Number.isInteger(value) || value <= 0) throw new Error(`${name}: bad level '${s}'`);
    return value;
  });
}

/** One line of the summary: what is measured, PASS/MISS (INFO: no target), then the figures beside the target. */
function row(measure, pass, text) {
  return `${measure.padEnd(34)}${pass === undefined ? "INFO" : verdict(pass)}  ${text}`;
}

function positiveInt(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got '${raw}'`);
  return value;
}

async function main() {
  if (!existsSync(CLI)) throw new Error(`${CLI} not found; run 'npm run build' first`);
  const only = new Set(
    (process.env.BENCH_ONLY ?? "cold,throughput,scale,polling,post,journal,proxy,coverage")
      .split(",")
      .map((s) => s.trim()),
  );
  const seconds = positiveInt("BENCH_SECONDS", 5);
  const starts = positiveInt("BENCH_STARTS", 7);
  const levels = levelsOf("BENCH_LEVELS", DEFAULT_LEVELS);
  const scaleLevels = levelsOf("BENCH_SCALE", SCALE_LEVELS);

  const tmpDir = mkdtempSync(join(tmpdir(), "bss-mock-bench-"));
  installCleanup(() => rmSync(tmpDir, { recursive: true, force: true }));

  const cpu = cpus();
  console.log(
    `bss-mock bench: node ${process.version}, ${process.platform}/${process.arch}, ${cpu.length} CPU (${cpu[0]?.model.trim() ?? "?"}), ` +
      `load avg ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
  );
  console.log("Timings are informational (PASS/MISS is printed, never asserted); compare ratios within this run.");

  const started = performance.now();
  const summary = [];
  let failed = 0;

  if (only.has("cold")) {
    const r = await coldStart({ starts });
    summary.push(
      row(
        "cold start to first 200",
        r.pass,
        `mock ${ms(r.mock.median)} (target < ${COLD_START_TARGET_MS} ms), bare ${ms(r.bare.median)}, ratio ${(r.mock.median / r.bare.median).toFixed(2)}x` +
          ` (stack hello world ${(r.stack.median / r.bare.median).toFixed(2)}x)` +
          (r.mock.cpuMs === null || r.bare.cpuMs === null
            ? ""
            : `; CPU mock ${ms(r.mock.cpuMs)}, bare ${ms(r.bare.cpuMs)} (${(r.mock.cpuMs / r.bare.cpuMs).toFixed(2)}x)`),
      ),
    );
  }
  if (only.has("throughput")) {
    const r = await throughput({ tmpDir, seconds });
    failed += r.failed;
    summary.push(
      row(
        "GET simulation vs bare node:http",
        r.pass,
        `ratio ${pct(r.ratio)} (target >= ${pct(THROUGHPUT_TARGET)}); mock ${num(r.mockRate)} req/s, bare ${num(r.bareRate)} req/s (medians); by CPU per request ${r.cpuRatio === null ? "n/a" : pct(r.cpuRatio)}`,
      ),
    );
  }
  if (only.has("scale")) {
    const r = await scale({ levels: scaleLevels });
    failed += r.failed;
    const [first, last] = [r.rows[0], r.rows[r.rows.length - 1]];
    const at = (m) => `${us(first[m].cpuUs)} -> ${us(last[m].cpuUs)}`;
    summary.push(
      row(
        `GET and list, ${num(first.level)} vs ${num(last.level)}`,
        r.pass,
        `GET ${signed(r.getGrowth)} (${at("get")}), ${LIST_PATH} ${signed(r.listGrowth)} (${at("list")}) CPU/req (target within ${pct(FLAT_TOLERANCE)})`,
      ),
    );
  }
  if (only.has("polling")) {
    const r = await polling({ tmpDir, seconds: seconds * 4 });
    failed += r.failed;
    summary.push(
      row(
        `${POLLERS} pollers + 5 creators`,
        r.pass,
        `poll p99 ${ms(r.polls.p99)} (target <= ${POLL_P99_TARGET_MS} ms; p50 ${ms(r.polls.p50)}), create/run p99 ${ms(r.creates.p99)}; bare node:http poll p99 ${ms(r.bare.p99)}`,
      ),
    );
  }
  if (only.has("post")) {
    const seedRoot = process.env.BENCH_SEED_DIR || undefined;
    const r = await postLatency({ tmpDir, seedRoot, levels, seconds, starts: Math.min(starts, 3) });
    failed += r.failed;
    const top = r.top;
    const perLevel = r.results.map((e) => `${num(e.level)}: ${ms(e.p99)}`).join(", ");
    summary.push(
      row(
        "POST simulation p99 (--db)",
        r.pass.post,
        `${perLevel} (target < ${POST_P99_TARGET_MS} ms at ${num(top?.level ?? 0)}); without --db ${ms(r.memoryP99)}`,
      ),
      row(
        `start on the ${num(top?.level ?? 0)} --db file`,
        r.pass.start,
        `${ms(top?.start ?? 0)} to the first 200 (target < ${num(DB_START_TARGET_MS)} ms), CPU ${top?.cpuStart == null ? "n/a" : ms(top.cpuStart)}; bare node -e ${ms(median(top?.bareStarts ?? [0]))}, ratio ${((top?.start ?? 0) / median(top?.bareStarts ?? [1])).toFixed(1)}x; db ${mib(top?.dbBytes ?? 0)}`,
      ),
      row(
        `RSS at ${num(top?.level ?? 0)} simulations`,
        r.pass.rss,
        `${mib(top?.rssPosted ?? 0)} after the POSTs, ${mib(top?.rssRead ?? 0)} after reading all (target < ${RSS_TARGET_MIB} MiB)`,
      ),
    );
  }

  if (only.has("journal")) {
    const r = await journal({ seconds });
    failed += r.failed;
    const memory =
      r.growth === null ? "memory n/a" : `memory ${mib(r.at10k)} -> ${mib(r.at100k)} from 10k to 100k requests`;
    summary.push(
      row(
        "request journal cost",
        r.pass,
        `CPU per GET with the journal ${pct(r.ratio)} of without (target <= ${pct(JOURNAL_COST_TARGET)}), req/s ${pct(r.rateRatio)}; ${memory}`,
      ),
    );
  }

  if (only.has("proxy")) {
    const r = await proxyOverhead();
    const memory =
      r.rss10k === null || r.rss40k === null
        ? ""
        : `; proxy RSS ${mib(r.rss10k)} -> ${mib(r.rss40k)} from 10k to 40k exchanges`;
    summary.push(
      row(
        "GET through bss-mock proxy",
        r.pass,
        `p50 added ${ms2(r.added)} (target < ${PROXY_P50_TARGET_MS} ms): ${ms2(r.p50Proxied)} vs ${ms2(r.p50Direct)} straight, ${(r.p50Proxied / r.p50Direct).toFixed(2)}x${memory}`,
      ),
    );
  }

  if (only.has("coverage")) {
    const r = await coverage();
    failed += r.failed;
    summary.push(
      row(
        "coverage counting cost",
        r.ratio === null ? undefined : r.pass,
        `counting's CPU ${r.ratio === null ? "n/a" : pct(r.ratio)} of a request's at worst (target <= ${pct(COVERAGE_COST_TARGET)})`,
      ),
    );
  }

  console.log(
    `\nSummary (load avg ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")} at the end; wall-clock figures need a quiet machine, CPU per request much less so)`,
  );
  for (const entry of summary) console.log(`  ${entry}`);
  console.log(`  (bench took ${((performance.now() - started) / 1000).toFixed(0)} s)`);
  if (failed > 0) {
    console.error(`bench: ${failed} measured requests failed (non-2xx, errors or timeouts); see above`);
    return 1;
  }
  return 0;
}

installCleanup();
let code;
try {
  code = await main();
} catch (error) {
  console.error(`\nbench: ${error?.stack ?? error}`);
  code = 1;
}
killAllChildren();
process.exit(code);
