import { escapeHtml } from "../../content/index.js";
import type { CoverageItem, CoverageView } from "./coverage.js";

/** `bss-mock coverage`'s reports of a GET /__mock/coverage answer, and its thresholds. */

export interface Thresholds {
  /** Rules exercised, in percent, at least. */
  readonly minRules?: number | undefined;
  /** Must-handle answers and states reached, in percent, at least. */
  readonly minErrors?: number | undefined;
}

export interface Verdict {
  readonly name: string;
  readonly ok: boolean;
  readonly text: string;
}

export function verdicts(coverage: CoverageView, thresholds: Thresholds): Verdict[] {
  const out: Verdict[] = [];
  if (thresholds.minRules !== undefined) {
    const ok = coverage.rules.percent >= thresholds.minRules;
    out.push({
      name: "min-rules",
      ok,
      text: `rules exercised ${coverage.rules.percent} % ${ok ? ">=" : "<"} --min-rules ${thresholds.minRules} %`,
    });
  }
  if (thresholds.minErrors !== undefined) {
    const ok = coverage.errors_percent >= thresholds.minErrors;
    out.push({
      name: "min-errors",
      ok,
      text: `must-handle answers reached ${coverage.errors_percent} % ${ok ? ">=" : "<"} --min-errors ${thresholds.minErrors} %`,
    });
  }
  return out;
}

const scenarioHint = (item: CoverageItem) => (item.scenario ? `scenario ${item.scenario}: ${item.how}` : item.how);

function stateCases(coverage: CoverageView): Array<{ name: string; count: number }> {
  return Object.entries(coverage.states).flatMap(([kind, state]) => [
    ...Object.entries(state.observed).map(([name, count]) => ({ name: `${kind}: ${name}`, count })),
    ...state.never.map((name) => ({ name: `${kind}: ${name}`, count: 0 })),
  ]);
}

export function pretty(coverage: CoverageView, checks: readonly Verdict[]): string {
  const lines = [
    `Coverage of ${coverage.organisation === null ? "the whole mock" : `organisation ${coverage.organisation}`} since ${coverage.since}: ${coverage.requests} requests`,
    "",
    "Operations:",
    ...Object.entries(coverage.operations).map(
      ([op, statuses]) =>
        `  ${op}  ${Object.entries(statuses)
          .map(([status, n]) => `${status}×${n}`)
          .join(" ")}`,
    ),
    "",
    `Rules: ${coverage.rules.percent} % (${Object.keys(coverage.rules.exercised).length} exercised, ${coverage.rules.never.length} never)`,
    ...(coverage.rules.never.length ? [`  never: ${coverage.rules.never.join(", ")}`] : []),
    "",
    "States read:",
    ...Object.entries(coverage.states).map(
      ([kind, s]) =>
        `  ${kind}: ${Object.keys(s.observed).join(", ") || "(none)"}${s.never.length ? `; never ${s.never.join(", ")}` : ""}`,
    ),
    "",
    `Must-handle answers and states: ${coverage.errors_percent} % reached`,
    ...coverage.must_handle.map(
      (item) => `  ${item.reached ? "✓" : "✗"} ${item.title}${item.reached ? "" : ` (${scenarioHint(item)})`}`,
    ),
  ];
  if (checks.length) lines.push("", ...checks.map((c) => `${c.ok ? "PASS" : "FAIL"} ${c.text}`));
  return `${lines.join("\n")}\n`;
}

export function json(coverage: CoverageView, checks: readonly Verdict[]): string {
  return `${JSON.stringify({ ...coverage, thresholds: checks }, null, 2)}\n`;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 cannot carry these characters at all
const xml = (text: string) => escapeHtml(text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, ""));

interface Case {
  readonly name: string;
  readonly skipped?: string | undefined;
  readonly failure?: string | undefined;
}

function suite(name: string, cases: readonly Case[]): string {
  const skipped = cases.filter((c) => c.skipped !== undefined).length;
  const failures = cases.filter((c) => c.failure !== undefined).length;
  const body = cases.map((c) => {
    const open = `    <testcase classname="bss-coverage.${name}" name="${xml(c.name)}"`;
    if (c.failure !== undefined) return `${open}>\n      <failure message="${xml(c.failure)}"/>\n    </testcase>`;
    if (c.skipped !== undefined) return `${open}>\n      <skipped message="${xml(c.skipped)}"/>\n    </testcase>`;
    return `${open}/>`;
  });
  return [
    `  <testsuite name="bss-mock coverage: ${name}" tests="${cases.length}" failures="${failures}" skipped="${skipped}">`,
    ...body,
    "  </testsuite>",
  ].join("\n");
}

/** JUnit XML: one case per rule, per state and per must-handle answer, skipped when not reached. */
export function junit(coverage: CoverageView, checks: readonly Verdict[]): string {
  const rules: Case[] = [
    ...Object.keys(coverage.rules.exercised).map((id) => ({ name: id })),
    ...coverage.rules.never.map((id) => ({ name: id, skipped: "never exercised" })),
  ].sort((a, b) => a.name.localeCompare(b.name));
  const states: Case[] = stateCases(coverage).map((s) => ({
    name: s.name,
    skipped: s.count === 0 ? "never read in an answer" : undefined,
  }));
  const mustHandle: Case[] = coverage.must_handle.map((item) => ({
    name: `${item.id}: ${item.title}`,
    skipped: item.reached ? undefined : `never reached; ${scenarioHint(item)}`,
  }));
  const thresholds: Case[] = checks.map((c) => ({ name: c.name, failure: c.ok ? undefined : c.text }));
  const all = [...rules, ...states, ...mustHandle, ...thresholds];
  const failed = thresholds.filter((c) => c.failure !== undefined).length;
  const skipped = all.filter((c) => c.skipped !== undefined).length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="bss-mock coverage" tests="${all.length}" failures="${failed}" skipped="${skipped}">`,
    suite("rules", rules),
    suite("states", states),
    suite("must-handle", mustHandle),
    ...(thresholds.length ? [suite("thresholds", thresholds)] : []),
    "</testsuites>",
    "",
  ].join("\n");
}

/** A page of its own (no script, no outside resource): what was reached, and what never was. */
export function html(coverage: CoverageView, checks: readonly Verdict[]): string {
  const row = (cells: string[]) => `<tr>${cells.map((c) => `<td>${c}</td>`).join("")}</tr>`;
  const mark = (ok: boolean) => (ok ? '<span class="ok">✓</span>' : '<span class="no">✗</span>');
  const e = escapeHtml;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>bss-mock coverage</title>
<style>body{font:15px/1.45 system-ui,sans-serif;max-width:60rem;margin:1rem auto;padding:0 1rem}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.25rem .5rem;text-align:left;vertical-align:top}.ok{color:#17702b}.no{color:#b3261e}code{font-size:.9em}</style>
</head><body>
<h1>Coverage</h1>
<p>${e(coverage.organisation === null ? "The whole mock" : `Organisation ${coverage.organisation}`)} since ${e(coverage.since)}: ${coverage.requests} requests. Rules ${coverage.rules.percent} %, must-handle answers ${coverage.errors_percent} %.</p>
${checks.length ? `<ul>${checks.map((c) => `<li>${mark(c.ok)} ${e(c.text)}</li>`).join("")}</ul>` : ""}
<h2>Must-handle answers and states</h2>
<table><thead><tr><th></th><th>What</th><th>Count</th><th>How to reach it</th></tr></thead><tbody>
${coverage.must_handle.map((i) => row([mark(i.reached), e(i.title), String(i.count), i.reached ? "" : e(scenarioHint(i))])).join("\n")}
</tbody></table>
<h2>Operations</h2>
<table><thead><tr><th>Operation</th><th>Statuses</th></tr></thead><tbody>
${Object.entries(coverage.operations)
  .map(([op, s]) =>
    row([
      `<code>${e(op)}</code>`,
      e(
        Object.entries(s)
          .map(([k, n]) => `${k}×${n}`)
          .join(" "),
      ),
    ]),
  )
  .join("\n")}
</tbody></table>
<h2>States read</h2>
<table><thead><tr><th>State</th><th>Count</th></tr></thead><tbody>
${stateCases(coverage)
  .map((s) => row([`${mark(s.count > 0)} ${e(s.name)}`, String(s.count)]))
  .join("\n")}
</tbody></table>
<h2>Rules</h2>
<table><thead><tr><th>Rule</th><th>Count</th></tr></thead><tbody>
${[...Object.entries(coverage.rules.exercised), ...coverage.rules.never.map((id) => [id, 0] as const)]
  .map(([id, n]) => row([`${mark(Number(n) > 0)} <code>${e(String(id))}</code>`, String(n)]))
  .join("\n")}
</tbody></table>
</body></html>
`;
}

export const REPORTERS = { pretty, json, junit, html } as const;
export type ReporterName = keyof typeof REPORTERS;
