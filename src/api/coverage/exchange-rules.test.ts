import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { isRuleId } from "../../../contract-tests/traceability/rules.js";
import { operations } from "../assembly/operations.js";
import { defaultScenariosDir } from "../scenarios/files.js";
import { coverableRuleIds } from "./coverage.js";
import { EXCHANGE_RULES, exchangeRules } from "./exchange-rules.js";
import { MUST_HANDLE } from "./must-handle.js";
import { STATE_KINDS, STATE_RULES } from "./states.js";

describe("exchangeRules", () => {
  it("should name only rule ids the catalogue has", () => {
    const unknown = coverableRuleIds().filter((id) => !isRuleId(id));
    expect(unknown).toEqual([]);
  });

  it("should key only operations the mock serves, with statuses their routes document", () => {
    const documented = new Map(
      operations.map((op) => [`${op.route.method.toUpperCase()} ${op.route.path}`, op.route.responses ?? {}]),
    );
    const wrong: string[] = [];
    for (const [operation, statuses] of Object.entries(EXCHANGE_RULES)) {
      const responses = documented.get(operation);
      if (!responses) wrong.push(operation);
      else for (const status of Object.keys(statuses)) if (!(status in responses)) wrong.push(`${operation} ${status}`);
    }
    expect(wrong).toEqual([]);
  });

  it("should map an operation and status to the rules it shows, a 422 anywhere to the validation rule", () => {
    expect(exchangeRules({ method: "POST", route: "/v1/simulations", status: 409 })).toEqual([
      "SIM-CREATE-409-PLANNER-TURN",
    ]);
    expect(exchangeRules({ method: "GET", route: "/v1/projects/{project_id}", status: 422 })).toEqual([
      "VALIDATION-422",
    ]);
    // A delete refused while planning or while running: the status alone cannot say which.
    expect(exchangeRules({ method: "DELETE", route: "/v1/simulations/{simulation_id}", status: 409 })).toEqual([]);
    expect(exchangeRules({ method: "GET", route: "/nowhere", status: 200 })).toEqual([]);
  });

  it("should key state rules by known kinds and states", () => {
    for (const key of Object.keys(STATE_RULES)) {
      const [kind, states] = key.split(":") as [keyof typeof STATE_KINDS, string];
      for (const state of states.split("->")) expect(STATE_KINDS[kind]).toContain(state);
    }
  });
});

describe("MUST_HANDLE", () => {
  it("should name only shipped scenarios", () => {
    const shipped = readdirSync(defaultScenariosDir())
      .filter((name) => name.endsWith(".json") && name !== "scenario.schema.json")
      .map((name) => name.replace(/\.json$/, ""));
    const named = MUST_HANDLE.flatMap((item) => (item.scenario ? [item.scenario] : []));
    expect(named.filter((name) => !shipped.includes(name))).toEqual([]);
    expect(new Set(MUST_HANDLE.map((item) => item.id)).size).toBe(MUST_HANDLE.length);
  });
});
