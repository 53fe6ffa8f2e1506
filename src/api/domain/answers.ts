import { Random } from "../../content/index.js";
import type { AnswerRecord, UserModelRecord } from "../../store/index.js";
import type { Services } from "../services.js";
import { type Caller, isVisibleOrg } from "./callers.js";
import { badRequest, notFound } from "./errors.js";
import { type Distribution, groundPercentages } from "./metrics.js";
import { populationAccuracy } from "./populations.js";
import {
  type BatchContents,
  checkDistinctOptions,
  type PredictionInput,
  predictedPercentages,
  quoted,
  requireBatch,
  storePrediction,
  toDistribution,
} from "./predictions.js";

/**
 * Answers: predictions tested against real answer counts (POST /v1/tests), with their metrics, and the test batches
 * that hold them.
 */

// ---- tested percentages ----

/**
 * A tested prediction: the population's prediction moved towards the ground truth so that its accuracy lands near
 * the accuracy the population advertises (a little either side, a few points worse at most), as a model tested at
 * 97% would score on one more question. A population without a tested average yet is taken as 90% accurate.
 */
export function testedPercentages(
  seed: number,
  population: Pick<UserModelRecord, "id" | "name" | "description" | "metadata">,
  question: string,
  options: readonly string[],
  ground: Distribution,
  advertised: number,
): Distribution {
  const prior = predictedPercentages(seed, population, question, options);
  const base = Number.isFinite(advertised) && advertised > 0.5 ? advertised : 0.9;
  const draw = new Random(seed, "tested", population.id, question, ...options).next();
  const target = Math.min(0.995, base + (draw - 0.65) * 0.06);
  const distance = accuracyDistance(options, prior, ground);
  const pull = distance <= 1 - target ? 1 : (1 - target) / distance;
  return toDistribution(
    options,
    options.map((option) => {
      const g = ground[option] ?? 0;
      return Math.max(0, g + pull * ((prior[option] ?? 0) - g));
    }),
  );
}

/** One minus accuracy: the total variation distance between two distributions. */
function accuracyDistance(options: readonly string[], p: Distribution, g: Distribution): number {
  return options.reduce((sum, option) => sum + Math.abs((p[option] ?? 0) - (g[option] ?? 0)), 0) / 2;
}

// ---- reading ----

/** A tested answer. Predictions have no ground truth, so they are not answers: reading one here is "not found". */
export function readAnswer(services: Services, caller: Caller, id: string): AnswerRecord {
  const record = services.world.answers.get(id);
  if (!record || !isVisibleOrg(record.orgId, caller) || record.kind !== "answer") throw notFound("Answer");
  return record;
}

// ---- tests ----

export interface TestInput extends PredictionInput {
  ground_answer_counts: Record<string, number>;
}

function checkGroundCounts(options: readonly string[], counts: Record<string, number>): void {
  const keys = Object.keys(counts);
  const missing = options.filter((option) => !Object.hasOwn(counts, option));
  const extra = keys.filter((key) => !options.includes(key));
  if (missing.length > 0 || extra.length > 0) {
    const problems = [
      missing.length > 0 ? `missing ${quoted(missing)}` : "",
      extra.length > 0 ? `not in answer_options ${quoted(extra)}` : "",
    ].filter(Boolean);
    throw badRequest(
      `ground_answer_counts must have exactly the answer_options as keys (${problems.join("; ")}); give one count per answer option.`,
    );
  }
  const total = keys.reduce((sum, key) => sum + (counts[key] ?? 0), 0);
  if (total === 0) {
    throw badRequest("ground_answer_counts add up to 0; give at least one respondent's answer to test against.");
  }
}

/** Predicts the question and scores the prediction against the real answer counts: a new answer. */
export function createTest(services: Services, caller: Caller, input: TestInput): AnswerRecord {
  checkDistinctOptions(input.answer_options);
  checkGroundCounts(input.answer_options, input.ground_answer_counts);
  return storePrediction(services, caller, "answer", input, input.ground_answer_counts, (population, options, ground) =>
    testedPercentages(
      services.world.seed,
      population,
      input.question,
      options,
      groundPercentages(options, ground ?? {}),
      populationAccuracy(services, caller, population),
    ),
  );
}

/** A batch of tests: the answers in it (a test batch holds nothing else, benchmark batches included). */
export function readTestBatch(services: Services, caller: Caller, id: string): BatchContents {
  const batch = requireBatch(services, caller, id, "answer");
  return { batch, records: services.world.answers.listBy("batch", batch.id).filter((r) => r.kind === "answer") };
}
