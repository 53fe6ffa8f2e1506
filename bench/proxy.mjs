// Issue 22's overhead target: `bss-mock proxy` adds under 1 ms at p50 to a GET, and its memory stays flat. The same
// GET /v1/simulations/{id} on one kept-alive connection, straight to a mock and through a proxy in front of it, in
// alternating rounds; p50 of each and the difference. Then the proxy's resident memory after 10k and 40k judged
// exchanges. Printed, never asserted.
import { Agent, request } from "node:http";
import { performance } from "node:perf_hooks";
import { CLI, HOST, median, mib, num, rssOf, startMock, startServer } from "./lib.mjs";

/** Sub-millisecond figures need two decimals. */
export const ms2 = (value) => `${value.toFixed(2)} ms`;

import { AUTH, createSimulation, firstUserModelId } from "./throughput.mjs";

export const PROXY_P50_TARGET_MS = 1;

/** Latencies (ms) of `count` GETs of `url`, one after another on one kept-alive connection. */
async function latencies(url, count, agent) {
  const out = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await new Promise((resolve, reject) => {
      const req = request(url, { agent, headers: AUTH }, (res) => {
        res.resume();
        res.on("end", resolve);
        res.on("error", reject);
      });
      req.on("error", reject);
      req.end();
    });
    out.push(performance.now() - started);
  }
  return out;
}

export async function proxyOverhead({ rounds = 6, perRound = 1000 } = {}) {
  console.log(
    `\n[proxy] GET through bss-mock proxy vs straight to the mock (${rounds} x ${num(perRound)} sequential GETs each)`,
  );
  const mock = await startMock(["--timing", "instant"], { label: "bss-mock" });
  const proxy = await startServer(
    process.execPath,
    [CLI, "proxy", "--upstream", mock.url, "--port", "0", "--host", HOST],
    {
      label: "bss-mock proxy",
    },
  );
  try {
    const id = await createSimulation(mock.url, await firstUserModelId(mock.url));
    const path = `/v1/simulations/${id}`;
    const direct = [];
    const proxied = [];
    const agents = {
      direct: new Agent({ keepAlive: true, maxSockets: 1 }),
      proxied: new Agent({ keepAlive: true, maxSockets: 1 }),
    };
    // Warm-up: both servers' code compiled, both connections open.
    await latencies(`${mock.url}${path}`, 200, agents.direct);
    await latencies(`${proxy.url}${path}`, 200, agents.proxied);
    for (let round = 1; round <= rounds; round++) {
      const order = round % 2 === 0 ? ["proxied", "direct"] : ["direct", "proxied"];
      for (const which of order) {
        const base = which === "direct" ? mock.url : proxy.url;
        const values = await latencies(`${base}${path}`, perRound, agents[which]);
        (which === "direct" ? direct : proxied).push(...values);
      }
    }
    const p50Direct = median(direct);
    const p50Proxied = median(proxied);
    const added = p50Proxied - p50Direct;
    console.log(
      `  p50 straight ${ms2(p50Direct)}, through the proxy ${ms2(p50Proxied)}: added ${ms2(added)} (${(p50Proxied / p50Direct).toFixed(2)}x)`,
    );
    const rss10k = rssOf(proxy.child.pid);
    await latencies(`${proxy.url}${path}`, 30_000 - rounds * perRound, agents.proxied);
    const rss40k = rssOf(proxy.child.pid);
    if (rss10k !== null && rss40k !== null)
      console.log(`  proxy RSS ${mib(rss10k)} after ~10k exchanges, ${mib(rss40k)} after ~40k`);
    for (const agent of Object.values(agents)) agent.destroy();
    return { p50Direct, p50Proxied, added, rss10k, rss40k, pass: added < PROXY_P50_TARGET_MS };
  } finally {
    await proxy.stop();
    await mock.stop();
  }
}
