// Target 2: throughput of GET /v1/simulations/{id} on the mock versus a bare node:http server answering the same path
// with the same JSON body. Both are child processes and autocannon runs in this process, so the load generator costs
// both the same CPU. Rounds alternate mock/bare; each is a warm-up then a measured run. Each server's CPU time per
// request over the measured runs is printed too: on a busy machine it moves far less than requests per second, so its
// ratio is the steadier estimate of what the throughput ratio is on a quiet one.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  cannon,
  failures,
  httpJson,
  line,
  median,
  num,
  okPerSecond,
  pct,
  sleep,
  startMock,
  startServer,
  us,
  verdict,
  withCpuPerRequest,
} from "./lib.mjs";

export const AUTH = { authorization: "Bearer bench@bench" };
export const THROUGHPUT_TARGET = 0.7;

/** The first user model the caller can see (the fixtures' public ones). */
export async function firstUserModelId(baseUrl) {
  const response = await httpJson(`${baseUrl}/v1/user-models`, { headers: AUTH });
  const list = Array.isArray(response.json) ? response.json : response.json?.items;
  const id = list?.[0]?.id;
  if (response.status !== 200 || typeof id !== "string") {
    throw new Error(`GET /v1/user-models: expected 200 with a list of models, got ${response.status} ${response.text}`);
  }
  return id;
}

export function simulationBody(userModelId) {
  return {
    mode: "research",
    goal: "concept_test",
    inputs: { concept: "A smart cup" },
    user_model_ids: [userModelId],
  };
}

export async function createSimulation(baseUrl, userModelId) {
  const response = await httpJson(`${baseUrl}/v1/simulations`, {
    method: "POST",
    headers: AUTH,
    body: simulationBody(userModelId),
  });
  if (response.status !== 201 || typeof response.json?.id !== "string") {
    throw new Error(`POST /v1/simulations: expected 201 with an id, got ${response.status} ${response.text}`);
  }
  return response.json.id;
}

/**
 * GET the simulation until its body stops changing by itself (it leaves "planning" on the mock's clock), so both
 * servers are measured on the same, settled representation.
 */
async function settledBody(url, timeoutMs = 6_000) {
  const started = Date.now();
  for (;;) {
    const response = await httpJson(url, { headers: AUTH });
    if (response.status !== 200) throw new Error(`GET ${url}: expected 200, got ${response.status} ${response.text}`);
    const status = response.json?.status;
    if ((status !== "planning" && status !== "running") || Date.now() - started > timeoutMs) return response;
    await sleep(250);
  }
}

export async function throughput({ tmpDir, connections = 10, seconds = 5, warmupSeconds = 1, rounds = 3 }) {
  console.log(
    `\n[throughput] Throughput: GET /v1/simulations/{id}, ${connections} connections, ${rounds} x (${warmupSeconds} s warm-up + ${seconds} s), alternating`,
  );
  const servers = [];
  try {
    const mock = await startMock();
    servers.push(mock);
    const modelId = await firstUserModelId(mock.url);
    const simulationId = await createSimulation(mock.url, modelId);
    const path = `/v1/simulations/${simulationId}`;
    const body = await settledBody(`${mock.url}${path}`);
    const bodyFile = join(tmpDir, "simulation.json");
    writeFileSync(bodyFile, body.text);

    const bare = await startServer(process.execPath, ["bench/bare-server.mjs", bodyFile], { label: "bare node:http" });
    servers.push(bare);
    const check = await httpJson(`${bare.url}${path}`);
    if (check.status !== 200) throw new Error(`bare server: GET ${path} answered ${check.status}`);
    line(
      "response body",
      `mock ${num(Buffer.byteLength(body.text))} B (status "${body.json?.status}"), bare ${num(Buffer.byteLength(check.text))} B`,
    );

    const run = async (server, duration) =>
      cannon({ url: `${server.url}${path}`, connections, duration, headers: AUTH }, { maxSeconds: duration + 30 });
    const rates = { mock: [], bare: [] };
    const cpu = { mock: [], bare: [] };
    let failed = 0;
    for (let round = 1; round <= rounds; round++) {
      for (const [name, server] of [
        ["mock", mock],
        ["bare", bare],
      ]) {
        await run(server, warmupSeconds);
        const { result, cpuUs } = await withCpuPerRequest(server.child.pid, () => run(server, seconds));
        failed += failures(result);
        const rate = okPerSecond(result);
        rates[name].push(rate);
        if (cpuUs !== null) cpu[name].push(cpuUs);
        line(
          `round ${round} ${name}`,
          `${num(rate).padStart(7)} req/s   p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, CPU ${us(cpuUs)}/req` +
            (failures(result) ? `   (${failures(result)} failed requests!)` : ""),
        );
      }
    }
    // Each round's ratio compares two runs close together in time; the median of those is the least noisy figure.
    const mockRate = median(rates.mock);
    const bareRate = median(rates.bare);
    const ratios = rates.mock.map((rate, i) => rate / rates.bare[i]);
    const ratio = median(ratios);
    line("bare node:http (median)", `${num(bareRate)} req/s`);
    line("bss-mock (median)", `${num(mockRate)} req/s`);
    line("ratio mock / bare", `${pct(ratio)}  (median of rounds: ${ratios.map(pct).join(", ")})`);
    // The same ratio from CPU time: bare's CPU per request over the mock's (what throughput would be, CPU-bound).
    const cpuRatio = cpu.mock.length && cpu.bare.length ? median(cpu.bare) / median(cpu.mock) : null;
    if (cpuRatio !== null) {
      line(
        "CPU per request (medians)",
        `mock ${us(median(cpu.mock))}, bare ${us(median(cpu.bare))}: bare / mock ${pct(cpuRatio)}`,
      );
    }
    const pass = ratio >= THROUGHPUT_TARGET;
    line(`target: >= ${pct(THROUGHPUT_TARGET)} of bare`, `${verdict(pass)}  (${pct(ratio)})`);
    return { mockRate, bareRate, ratio, cpuRatio, pass, failed };
  } finally {
    for (const server of servers) await server.stop(5_000).catch(() => server.child.kill("SIGKILL"));
  }
}
