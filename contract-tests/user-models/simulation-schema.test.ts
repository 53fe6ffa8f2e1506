/**
 * Spec "Endpoints" > "User models and schema": GET /v1/simulation-schema lists a mode's goals, and with `goal` gives
 * that goal's input schema. Which goals exist and the schemas' shape are not shown, so any non-empty list will do.
 */
import { goalIds, goalListEntries } from "../../src/kit/contract/goals.js";
import { as } from "../support/client.js";
import { describe, expect, forRule, it } from "../support/harness.js";
import { newCaller, useTarget } from "../support/target.js";

const target = useTarget();

describe("the simulation schema", { readOnly: true }, () => {
  it("should list a mode's goals without goal, and a goal's input schema with it", {
    rules: ["SCHEMA-GOALS-LIST", "SCHEMA-GOAL-INPUTS"],
  }, async () => {
    const auth = newCaller();
    for (const mode of ["research", "journey"]) {
      const list = await as(target, auth).get(`/v1/simulation-schema?mode=${mode}`);
      // The list's shape and the names in it are not shown: any list (or object of goals) with an entry will do.
      await forRule("SCHEMA-GOALS-LIST", () => {
        expect(list.status, mode).toBe(200);
        expect(goalListEntries(list.body), `${mode}: goals listed`).toBeGreaterThan(0);
      });
      // Which of an entry's strings is the goal id is not shown either: the first the schema endpoint takes.
      let schema: { body: unknown } | undefined;
      for (const goal of goalIds(list.body).slice(0, 16)) {
        const res = await as(target, auth).get(`/v1/simulation-schema?mode=${mode}&goal=${encodeURIComponent(goal)}`);
        if (res.status === 200) {
          schema = res;
          break;
        }
      }
      await forRule("SCHEMA-GOAL-INPUTS", () => {
        expect(schema, `${mode}: no entry of the goal list is answered with a schema`).toBeDefined();
        expect(typeof schema?.body).toBe("object");
        expect(schema?.body).not.toEqual(list.body);
      });
    }
  });
});
