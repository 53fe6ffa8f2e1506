/**
 * `bss-mock contract`: runs the contract suite (bundled with this runner into dist/contract.cjs) against a running
 * implementation and reports per rule id. Exit codes: 0 when no selected rule failed (and at least one passed), 1 when
 * one failed, 2 for a usage error or a target that cannot be reached (one line).
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { cleanUp } from "./cleanup.js";
import { type CompareHooks, compareMock } from "./compare.js";
import { nonConformingResults, notServedLines } from "./conformance.js";
import { discoverGoals, type GetJson } from "./goals.js";
import { loadFiles, type SuiteFile, type TestNode, testsOf } from "./registry.js";
import { json, junit, pretty, type Report, type RuleCatalogue, ruleResults, summaryLine } from "./report.js";
import { type RuleIndex, ruleList, unknownPattern } from "./rule-ids.js";
import { runFiles } from "./run.js";
import { configureRun, PROFILES, type Profile, profileIncludes, runLabel, runSettings } from "./settings.js";
import { getJson, probeTarget, UnreachableError } from "./target-info.js";
import { CONTRACT_USAGE } from "./usage.js";

export class UsageError extends Error {
  override readonly name = "UsageError";
}

interface Args {
  baseUrl: string;
  /** `--list`: print the rule ids instead of running (no target needed). */
  list: boolean;
  tokens: { main?: string; otherOrg?: string; sameOrg?: string; template?: string };
  profile?: Profile;
  allowWrites: boolean;
  only: string[];
  timeoutMs: number;
  /** Unset: 1000 ms, or 50 ms for a bss-mock (polling it costs nothing worth sparing). */
  pollMs?: number;
  concurrency?: number;
  reporter: "pretty" | "json" | "junit";
  out?: string;
  /** Sent as x-mock-control-token to a bss-mock's /__mock routes (a mock started with --control-token). */
  controlToken?: string;
  /** `--compare-mock`: run against the target and an in-process mock, and print where their verdicts differ. */
  compareMock: boolean;
}

const VALUE_FLAGS = [
  "--base-url",
  "--token",
  "--token-b",
  "--token-same-org",
  "--token-template",
  "--control-token",
  "--profile",
  "--only",
  "--timeout-ms",
  "--poll-ms",
  "--concurrency",
  "--reporter",
  "--out",
];

function positive(flag: string, value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1) throw new UsageError(`${flag} expects a whole number above 0, got '${value}'`);
  return n;
}

export function parseArgs(argv: readonly string[], env: Readonly<Record<string, string | undefined>> = {}): Args {
  const values = new Map<string, string[]>();
  let allowWrites = false;
  let list = false;
  let compare = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const [flag, inline] = arg.includes("=")
      ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)]
      : [arg];
    if (flag === "--allow-writes" || flag === "--list" || flag === "--compare-mock") {
      if (flag === "--list") list = true;
      else if (flag === "--compare-mock") compare = true;
      else allowWrites = true;
      continue;
    }
    if (!VALUE_FLAGS.includes(flag as string))
      throw new UsageError(`unknown option '${arg}'; see 'bss-mock contract --help'`);
    const value = inline ?? argv[++i];
    if (value === undefined || (inline === undefined && value.startsWith("--"))) {
      throw new UsageError(`${flag} needs a value`);
    }
    values.set(flag as string, [...(values.get(flag as string) ?? []), value]);
  }
  const one = (flag: string) => values.get(flag)?.at(-1);
  const baseUrl = one("--base-url")?.replace(/\/+$/, "");
  if (list && compare) throw new UsageError("--compare-mock runs the suite: it cannot go with --list");
  if (!list && (!baseUrl || !/^https?:\/\/[^/]/.test(baseUrl)))
    throw new UsageError("contract needs --base-url http(s)://host:port");
  const profile = one("--profile");
  if (profile !== undefined && !PROFILES.includes(profile as Profile)) {
    throw new UsageError(`--profile must be spec, fastapi or mock, got '${profile}'`);
  }
  const reporter = one("--reporter") ?? "pretty";
  if (!["pretty", "json", "junit"].includes(reporter)) {
    throw new UsageError(`--reporter must be pretty, json or junit, got '${reporter}'`);
  }
  const template = one("--token-template");
  if (template !== undefined && !(template.includes("{org}") && template.includes("{user}"))) {
    throw new UsageError(`--token-template needs {org} and {user} in it, got '${template}'`);
  }
  const fill = (org: string, user: string) => template?.replaceAll("{org}", org).replaceAll("{user}", user);
  // Callers the run can make itself from the template, where the user gave none.
  const runOrg = `bss-contract-${randomUUID().slice(0, 8)}`;
  const tokens = {
    main: one("--token") ?? fill(runOrg, "tester-a"),
    otherOrg: one("--token-b") ?? fill(`${runOrg}-b`, "tester-b"),
    sameOrg: one("--token-same-org") ?? (one("--token") ? undefined : fill(runOrg, "tester-c")),
    template,
  };
  if (tokens.sameOrg && !tokens.main)
    throw new UsageError("--token-same-org needs --token (the first caller of the organisation)");
  return {
    baseUrl: baseUrl ?? "",
    list,
    tokens,
    profile: profile as Profile | undefined,
    allowWrites,
    only: (values.get("--only") ?? [])
      .flatMap((v) => v.split(","))
      .map((v) => v.trim())
      .filter(Boolean),
    timeoutMs: one("--timeout-ms") ? positive("--timeout-ms", one("--timeout-ms") as string) : 120_000,
    pollMs: one("--poll-ms") ? positive("--poll-ms", one("--poll-ms") as string) : undefined,
    concurrency: one("--concurrency") ? positive("--concurrency", one("--concurrency") as string) : undefined,
    reporter: reporter as Args["reporter"],
    out: one("--out"),
    // The variable serve reads too: one setting for a mock and the suite run against it (a flag shows in `ps`).
    controlToken: one("--control-token") ?? (env.BSS_MOCK_CONTROL_TOKEN || undefined),
    compareMock: compare,
  };
}

/** True when a test is selected by --only (rule ids, `PREFIX*`, or a profile tag). */
function matchesOnly(test: TestNode, only: readonly string[]): boolean {
  if (only.length === 0) return true;
  return only.some((pattern) => {
    if (PROFILES.includes(pattern as Profile)) return test.meta.profile === pattern;
    if (pattern.endsWith("*")) return test.meta.rules.some((rule) => rule.startsWith(pattern.slice(0, -1)));
    return test.meta.rules.includes(pattern);
  });
}

export interface Suite {
  readonly files: readonly SuiteFile[];
  readonly catalogue: RuleCatalogue & RuleIndex & { has(id: string): boolean };
}

export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
}

const processIo: Io = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

/**
 * Why the run cannot go on when the target refuses the main caller a plain read (every test would fail on the same
 * 401), or undefined when the read is not refused.
 */
async function refusedCaller(get: GetJson, token: string | undefined): Promise<string | undefined> {
  const res = await get("/v1/user-models");
  if (res.status !== 401 && res.status !== 403) return undefined;
  const body = JSON.stringify(res.json ?? "").slice(0, 200);
  if (!token) {
    return `the target refused GET /v1/user-models without authorization (${res.status} ${body}): give the caller's authorization with --token`;
  }
  const hint = /\s/.test(token.trim())
    ? "is the token valid for this target?"
    : `--token is sent as the whole authorization header value: did you mean --token "Bearer ${token}"?`;
  return `the target refused GET /v1/user-models with --token (${res.status} ${body}): ${hint}`;
}

function targetLabel(info: Awaited<ReturnType<typeof probeTarget>>): string {
  return info.isBssMock
    ? `bss-mock${info.version ? ` ${info.version}` : ""}${info.clock ? `, ${info.clock} clock` : ""}`
    : "not a bss-mock";
}

function runHeadline(baseUrl: string, info: Awaited<ReturnType<typeof probeTarget>>, profile: Profile): string {
  return `bss-mock contract: ${baseUrl} (${targetLabel(info)}), profile ${profile}, run ${runSettings().runId}`;
}

/** Runs the suite as the command line asks; resolves to the exit code. */
export async function main(
  argv: readonly string[],
  suite: Suite,
  io: Io = processIo,
  hooks?: CompareHooks,
): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    io.stdout(`${CONTRACT_USAGE}\n`);
    return 0;
  }
  let args: Args;
  try {
    args = parseArgs(argv, process.env);
    const ids = suite.catalogue.ids();
    for (const pattern of args.only) {
      const unknown = unknownPattern(pattern, ids);
      if (unknown) throw new UsageError(unknown);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`bss-mock: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  if (args.list) {
    io.stdout(ruleList(suite.catalogue, args.profile, args.only));
    return 0;
  }
  if (args.compareMock) {
    if (!hooks) {
      io.stderr("bss-mock: --compare-mock needs the bss-mock command line (it starts the mock)\n");
      return 2;
    }
    return compareMock(argv, args, hooks, io);
  }

  const started = Date.now();
  const probeHeaders: Record<string, string> = args.tokens.main ? { authorization: args.tokens.main } : {};
  let info: Awaited<ReturnType<typeof probeTarget>>;
  try {
    info = await probeTarget(args.baseUrl, probeHeaders, undefined, args.controlToken);
    if (!info.isBssMock) {
      const get = (path: string) => getJson(`${args.baseUrl}${path}`, probeHeaders, 10_000);
      const refusal = await refusedCaller(get, args.tokens.main);
      if (refusal) throw new UsageError(refusal);
      info = { ...info, goals: await discoverGoals(get) };
    }
  } catch (error) {
    if (error instanceof UnreachableError || error instanceof UsageError) {
      io.stderr(`bss-mock: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  const profile = args.profile ?? (info.isBssMock ? "mock" : "spec");
  const movesClock = info.clock === "manual" && info.capabilities.has("clock.advance");
  configureRun({
    profile,
    allowWrites: args.allowWrites,
    tokens: args.tokens,
    controlToken: args.controlToken,
    timeoutMs: args.timeoutMs,
    pollMs: args.pollMs ?? (info.isBssMock ? 50 : 1000),
    inProcess: false,
    target: info,
    // A clock the suite moves is shared by every test: one file at a time keeps "not yet" checks meaningful.
    concurrency: movesClock ? 1 : (args.concurrency ?? 4),
  });
  const files = await loadFiles(suite.files);
  const select = (test: TestNode) => profileIncludes(profile, test.meta.profile) && matchesOnly(test, args.only);

  const notes: string[] = [
    args.allowWrites
      ? `writes allowed: what the run creates is named "${runLabel()} …"; simulations are deleted at the end`
      : "read-only: tests that create data are not applicable (--allow-writes runs them)",
    info.isBssMock
      ? "callers: invented per test (a bss-mock accepts any token)"
      : args.tokens.template
        ? "callers: made per test from --token-template"
        : `callers: ${args.tokens.main ? "--token" : "no authorization"}${args.tokens.otherOrg ? ", --token-b" : ""}${args.tokens.sameOrg ? ", --token-same-org" : ""}`,
    info.document
      ? "responses checked against the target's /openapi.json"
      : "responses checked against bss-mock's OpenAPI document (the target serves none)",
  ];
  if (movesClock) notes.push("the target's manual clock is moved by the suite");
  const selectedFiles = files.filter((file) => testsOf(file).some(select));
  const selectedTests = selectedFiles.reduce((sum, file) => sum + testsOf(file).filter(select).length, 0);
  // A CI log follows the run as it goes: the header now, a line per file as it finishes, the report at the end.
  io.stderr(
    `${runHeadline(args.baseUrl, info, profile)}: ${selectedTests} tests in ${selectedFiles.length} files\n${notes.map((note) => `  ${note}\n`).join("")}`,
  );
  let filesDone = 0;
  const testResults = await runFiles(selectedFiles, {
    select,
    concurrency: runSettings().concurrency,
    // A test waits for a few background steps at most, each bounded by --timeout-ms.
    testTimeoutMs: args.timeoutMs * 5,
    onFileDone: (file, list) => {
      filesDone++;
      const failed = list.filter((r) => r.outcome === "fail");
      const na = list.filter((r) => r.outcome === "not applicable").length;
      const failedRules = [...new Set(failed.flatMap((r) => r.meta.rules))];
      io.stderr(
        `[${filesDone}/${selectedFiles.length}] ${file}: ${list.length - failed.length - na} passed, ${failed.length} failed, ${na} not applicable (${((Date.now() - started) / 1000).toFixed(1)} s)${failedRules.length ? ` — failed: ${failedRules.join(", ")}` : ""}\n`,
      );
    },
  });
  // Broken answers met along the way, once each under the rule they break (their tests were not applicable).
  const results = [...testResults, ...nonConformingResults(suite.catalogue.has, suite.catalogue.profile)];
  notes.push(...notServedLines());
  const cleanup = args.allowWrites ? await cleanUp(args.baseUrl, movesClock) : [];
  const report: Report = {
    header: { baseUrl: args.baseUrl, target: targetLabel(info), profile, runId: runSettings().runId, notes },
    rules: ruleResults(results, suite.catalogue),
    tests: results,
    ms: Date.now() - started,
    cleanup,
  };
  const text = args.reporter === "json" ? json(report) : args.reporter === "junit" ? junit(report) : pretty(report);
  if (args.out) {
    mkdirSync(dirname(args.out), { recursive: true });
    writeFileSync(args.out, text);
    io.stdout(`${summaryLine(report)}\nreport written to ${args.out}\n`);
  } else {
    io.stdout(text);
  }
  const failed = report.rules.some((rule) => rule.outcome === "fail");
  const passed = report.rules.some((rule) => rule.outcome === "pass");
  if (!passed && !failed) io.stderr("bss-mock: no rule could be checked (see the reasons above)\n");
  return failed || !passed ? 1 : 0;
}
