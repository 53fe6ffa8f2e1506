/**
 * `bss-mock contract --base-url URL --compare-mock`: rule-level drift between a service and bss-mock. The suite runs
 * against the service and against a mock started in this process, each in a run of its own (`bss-mock contract
 * --reporter json`, the two at once, with the same arguments and profile); then one table lists the rules one side
 * passes and the other fails, with the exchange each side's test ended on.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { Outcome } from "./run.js";
import type { Exchange } from "./scope.js";

/** A mock the command line starts in its own process (the contract bundle does not carry the mock). */
export interface StartedMock {
  readonly url: string;
  readonly version: string;
  close(): Promise<void>;
}

export interface CompareHooks {
  startMock(): Promise<StartedMock>;
  /** The `bss-mock` command line's script, run for each side. */
  readonly cli: string;
}

interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
}

/** The parts of `--reporter json` the comparison reads. */
interface JsonReport {
  target: { baseUrl: string; target: string; profile: string };
  summary: { rules: { total: number; passed: number; failed: number; notApplicable: number } };
  rules: Array<{ id: string; sentences: string[]; outcome: Outcome; tests: string[] }>;
  tests: Array<{
    name: string;
    rules: string[];
    outcome: Outcome;
    message?: string;
    exchange?: Exchange;
    keyExchange?: Exchange;
  }>;
}

interface Side {
  readonly outcome: Outcome;
  readonly test?: string;
  readonly message?: string;
  readonly exchange?: string;
}

export interface Drift {
  readonly rule: string;
  readonly sentence: string;
  readonly mock: Side;
  readonly service: Side;
}

export interface Comparison {
  readonly serviceUrl: string;
  readonly mock: string;
  readonly profile: string;
  readonly bothChecked: number;
  readonly differ: readonly Drift[];
  /** Rules one side checked and the other found not applicable (a capability, a token the run lacked). */
  readonly oneSided: ReadonlyArray<{ rule: string; mock: Outcome; service: Outcome }>;
  readonly serviceFailed: number;
}

const VALUE_FLAGS_TO_DROP = new Set(["--reporter", "--out", "--base-url", "--profile"]);

/** The arguments of each side's run: the user's, without the ones this command sets itself. */
export function sideArgs(argv: readonly string[], baseUrl: string, profile: string, out: string): string[] {
  const kept: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const flag = arg.includes("=") ? arg.slice(0, arg.indexOf("=")) : arg;
    if (flag === "--compare-mock") continue;
    if (VALUE_FLAGS_TO_DROP.has(flag)) {
      if (!arg.includes("=")) i++;
      continue;
    }
    kept.push(arg);
  }
  return ["contract", "--base-url", baseUrl, "--profile", profile, ...kept, "--reporter", "json", "--out", out];
}

/** One line of an exchange: status, request line, the start of the answer's body. */
export function exchangeLine(exchange: Exchange | undefined): string | undefined {
  if (!exchange) return undefined;
  const path = exchange.url.replace(/^https?:\/\/[^/]+/, "");
  const body = exchange.responseBody.replace(/\s+/g, " ").trim();
  return `${exchange.status} ${exchange.method} ${path}${body ? ` ${body.length > 100 ? `${body.slice(0, 99)}…` : body}` : ""}`;
}

function sideOf(report: JsonReport, rule: string, outcome: Outcome, testName?: string): Side {
  const tests = report.tests.filter((t) => t.rules.includes(rule));
  const test =
    tests.find((t) => t.name === testName) ??
    tests.find((t) => t.outcome === outcome) ??
    (tests[0] as JsonReport["tests"][number] | undefined);
  return {
    outcome,
    test: test?.name,
    message: outcome === "fail" ? test?.message?.split("\n")[0] : undefined,
    exchange: exchangeLine(test?.keyExchange),
  };
}

/** The rules whose verdicts differ, with each side's evidence (the failing test, and the same test on the other side). */
export function compareReports(service: JsonReport, mock: JsonReport): Comparison {
  const mockRules = new Map(mock.rules.map((r) => [r.id, r]));
  const differ: Drift[] = [];
  const oneSided: Array<{ rule: string; mock: Outcome; service: Outcome }> = [];
  let bothChecked = 0;
  for (const rule of service.rules) {
    const other = mockRules.get(rule.id);
    if (!other) continue;
    const checked = (o: Outcome) => o !== "not applicable";
    if (checked(rule.outcome) && checked(other.outcome)) bothChecked++;
    else if (checked(rule.outcome) !== checked(other.outcome))
      oneSided.push({ rule: rule.id, mock: other.outcome, service: rule.outcome });
    if (!checked(rule.outcome) || !checked(other.outcome) || rule.outcome === other.outcome) continue;
    const failing = rule.outcome === "fail" ? sideOf(service, rule.id, "fail") : sideOf(mock, rule.id, "fail");
    const serviceSide = rule.outcome === "fail" ? failing : sideOf(service, rule.id, rule.outcome, failing.test);
    const mockSide = other.outcome === "fail" ? failing : sideOf(mock, rule.id, other.outcome, failing.test);
    differ.push({ rule: rule.id, sentence: rule.sentences[0] ?? "", mock: mockSide, service: serviceSide });
  }
  return {
    serviceUrl: service.target.baseUrl,
    mock: mock.target.target,
    profile: service.target.profile,
    bothChecked,
    differ,
    oneSided,
    serviceFailed: service.summary.rules.failed,
  };
}

export function prettyComparison(c: Comparison): string {
  const out = [
    `bss-mock contract --compare-mock: ${c.serviceUrl} against ${c.mock} (in process), profile ${c.profile}`,
    `  ${c.bothChecked} rules checked on both sides: ${c.bothChecked - c.differ.length} agree, ${c.differ.length} differ; ${c.oneSided.length} checked on one side only`,
    "",
  ];
  if (c.differ.length === 0) out.push("No rule's verdict differs.");
  else {
    const width = Math.max(...c.differ.map((d) => d.rule.length), 4);
    out.push(`${"RULE".padEnd(width)}  MOCK  SERVICE`);
    for (const d of c.differ) {
      out.push(`${d.rule.padEnd(width)}  ${d.mock.outcome.padEnd(4)}  ${d.service.outcome}`);
      out.push(`    ${d.sentence}`);
      if (d.mock.test ?? d.service.test) out.push(`    test: ${d.service.test ?? d.mock.test}`);
      out.push(`    mock: ${d.mock.exchange ?? "(no exchange)"} / service: ${d.service.exchange ?? "(no exchange)"}`);
      const why = d.service.message ?? d.mock.message;
      if (why) out.push(`    ${d.service.outcome === "fail" ? "service" : "mock"} failed: ${why}`);
    }
  }
  if (c.oneSided.length > 0)
    out.push(
      "",
      `Checked on one side only: ${c.oneSided.map((o) => `${o.rule} (mock ${o.mock}, service ${o.service})`).join(", ")}`,
    );
  return `${out.join("\n")}\n`;
}

function runSide(cli: string, args: readonly string[], label: string, io: Io): Promise<number | null> {
  return new Promise((resolve) => {
    const child: ChildProcess = spawn(process.execPath, [cli, ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let pending = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) io.stderr(`[${label}] ${line}\n`);
    });
    child.stdout?.resume();
    child.once("exit", (code) => {
      if (pending) io.stderr(`[${label}] ${pending}\n`);
      resolve(code);
    });
  });
}

/** Runs both sides and prints the drift; resolves to the exit code (1 when a verdict differs or the service failed). */
export async function compareMock(
  argv: readonly string[],
  args: { baseUrl: string; profile?: string; reporter: "pretty" | "json" | "junit"; out?: string },
  hooks: CompareHooks,
  io: Io,
): Promise<number> {
  if (args.reporter === "junit") {
    io.stderr("bss-mock: --compare-mock reports as pretty or json\n");
    return 2;
  }
  const profile = args.profile ?? "spec";
  const dir = mkdtempSync(join(tmpdir(), "bss-compare-"));
  const mock = await hooks.startMock();
  try {
    // Its first answers build the demo world: once now, so neither run's probe waits on it.
    await fetch(`${mock.url}/v1/user-models`).then((res) => res.arrayBuffer());
    io.stderr(`bss-mock contract --compare-mock: ${args.baseUrl} and ${mock.url} (bss-mock ${mock.version}) at once\n`);
    const files = { service: join(dir, "service.json"), mock: join(dir, "mock.json") };
    const [serviceCode, mockCode] = await Promise.all([
      runSide(hooks.cli, sideArgs(argv, args.baseUrl, profile, files.service), "service", io),
      runSide(hooks.cli, sideArgs(argv, mock.url, profile, files.mock), "mock", io),
    ]);
    if (serviceCode === 2 || mockCode === 2 || serviceCode === null || mockCode === null) {
      io.stderr(
        `bss-mock: the ${serviceCode === 2 || serviceCode === null ? "service" : "mock"} run could not go on (see above)\n`,
      );
      return 2;
    }
    const read = (side: "service" | "mock") => {
      try {
        return JSON.parse(readFileSync(files[side], "utf8")) as JsonReport;
      } catch {
        return undefined;
      }
    };
    const [service, mocked] = [read("service"), read("mock")];
    if (!service || !mocked) {
      io.stderr(`bss-mock: the ${service ? "mock" : "service"} run wrote no report (see its lines above)\n`);
      return 2;
    }
    const comparison = compareReports(service, mocked);
    const text = args.reporter === "json" ? `${JSON.stringify(comparison, null, 2)}\n` : prettyComparison(comparison);
    if (args.out) {
      mkdirSync(dirname(args.out), { recursive: true });
      writeFileSync(args.out, text);
      io.stdout(
        `${comparison.differ.length} rules differ of ${comparison.bothChecked} checked on both sides\nreport written to ${args.out}\n`,
      );
    } else io.stdout(text);
    return comparison.differ.length > 0 || comparison.serviceFailed > 0 ? 1 : 0;
  } finally {
    await mock.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
