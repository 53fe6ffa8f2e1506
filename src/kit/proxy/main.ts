/**
 * `bss-mock proxy` and `bss-mock check`. They run from the contract bundle (dist/contract.cjs), which hands them the
 * kit's rule catalogue: one rule table for the suite, the proxy and the offline check.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { getJson } from "../contract/target-info.js";
import { exchangesOf } from "./check.js";
import { HarRecorder } from "./har-recorder.js";
import { Judge } from "./judge.js";
import { exitCode, formatReport, type ProxyReport, REPORTERS, type Reporter, summary, Tally } from "./report.js";
import { startProxy } from "./server.js";
import { CHECK_USAGE, PROXY_USAGE } from "./usage.js";

/** What the contract bundle hands in: the kit's rule catalogue, the package's OpenAPI document and version. */
export interface Catalogue {
  has(id: string): boolean;
  sentences(id: string): string[];
  /** bss-mock's own document (what a bss-mock serves), for an upstream that serves none. */
  readonly document: unknown;
  readonly version: string;
}

class UsageError extends Error {
  override readonly name = "UsageError";
}

interface Flags {
  readonly values: Map<string, string>;
  readonly switches: Set<string>;
  readonly positional: string[];
}

function parse(
  argv: readonly string[],
  valued: readonly string[],
  switches: readonly string[],
  command: string,
): Flags {
  const flags: Flags = { values: new Map(), switches: new Set(), positional: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const [name, inline] = arg.startsWith("--") && arg.includes("=") ? arg.split(/=(.*)/s) : [arg, undefined];
    if (valued.includes(name as string)) {
      const value = inline ?? argv[++i];
      if (value === undefined || value === "" || (inline === undefined && value.startsWith("--")))
        throw new UsageError(`${name} needs a value; see 'bss-mock ${command} --help'`);
      flags.values.set(name as string, value);
    } else if (switches.includes(arg)) flags.switches.add(arg);
    else if (arg.startsWith("-"))
      throw new UsageError(`unknown flag '${arg}' for ${command}; see 'bss-mock ${command} --help'`);
    else flags.positional.push(arg);
  }
  return flags;
}

/** The chosen reporter; an --out whose folder does not exist is refused now, not after hours of traffic. */
function reporterOf(flags: Flags): Reporter {
  const out = flags.values.get("--out");
  if (out && !existsSync(dirname(resolve(out))))
    throw new UsageError(`--out ${out}: its folder ${dirname(resolve(out))} does not exist`);
  const reporter = flags.values.get("--reporter") ?? "pretty";
  if (!REPORTERS.includes(reporter as Reporter))
    throw new UsageError(`--reporter must be one of ${REPORTERS.join(", ")} (got '${reporter}')`);
  return reporter as Reporter;
}

function readDocument(file: string): unknown {
  try {
    const document = JSON.parse(readFileSync(file, "utf8")) as { paths?: unknown };
    if (typeof document?.paths !== "object") throw new Error("no paths");
    return document;
  } catch (error) {
    throw new UsageError(`--openapi ${file}: not an OpenAPI document (${(error as Error).message})`);
  }
}

/** The report written where asked; the summary line always on stdout. */
function emit(report: ProxyReport, flags: Flags, title: string): void {
  const text = formatReport(report, reporterOf(flags), title);
  const out = flags.values.get("--out");
  if (out) {
    writeFileSync(out, text);
    process.stdout.write(`${summary(report)} (report written to ${out})\n`);
  } else process.stdout.write(text);
}

async function withUsage(run: () => Promise<number>): Promise<number> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`bss-mock: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}

/**
 * What the judge needs to know of the upstream: its own /openapi.json when it serves one, else `fallback` (bss-mock's),
 * which is then borrowed; and whether it is a bss-mock on a manual clock (GET /__mock says so), where background work
 * waits for the clock to be moved.
 */
export async function upstreamFacts(
  upstream: URL,
  fallback: unknown,
): Promise<{ document: unknown; borrowed: boolean; manualClock: boolean }> {
  const at = (path: string) => new URL(path, upstream.href.replace(/\/?$/, "/")).href;
  const [own, mock] = await Promise.all([
    getJson(at("openapi.json"), {}, 10_000).catch(() => undefined),
    getJson(at("__mock"), {}, 10_000).catch(() => undefined),
  ]);
  const served = own?.status === 200 && typeof (own.json as { paths?: unknown })?.paths === "object";
  const manualClock = mock?.status === 200 && (mock.json as { clock?: { kind?: unknown } })?.clock?.kind === "manual";
  return {
    ...(served ? { document: own?.json, borrowed: false } : { document: fallback, borrowed: true }),
    manualClock,
  };
}

export function proxy(argv: readonly string[], catalogue: Catalogue): Promise<number> {
  return withUsage(async () => {
    const flags = parse(
      argv,
      ["--upstream", "--port", "--host", "--out", "--reporter", "--har", "--openapi"],
      ["--strict"],
      "proxy",
    );
    if (flags.positional.length > 0) throw new UsageError(`unexpected argument '${flags.positional[0]}' for proxy`);
    const raw = flags.values.get("--upstream");
    if (!raw) throw new UsageError(`proxy needs --upstream URL\n\n${PROXY_USAGE}`);
    let upstream: URL;
    try {
      upstream = new URL(raw);
    } catch {
      throw new UsageError(`--upstream ${raw}: not a URL`);
    }
    if (upstream.protocol !== "http:" && upstream.protocol !== "https:")
      throw new UsageError(`--upstream ${raw}: only http and https upstreams`);
    const port = Number(flags.values.get("--port") ?? "4020");
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      throw new UsageError(`--port must be 0 to 65535 (got '${flags.values.get("--port")}')`);
    reporterOf(flags);
    const given = flags.values.get("--openapi");
    const facts = await upstreamFacts(upstream, catalogue.document);
    const judge = new Judge({
      has: catalogue.has,
      sentences: catalogue.sentences,
      document: given ? readDocument(given) : facts.document,
      borrowedDocument: given ? false : facts.borrowed,
      manualClock: facts.manualClock,
    });
    const harFile = flags.values.get("--har");
    const har = harFile ? new HarRecorder(harFile, catalogue.version, upstream) : undefined;
    await har?.opened().catch((error: NodeJS.ErrnoException) => {
      throw new UsageError(`--har ${harFile}: cannot write it (${error.code ?? error.message})`);
    });
    const running = await startProxy({
      upstream,
      port,
      host: flags.values.get("--host") ?? "127.0.0.1",
      judge,
      record: har ? (exchange) => har.record(exchange) : undefined,
    }).catch((error: NodeJS.ErrnoException) => {
      throw new UsageError(`cannot listen on port ${port} (${error.code ?? error.message})`);
    });
    process.stdout.write(
      `bss-mock proxy listening on ${running.url} -> ${upstream.href} (document: ${given ? given : facts.borrowed ? "bss-mock's own" : "the upstream's /openapi.json"}${facts.manualClock ? "; a bss-mock on a manual clock" : ""}; report at ${running.url}/__proxy/)\n`,
    );
    await new Promise<void>((resolve) => {
      process.once("SIGINT", () => resolve());
      process.once("SIGTERM", () => resolve());
    });
    await running.close();
    // Exchanges answered just before the signal are judged on the next turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
    await har?.close();
    const report = running.report();
    emit(report, flags, `bss-mock proxy: ${upstream.href}`);
    return exitCode(report, flags.switches.has("--strict"));
  });
}

export function check(argv: readonly string[], catalogue: Catalogue): Promise<number> {
  return withUsage(async () => {
    const flags = parse(argv, ["--out", "--reporter", "--openapi"], ["--strict"], "check");
    const [file, ...rest] = flags.positional;
    if (!file) throw new UsageError(`check needs a FILE\n\n${CHECK_USAGE}`);
    if (rest.length > 0) throw new UsageError(`check takes one FILE (got '${rest[0]}' too)`);
    reporterOf(flags);
    let content: unknown;
    try {
      content = JSON.parse(readFileSync(file, "utf8"));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new UsageError(`${file}: ${code ? `cannot read it (${code})` : "not JSON"}`);
    }
    const exchanges = exchangesOf(content);
    if (!exchanges) throw new UsageError(`${file}: neither a HAR file (log.entries) nor a journal ({"requests": […]})`);
    const given = flags.values.get("--openapi");
    const judge = new Judge({
      has: catalogue.has,
      sentences: catalogue.sentences,
      document: given ? readDocument(given) : catalogue.document,
      borrowedDocument: !given,
    });
    const tally = new Tally();
    for (const { exchange, concurrentWrite } of exchanges) tally.add(exchange, judge.judge(exchange, concurrentWrite));
    const report = tally.report();
    emit(report, flags, `bss-mock check: ${file}`);
    return exitCode(report, flags.switches.has("--strict"));
  });
}
