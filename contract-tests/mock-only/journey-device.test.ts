/**
 * The device a journey is tested on (a grocery *app*, the context says iOS and Android, was
 * tested on `device: desktop`). The spec gives journeys no device input and says a context describes the product; the
 * mock reads the device from the context when the inputs leave it open (docs/decisions/mock-choices.md#journey-device), so this file
 * runs only against the mock.
 */
import { as } from "../support/client.js";
import { visibleUserModelId } from "../support/fixtures.js";
import { describe, expect, it, MOCK } from "../support/harness.js";
import { runToCompletion } from "../support/simulations.js";
import { newCaller, useTarget } from "../support/target.js";

const target = useTarget();

interface Journey {
  id: string;
  plan: { journey_task: { device: string; steps: string[] } };
  results: { steps: string[]; by_user_model: Array<{ friction_points: Array<{ issue: string }> }> };
  markdown: string;
}

const APP =
  "# Basketful\n\n**What it is.** Basketful is a grocery delivery app for iOS and Android: order by 10pm, delivered tomorrow.\n";

async function journey(auth: string, context_id: string, inputs: Record<string, unknown>): Promise<Journey> {
  const user_model_ids = [await visibleUserModelId(target, auth)];
  const start_url = "https://app.basketful.example/";
  const res = await as(target, auth).post("/v1/simulations", {
    mode: "journey",
    goal: "usability_test",
    inputs: { start_url, task: "Find a recipe and add its ingredients to the basket", ...inputs },
    user_model_ids,
    context_id,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return runToCompletion<Journey>(target, auth, res.body.id as string);
}

describe("the device of a journey planned against a context", { ...MOCK, rules: ["MOCK-CONTENT"] }, () => {
  it("should test an app-only product on mobile in its plan, steps, results and report when the inputs name no device", async () => {
    const auth = newCaller();
    const context = await as(target, auth).post("/v1/contexts", { name: "Basketful", body: APP }).expect(201);
    const sim = await journey(auth, context.body.id as string, {});
    expect(sim.plan.journey_task.device).toBe("mobile");
    expect(sim.plan.journey_task.steps).toContain("Scan the headline and open the menu");
    expect(sim.results.steps).toEqual(sim.plan.journey_task.steps);
    // The device is said with its basis: here the context's (an app), as the brief names none.
    expect(sim.markdown).toMatch(/\n- Device: mobile \(the brief names no device; [^)]*\)\n/);
    // Friction that needs a mouse and a wide screen is not reported from phones.
    const issues = sim.results.by_user_model.flatMap((m) => m.friction_points.map((p) => p.issue));
    for (const issue of issues) expect(issue).not.toMatch(/hover|under 'More' in the top menu/);
  });

  it("should keep the device the inputs name over the context's", async () => {
    const auth = newCaller();
    const context = await as(target, auth).post("/v1/contexts", { name: "Basketful", body: APP }).expect(201);
    const sim = await journey(auth, context.body.id as string, { device: "desktop" });
    expect(sim.plan.journey_task.device).toBe("desktop");
    expect(sim.plan.journey_task.steps).toContain("Scan the headline and navigation");
    expect(sim.markdown).toContain("\n- Device: desktop (as the brief sets it)\n");
  });
});
