// Target: the cost of GET /v1/simulations/{id} and of a page of GET /v1/simulations does not grow with what is stored:
// within 10% between 1k and 100k simulations (all the bench caller's own, the worst case for its list). One mock
// (memory, --timing instant so every simulation settles as "planned" at once) is seeded through HTTP to 1k, measured,
// seeded on to 100k and measured again. The figure compared is the server's CPU time per request over a fixed number
// of requests, which a busy machine moves far less than requests per second (both are printed).
import {
  cannon,
  failures,
  httpJson,
  line,
  num,
  okPerSecond,
  pct,
  startMock,
  us,
  verdict,
  withCpuPerRequest,
} from "./lib.mjs";
import { AUTH, createSimulation, firstUserModelId, simulationBody } from "./throughput.mjs";

export const SCALE_LEVELS = [1_000, 100_000];
/** Largest growth of a request's cost from the first level to the last that still counts as flat. */
export const FLAT_TOLERANCE = 0.1;
export const LIST_PATH = "/v1/simulations?limit=20";

async function seedTo(server, modelId, from, to) {
  if (to <= from) return 0;
  const result = await cannon(
    {
      url: `${server.url}/v1/simulations`,
      method: "POST",
      headers: { ...AUTH, "content-type": "application/json" },
      body: JSON.stringify(simulationBody(modelId)),
      connections: 16,
      amount: to - from,
    },
    { maxSeconds: 1_200 },
  );
  return failures(result);
}

/** CPU µs per request (best of `rounds`, after a warm-up) and requests per second of GET `path`. */
async function measure(server, path, { amount, rounds }) {
  const options = { url: `${server.url}${path}`, connections: 10, headers: AUTH };
  await cannon({ ...options, amount: Math.ceil(amount / 4) });
  let best;
  let failed = 0;
  for (let round = 0; round < rounds; round++) {
    const { result, cpuUs } = await withCpuPerRequest(server.child.pid, () => cannon({ ...options, amount }));
    failed += failures(result);
    const sample = { cpuUs, rate: okPerSecond(result) };
    // The least disturbed round: the lowest CPU per request (or the highest rate without /proc).
    if (!best || (cpuUs !== null ? cpuUs < (best.cpuUs ?? Number.POSITIVE_INFINITY) : sample.rate > best.rate)) {
      best = sample;
    }
  }
  return { ...best, failed };
}

export async function scale({ levels = SCALE_LEVELS, amount = 20_000, rounds = 3 } = {}) {
  console.log(
    `\n[scale] GET /v1/simulations/{id} and GET ${LIST_PATH} at ${levels.map(num).join(" and ")} stored simulations (one caller)`,
  );
  const server = await startMock(["--timing", "instant"], { label: "bss-mock (scale)" });
  let failed = 0;
  const rows = [];
  try {
    const modelId = await firstUserModelId(server.url);
    // The simulation read at every level: the oldest, so a newest-first structure cannot flatter the single GET.
    const oldest = await createSimulation(server.url, modelId);
    const getPath = `/v1/simulations/${oldest}`;
    const check = await httpJson(`${server.url}${getPath}`, { headers: AUTH });
    if (check.status !== 200) throw new Error(`GET ${getPath}: ${check.status} ${check.text}`);
    let stored = 1;
    for (const level of levels) {
      failed += await seedTo(server, modelId, stored, level);
      stored = Math.max(stored, level);
      const get = await measure(server, getPath, { amount, rounds });
      const list = await measure(server, LIST_PATH, { amount, rounds });
      failed += get.failed + list.failed;
      rows.push({ level, get, list });
      line(
        `${num(level)} stored`,
        `GET ${us(get.cpuUs)}/req (${num(get.rate)} req/s), list ${us(list.cpuUs)}/req (${num(list.rate)} req/s)`,
      );
    }
  } finally {
    await server.stop(10_000);
  }
  const first = rows[0];
  const last = rows[rows.length - 1];
  // Growth from the first level to the last; CPU time where /proc gives it, else the inverse of the rates.
  const growth = (kind) =>
    first[kind].cpuUs !== null && last[kind].cpuUs !== null
      ? last[kind].cpuUs / first[kind].cpuUs - 1
      : first[kind].rate / last[kind].rate - 1;
  const getGrowth = growth("get");
  const listGrowth = growth("list");
  const pass = getGrowth <= FLAT_TOLERANCE && listGrowth <= FLAT_TOLERANCE;
  line(
    `target: within ${pct(FLAT_TOLERANCE)} of ${num(first.level)}`,
    `${verdict(pass)}  (GET ${signed(getGrowth)}, list ${signed(listGrowth)} at ${num(last.level)})`,
  );
  return { rows, getGrowth, listGrowth, pass, failed };
}

export const signed = (ratio) => `${ratio >= 0 ? "+" : ""}${pct(ratio)}`;
