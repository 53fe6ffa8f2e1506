import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { PUBLIC, type World } from "../../store/world.js";
import { benchmarkBatchId } from "../seeding/public-populations.js";
import type { Services } from "../services.js";
import { callerOf, makeServices, predictionInput, refusalOf, UK_ADULTS } from "./__fixtures__/domain-services.js";
import { createTest, readAnswer, readTestBatch, testedPercentages } from "./answers.js";
import type { Caller } from "./callers.js";
import { accuracy, groundPercentages, recordMetrics } from "./metrics.js";
import { createPrediction, readPrediction } from "./predictions.js";

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

describe("tests and answers", () => {
  let services: Services;
  let world: World;
  let caller: Caller;

  beforeEach(() => {
    ({ services, world } = makeServices());
    caller = callerOf(world, "u", "acme");
  });

  it("should read a public benchmark batch but not add to it", () => {
    const batch = readTestBatch(services, caller, benchmarkBatchId(UK_ADULTS));
    expect(batch.records).toHaveLength(4);
    expect(batch.records.every((a) => a.orgId === PUBLIC)).toBe(true);
    const counts = { Definitely: 1, Probably: 1, "Probably not": 1, "Definitely not": 1 };
    const refusal = refusalOf(() =>
      createTest(services, caller, { ...predictionInput, ground_answer_counts: counts, batch_id: batch.batch.id }),
    );
    expect(refusal.kind).toBe("bad_request");
  });

  it("should score a test and read it back as an answer and as a prediction", () => {
    const counts = { Definitely: 0, Probably: 30, "Probably not": 50, "Definitely not": 20 };
    const answer = createTest(services, caller, { ...predictionInput, ground_answer_counts: counts });
    const metrics = recordMetrics(answer);
    expect(answer.ground_answer_counts).toEqual(counts);
    expect(metrics.ground_answer_percentages).toEqual({
      Definitely: 0,
      Probably: 0.3,
      "Probably not": 0.5,
      "Definitely not": 0.2,
    });
    expect(metrics.accuracy).toBeGreaterThan(0);
    expect(metrics.accuracy).toBeLessThanOrEqual(1);
    expect(readAnswer(services, caller, answer.id)).toEqual(answer);
    expect(readPrediction(services, caller, answer.id).predicted_answer_percentages).toEqual(
      answer.predicted_answer_percentages,
    );
    expect(readTestBatch(services, caller, answer.batch).batch.name).toBe("Test batch 2026-01-01 00:00:00 UTC");
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
});
