// Target 1: cold start, spawn -> first 200 on GET /healthz, for the mock and for a bare `node -e` http server.
// Starts alternate between the two so drifting machine load hits both alike; one untimed start of each goes first
// (file-system cache, so neither pays for it in the sample).
import { cpuTimeOf, line, median, ms, pollUntil200, startMock, startServer, verdict } from "./lib.mjs";
import { buildStackHello } from "./stack-hello.mjs";

export const BARE_SOURCE = [
  "const http = require('node:http');",
  "const server = http.createServer((req, res) => {",
  "  res.writeHead(200, { 'content-type': 'application/json' });",
  '  res.end(\'{"status":"ok"}\');',
  "});",
  "server.listen(0, '127.0.0.1', () => console.log('bare listening on http://127.0.0.1:' + server.address().port));",
].join("\n");

export const COLD_START_TARGET_MS = 120;

async function timeStart(kind, stackHello) {
  const server =
    kind === "mock"
      ? await startMock([], { timeoutMs: 15_000 })
      : kind === "stack"
        ? await startServer(process.execPath, [stackHello], { label: "stack hello world", timeoutMs: 15_000 })
        : await startServer(process.execPath, ["-e", BARE_SOURCE], {
            label: "bare node -e",
            timeoutMs: 15_000,
            // Node reads NODE_EXTRA_CA_CERTS's file at every start, before any JavaScript runs (~50 ms on this
            // project's machines, which set it to the system bundle): the reference bare start includes it.
            ...(kind === "bare-without-extra-ca" ? { env: { NODE_EXTRA_CA_CERTS: undefined } } : {}),
          });
  try {
    const first200 = await pollUntil200(`${server.url}/healthz`, { since: server.startedAt, timeoutMs: 15_000 });
    // CPU time the server used up to its first 200 (µs, all threads; /proc counts 10 ms ticks, so only a mean over
    // the starts is meaningful): what a busy machine's waiting does not inflate.
    const cpu = cpuTimeOf(server.child.pid);
    return { total: first200 - server.startedAt, toListening: server.listeningAt - server.startedAt, cpu };
  } finally {
    await server.stop(5_000);
  }
}

export async function coldStart({ starts = 7 } = {}) {
  console.log(`\n[cold] Cold start: spawn -> first 200 on GET /healthz (median of ${starts}, alternating)`);
  const stackHello = await buildStackHello();
  const extraCa = process.env.NODE_EXTRA_CA_CERTS;
  const kinds = ["bare", "stack", "mock", ...(extraCa ? ["bare-without-extra-ca"] : [])];
  for (const kind of kinds) await timeStart(kind, stackHello);
  const samples = Object.fromEntries(kinds.map((kind) => [kind, []]));
  for (let i = 0; i < starts; i++) {
    for (const kind of kinds) samples[kind].push(await timeStart(kind, stackHello));
  }
  const summary = (kind) => {
    const totals = samples[kind].map((s) => s.total);
    return {
      median: median(totals),
      min: Math.min(...totals),
      max: Math.max(...totals),
      toListening: median(samples[kind].map((s) => s.toListening)),
      cpuMs: samples[kind].some((s) => s.cpu === null)
        ? null
        : samples[kind].reduce((sum, s) => sum + s.cpu, 0) / samples[kind].length / 1000,
    };
  };
  const bare = summary("bare");
  const stack = summary("stack");
  const mock = summary("mock");
  const describe = (s) =>
    `median ${ms(s.median).padStart(9)}   (min ${ms(s.min)}, max ${ms(s.max)}; "listening" line at ${ms(s.toListening)})`;
  line("bare node -e http server", describe(bare));
  line("stack hello world (plain)", describe(stack));
  line("bss-mock serve --quiet", describe(mock));
  if (extraCa) {
    // Every start above pays for the certificates alike; this shows how much of "bare" that is.
    const withoutCa = summary("bare-without-extra-ca");
    line(
      "bare, without NODE_EXTRA_CA_CERTS",
      `${describe(withoutCa)}; CPU ${withoutCa.cpuMs === null ? "n/a" : ms(withoutCa.cpuMs)} (every start above reads ${extraCa})`,
    );
  }
  line(
    "ratio mock / bare",
    `${(mock.median / bare.median).toFixed(2)}x (the stack's hello world: ${(stack.median / bare.median).toFixed(2)}x)`,
  );
  if (mock.cpuMs !== null && bare.cpuMs !== null && stack.cpuMs !== null) {
    line(
      "CPU time to the first 200 (mean)",
      `mock ${ms(mock.cpuMs)}, stack ${ms(stack.cpuMs)}, bare ${ms(bare.cpuMs)}: ratio ${(mock.cpuMs / bare.cpuMs).toFixed(2)}x (stack ${(stack.cpuMs / bare.cpuMs).toFixed(2)}x)`,
    );
  }
  const pass = mock.median < COLD_START_TARGET_MS;
  line(`target: mock < ${COLD_START_TARGET_MS} ms`, `${verdict(pass)}  (${ms(mock.median)})`);
  return { bare, stack, mock, pass };
}
