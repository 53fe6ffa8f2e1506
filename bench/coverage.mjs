// Target 5: coverage counting (always on) costs under 2 % of a request's CPU. Counting cannot be turned off, and a
// 2 % difference is far inside the noise of two servers on a shared machine (A/A runs differ by ~8 %), so the two
// sides are measured apart in one run: the server's CPU per request (from /proc) for the operations a polling client
// sends, and the CPU of Coverage.record for the same answers (their real bodies, cached bytes shared as the server
// shares them), in this process. The ratio is the counting's share of a request.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { cannon, cpuTimeOf, failures, httpJson, line, pct, ROOT, startMock, verdict } from "./lib.mjs";
import { AUTH, createSimulation, firstUserModelId } from "./throughput.mjs";

export const COVERAGE_COST_TARGET = 0.02;

/** Coverage's own module, built from src/ for this process (the package bundles it, unexported). */
async function coverageModule() {
  const dir = mkdtempSync(join(tmpdir(), "bss-mock-bench-coverage-"));
  try {
    const outfile = join(dir, "coverage.mjs");
    await build({
      entryPoints: [join(ROOT, "src", "coverage", "coverage.ts")],
      outfile,
      bundle: true,
      platform: "node",
      format: "esm",
      logLevel: "error",
    });
    return await import(pathToFileURL(outfile).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A list as the server answers it: new bytes each time (a pool, made before the measure: the copy is the server's
 * cost, not the counting's), each marked as joined from the same cached parts.
 */
function joinedAnswers(mod, bytes, parts) {
  const pool = Array.from({ length: 64 }, () => {
    const whole = bytes.slice();
    mod.joinedFrom(whole, parts);
    return whole;
  });
  let i = 0;
  return () => pool[i++ % pool.length];
}

/** µs of CPU per Coverage.record of this answer, over `n` records (after a warm-up). */
function recordCost(mod, exchange, n = 200_000) {
  const coverage = new mod.Coverage(() => 0);
  for (let i = 0; i < 50_000; i++) coverage.record(exchange());
  const started = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) coverage.record(exchange());
  const cpu = process.cpuUsage(started);
  const wall = performance.now() - t0;
  return Math.min((cpu.user + cpu.system) / n, (wall * 1000) / n);
}

export async function coverage({ amount = 20_000 } = {}) {
  console.log(`\n[coverage] Coverage counting: its CPU per request beside the server's, per polled operation`);
  const mod = await coverageModule();
  const server = await startMock(["--timing", "instant"], { label: "bss-mock (coverage)" });
  try {
    const userModelId = await firstUserModelId(server.url);
    const ids = [];
    for (let i = 0; i < 10; i++) ids.push(await createSimulation(server.url, userModelId));
    const project = await httpJson(`${server.url}/v1/projects`, { method: "POST", headers: AUTH, body: { name: "P" } });
    const cases = [
      ["GET /v1/simulations/{simulation_id}", `/v1/simulations/${ids[0]}`, "shared"],
      ["GET /v1/simulations", "/v1/simulations", "joined"],
      ["GET /v1/projects/{project_id}", `/v1/projects/${project.json.id}`, "text"],
    ];
    let failed = 0;
    const ratios = [];
    for (const [operation, path, kind] of cases) {
      const body = (await httpJson(`${server.url}${path}`, { headers: AUTH })).text;
      const [method, template] = operation.split(" ");
      const bytes = new TextEncoder().encode(body);
      // As the server answers: a simulation's cached bytes, the same each time; a list joined anew from them; a
      // project written as a new string each time.
      const parts =
        kind === "joined" ? JSON.parse(body).map((item) => new TextEncoder().encode(JSON.stringify(item))) : [];
      const answer =
        kind === "shared" ? () => bytes : kind === "joined" ? joinedAnswers(mod, bytes, parts) : () => body;
      const recordUs = recordCost(mod, () => ({
        method,
        template,
        status: 200,
        org: "bench",
        applied: undefined,
        body: answer,
      }));
      await cannon({ url: `${server.url}${path}`, connections: 10, amount: Math.ceil(amount / 5), headers: AUTH });
      const before = cpuTimeOf(server.child.pid);
      const result = await cannon({ url: `${server.url}${path}`, connections: 10, amount, headers: AUTH });
      const after = cpuTimeOf(server.child.pid);
      failed += failures(result);
      const requestUs = before === null || after === null ? null : (after - before) / amount;
      const ratio = requestUs === null ? null : recordUs / requestUs;
      if (ratio !== null) ratios.push(ratio);
      line(
        operation,
        `counting ${recordUs.toFixed(2)} µs of ${requestUs === null ? "n/a" : `${requestUs.toFixed(1)} µs`} CPU/request${ratio === null ? "" : ` = ${pct(ratio)}`}`,
        44,
      );
    }
    const ratio = ratios.length ? Math.max(...ratios) : null;
    const pass = ratio !== null && ratio <= COVERAGE_COST_TARGET;
    line(
      `target: counting <= ${pct(COVERAGE_COST_TARGET)} of a request`,
      `${verdict(pass)}  (worst ${ratio === null ? "n/a" : pct(ratio)})`,
      44,
    );
    return { ratio, pass, failed };
  } finally {
    await server.stop(5_000).catch(() => server.child.kill("SIGKILL"));
  }
}
