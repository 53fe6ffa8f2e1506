// Target 4: the request journal (on by default, a bounded ring) costs next to nothing on the GET path and keeps memory
// flat. GET /v1/simulations/{id} on a mock with the journal (default) and one with --journal-size 0, rounds
// alternating: requests per second, and the server's CPU time per request (read from /proc; far steadier than req/s
// on a shared machine). Then the journaled mock's resident memory after 10k and after 100k requests.
import {
  cannon,
  cpuTimeOf,
  failures,
  line,
  median,
  mib,
  num,
  okPerSecond,
  pct,
  rssOf,
  startMock,
  verdict,
} from "./lib.mjs";
import { AUTH, createSimulation, firstUserModelId } from "./throughput.mjs";

/** CPU per request with the journal as a share of without: "unchanged within noise" (A/A runs here differ by ~8%). */
export const JOURNAL_COST_TARGET = 1.1;
/** Growth from 10k to 100k journaled requests that still counts as flat. */
export const JOURNAL_GROWTH_TARGET = 16 * 1024 * 1024;

async function hit(server, path, amount) {
  const result = await cannon(
    { url: `${server.url}${path}`, connections: 10, amount, headers: AUTH },
    { maxSeconds: 300 },
  );
  return failures(result);
}

export async function journal({
  seconds = 5,
  rounds = Number(process.env.BENCH_JOURNAL_ROUNDS ?? 6),
  amount = 20_000,
}) {
  console.log(
    `\n[journal] Request journal: GET with the journal on vs off (${rounds} x ${num(amount)} requests, alternating), memory after 10k and 100k requests`,
  );
  const servers = [];
  try {
    const on = await startMock(["--timing", "instant"], { label: "bss-mock (journal on)" });
    servers.push(on);
    const off = await startMock(["--timing", "instant", "--journal-size", "0"], { label: "bss-mock (journal off)" });
    servers.push(off);
    const paths = new Map();
    for (const server of [on, off]) {
      const id = await createSimulation(server.url, await firstUserModelId(server.url));
      paths.set(server, `/v1/simulations/${id}`);
    }

    const cpu = { on: [], off: [] };
    const rates = { on: [], off: [] };
    let failed = 0;
    for (let round = 1; round <= rounds; round++) {
      // Which goes first changes every round, so neither always runs on a warmer (or busier) machine.
      const order = [
        ["on", on],
        ["off", off],
      ];
      if (round % 2 === 0) order.reverse();
      for (const [name, server] of order) {
        failed += await hit(server, paths.get(server), Math.ceil(amount / 5));
        const before = cpuTimeOf(server.child.pid);
        const result = await cannon(
          { url: `${server.url}${paths.get(server)}`, connections: 10, amount, headers: AUTH },
          { maxSeconds: seconds * 60 },
        );
        const after = cpuTimeOf(server.child.pid);
        failed += failures(result);
        rates[name].push(okPerSecond(result));
        const perRequest = before === null || after === null ? null : (after - before) / amount;
        if (perRequest !== null) cpu[name].push(perRequest);
        line(
          `round ${round} journal ${name}`,
          `${num(okPerSecond(result)).padStart(7)} req/s${perRequest === null ? "" : `, ${perRequest.toFixed(1)} µs CPU/request`}`,
        );
      }
    }
    const rateRatio = median(rates.on.map((rate, i) => rate / rates.off[i]));
    line("req/s on / off (median)", pct(rateRatio));
    const cpuRatio = cpu.on.length > 0 ? median(cpu.on) / median(cpu.off) : null;
    if (cpuRatio !== null) {
      line(
        "CPU/request on / off (medians)",
        `${pct(cpuRatio)} (${median(cpu.on).toFixed(1)} vs ${median(cpu.off).toFixed(1)} µs)`,
      );
    }

    // Memory: the journaled mock after 10k requests, then after 90k more. Each figure is the lowest of the resident
    // sizes sampled after the last batches of requests: a single sample lands anywhere in V8's garbage-collection
    // cycle (single samples moved -37 to +22 MiB between runs here), the lowest is the closest to what is kept.
    const path = paths.get(on);
    const lowestRss = async (batches, size) => {
      let lowest = null;
      for (let batch = 0; batch < batches; batch++) {
        failed += await hit(on, path, size);
        const rss = rssOf(on.child.pid);
        if (batch >= batches - 3 && rss !== null && (lowest === null || rss < lowest)) lowest = rss;
      }
      return lowest;
    };
    const at10k = await lowestRss(5, 2_000);
    const at100k = await lowestRss(9, 10_000);
    const growth = at10k === null || at100k === null ? null : at100k - at10k;
    if (growth === null) line("resident memory", "n/a (no /proc on this system)");
    else
      line("resident memory 10k -> 100k", `${mib(at10k)} -> ${mib(at100k)} (${growth >= 0 ? "+" : ""}${mib(growth)})`);

    const ratio = cpuRatio ?? 1 / rateRatio;
    const pass = ratio <= JOURNAL_COST_TARGET && (growth === null || growth <= JOURNAL_GROWTH_TARGET);
    line(
      `target: cost <= ${pct(JOURNAL_COST_TARGET)}, memory <= +${mib(JOURNAL_GROWTH_TARGET)}`,
      `${verdict(pass)}  (${pct(ratio)}${growth === null ? "" : `, ${growth >= 0 ? "+" : ""}${mib(growth)}`})`,
    );
    return { ratio, rateRatio, at10k, at100k, growth, pass, failed };
  } finally {
    for (const server of servers) await server.stop(5_000).catch(() => server.child.kill("SIGKILL"));
  }
}
