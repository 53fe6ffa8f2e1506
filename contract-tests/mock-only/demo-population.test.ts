import { describe, expect, it, MOCK } from "../support/harness.js";
import { useTarget } from "../support/target.js";

/**
 * The demo organisation's own population (fixtures/organisations.json). An organisation user model has no benchmark
 * answers (README "Organisation data"), so its record must not claim questions it was tested on: "tested on 214
 * questions, accuracy 0" is what a UI showed first (finding 13 of black-box 6). The demo world tests it as an
 * organisation would (a batch of tests, then a retest), so it reads tested some time after it was uploaded, never
 * "ready" with test dates equal to its creation.
 */
const target = useTarget();

interface Population {
  id: string;
  name: string;
  public: boolean;
  status: string;
  question_count: number;
  average_accuracy: number;
  created_at: string;
  test_started_at: string;
  test_finished_at: string;
}

describe("demo organisation's population", { rules: ["MOCK-DEMO-WORLD"], needs: ["demo-caller"] }, () => {
  it("claims no tested questions it has no accuracy for", MOCK, async () => {
    const res = await target.http().get("/v1/populations").expect(200);
    const own = (res.body.data as Population[]).filter((p) => !p.public);
    expect(own.map((p) => p.name)).toEqual(["Weeknight subscribers (customer panel)"]);
    for (const population of own) {
      if (population.average_accuracy === 0) expect(population.question_count, population.name).toBe(0);
    }
  });

  it(
    "was tested some time after it was uploaded, on its own tests, with the accuracy its user model shows",
    MOCK,
    async () => {
      const res = await target.http().get("/v1/populations").expect(200);
      const [own] = (res.body.data as Population[]).filter((p) => !p.public);
      if (!own) throw new Error("the demo organisation has no population of its own");
      expect(own.status).toBe("ready");
      expect(own.question_count).toBeGreaterThan(0);
      expect(own.average_accuracy).toBeGreaterThan(0.5);
      expect(own.average_accuracy).toBeLessThan(1);
      const created = Date.parse(own.created_at);
      const started = Date.parse(own.test_started_at);
      const finished = Date.parse(own.test_finished_at);
      expect(started, "tested after it was created").toBeGreaterThan(created);
      expect(finished - started, "a retest on the realistic timing").toBe(5000);
      const models = await target.http().get("/v1/user-models").expect(200);
      const model = (models.body as Array<{ id: string; accuracy: number }>).find((m) => m.id === own.id);
      expect(model?.accuracy).toBe(own.average_accuracy);
    },
  );
});
