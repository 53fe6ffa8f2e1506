/**
 * What the proxy and `bss-mock check` found: exchanges judged, findings, and how often each rule was checked; kept
 * bounded (the first MAX_FINDINGS of each level, the rest counted), and written in the contract runner's reporters.
 */
import { brief, xml } from "../contract/report.js";
import type { Exchange, Finding, Verdict } from "./judge.js";

/** Findings of each level kept for the report; later ones are only counted. */
export const MAX_FINDINGS = 1000;

export interface ReportedFinding extends Finding {
  readonly method: string;
  readonly path: string;
  readonly status: number;
}

export interface ProxyReport {
  readonly exchanges: number;
  readonly violations: readonly ReportedFinding[];
  readonly suspects: readonly ReportedFinding[];
  /** Times each rule was checked. */
  readonly rules: Readonly<Record<string, number>>;
  /** Findings beyond MAX_FINDINGS, counted only. */
  readonly omitted: { readonly violations: number; readonly suspects: number };
}

export type Reporter = "pretty" | "json" | "junit";
export const REPORTERS: readonly Reporter[] = ["pretty", "json", "junit"];

export class Tally {
  #exchanges = 0;
  readonly #violations: ReportedFinding[] = [];
  readonly #suspects: ReportedFinding[] = [];
  readonly #rules = new Map<string, number>();
  readonly #omitted = { violations: 0, suspects: 0 };

  add(exchange: Exchange, verdict: Verdict): void {
    this.#exchanges++;
    for (const rule of verdict.checked) this.#rules.set(rule, (this.#rules.get(rule) ?? 0) + 1);
    for (const finding of verdict.findings) {
      const list = finding.level === "violation" ? this.#violations : this.#suspects;
      if (list.length >= MAX_FINDINGS) {
        this.#omitted[finding.level === "violation" ? "violations" : "suspects"]++;
        continue;
      }
      list.push({
        rule: finding.rule,
        level: finding.level,
        method: exchange.method,
        path: exchange.url,
        status: exchange.status,
        message: finding.message,
        spec: finding.spec,
      });
    }
  }

  report(): ProxyReport {
    return {
      exchanges: this.#exchanges,
      violations: [...this.#violations],
      suspects: [...this.#suspects],
      rules: Object.fromEntries([...this.#rules].sort(([a], [b]) => a.localeCompare(b))),
      omitted: { ...this.#omitted },
    };
  }
}

/**
 * The exit code of a report: 1 when there was a violation, or (without `strict`) a suspect; else 0. Without
 * --strict a suspect fails too: a run in CI should look at what is likely wrong; --strict fails only on what is
 * certain.
 */
export function exitCode(report: ProxyReport, strict: boolean): 0 | 1 {
  const violations = report.violations.length + report.omitted.violations;
  const suspects = report.suspects.length + report.omitted.suspects;
  return violations > 0 || (!strict && suspects > 0) ? 1 : 0;
}

export function summary(report: ProxyReport): string {
  const v = report.violations.length + report.omitted.violations;
  const s = report.suspects.length + report.omitted.suspects;
  return `${report.exchanges} exchanges: ${v} violation${v === 1 ? "" : "s"}, ${s} suspect${s === 1 ? "" : "s"}, ${Object.keys(report.rules).length} rules checked`;
}

function prettyFinding(finding: ReportedFinding): string[] {
  return [
    `${finding.level === "violation" ? "VIOLATION" : "SUSPECT  "} ${finding.rule}  ${finding.method} ${finding.path} -> ${finding.status}`,
    `     ${finding.message}`,
    `     ${brief(finding.spec)}`,
  ];
}

export function formatReport(report: ProxyReport, reporter: Reporter, title: string): string {
  if (reporter === "json") return `${JSON.stringify(report, null, 2)}\n`;
  if (reporter === "junit") return junit(report, title);
  const lines = [title, ""];
  for (const finding of [...report.violations, ...report.suspects]) lines.push(...prettyFinding(finding), "");
  for (const [level, n] of Object.entries(report.omitted))
    if (n > 0) lines.push(`… and ${n} more ${level} (the report keeps the first ${MAX_FINDINGS})`);
  const rules = Object.entries(report.rules);
  if (rules.length > 0) lines.push(`checked: ${rules.map(([rule, n]) => `${rule} ×${n}`).join(", ")}`);
  lines.push(summary(report));
  return `${lines.join("\n")}\n`;
}

/** JUnit XML: one case per rule checked, failed by its violations; suspects are printed, not failed. */
function junit(report: ProxyReport, title: string): string {
  const byRule = new Map<string, ReportedFinding[]>();
  for (const finding of [...report.violations, ...report.suspects])
    byRule.set(finding.rule, [...(byRule.get(finding.rule) ?? []), finding]);
  const rules = [...new Set([...Object.keys(report.rules), ...byRule.keys()])].sort();
  const failures = rules.filter((rule) => byRule.get(rule)?.some((f) => f.level === "violation")).length;
  const cases = rules.map((rule) => {
    const found = byRule.get(rule) ?? [];
    const open = `    <testcase classname="bss-mock.proxy" name="${xml(`${rule}: ${found[0]?.spec ?? ""}`)}"`;
    if (found.length === 0) return `${open}/>`;
    const text = (list: ReportedFinding[]) =>
      xml(list.map((f) => `${f.method} ${f.path} -> ${f.status}: ${f.message}`).join("\n"));
    const violations = found.filter((f) => f.level === "violation");
    const suspects = found.filter((f) => f.level === "suspect");
    const parts = [
      violations.length > 0
        ? `      <failure message="${xml(violations[0]?.message ?? "")}">${text(violations)}</failure>`
        : "",
      suspects.length > 0 ? `      <system-out>suspects:\n${text(suspects)}</system-out>` : "",
    ].filter(Boolean);
    return `${open}>\n${parts.join("\n")}\n    </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xml(title)}" tests="${rules.length}" failures="${failures}">`,
    `  <testsuite name="bss-mock proxy" tests="${rules.length}" failures="${failures}">`,
    "    <properties>",
    `      <property name="exchanges" value="${report.exchanges}"/>`,
    "    </properties>",
    ...cases,
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}
