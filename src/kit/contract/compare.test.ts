import { describe, expect, it } from "vitest";
import { compareReports, exchangeLine, prettyComparison, sideArgs } from "./compare.js";
import { parseArgs, UsageError } from "./main.js";
import type { Outcome } from "./run.js";

const exchange = (method: string, url: string, status: number, body = "") => ({
  method,
  url,
  requestHeaders: {},
  status,
  responseHeaders: {},
  responseBody: body,
  ms: 3,
});

function report(baseUrl: string, outcomes: Record<string, Outcome>, status: Record<string, number> = {}) {
  const rules = Object.entries(outcomes).map(([id, outcome]) => ({
    id,
    sentences: [`${id} sentence`],
    outcome,
    tests: [`t ${id}`],
  }));
  return {
    target: { baseUrl, target: "bss-mock 9.9.9", profile: "spec" },
    summary: {
      rules: {
        total: rules.length,
        passed: rules.filter((r) => r.outcome === "pass").length,
        failed: rules.filter((r) => r.outcome === "fail").length,
        notApplicable: rules.filter((r) => r.outcome === "not applicable").length,
      },
    },
    rules,
    tests: rules.map((r) => ({
      name: `t ${r.id}`,
      rules: [r.id],
      outcome: r.outcome,
      message: r.outcome === "fail" ? "DELETE /v1/simulations/x answered 204\nmore" : undefined,
      keyExchange: exchange("DELETE", `${baseUrl}/v1/simulations/x`, status[r.id] ?? 204),
    })),
  };
}

describe("--compare-mock", () => {
  it("should list only rules one side passes and the other fails, with both sides' exchanges", () => {
    const service = report("http://service", { A: "fail", B: "pass", C: "not applicable", D: "pass" });
    const mock = report("http://mock", { A: "pass", B: "pass", C: "pass", D: "fail" }, { A: 409 });
    const c = compareReports(service, mock);
    expect(c.differ.map((d) => [d.rule, d.mock.outcome, d.service.outcome])).toEqual([
      ["A", "pass", "fail"],
      ["D", "fail", "pass"],
    ]);
    expect(c.bothChecked).toBe(3);
    expect(c.oneSided).toEqual([{ rule: "C", mock: "pass", service: "not applicable" }]);
    const text = prettyComparison(c);
    expect(text).toMatch(/^A\s+pass\s+fail$/m);
    expect(text).toContain("mock: 409 DELETE /v1/simulations/x / service: 204 DELETE /v1/simulations/x");
    expect(text).toContain("service failed: DELETE /v1/simulations/x answered 204");
    expect(text).toContain("3 rules checked on both sides: 1 agree, 2 differ; 1 checked on one side only");
  });

  it("should run each side with the user's arguments, its own base URL, the profile and a JSON report", () => {
    expect(
      sideArgs(
        [
          "--base-url",
          "http://s",
          "--compare-mock",
          "--only=A",
          "--reporter",
          "pretty",
          "--out=x",
          "--profile",
          "fastapi",
        ],
        "http://m",
        "fastapi",
        "/tmp/m.json",
      ),
    ).toEqual([
      "contract",
      "--base-url",
      "http://m",
      "--profile",
      "fastapi",
      "--only=A",
      "--reporter",
      "json",
      "--out",
      "/tmp/m.json",
    ]);
  });

  it("should say an exchange on one line, its body cut", () => {
    expect(exchangeLine(exchange("GET", "http://s/v1/x?y=1", 200, `{"a":"${"z".repeat(200)}"}`))).toMatch(
      /^200 GET \/v1\/x\?y=1 \{"a":"z+…$/,
    );
  });

  it("should refuse --compare-mock with --list", () => {
    expect(() => parseArgs(["--list", "--compare-mock"])).toThrow(UsageError);
  });
});
