import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import type { World } from "../../store/world.js";
import type { Services } from "../services.js";
import { callerOf, makeServices, predictionInput, refusalOf, UK_ADULTS } from "./__fixtures__/domain-services.js";
import type { Caller } from "./callers.js";
import { createPrediction, predictedPercentages, readPrediction, readPredictionBatch } from "./predictions.js";

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

describe("predictions and batches", () => {
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
      orgId: caller.orgId,
      answer_options: predictionInput.answer_options,
      question_type: "single-choice",
      created_at: "2026-01-01T00:00:00.000Z",
    });
    const batch = readPredictionBatch(services, caller, prediction.batch);
    expect(batch.batch.name).toBe("Prediction batch 2026-01-01 00:00:00 UTC");
    expect(batch.records.map((p) => p.id)).toEqual([prediction.id]);
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
    expect(batch.batch).toMatchObject({ name: "Pricing", description: "d" });
    expect(batch.records.map((p) => p.id)).toEqual([first.id, second.id]);
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

  it("should refuse repeated answer options", () => {
    const refusal = refusalOf(() =>
      createPrediction(services, caller, { ...predictionInput, answer_options: ["Yes", "Yes"] }),
    );
    expect(refusal.kind).toBe("bad_request");
  });
});
