import { describe, expect, it } from "vitest";
import { Coverage } from "./coverage.js";
import { html, json, verdicts } from "./report.js";

const view = () => {
  const coverage = new Coverage(() => 0);
  coverage.record({
    method: "POST",
    template: "/v1/simulations",
    status: 201,
    org: "<acme>",
    applied: undefined,
    body: () => undefined,
  });
  return coverage.view("<acme>", (ms) => new Date(ms).toISOString());
};

describe("coverage reports", () => {
  it("should judge each threshold given, and only those", () => {
    const coverage = view();
    expect(verdicts(coverage, {})).toEqual([]);
    expect(verdicts(coverage, { minErrors: 100, minRules: 0 }).map((v) => [v.name, v.ok])).toEqual([
      ["min-rules", true],
      ["min-errors", false],
    ]);
  });

  it("should write an HTML page with what was never reached and how, escaped, fetching nothing", () => {
    const page = html(view(), verdicts(view(), { minErrors: 50 }));
    expect(page).toContain("Organisation &lt;acme&gt;");
    expect(page).toContain("scenario planner-busy: turn on planner-busy");
    expect(page).not.toMatch(/<script|<link|src=|https?:\/\//);
  });

  it("should keep the coverage as served in JSON, with the thresholds beside it", () => {
    const parsed = JSON.parse(json(view(), verdicts(view(), { minRules: 1 })));
    expect(parsed.operations).toEqual({ "POST /v1/simulations": { "201": 1 } });
    expect(parsed.thresholds[0]).toMatchObject({ name: "min-rules", ok: true });
  });
});
