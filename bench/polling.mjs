// A frontend's load: 50 clients each polling its own running simulation every 250 ms (creating it, running it once
// planned, starting another when it completes) while 5 clients create simulations back to back, on the realistic
// timing and the system clock. Reported: p50/p99 of the polls and of the creates. Baseline from the same run: the same
// 50 pollers against a bare node:http server answering a simulation's bytes (it has nothing to create).
import { writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { line, ms, num, sleep, startMock, startServer } from "./lib.mjs";
import { firstUserModelId, simulationBody } from "./throughput.mjs";

export const POLLERS = 50;
export const CREATORS = 5;
export const POLL_INTERVAL_MS = 250;
/** Issue 24: no stall over 10 ms from creates or background work, so a poll's p99 stays within it. */
export const POLL_P99_TARGET_MS = 10;

/** One keep-alive connection per client, as a browser tab polling an API keeps one. */
function client(baseUrl, token) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  return {
    async call(method, path, body) {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const started = performance.now();
      const { status, text } = await new Promise((resolve, reject) => {
        const req = request(
          `${baseUrl}${path}`,
          {
            method,
            agent,
            timeout: 10_000,
            headers: {
              authorization: `Bearer ${token}`,
              ...(payload === undefined ? {} : { "content-type": "application/json" }),
            },
          },
          (res) => {
            const chunks = [];
            res.on("data", (chunk) => chunks.push(chunk));
            res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
            res.on("error", reject);
          },
        );
        req.on("timeout", () => req.destroy(new Error(`${method} ${path} timed out`)));
        req.on("error", reject);
        req.end(payload);
      });
      return { status, text, ms: performance.now() - started };
    },
    close: () => agent.destroy(),
  };
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function summary(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

/** Runs the pattern for `seconds` after `warmupSeconds`; latencies are kept only after the warm-up. */
async function runPattern(baseUrl, { modelId, fixedPath, seconds, warmupSeconds }) {
  const polls = [];
  const creates = [];
  let failed = 0;
  const start = performance.now();
  const measureFrom = start + warmupSeconds * 1000;
  const end = measureFrom + seconds * 1000;
  const keep = (samples, sample) => {
    if (sample.status < 200 || sample.status >= 300) failed++;
    else if (performance.now() >= measureFrom) samples.push(sample.ms);
  };

  const poller = async (i) => {
    const http = client(baseUrl, `poller-${i}@bench-polling`);
    try {
      // Spread the pollers over the interval, as independent tabs would be.
      await sleep((i * POLL_INTERVAL_MS) / POLLERS);
      let path = fixedPath;
      while (performance.now() < end) {
        if (path === undefined) {
          const created = await http.call("POST", "/v1/simulations", simulationBody(modelId));
          keep(creates, created);
          path = `/v1/simulations/${JSON.parse(created.text).id}`;
        }
        const tick = performance.now();
        const poll = await http.call("GET", path);
        keep(polls, poll);
        if (fixedPath === undefined && poll.status === 200) {
          const { status } = JSON.parse(poll.text);
          if (status === "planned") keep(creates, await http.call("POST", `${path}/run`));
          if (status === "completed" || status === "failed") path = undefined;
        }
        await sleep(Math.max(0, POLL_INTERVAL_MS - (performance.now() - tick)));
      }
    } finally {
      http.close();
    }
  };

  const creator = async (i) => {
    const http = client(baseUrl, `creator-${i}@bench-polling`);
    try {
      while (performance.now() < end)
        keep(creates, await http.call("POST", "/v1/simulations", simulationBody(modelId)));
    } finally {
      http.close();
    }
  };

  const clients = Array.from({ length: POLLERS }, (_, i) => poller(i));
  if (fixedPath === undefined) clients.push(...Array.from({ length: CREATORS }, (_, i) => creator(i)));
  await Promise.all(clients);
  return { polls: summary(polls), creates: summary(creates), failed };
}

export async function polling({ tmpDir, seconds = 20, warmupSeconds = 3 }) {
  console.log(
    `\n[polling] ${POLLERS} clients polling their running simulations every ${POLL_INTERVAL_MS} ms while ${CREATORS} create, ${warmupSeconds} s warm-up + ${seconds} s`,
  );
  const mock = await startMock([], { label: "bss-mock (polling)" });
  let mockResult;
  let fixedPath;
  try {
    const modelId = await firstUserModelId(mock.url);
    mockResult = await runPattern(mock.url, { modelId, seconds, warmupSeconds });
    // The bare server answers one simulation's bytes: a running one, as polled.
    const probe = client(mock.url, "probe@bench-polling");
    const created = JSON.parse((await probe.call("POST", "/v1/simulations", simulationBody(modelId))).text);
    fixedPath = `/v1/simulations/${created.id}`;
    const bodyFile = join(tmpDir, "polled-simulation.json");
    writeFileSync(bodyFile, (await probe.call("GET", fixedPath)).text);
    probe.close();
    mockResult.bodyFile = bodyFile;
  } finally {
    await mock.stop(10_000);
  }
  const bare = await startServer(process.execPath, ["bench/bare-server.mjs", mockResult.bodyFile], {
    label: "bare node:http",
  });
  let bareResult;
  try {
    bareResult = await runPattern(bare.url, { fixedPath, seconds, warmupSeconds });
  } finally {
    await bare.stop(5_000);
  }
  const describe = ({ count, p50, p99 }) => `p99 ${ms(p99).padStart(8)}   p50 ${ms(p50)}, ${num(count)} requests`;
  line("mock: polls", `${describe(mockResult.polls)} (target p99 <= ${POLL_P99_TARGET_MS} ms)`);
  line("mock: creates and runs", describe(mockResult.creates));
  line("bare node:http: polls", describe(bareResult.polls));
  return {
    pass: mockResult.polls.p99 <= POLL_P99_TARGET_MS,
    polls: mockResult.polls,
    creates: mockResult.creates,
    bare: bareResult.polls,
    failed: mockResult.failed + bareResult.failed,
  };
}
