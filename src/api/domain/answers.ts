import { Random } from "../../content/index.js";
import type { AnswerRecord, UserModelRecord } from "../../store/index.js";
import { PUBLIC } from "../../store/index.js";
import type { Services } from "../services.js";
import { type Caller, isVisibleOrg } from "./callers.js";
import { badRequest, notFound } from "./errors.js";
import { type Distribution, groundPercentages, recordMetrics } from "./metrics.js";
import { populationAccuracy, populationFacts } from "./populations.js";
import {
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

// ---- representations ----

export interface AnswerView {
  id: string;
  created_at: string;
  population: string;
  population_name: string;
  status: string;
  question: string;
  accuracy: number;
  squared_error: number;
  root_mean_squared_error: number;
  simulated_answer_percentages: Distribution;
  predicted_answer_percentages: Distribution;
  information_loss: number;
  normalised_information_loss: number;
  batch: string;
  prediction_started_at: string;
  prediction_finished_at: string;
  test_started_at: string;
  test_finished_at: string;
  ground_answer_counts: Record<string, number>;
  ground_answer_percentages: Distribution;
  simulation_engine: string;
  public: boolean;
  answer_options: string[];
  question_options: { question_type: string };
}

export interface TestBatchView {
  id: string;
  name: string;
  description: string | null;
  created_at: string;
  answers: AnswerView[];
}

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

// ---- the answer view ----

/** Only for records of kind "answer" (they have ground truth). */
export function answerView(services: Services, record: AnswerRecord): AnswerView {
  const population = populationFacts(services, record.population);
  const metrics = recordMetrics(record);
  return {
    id: record.id,
    created_at: record.created_at,
    population: record.population,
    population_name: population.name,
    status: record.status,
    question: record.question,
    accuracy: metrics.accuracy,
    squared_error: metrics.squared_error,
    root_mean_squared_error: metrics.root_mean_squared_error,
    simulated_answer_percentages: { ...record.predicted_answer_percentages },
    predicted_answer_percentages: { ...record.predicted_answer_percentages },
    information_loss: metrics.information_loss,
    normalised_information_loss: metrics.normalised_information_loss,
    batch: record.batch,
    prediction_started_at: record.prediction_started_at,
    prediction_finished_at: record.prediction_finished_at,
    test_started_at: record.test_started_at ?? record.prediction_finished_at,
    test_finished_at: record.test_finished_at ?? record.prediction_finished_at,
    ground_answer_counts: { ...(record.ground_answer_counts ?? {}) },
    ground_answer_percentages: metrics.ground_answer_percentages,
    simulation_engine: population.engine,
    public: record.orgId === PUBLIC,
    answer_options: [...record.answer_options],
    question_options: { question_type: record.question_type },
  };
}

/** A tested answer. Predictions have no ground truth, so they are not answers: reading one here is "not found". */
export function readAnswer(services: Services, caller: Caller, id: string): AnswerView {
  const record = services.world.answers.get(id);
  if (!record || !isVisibleOrg(record.orgId, caller) || record.kind !== "answer") throw notFound("Answer");
  return answerView(services, record);
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
export function createTest(services: Services, caller: Caller, input: TestInput): AnswerView {
  checkDistinctOptions(input.answer_options);
  checkGroundCounts(input.answer_options, input.ground_answer_counts);
  const record = storePrediction(
    services,
    caller,
    "answer",
    input,
    input.ground_answer_counts,
    (population, options, ground) =>
      testedPercentages(
        services.world.seed,
        population,
        input.question,
        options,
        groundPercentages(options, ground ?? {}),
        populationAccuracy(services, caller, population),
      ),
  );
  return answerView(services, record);
}

export function readTestBatch(services: Services, caller: Caller, id: string): TestBatchView {
  const batch = requireBatch(services, caller, id, "answer");
  const answers = services.world.answers
    .listBy("batch", batch.id)
    .filter((r) => r.kind === "answer")
    .map((r) => answerView(services, r));
  return { id: batch.id, name: batch.name, description: batch.description, created_at: batch.created_at, answers };
}
