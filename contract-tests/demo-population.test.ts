import { describe, expect, it, MOCK } from "./support/harness.js";
import { useTarget } from "./support/target.js";

/**
 * The demo organisation's own population (fixtures/organisations.json). An organisation user model has no benchmark
 * answers (README "Organisation data"), so its record must not claim questions it was tested on: "tested on 214
 * questions, accuracy 0" is what a UI showed first (finding 13 of black-box 6).
 */
const target = useTarget();

interface Population {
  name: string;
  public: boolean;
  question_count: number;
  average_accuracy: number;
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
});
