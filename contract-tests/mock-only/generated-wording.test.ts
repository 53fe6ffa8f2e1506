/**
 * Wording the mock generates from what the caller typed, where it could read awkwardly: automatic titles of
 * concept tests and the pages a journey names. These are the mock's own content choices (docs/decisions/mock-choices.md#generated-content), so the file runs only against the mock.
 */
import { as } from "../support/client.js";
import { visibleUserModelId } from "../support/fixtures.js";
import { describe, expect, it, MOCK } from "../support/harness.js";
import { runToCompletion, untilStatus } from "../support/simulations.js";
import { newCaller, useTarget } from "../support/target.js";

const target = useTarget();
const CONTENT = { ...MOCK, rules: ["MOCK-CONTENT"] };

interface Planned {
  id: string;
  title: string;
}

interface Journey {
  id: string;
  plan: { journey_task: { steps: string[] } };
  results: {
    steps: string[];
    by_user_model: Array<{
      drop_off_by_step: Array<{ step: string }>;
      common_paths: Array<{ path: string[] }>;
    }>;
  };
  markdown: string;
}

async function create(auth: string, body: Record<string, unknown>): Promise<string> {
  const userModelId = await visibleUserModelId(target, auth);
  const res = await as(target, auth).post("/v1/simulations", { ...body, user_model_ids: [userModelId] });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

describe("automatic titles of concept tests", CONTENT, () => {
  it("should quote a concept as written when it is no plain noun phrase, keeping its case and its product", async () => {
    const auth = newCaller();
    const cases: Array<[string, string]> = [
      ["For dogs: smart collar", '"For dogs: smart collar" concept test'],
      ["The Daily Brief", '"The Daily Brief" concept test'],
      ["In P1", '"In P1" concept test'],
      ["On-demand laundry", "On-demand laundry concept test"],
      ["Refills delivered monthly", '"Refills delivered monthly" concept test'],
    ];
    const ids = await Promise.all(
      cases.map(([concept]) => create(auth, { mode: "research", goal: "concept_test", inputs: { concept } })),
    );
    for (const [i, [concept, title]] of cases.entries()) {
      const planned = await untilStatus<Planned>(target, auth, ids[i] as string, "planned");
      expect(planned.title, concept).toBe(title);
    }
  });
});

describe("the pages a journey names", { ...MOCK, rules: ["MOCK-CONTENT", "MOCK-SHARE-PAGE"] }, () => {
  async function completed(auth: string, goal: string, start_url: string): Promise<Journey> {
    const inputs = { start_url, task: "Buy a gift card", goal_event: "completes checkout" };
    const id = await create(auth, { mode: "journey", goal, inputs });
    const sim = await runToCompletion<Journey>(target, auth, id);
    await as(target, auth).post(`/v1/simulations/${id}/share`).expect(200);
    return sim;
  }

  /** Every place a step is named: the plan, the results' steps, drop-offs and commonest paths. */
  function stepNames(sim: Journey): string[] {
    return [
      ...sim.plan.journey_task.steps,
      ...sim.results.steps,
      ...sim.results.by_user_model.flatMap((m) => [
        ...m.drop_off_by_step.map((d) => d.step),
        ...m.common_paths.flatMap((p) => p.path),
      ]),
    ];
  }

  it("should name the start page as the brief shows it, its path decoded, in steps, paths, report and share page", async () => {
    const auth = newCaller();
    for (const [goal, start_url] of [
      ["usability_test", "https://shop.example/é"],
      ["conversion_funnel", "https://shop.example/%C3%A9"],
    ] as const) {
      const sim = await completed(auth, goal, start_url);
      expect(sim.plan.journey_task.steps[0], goal).toBe("Land on shop.example/é");
      const names = stepNames(sim);
      expect(names, goal).toContain("Land on shop.example/é");
      for (const name of names) expect(name, goal).not.toMatch(/%[0-9A-F]{2}/i);
      expect(sim.markdown, goal).toContain("- Start: https://shop.example/é\n");
      expect(sim.markdown, goal).toMatch(/Commonest paths:[\s\S]*Land on shop\.example\/é/);
      expect(sim.markdown, goal).not.toContain("%C3%A9");
      const page = await target.http().get(`/v1/public/simulations/${sim.id}`).expect(200);
      expect(page.text, goal).toContain("shop.example/é");
      expect(page.text, goal).not.toContain("%C3%A9");
    }
  });

  it("should keep as written a percent sequence that is no UTF-8, and answer as usual", async () => {
    const auth = newCaller();
    const sim = await completed(auth, "usability_test", "https://shop.example/%C3%A9/%E9%zz");
    // A deep address is no step's name (issue 27): the step names the site, the method shows the address once.
    expect(sim.plan.journey_task.steps[0]).toBe("Land on a page on shop.example");
    expect(sim.markdown).toContain("- Start: https://shop.example/é/%E9%zz\n");
  });
});
