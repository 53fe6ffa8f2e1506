import type { TestMeta } from "./backend-api.js";
import { type Hook, type SuiteNode, type TestNode, testsOf } from "./registry.js";
import { describeExchange, type Exchange, inScope, type TestScope } from "./scope.js";

export type Outcome = "pass" | "fail" | "not applicable";

export interface TestResult {
  readonly file: string;
  readonly path: readonly string[];
  readonly name: string;
  readonly meta: TestMeta;
  readonly outcome: Outcome;
  /** Why not applicable, or the failure message. */
  readonly message?: string;
  /** The last request and response of the test (the report shows a failed test's). */
  readonly exchange?: Exchange;
  /**
   * The exchange the verdict rests on, as --compare-mock shows each side's: the request a failure's message starts by
   * naming ("DELETE /v1/… answered 204 …"), else the test's last write, else its last exchange.
   */
  readonly keyExchange?: Exchange;
  /**
   * A failed test's rules that its failing assertion belongs to (see `ruleOf`), when it said: the test's other rules
   * were not checked past that point and are not failed by it.
   */
  readonly failedRules?: readonly string[];
  readonly ms: number;
}

/** Thrown by a test's `skip`: the test does not apply to this target. */
export class NotApplicable extends Error {
  override readonly name = "NotApplicable";
}

export interface RunOptions {
  /** Tests to run (the rest are left out of the report). */
  readonly select: (test: TestNode) => boolean;
  /** Files run at once (each file's tests one after another). */
  readonly concurrency: number;
  readonly testTimeoutMs: number;
  readonly onResult?: (result: TestResult) => void;
  /** Called once a file's selected tests have all finished, with their results (for progress lines). */
  readonly onFileDone?: (file: string, results: readonly TestResult[]) => void;
}

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const RULES = Symbol("rules");

/** Marks an assertion's error with the rule it checks, so that one failed assertion fails one rule. */
export function tagRule<E>(error: E, rule: string): E {
  if (typeof error === "object" && error !== null && !(RULES in error)) {
    Object.defineProperty(error, RULES, { value: [rule], enumerable: false });
  }
  return error;
}

/** The rules a failed assertion was marked with (tagRule), or undefined. */
export function ruleOf(error: unknown): readonly string[] | undefined {
  return typeof error === "object" && error !== null && RULES in error
    ? ((error as { [RULES]: readonly string[] })[RULES] ?? undefined)
    : undefined;
}

/**
 * A failure's message as the report shows it. fast-check's "Hint: Enable verbose mode …" is dropped: a kit user
 * cannot change the property's settings, and the counterexample is already in the message.
 */
export function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.replace(/\n*Hint: Enable verbose mode[^\n]*/g, "");
}

async function runHooks(hooks: readonly Hook[], timeoutMs: number, what: string): Promise<void> {
  for (const hook of hooks) await withTimeout(Promise.resolve().then(hook.body), hook.timeout ?? timeoutMs, what);
}

function keyExchange(scope: TestScope, message?: string): Exchange | undefined {
  const named = /^(GET|HEAD|OPTIONS|POST|PUT|PATCH|DELETE) (\/\S*)/.exec(message ?? "");
  const pathOf = (url: string) => {
    const parsed = new URL(url, "http://target");
    return [parsed.pathname, parsed.pathname + parsed.search];
  };
  return (
    (named && scope.exchanges.findLast((e) => e.method === named[1] && pathOf(e.url).includes(named[2] as string))) ||
    scope.exchanges.findLast((e) => !["GET", "HEAD", "OPTIONS"].includes(e.method)) ||
    scope.exchanges.at(-1)
  );
}

async function runTest(test: TestNode, options: RunOptions): Promise<TestResult> {
  const scope: TestScope = { name: test.name, exchanges: [] };
  const started = Date.now();
  const base = { file: test.file, path: test.path, name: test.name, meta: test.meta };
  const skip = (reason: string): never => {
    throw new NotApplicable(reason);
  };
  try {
    const timeout = Math.max(test.meta.timeout ?? 0, options.testTimeoutMs);
    await inScope(scope, () =>
      withTimeout(
        Promise.resolve().then(() => test.body(skip)),
        timeout,
        "the test",
      ),
    );
    return {
      ...base,
      outcome: "pass",
      exchange: scope.exchanges.at(-1),
      keyExchange: keyExchange(scope),
      ms: Date.now() - started,
    };
  } catch (error) {
    const ms = Date.now() - started;
    if (error instanceof NotApplicable) return { ...base, outcome: "not applicable", message: error.message, ms };
    const failedRules = ruleOf(error)?.filter((rule) => test.meta.rules.includes(rule));
    return {
      ...base,
      outcome: "fail",
      message: messageOf(error),
      exchange: scope.exchanges.at(-1),
      keyExchange: keyExchange(scope, messageOf(error)),
      ms,
      ...(failedRules && failedRules.length > 0 ? { failedRules } : {}),
    };
  }
}

async function runSuite(suite: SuiteNode, options: RunOptions, results: TestResult[]): Promise<void> {
  const selected = testsOf(suite).filter(options.select);
  if (selected.length === 0) return;
  const record = (result: TestResult) => {
    results.push(result);
    options.onResult?.(result);
  };
  try {
    await runHooks(suite.beforeAll, options.testTimeoutMs, `beforeAll of "${suite.name}"`);
  } catch (error) {
    // Every test below depends on what the hook set up: each fails with the hook's reason.
    const notApplicable = error instanceof NotApplicable;
    for (const test of selected) {
      record({
        file: test.file,
        path: test.path,
        name: test.name,
        meta: test.meta,
        outcome: notApplicable ? "not applicable" : "fail",
        message: notApplicable ? messageOf(error) : `set-up of "${suite.name}" failed: ${messageOf(error)}`,
        ms: 0,
      });
    }
    return;
  }
  for (const child of suite.children) {
    if (child.kind === "suite") await runSuite(child, options, results);
    else if (options.select(child)) record(await runTest(child, options));
  }
  try {
    await runHooks(suite.afterAll, options.testTimeoutMs, `afterAll of "${suite.name}"`);
  } catch {
    // Clean-up failures do not change what the tests found.
  }
}

/** Runs the files, `concurrency` at a time, and returns every selected test's result in file order. */
export async function runFiles(files: readonly SuiteNode[], options: RunOptions): Promise<TestResult[]> {
  const perFile: TestResult[][] = files.map(() => []);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const index = next++;
      const results = perFile[index] as TestResult[];
      await runSuite(files[index] as SuiteNode, options, results);
      if (results.length > 0) options.onFileDone?.((results[0] as TestResult).file, results);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));
  return perFile.flat();
}

export function failureText(result: TestResult): string {
  const lines = [result.message ?? "failed"];
  if (result.exchange) lines.push("", describeExchange(result.exchange));
  return lines.join("\n");
}
