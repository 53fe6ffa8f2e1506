import { describe, expect, it } from "vitest";
import { pretty, type Report, ruleResults } from "./report.js";
import type { TestResult } from "./run.js";

function notApplicable(name: string, message: string): TestResult {
  return {
    file: "lifecycle.test.ts",
    path: ["delete"],
    name,
    meta: { rules: ["SIM-DELETE-409-PLANNING"], profile: "spec", needs: [], readOnly: false },
    outcome: "not applicable",
    message,
    ms: 1,
  };
}

function reportOf(tests: TestResult[]): Report {
  const catalogue = { sentences: () => ["delete is refused while planning"], profile: () => "spec" as const };
  return {
    header: { baseUrl: "http://127.0.0.1:4010", target: "bss-mock", profile: "mock", runId: "r", notes: [] },
    rules: ruleResults(tests, catalogue),
    tests,
    ms: 10,
    cleanup: [],
  };
}

describe("pretty report", () => {
  it("should give a rule's not-applicable reason once, also when one test words it with more detail", () => {
    const text = pretty(
      reportOf([
        notApplicable("a", "the simulation was planned before it could be deleted (the target plans instantly)"),
        notApplicable("b", "the simulation was planned before it could be deleted"),
        notApplicable("c", "the simulation was planned before it could be deleted"),
      ]),
    );
    expect(text).toContain(
      "N/A  SIM-DELETE-409-PLANNING: the simulation was planned before it could be deleted (the target plans instantly)\n",
    );
  });

  it("should keep reasons that differ, in the order the tests gave them", () => {
    const text = pretty(reportOf([notApplicable("a", "needs a manual clock"), notApplicable("b", "creates data")]));
    expect(text).toContain("N/A  SIM-DELETE-409-PLANNING: needs a manual clock; creates data\n");
  });
});
