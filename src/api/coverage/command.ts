import { writeFileSync } from "node:fs";
import type { CoverageView } from "./coverage.js";
import { REPORTERS, type ReporterName, type Thresholds, verdicts } from "./report.js";

export class CoverageUsageError extends Error {
  override readonly name = "CoverageUsageError";
}

interface Args extends Thresholds {
  baseUrl: string;
  org?: string | undefined;
  reporter: ReporterName;
  out?: string | undefined;
  controlToken?: string | undefined;
}

const FLAGS = ["--base-url", "--org", "--min-rules", "--min-errors", "--reporter", "--out", "--control-token"];

function percentFlag(name: string, value: string): number {
  const n = Number(value);
  if (value.trim() === "" || !Number.isFinite(n) || n < 0 || n > 100) {
    throw new CoverageUsageError(`invalid ${name} '${value}': a percentage from 0 to 100`);
  }
  return n;
}

export function parseCoverageArgs(argv: readonly string[], env: Record<string, string | undefined>): Args {
  const given = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const eq = arg.indexOf("=");
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    if (!FLAGS.includes(name)) {
      throw new CoverageUsageError(`unknown argument '${arg}' for coverage; see 'bss-mock coverage --help'`);
    }
    const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined || value === "" || (eq < 0 && value.startsWith("--"))) {
      throw new CoverageUsageError(`${name} needs a value`);
    }
    given.set(name, value);
  }
  const baseUrl = given.get("--base-url");
  if (baseUrl === undefined) throw new CoverageUsageError("coverage needs --base-url URL, the running mock");
  if (!URL.canParse(baseUrl) || !/^https?:$/.test(new URL(baseUrl).protocol)) {
    throw new CoverageUsageError(`invalid --base-url '${baseUrl}': an http or https URL`);
  }
  const reporter = given.get("--reporter") ?? "pretty";
  if (!Object.hasOwn(REPORTERS, reporter)) {
    throw new CoverageUsageError(`invalid --reporter '${reporter}': one of ${Object.keys(REPORTERS).join(", ")}`);
  }
  const minRules = given.get("--min-rules");
  const minErrors = given.get("--min-errors");
  return {
    baseUrl,
    org: given.get("--org"),
    reporter: reporter as ReporterName,
    out: given.get("--out"),
    controlToken: given.get("--control-token") ?? env.BSS_MOCK_CONTROL_TOKEN,
    minRules: minRules === undefined ? undefined : percentFlag("--min-rules", minRules),
    minErrors: minErrors === undefined ? undefined : percentFlag("--min-errors", minErrors),
  };
}

export interface CoverageIo {
  write(text: string): void;
  error(text: string): void;
}

/** Runs the command; the exit code: 0 ok, 1 under a threshold, 2 usage error or the mock could not be read. */
export async function runCoverage(
  argv: readonly string[],
  io: CoverageIo,
  env: Record<string, string | undefined>,
): Promise<number> {
  let args: Args;
  try {
    args = parseCoverageArgs(argv, env);
  } catch (error) {
    if (error instanceof CoverageUsageError) {
      io.error(`bss-mock: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  const url = new URL("/__mock/coverage", args.baseUrl);
  if (args.org !== undefined) url.searchParams.set("org", args.org);
  let coverage: CoverageView;
  try {
    const res = await fetch(url, {
      headers: args.controlToken === undefined ? {} : { "x-mock-control-token": args.controlToken },
    });
    if (!res.ok) {
      const hint = res.status === 404 ? " (is it a bss-mock with its control API, not started with --no-control?)" : "";
      io.error(`bss-mock: GET ${url.href} answered ${res.status}${hint}: ${(await res.text()).slice(0, 300)}\n`);
      return 2;
    }
    coverage = (await res.json()) as CoverageView;
  } catch (error) {
    io.error(`bss-mock: cannot read ${url.href}: ${(error as Error).cause ?? (error as Error).message}\n`);
    return 2;
  }
  const checks = verdicts(coverage, args);
  const text = REPORTERS[args.reporter](coverage, checks);
  if (args.out === undefined) io.write(text);
  else {
    try {
      writeFileSync(args.out, text);
    } catch (error) {
      io.error(`bss-mock: --out ${args.out}: cannot write it (${(error as NodeJS.ErrnoException).code})\n`);
      return 2;
    }
    io.write(`wrote ${args.out}\n`);
  }
  const failed = checks.filter((c) => !c.ok);
  for (const check of failed) io.error(`bss-mock coverage: ${check.text}\n`);
  return failed.length > 0 ? 1 : 0;
}
