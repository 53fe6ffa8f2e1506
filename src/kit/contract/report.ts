import { failureText, type Outcome, type TestResult } from "./run.js";
import type { Profile } from "./settings.js";

/** A rule's verdict: failed if any of its tests failed, passed if one passed and none failed, else not applicable. */
export interface RuleResult {
  readonly id: string;
  readonly profile: Profile;
  readonly sentences: readonly string[];
  readonly outcome: Outcome;
  readonly tests: readonly TestResult[];
}

export interface RunHeader {
  readonly baseUrl: string;
  readonly target: string;
  readonly profile: Profile;
  readonly runId: string;
  readonly notes: readonly string[];
}

export interface Report {
  readonly header: RunHeader;
  readonly rules: readonly RuleResult[];
  readonly tests: readonly TestResult[];
  readonly ms: number;
  readonly cleanup: readonly string[];
}

export interface RuleCatalogue {
  sentences(id: string): string[];
  profile(id: string): Profile;
}

/**
 * The test as one of its rules sees it: a test whose failing assertion named its rule fails that rule only; for its
 * other rules it is not applicable (what it would have checked after the failure was never reached).
 */
function asSeenBy(test: TestResult, rule: string): TestResult {
  if (test.outcome !== "fail" || !test.failedRules || test.failedRules.includes(rule)) return test;
  return {
    ...test,
    outcome: "not applicable",
    message: `not reached: an earlier check of the test failed ${test.failedRules.join(", ")}`,
    exchange: undefined,
  };
}

export function ruleResults(tests: readonly TestResult[], catalogue: RuleCatalogue): RuleResult[] {
  const byRule = new Map<string, TestResult[]>();
  for (const test of tests) {
    for (const rule of test.meta.rules) byRule.set(rule, [...(byRule.get(rule) ?? []), asSeenBy(test, rule)]);
  }
  const order: Outcome[] = ["fail", "not applicable", "pass"];
  return [...byRule.entries()]
    .map(([id, list]): RuleResult => {
      const outcome: Outcome = list.some((t) => t.outcome === "fail")
        ? "fail"
        : list.some((t) => t.outcome === "pass")
          ? "pass"
          : "not applicable";
      return { id, profile: catalogue.profile(id), sentences: catalogue.sentences(id), outcome, tests: list };
    })
    .sort((a, b) => order.indexOf(a.outcome) - order.indexOf(b.outcome) || a.id.localeCompare(b.id));
}

export function counts(items: ReadonlyArray<{ outcome: Outcome }>) {
  return {
    total: items.length,
    passed: items.filter((i) => i.outcome === "pass").length,
    failed: items.filter((i) => i.outcome === "fail").length,
    notApplicable: items.filter((i) => i.outcome === "not applicable").length,
  };
}

function testName(test: TestResult): string {
  return [test.file, ...test.path, test.name.replace(/ \[[^\]]*\]$/, "")].join(" › ");
}

/** A rule's sentence on one line: the words, not where they stand, cut to a readable length. */
export function brief(sentence: string | undefined): string {
  const words = (sentence ?? "").replace(/^(spec|FastAPI behaviour|bss-mock's choice)[^:]*: /, "");
  return words.length > 110 ? `${words.slice(0, 109)}…` : words;
}

function indent(text: string, by: string): string {
  return text
    .split("\n")
    .map((line) => `${by}${line}`)
    .join("\n");
}

/**
 * A rule's reasons once each, in the order given. Tests of one rule often give one reason, one of them with more
 * detail ("… deleted" and "… deleted (the target plans instantly)"): only the fuller wording is kept.
 */
function distinctReasons(messages: readonly string[]): string[] {
  const unique = [...new Set(messages.filter(Boolean))];
  return unique.filter((reason) => !unique.some((other) => other !== reason && other.startsWith(reason)));
}

export function summaryLine(report: Report): string {
  const r = counts(report.rules);
  const t = counts(report.tests);
  return (
    `${r.total} rules: ${r.passed} passed, ${r.failed} failed, ${r.notApplicable} not applicable ` +
    `(${t.total} tests: ${t.passed} passed, ${t.failed} failed, ${t.notApplicable} not applicable; ` +
    `${(report.ms / 1000).toFixed(1)} s)`
  );
}

/** The report for a person: failures in full (the sentence, the test, the last request and response), then a line per rule. */
export function pretty(report: Report): string {
  const { header } = report;
  const out: string[] = [
    `bss-mock contract: ${header.baseUrl} (${header.target}), profile ${header.profile}, run ${header.runId}`,
    ...header.notes.map((note) => `  ${note}`),
    "",
  ];
  const failed = report.rules.filter((rule) => rule.outcome === "fail");
  // A test that names several rules fails each of them: its message and exchange are printed under the first only.
  const printedUnder = new Map<TestResult, string>();
  for (const rule of failed) {
    out.push(`FAIL ${rule.id}`);
    for (const sentence of rule.sentences) out.push(`     ${sentence}`);
    for (const test of rule.tests.filter((t) => t.outcome === "fail")) {
      const first = printedUnder.get(test);
      if (first) {
        out.push(`     ✗ ${testName(test)} (its failure is shown under ${first})`);
        continue;
      }
      printedUnder.set(test, rule.id);
      out.push(`     ✗ ${testName(test)}`, indent(failureText(test), "       "));
    }
    out.push("");
  }
  for (const rule of report.rules) {
    if (rule.outcome === "fail") continue;
    if (rule.outcome === "pass") {
      out.push(`PASS ${rule.id}  ${brief(rule.sentences[0])}`);
    } else {
      const reasons = distinctReasons(rule.tests.map((t) => t.message ?? "")).join("; ");
      out.push(`N/A  ${rule.id}: ${reasons}`, `     ${brief(rule.sentences[0])}`);
    }
  }
  out.push("", ...report.cleanup, summaryLine(report));
  return `${out.join("\n")}\n`;
}

export function json(report: Report): string {
  return `${JSON.stringify(
    {
      target: report.header,
      summary: { rules: counts(report.rules), tests: counts(report.tests), ms: report.ms },
      rules: report.rules.map((rule) => ({
        id: rule.id,
        profile: rule.profile,
        sentences: rule.sentences,
        outcome: rule.outcome,
        tests: rule.tests.map(testName),
      })),
      tests: report.tests.map((test) => ({
        name: testName(test),
        rules: test.meta.rules,
        profile: test.meta.profile,
        outcome: test.outcome,
        message: test.message,
        exchange: test.exchange,
        keyExchange: test.keyExchange,
        ms: test.ms,
      })),
      cleanup: report.cleanup,
    },
    null,
    2,
  )}\n`;
}

export const xml = (text: string) =>
  text
    // biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 cannot carry these characters at all
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");

/**
 * Each rule's share of the run's wall time: a test's time is split between the rules it names, and the whole is scaled
 * to the run (files run at once), so the cases' times add up to the suite's.
 */
function ruleSeconds(report: Report): Map<string, number> {
  const shares = new Map<string, number>();
  let total = 0;
  for (const test of report.tests) {
    const rules = test.meta.rules.length || 1;
    for (const rule of test.meta.rules) shares.set(rule, (shares.get(rule) ?? 0) + test.ms / rules);
    total += test.ms;
  }
  const scale = total > 0 ? report.ms / total : 0;
  return new Map([...shares].map(([rule, ms]) => [rule, (ms * scale) / 1000]));
}

/** JUnit XML for CI: one test case per rule, named by its id and the sentence it checks. */
export function junit(report: Report): string {
  const c = counts(report.rules);
  const seconds = ruleSeconds(report);
  const cases = report.rules.map((rule) => {
    const name = xml(`${rule.id}: ${rule.sentences[0] ?? ""}`);
    const time = (seconds.get(rule.id) ?? 0).toFixed(3);
    const open = `    <testcase classname="bss-contract.${rule.profile}" name="${name}" time="${time}"`;
    if (rule.outcome === "pass") return `${open}/>`;
    if (rule.outcome === "not applicable") {
      const why = [...new Set(rule.tests.map((t) => t.message ?? ""))].join("; ");
      return `${open}>\n      <skipped message="${xml(`not applicable: ${why}`)}"/>\n    </testcase>`;
    }
    const failures = rule.tests.filter((t) => t.outcome === "fail");
    const body = failures.map((t) => `${testName(t)}\n${failureText(t)}`).join("\n\n");
    const message = xml(failures[0]?.message?.split("\n")[0] ?? "failed");
    return `${open}>\n      <failure message="${message}">${xml(body)}</failure>\n    </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="bss-mock contract" tests="${c.total}" failures="${c.failed}" skipped="${c.notApplicable}" time="${(report.ms / 1000).toFixed(3)}">`,
    // The suite's name stays the same from run to run (CI tools match cases across runs by it); the URL is a property.
    `  <testsuite name="bss-mock contract (profile ${report.header.profile})" tests="${c.total}" failures="${c.failed}" skipped="${c.notApplicable}" time="${(report.ms / 1000).toFixed(3)}">`,
    "    <properties>",
    `      <property name="base-url" value="${xml(report.header.baseUrl)}"/>`,
    `      <property name="target" value="${xml(report.header.target)}"/>`,
    `      <property name="run" value="${xml(report.header.runId)}"/>`,
    "    </properties>",
    ...cases,
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}
