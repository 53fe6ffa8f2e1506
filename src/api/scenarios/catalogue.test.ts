import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scenarioCompileEnv } from "../assembly/startup-scenarios.js";
import { compileScenario } from "./catalogue.js";
import { readScenarioDir } from "./files.js";

function compile(rules: unknown[]) {
  return compileScenario({ name: "case", description: "A case.", rules }, "case.json", scenarioCompileEnv);
}

const RUN = { method: "POST", path: "/v1/simulations/{simulation_id}/run" };

describe("compiling a scenario", () => {
  it.each([
    ["an unknown field", [{ match: RUN, answer: { status: 409, detial: "x" } }], "rules.0.answer"],
    ["no action", [{ match: RUN }], "rules.0"],
    ["two actions", [{ match: RUN, answer: { status: 409 }, delay: { type: "fixed", ms: 1 } }], "rules.0.delay"],
    [
      "a path the API does not have",
      [{ match: { path: "/v1/simulation" }, answer: { status: 409 } }],
      "rules.0.match.path",
    ],
    [
      "a method the path does not take",
      [{ match: { method: "PUT", path: RUN.path }, answer: { status: 409 } }],
      "rules.0.match.method",
    ],
    [
      "an effect with nothing to act on",
      [
        {
          match: { method: "GET", path: "/v1/user-models" },
          effect: { type: "fail_run", at_fraction: 0.5, error: "x" },
        },
      ],
      "rules.0.effect.type",
    ],
    ["an effect without an operation", [{ effect: { type: "fail_planning", error: "x" } }], "rules.0.match"],
    [
      "nth with other counts",
      [{ match: RUN, occurrence: { nth: 2, at_most: 1 }, answer: { status: 409 } }],
      "rules.0.occurrence.nth",
    ],
    [
      "a 422 without an operation",
      [{ answer: { status: 422, validation_errors: [{ loc: ["body"], type: "missing", input: null }] } }],
      "rules.0.answer.validation_errors",
    ],
    [
      "a 422 the schema cannot give",
      [
        {
          match: { method: "POST", path: "/v1/simulations" },
          answer: { status: 422, validation_errors: [{ loc: ["body", "goal"], type: "too_short", input: "x" }] },
        },
      ],
      "rules.0.answer.validation_errors.0",
    ],
    [
      "a 422 item on another status",
      [{ match: RUN, answer: { status: 400, validation_errors: [{ loc: ["body"], type: "missing", input: null }] } }],
      "rules.0.answer.status",
    ],
    ["a status with no default body", [{ match: RUN, answer: { status: 299 } }], "rules.0.answer.status"],
  ])("should refuse %s, naming the file and the field", (_, rules, field) => {
    expect(() => compile(rules)).toThrow(`scenario case.json: field ${field}: `);
  });

  it("should complete a 422 item from the route's own schema: query parameters included", () => {
    const scenario = compile([
      {
        match: { method: "GET", path: "/v1/simulations" },
        answer: {
          status: 422,
          validation_errors: [{ loc: ["query", "limit"], type: "greater_than_equal", input: "0" }],
        },
      },
    ]);
    const action = scenario.rules[0]?.action;
    expect(action?.kind === "answer" && JSON.parse(action.answer.body as string)).toEqual({
      detail: [
        {
          type: "greater_than_equal",
          loc: ["query", "limit"],
          msg: "Input should be greater than or equal to 1",
          input: "0",
          ctx: { ge: 1 },
        },
      ],
    });
  });

  it("should write FastAPI's default body for a bare status, and Starlette's text for 500", () => {
    const [plain, crash] = compile([
      { match: RUN, answer: { status: 503, headers: { "Retry-After": "5" } } },
      { match: RUN, answer: { status: 500 } },
    ]).rules.map((rule) => rule.action);
    expect(plain).toMatchObject({
      kind: "answer",
      answer: {
        status: 503,
        body: '{"detail":"Service Unavailable"}',
        headers: [
          ["content-type", "application/json"],
          ["retry-after", "5"],
        ],
      },
    });
    expect(crash).toMatchObject({ answer: { status: 500, body: "Internal Server Error" } });
  });
});

describe("reading a scenario folder", () => {
  it("should name a file that is not JSON, with the line and column where it breaks", () => {
    const dir = mkdtempSync(join(tmpdir(), "bss-mock-scenarios-"));
    try {
      writeFileSync(join(dir, "broken.json"), '{\n  "name": "broken",\n  "rules": [}\n');
      expect(() => readScenarioDir(dir)).toThrow(
        new RegExp(`^scenario ${join(dir, "broken.json")}: line 3, column 13: `),
      );
      expect(() => readScenarioDir(join(dir, "missing"))).toThrow(
        `scenarios ${join(dir, "missing")}: no such folder or file`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("should read one scenario file given in place of a folder", () => {
    const dir = mkdtempSync(join(tmpdir(), "bss-mock-scenarios-"));
    try {
      const file = join(dir, "teapot.json");
      writeFileSync(file, JSON.stringify({ name: "teapot", description: "Tea.", rules: [] }));
      expect(readScenarioDir(file)).toEqual([
        { source: file, raw: { name: "teapot", description: "Tea.", rules: [] } },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("should report every schema error of a file at once", () => {
    const raw = { name: "", rules: [{ match: RUN, answer: { status: 409, detial: "x" } }] };
    expect(() => compileScenario(raw, "case.json", scenarioCompileEnv)).toThrow(
      /^scenario case\.json: field name: .+; field description: .+; field rules\.0\.answer: /,
    );
  });
});
