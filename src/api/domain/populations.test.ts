import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FixtureError } from "../../content/fixture-files.js";
import { PUBLIC, World } from "../../store/world.js";
import { benchmarkAnswerId, benchmarkBatchId, loadPopulationFixtures } from "../seeding/public-populations.js";
import { callerOf, makeServices, predictionInput, refusalOf, UK_ADULTS } from "./__fixtures__/domain-services.js";
import { createTest } from "./answers.js";
import { fateRetest, releaseHolds } from "./fates.js";
import { recordMetrics } from "./metrics.js";
import { listPopulations, listUserModels, readPopulation, retestPopulation } from "./populations.js";

describe("population fixtures", () => {
  it("should load at least six public populations with 3 to 6 benchmark answers each", () => {
    const { world } = makeServices();
    const models = world.userModels.listBy("org", PUBLIC);
    expect(models.length).toBeGreaterThanOrEqual(6);
    for (const model of models) {
      expect(model.orgId).toBeNull();
      const answers = world.answers.listBy("batch", benchmarkBatchId(model.id));
      expect(answers.length).toBeGreaterThanOrEqual(3);
      expect(answers.length).toBeLessThanOrEqual(6);
      for (const answer of answers) {
        expect(answer).toMatchObject({ orgId: PUBLIC, kind: "answer", benchmark: true, population: model.id });
      }
    }
  });

  it("should give the same ids on every start", () => {
    const first = makeServices().world;
    const second = makeServices({ seed: 99 }).world;
    expect([...second.answers.values()].map((a) => a.id)).toEqual([...first.answers.values()].map((a) => a.id));
    expect(first.answers.get(benchmarkAnswerId(UK_ADULTS, 0))?.question).toBe("How often do you buy groceries online?");
  });

  it("should name the file and the field when the fixture is invalid", () => {
    const dir = mkdtempSync(join(tmpdir(), "bss-populations-"));
    const population = {
      id: UK_ADULTS,
      name: "Broken",
      description: "d",
      metadata: {},
      question_count: 1,
      simulacrum_count: 1,
      data_source: "s",
      effective_date: "2025-01-01",
      reality_target: "r",
      simulation_engine: "e",
      upload_filename: "f.csv",
      created_at: "2025-01-01T00:00:00Z",
      test_started_at: "2025-01-02T00:00:00Z",
      test_finished_at: "2025-01-02T01:00:00Z",
      status: "ready",
      benchmark_answers: [0, 1, 2].map(() => ({
        question: "Q?",
        answer_options: ["Yes", "No"],
        ground_answer_counts: { Yes: 1, Nope: 1 },
        predicted_answer_percentages: { Yes: 0.5, No: 0.5 },
      })),
    };
    writeFileSync(join(dir, "populations.json"), JSON.stringify({ populations: [population] }));
    expect(() => loadPopulationFixtures(new World(1), dir)).toThrow(FixtureError);
    expect(() => loadPopulationFixtures(new World(1), dir)).toThrow(
      /populations\.json: field populations\.0\.benchmark_answers\.0\.ground_answer_counts: .*missing \["No"\]/,
    );
  });
});

describe("populations", () => {
  it("should average the benchmark answers' metrics", () => {
    const { services, world } = makeServices();
    const population = readPopulation(services, callerOf(world, "u", "o"), UK_ADULTS);
    // Worked out with python3 from fixtures/populations.json (four benchmark answers).
    expect(population.averages.average_accuracy).toBeCloseTo(0.9730133079847909, 12);
    expect(population.averages.average_squared_error).toBeCloseTo(0.0010733030692940482, 12);
    expect(population.averages.average_normalised_information_loss).toBeCloseTo(0.0018778335337330547, 12);
    expect(population).toMatchObject({ status: "ready", test_finished_at: "2025-10-03T11:41:37.000Z" });
    expect(population.model.orgId).toBeNull();
  });

  it("should list public populations and give user models the population's accuracy", () => {
    const { services, world } = makeServices();
    const caller = callerOf(world, "u", "o");
    const populations = listPopulations(services, caller);
    const models = listUserModels(services, caller);
    expect(models.map((m) => m.id)).toEqual(populations.map((p) => p.model.id));
    expect(models.map((m) => m.accuracy)).toEqual(populations.map((p) => p.averages.average_accuracy));
    expect(models.every((m) => m.owned_by_org === false)).toBe(true);
  });

  it("should 404 an unknown population", () => {
    const { services, world } = makeServices();
    const refusal = refusalOf(() => retestPopulation(services, callerOf(world, "u", "o"), "not-a-population"));
    expect(refusal.kind).toBe("not_found");
    expect(refusal.message).toBe("Population not found");
  });

  it("should test for the retest time, then be ready with the organisation's own tests averaged in", () => {
    const { services, world } = makeServices({ retestMs: 5000 });
    const caller = callerOf(world, "u", "retesters");
    const other = callerOf(world, "v", "bystanders");
    const before = readPopulation(services, caller, UK_ADULTS);
    const test = createTest(services, caller, {
      ...predictionInput,
      ground_answer_counts: { Definitely: 120, Probably: 380, "Probably not": 310, "Definitely not": 190 },
    });
    expect(readPopulation(services, caller, UK_ADULTS).averages.average_accuracy).toBe(
      before.averages.average_accuracy,
    );

    const testing = retestPopulation(services, caller, UK_ADULTS);
    expect(testing).toMatchObject({ status: "testing", test_started_at: "2026-01-01T00:00:00.000Z" });
    expect(testing.test_finished_at).toBe(before.test_finished_at);
    expect(testing.averages.average_accuracy).toBe(before.averages.average_accuracy);

    services.scheduler.advance(4999);
    expect(readPopulation(services, caller, UK_ADULTS).status).toBe("testing");
    services.scheduler.advance(1);
    const ready = readPopulation(services, caller, UK_ADULTS);
    expect(ready).toMatchObject({ status: "ready", test_finished_at: "2026-01-01T00:00:05.000Z" });
    // The four benchmark answers stand for the 1,860 questions the population was tested on; the test is one more.
    expect(before.question_count).toBe(1860);
    expect(ready.question_count).toBe(1861);
    expect(ready.averages.average_accuracy).toBeCloseTo(
      (1860 * before.averages.average_accuracy + recordMetrics(test).accuracy) / 1861,
      12,
    );
    expect(Math.abs(ready.averages.average_accuracy - before.averages.average_accuracy)).toBeLessThan(0.001);

    // Another organisation sees the shared population untouched.
    expect(readPopulation(services, other, UK_ADULTS)).toEqual(before);
  });

  it("should answer testing even with a 0 ms retest, and be ready by the next request", () => {
    const { services, world } = makeServices({ retestMs: 0 });
    const caller = callerOf(world, "u", "instant");
    expect(retestPopulation(services, caller, UK_ADULTS).status).toBe("testing");
    services.scheduler.runDue(); // as the edge does before every request
    expect(readPopulation(services, caller, UK_ADULTS).status).toBe("ready");
  });

  it("should count, with a 0 ms retest, the test made before it but not one made in the same millisecond after", () => {
    const { services, world } = makeServices({ retestMs: 0 });
    const caller = callerOf(world, "u", "instant");
    const counts = { Definitely: 1, Probably: 2, "Probably not": 3, "Definitely not": 4 };
    createTest(services, caller, { ...predictionInput, ground_answer_counts: counts });
    retestPopulation(services, caller, UK_ADULTS);
    services.scheduler.runDue();
    const retested = readPopulation(services, caller, UK_ADULTS);
    createTest(services, caller, { ...predictionInput, question: "Later", ground_answer_counts: counts });
    expect(readPopulation(services, caller, UK_ADULTS)).toEqual(retested);
    expect(retested.question_count).toBe(1861);
  });

  it("should count, for a retest stored without tests_counted, the tests made up to when it finished", () => {
    const { services, world } = makeServices({ retestMs: 5000 });
    const caller = callerOf(world, "u", "older-db");
    const counts = { Definitely: 1, Probably: 2, "Probably not": 3, "Definitely not": 4 };
    createTest(services, caller, { ...predictionInput, ground_answer_counts: counts });
    retestPopulation(services, caller, UK_ADULTS);
    const stored = world.retests.listBy("org", caller.orgId)[0];
    if (!stored) throw new Error("no retest stored");
    const { tests_counted: _kept, ...older } = stored;
    world.retests.put(older);
    services.scheduler.advance(2500);
    createTest(services, caller, { ...predictionInput, question: "During", ground_answer_counts: counts });
    services.scheduler.advance(2501);
    createTest(services, caller, { ...predictionInput, question: "After", ground_answer_counts: counts });
    expect(readPopulation(services, caller, UK_ADULTS).question_count).toBe(1862);
  });

  it("should end a retest by its job on the scheduler, not by reading the clock (MOCK-POPULATIONS)", () => {
    const { services, world, clock } = makeServices({ retestMs: 5000 });
    const caller = callerOf(world, "u", "scheduled");
    retestPopulation(services, caller, UK_ADULTS);
    clock.advance(60_000); // the clock alone, no job run
    expect(readPopulation(services, caller, UK_ADULTS).status).toBe("testing");
    services.scheduler.runDue();
    expect(readPopulation(services, caller, UK_ADULTS)).toMatchObject({
      status: "ready",
      test_finished_at: "2026-01-01T00:00:05.000Z",
    });
    expect(world.retests.listBy("org", caller.orgId)[0]?.status).toBe("ready");
  });

  it("should keep a held retest testing until its hold is released, and end a failed one failed", () => {
    const { services, world } = makeServices({ retestMs: 5000 });
    const held = callerOf(world, "u", "held");
    retestPopulation(services, held, UK_ADULTS);
    expect(fateRetest(services, held.orgId, UK_ADULTS, { hold: "key" })).toBe(true);
    services.scheduler.advance(60_000);
    expect(readPopulation(services, held, UK_ADULTS).status).toBe("testing");
    releaseHolds(services, (key) => key === "key");
    services.scheduler.runDue();
    expect(readPopulation(services, held, UK_ADULTS)).toMatchObject({
      status: "ready",
      test_finished_at: "2026-01-01T00:01:00.000Z",
    });

    const failing = callerOf(world, "u", "failing");
    const before = readPopulation(services, failing, UK_ADULTS);
    retestPopulation(services, failing, UK_ADULTS);
    expect(fateRetest(services, failing.orgId, UK_ADULTS, { fail: { error: "no" } })).toBe(true);
    services.scheduler.advance(5000);
    expect(readPopulation(services, failing, UK_ADULTS)).toMatchObject({
      status: "failed",
      test_finished_at: before.test_finished_at,
    });
  });
});
