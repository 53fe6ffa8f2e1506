/**
 * What the caller's default context does to a plan (a thermostat context's product name and a
 * maintenance tool's "Users:" line were stamped on a dog-walking concept and a flatmate app). The spec attaches the
 * default context to a simulation that names none; the mock lets it shape the plan only when the study is about its
 * product (docs/decisions/mock-choices.md#default-context), so this file runs only against the mock.
 */
import { as } from "../support/client.js";
import { visibleUserModelId } from "../support/fixtures.js";
import { describe, expect, it, MOCK } from "../support/harness.js";
import { untilStatus } from "../support/simulations.js";
import { newCaller, useTarget } from "../support/target.js";

const target = useTarget();

const TORQLY =
  "# Torqly\nTorqly is predictive-maintenance software for mid-sized manufacturing plants.\n\n**Users:** maintenance managers, plant managers, IT/OT leads.\n";

async function planned(auth: string, inputs: Record<string, unknown>): Promise<{ title: string; plan: unknown }> {
  const user_model_ids = [await visibleUserModelId(target, auth)];
  const res = await as(target, auth).post("/v1/simulations", {
    mode: "research",
    goal: "concept_test",
    inputs,
    user_model_ids,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return untilStatus<{ id: string; title: string; plan: unknown }>(target, auth, res.body.id as string, "planned");
}

describe("the caller's default context in a plan", { ...MOCK, rules: ["MOCK-CONTENT"] }, () => {
  it("should not name the context's product or users in a study about another product, and its product in one about it", async () => {
    const auth = newCaller();
    await as(target, auth).post("/v1/contexts", { name: "Torqly", body: TORQLY }).expect(201);
    const other = await planned(auth, { concept: "Uber for dogs: a walker at your door within the hour." });
    expect(JSON.stringify([other.title, other.plan])).not.toMatch(/Torqly|maintenance managers/);
    const own = await planned(auth, {
      concept: "Torqly Spindle Guard texts your maintenance lead before a bearing fails.",
    });
    // About its product, the context shapes the plan; the audience it names is still the people sampled (the first
    // visible user model, the UK public), not the context's "Users:" line (mixed samples).
    expect(JSON.stringify(own.plan)).toContain("Torqly");
    expect(JSON.stringify(own.plan)).not.toMatch(/maintenance managers/);
    expect(JSON.stringify(own.plan)).toContain("enough that UK adults 18+ would buy it");
  });
});
