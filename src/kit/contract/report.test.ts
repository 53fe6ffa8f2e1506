import { describe, expect, it } from "vitest";
import { junit, pretty, type Report, ruleResults } from "./report.js";
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

function failed(name: string, rules: string[], ms: number): TestResult {
  return {
    file: "states.test.ts",
    path: [],
    name,
    meta: { rules, profile: "spec", needs: [], readOnly: false },
    outcome: "fail",
    message: `expected 409 in ${name}`,
    exchange: {
      method: "DELETE",
      url: "http://127.0.0.1:4010/v1/simulations/x",
      requestHeaders: {},
      status: 204,
      responseHeaders: {},
      responseBody: "",
      ms: 1,
    },
    ms,
  };
}

describe("failures", () => {
  it("should print a test that fails two rules with its exchange once, pointing to it from the second rule", () => {
    const text = pretty(reportOf([failed("delete while running", ["R-A", "R-B"], 5)]));
    expect(text.match(/expected 409 in delete while running/g)).toHaveLength(1);
    expect(text.match(/DELETE http:\/\/127\.0\.0\.1:4010\/v1\/simulations\/x/g)).toHaveLength(1);
    expect(text).toContain("(its failure is shown under R-A)");
  });
});

describe("JUnit report", () => {
  it("should name the suite without the port and give case times that add up to the run's", () => {
    const report = { ...reportOf([failed("a", ["R-A", "R-B"], 300), failed("b", ["R-B"], 100)]), ms: 200 };
    const xmlText = junit(report);
    expect(xmlText).toContain('<testsuite name="bss-mock contract (profile mock)"');
    expect(xmlText).toContain('<property name="base-url" value="http://127.0.0.1:4010"/>');
    const times = [...xmlText.matchAll(/<testcase [^>]*time="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(times).toHaveLength(2);
    expect(times.reduce((a, b) => a + b, 0)).toBeCloseTo(0.2, 3);
    // R-A: half of a's 300 ms; R-B: the other half plus b's 100 ms; scaled by 200 / 400.
    expect(times.sort()).toEqual([0.075, 0.125]);
  });
});

describe("a failure marked with its rule", () => {
  it("should fail that rule only; the test's other rules are not applicable, not failed", () => {
    const test = { ...failed("settles", ["R-A", "R-B", "R-C"], 5), failedRules: ["R-B"] };
    const rules = reportOf([test]).rules;
    expect(rules.find((r) => r.id === "R-B")?.outcome).toBe("fail");
    for (const id of ["R-A", "R-C"]) {
      const rule = rules.find((r) => r.id === id);
      expect(rule?.outcome).toBe("not applicable");
      expect(rule?.tests[0]?.message).toBe("not reached: an earlier check of the test failed R-B");
    }
  });
});
