import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { defaultFixturesDir, FixtureError } from "../../content/fixture-files.js";
import { loadGoals } from "../../content/goals.js";
import { benchmarkAnswerId, benchmarkBatchId, loadPopulationFixtures } from "../../content/populations.js";
import { PUBLIC, World } from "../../store/world.js";
import { ManualClock } from "../clock/clock.js";
import { Scheduler } from "../clock/scheduler.js";
import { optionsSchema } from "../config.js";
import type { Services } from "../services.js";
import type { Caller } from "./callers.js";
import { Refusal } from "./errors.js";
import {
  createPrediction,
  createTest,
  listPopulations,
  listUserModels,
  predictedPercentages,
  readAnswer,
  readPopulation,
  readPrediction,
  readPredictionBatch,
  readTestBatch,
  retestPopulation,
  testedPercentages,
} from "./populations.js";
import { accuracy, groundPercentages } from "./metrics.js";

const UK_ADULTS = "3f6c2a1e-8b4d-4c7a-9e2f-5a1b7c9d0e11";
const START = Date.parse("2026-01-01T00:00:00Z");

function makeServices(options: { retestMs?: number; seed?: number } = {}) {
  const world = new World(options.seed ?? 1);
  loadPopulationFixtures(world, defaultFixturesDir());
  const clock = new ManualClock(START);
  const services: Services = {
    world,
    clock,
    scheduler: new Scheduler(clock, world.jobs),
    options: optionsSchema.parse({
      clock: "manual",
      quiet: true,
      retestMs: options.retestMs ?? 5000,
      seed: options.seed ?? 1,
    }),
    content: { goals: loadGoals(defaultFixturesDir()) },
  };
  return { services, clock, world };
}

function callerOf(world: World, user: string, org: string): Caller {
  return { ...world.resolveCaller(user, org), isDemo: false };
}

function refusalOf(action: () => unknown): Refusal {
  try {
    action();
  } catch (error) {
    if (error instanceof Refusal) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

const predictionInput = {
  population_id: UK_ADULTS,
  question: "Would you try a meal-kit subscription at £30 a week?",
  answer_options: ["Definitely", "Probably", "Probably not", "Definitely not"],
  question_type: "single-choice",
};

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

describe("predictedPercentages", () => {
  const options = ["Yes", "No", "Don't know"];
  const uk = {
    id: UK_ADULTS,
    name: "UK adults 18+",
    description: "Adults across the United Kingdom.",
    metadata: { country: "GB", age_range: "18+" },
  };
  const genZ = {
    id: "genz",
    name: "US Gen Z (18-26)",
    description: "Young adults in the United States.",
    metadata: { country: "US", age_range: "18-26" },
  };

  it("should be the same for the same seed, population, question and options", () => {
    expect(predictedPercentages(1, uk, "Q?", options)).toEqual(predictedPercentages(1, uk, "Q?", options));
  });

  it("should change with the seed", () => {
    expect(predictedPercentages(2, uk, "Q?", options)).not.toEqual(predictedPercentages(1, uk, "Q?", options));
  });

  it("should give fractions over exactly the options that add up to 1", () => {
    for (let n = 2; n <= 20; n++) {
      const many = Array.from({ length: n }, (_, i) => `Option ${i + 1}`);
      const p = predictedPercentages(7, uk, `Question ${n}`, many);
      expect(Object.keys(p)).toEqual(many);
      const values = Object.values(p);
      expect(values.every((v) => v > 0 && v < 1)).toBe(true);
      expect(Math.abs(values.reduce((a, b) => a + b, 0) - 1)).toBeLessThan(1e-9);
    }
  });

  it("should not depend on the order of the options", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 12 }), { minLength: 2, maxLength: 8 }),
        fc.string(),
        (opts, q) => {
          const forward = predictedPercentages(3, uk, q, opts);
          const backward = predictedPercentages(3, uk, q, [...opts].reverse());
          for (const option of opts)
            expect(Math.abs((forward[option] ?? 0) - (backward[option] ?? 0))).toBeLessThan(2e-4);
        },
      ),
    );
  });

  it("should follow what the population is: its gender split, its ages, its nation, its parties", () => {
    const gender = predictedPercentages(1, uk, "What is your gender?", ["Male", "Female", "Prefer to self-describe"]);
    expect(gender["Prefer to self-describe"]).toBeLessThan(0.03);
    expect(gender.Female).toBeGreaterThan(0.4);
    const age = predictedPercentages(1, genZ, "How old are you?", ["18 to 21", "22 to 26", "27 to 40", "41 or older"]);
    expect((age["27 to 40"] ?? 0) + (age["41 or older"] ?? 0)).toBeLessThan(0.05);
    const nation = predictedPercentages(1, uk, "Which nation of the UK do you live in?", [
      "England",
      "Scotland",
      "Wales",
      "Northern Ireland",
    ]);
    expect(nation.England).toBeGreaterThan(0.75);
    const vote = predictedPercentages(
      1,
      uk,
      "Which party would you vote for if there were a general election tomorrow?",
      ["Labour", "Conservative", "Reform UK", "Liberal Democrat", "Green", "SNP", "Other", "Would not vote"],
    );
    expect(vote.SNP).toBeLessThan(0.04);
    expect(vote.Conservative).toBeGreaterThan(0.1);
  });
});

describe("testedPercentages", () => {
  const uk = {
    id: UK_ADULTS,
    name: "UK adults 18+",
    description: "Adults across the United Kingdom.",
    metadata: { country: "GB" },
  };

  it("should score near the accuracy the population advertises, whatever the ground truth", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 2, maxLength: 10 }),
        fc.string(),
        (counts, q) => {
          fc.pre(counts.some((c) => c > 0));
          const options = counts.map((_, i) => `Option ${i + 1}`);
          const ground = groundPercentages(
            options,
            Object.fromEntries(options.map((o, i) => [o, counts[i] as number])),
          );
          const tested = testedPercentages(1, uk, q, options, ground, 0.973);
          const score = accuracy(options, tested, ground);
          expect(score).toBeGreaterThan(0.93);
          expect(score).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});

describe("populations", () => {
  it("should average the benchmark answers' metrics", () => {
    const { services, world } = makeServices();
    const population = readPopulation(services, callerOf(world, "u", "o"), UK_ADULTS);
    // Worked out with python3 from fixtures/populations.json (four benchmark answers).
    expect(population.average_accuracy).toBeCloseTo(0.9730133079847909, 12);
    expect(population.average_squared_error).toBeCloseTo(0.0010733030692940482, 12);
    expect(population.average_normalised_information_loss).toBeCloseTo(0.0018778335337330547, 12);
    expect(population).toMatchObject({ public: true, status: "ready", test_finished_at: "2025-10-03T11:41:37.000Z" });
  });

  it("should list public populations and give user models the population's accuracy", () => {
    const { services, world } = makeServices();
    const caller = callerOf(world, "u", "o");
    const populations = listPopulations(services, caller);
    const models = listUserModels(services, caller);
    expect(models.map((m) => m.id)).toEqual(populations.map((p) => p.id));
    expect(models.map((m) => m.accuracy)).toEqual(populations.map((p) => p.average_accuracy));
    expect(models.every((m) => m.owned_by_org === false)).toBe(true);
  });

  it("should 404 an unknown population", () => {
    const { services, world } = makeServices();
    const refusal = refusalOf(() => retestPopulation(services, callerOf(world, "u", "o"), "not-a-population"));
    expect(refusal.kind).toBe("not_found");
    expect(refusal.message).toBe("Population not found");
  });

  it("should test for the retest time, then be ready with the organisation's own tests averaged in", () => {
    const { services, world, clock } = makeServices({ retestMs: 5000 });
    const caller = callerOf(world, "u", "retesters");
    const other = callerOf(world, "v", "bystanders");
    const before = readPopulation(services, caller, UK_ADULTS);
    const test = createTest(services, caller, {
      ...predictionInput,
      ground_answer_counts: { Definitely: 120, Probably: 380, "Probably not": 310, "Definitely not": 190 },
    });
    expect(readPopulation(services, caller, UK_ADULTS).average_accuracy).toBe(before.average_accuracy);

    const testing = retestPopulation(services, caller, UK_ADULTS);
    expect(testing).toMatchObject({ status: "testing", test_started_at: "2026-01-01T00:00:00.000Z" });
    expect(testing.test_finished_at).toBe(before.test_finished_at);
    expect(testing.average_accuracy).toBe(before.average_accuracy);

    clock.advance(4999);
    expect(readPopulation(services, caller, UK_ADULTS).status).toBe("testing");
    clock.advance(1);
    const ready = readPopulation(services, caller, UK_ADULTS);
    expect(ready).toMatchObject({ status: "ready", test_finished_at: "2026-01-01T00:00:05.000Z" });
    // The four benchmark answers stand for the 1,860 questions the population was tested on; the test is one more.
    expect(before.question_count).toBe(1860);
    expect(ready.question_count).toBe(1861);
    expect(ready.average_accuracy).toBeCloseTo((1860 * before.average_accuracy + test.accuracy) / 1861, 12);
    expect(Math.abs(ready.average_accuracy - before.average_accuracy)).toBeLessThan(0.001);

    // Another organisation sees the shared population untouched.
    expect(readPopulation(services, other, UK_ADULTS)).toEqual(before);
  });

  it("should answer testing even with a 0 ms retest, and be ready by the next request", () => {
    const { services, world } = makeServices({ retestMs: 0 });
    const caller = callerOf(world, "u", "instant");
    expect(retestPopulation(services, caller, UK_ADULTS).status).toBe("testing");
    expect(readPopulation(services, caller, UK_ADULTS).status).toBe("ready");
  });

  it("should count, with a 0 ms retest, the test made before it but not one made in the same millisecond after", () => {
    const { services, world } = makeServices({ retestMs: 0 });
    const caller = callerOf(world, "u", "instant");
    const counts = { Definitely: 1, Probably: 2, "Probably not": 3, "Definitely not": 4 };
    createTest(services, caller, { ...predictionInput, ground_answer_counts: counts });
    retestPopulation(services, caller, UK_ADULTS);
    const retested = readPopulation(services, caller, UK_ADULTS);
    createTest(services, caller, { ...predictionInput, question: "Later", ground_answer_counts: counts });
    expect(readPopulation(services, caller, UK_ADULTS)).toEqual(retested);
    expect(retested.question_count).toBe(1861);
  });

  it("should count, for a retest stored without tests_counted, the tests made up to when it finished", () => {
    const { services, world, clock } = makeServices({ retestMs: 5000 });
    const caller = callerOf(world, "u", "older-db");
    const counts = { Definitely: 1, Probably: 2, "Probably not": 3, "Definitely not": 4 };
    createTest(services, caller, { ...predictionInput, ground_answer_counts: counts });
    retestPopulation(services, caller, UK_ADULTS);
    const stored = world.retests.listBy("org", caller.orgId)[0];
    if (!stored) throw new Error("no retest stored");
    const { tests_counted: _kept, ...older } = stored;
    world.retests.put(older);
    clock.advance(2500);
    createTest(services, caller, { ...predictionInput, question: "During", ground_answer_counts: counts });
    clock.advance(2501);
    createTest(services, caller, { ...predictionInput, question: "After", ground_answer_counts: counts });
    expect(readPopulation(services, caller, UK_ADULTS).question_count).toBe(1862);
  });
});

describe("predictions, tests and batches", () => {
  let services: Services;
  let world: World;
  let caller: Caller;

  beforeEach(() => {
    ({ services, world } = makeServices());
    caller = callerOf(world, "u", "acme");
  });

  it("should create a prediction in a new, automatically named batch", () => {
    const prediction = createPrediction(services, caller, predictionInput);
    expect(prediction).toMatchObject({
      population: UK_ADULTS,
      population_name: "UK adults 18+ (nationally representative)",
      public: false,
      answer_options: predictionInput.answer_options,
      question_options: { question_type: "single-choice" },
      created_at: "2026-01-01T00:00:00.000Z",
    });
    expect(prediction.simulated_answer_percentages).toEqual(prediction.predicted_answer_percentages);
    const batch = readPredictionBatch(services, caller, prediction.batch);
    expect(batch.name).toBe("Prediction batch 2026-01-01 00:00:00 UTC");
    expect(batch.predictions.map((p) => p.id)).toEqual([prediction.id]);
  });

  it("should add to an existing batch and keep batch_name for new batches only", () => {
    const first = createPrediction(services, caller, {
      ...predictionInput,
      batch_name: "Pricing",
      batch_description: "d",
    });
    const second = createPrediction(services, caller, {
      ...predictionInput,
      batch_id: first.batch,
      batch_name: "ignored",
    });
    const batch = readPredictionBatch(services, caller, first.batch);
    expect(batch).toMatchObject({ name: "Pricing", description: "d" });
    expect(batch.predictions.map((p) => p.id)).toEqual([first.id, second.id]);
  });

  it("should 404 an unknown batch, another organisation's batch and an invisible population", () => {
    const mine = createPrediction(services, caller, predictionInput);
    const stranger = callerOf(world, "x", "elsewhere");
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect(refusalOf(() => createPrediction(services, caller, { ...predictionInput, batch_id: unknown })).message).toBe(
      "Batch not found",
    );
    expect(
      refusalOf(() => createPrediction(services, stranger, { ...predictionInput, batch_id: mine.batch })).kind,
    ).toBe("not_found");
    expect(refusalOf(() => readPrediction(services, stranger, mine.id)).message).toBe("Prediction not found");
    expect(refusalOf(() => readPredictionBatch(services, stranger, mine.batch)).message).toBe("Batch not found");
    expect(
      refusalOf(() => createPrediction(services, caller, { ...predictionInput, population_id: unknown })).message,
    ).toBe("Population not found");
  });

  it("should read a public benchmark batch but not add to it", () => {
    const batch = readTestBatch(services, caller, benchmarkBatchId(UK_ADULTS));
    expect(batch.answers).toHaveLength(4);
    expect(batch.answers.every((a) => a.public)).toBe(true);
    const counts = { Definitely: 1, Probably: 1, "Probably not": 1, "Definitely not": 1 };
    const refusal = refusalOf(() =>
      createTest(services, caller, { ...predictionInput, ground_answer_counts: counts, batch_id: batch.id }),
    );
    expect(refusal.kind).toBe("bad_request");
  });

  it("should score a test and read it back as an answer and as a prediction", () => {
    const counts = { Definitely: 0, Probably: 30, "Probably not": 50, "Definitely not": 20 };
    const answer = createTest(services, caller, { ...predictionInput, ground_answer_counts: counts });
    expect(answer.ground_answer_percentages).toEqual({
      Definitely: 0,
      Probably: 0.3,
      "Probably not": 0.5,
      "Definitely not": 0.2,
    });
    expect(answer.accuracy).toBeGreaterThan(0);
    expect(answer.accuracy).toBeLessThanOrEqual(1);
    expect(readAnswer(services, caller, answer.id)).toEqual(answer);
    expect(readPrediction(services, caller, answer.id).predicted_answer_percentages).toEqual(
      answer.predicted_answer_percentages,
    );
    expect(readTestBatch(services, caller, answer.batch).name).toBe("Test batch 2026-01-01 00:00:00 UTC");
  });

  it("should not read a prediction as an answer", () => {
    const prediction = createPrediction(services, caller, predictionInput);
    expect(refusalOf(() => readAnswer(services, caller, prediction.id)).message).toBe("Answer not found");
    expect(refusalOf(() => readTestBatch(services, caller, prediction.batch)).message).toBe("Batch not found");
  });

  it("should refuse counts whose keys are not exactly the options, naming them", () => {
    const refusal = refusalOf(() =>
      createTest(services, caller, {
        ...predictionInput,
        ground_answer_counts: { Definitely: 1, Probably: 1, "Probably not": 1, Maybe: 2 },
      }),
    );
    expect(refusal.kind).toBe("bad_request");
    expect(refusal.message).toContain('missing "Definitely not"');
    expect(refusal.message).toContain('not in answer_options "Maybe"');
  });

  it("should refuse counts that add up to 0", () => {
    const counts = { Definitely: 0, Probably: 0, "Probably not": 0, "Definitely not": 0 };
    const refusal = refusalOf(() => createTest(services, caller, { ...predictionInput, ground_answer_counts: counts }));
    expect(refusal.kind).toBe("bad_request");
    expect(refusal.message).toMatch(/add up to 0/);
  });

  it("should refuse repeated answer options", () => {
    const refusal = refusalOf(() =>
      createPrediction(services, caller, { ...predictionInput, answer_options: ["Yes", "Yes"] }),
    );
    expect(refusal.kind).toBe("bad_request");
  });
});
