import { guessedWeights, knownAnswerWeights, Random, traitsOf } from "../../content/index.js";
import type { AnswerRecord, BatchRecord, UserModelRecord } from "../../store/index.js";
import { type Services, timestamp } from "../services.js";
import { type Caller, isVisibleOrg, nextIdOf } from "./callers.js";
import { badRequest, notFound } from "./errors.js";
import type { Distribution } from "./metrics.js";
import { requirePopulation } from "./populations.js";

/**
 * Predictions (how a population answers a question) and the batches that group them under a name and description.
 * A tested answer (answers.ts) is a prediction scored against ground truth: it is stored, batched and read as a
 * prediction here too.
 */

export const ANSWER_STATUS = "ready";

/** A batch with the records it holds, in the order they were added. */
export interface BatchContents {
  batch: BatchRecord;
  records: AnswerRecord[];
}

// ---- predicted percentages ----

const DECIMALS = 1e4;

/** Fractions rounded to 4 decimals; the largest takes the rounding remainder, so they add up to 1. */
export function toDistribution(options: readonly string[], weights: readonly number[]): Distribution {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const rounded = weights.map((weight) => Math.max(1, Math.round((weight / total) * DECIMALS)));
  let largest = 0;
  rounded.forEach((value, index) => {
    if (value > (rounded[largest] as number)) largest = index;
  });
  rounded[largest] = (rounded[largest] as number) + DECIMALS - rounded.reduce((sum, value) => sum + value, 0);
  // fromEntries defines own properties, so an option called "__proto__" is a key like any other.
  return Object.fromEntries(options.map((option, index) => [option, (rounded[index] as number) / DECIMALS]));
}

/**
 * The simulated distribution over the options: deterministic in (seed, population, question, options), never
 * Math.random. What the population is (content/predictions.ts: its ages, its country, known base rates) comes first,
 * with a little seeded spread so two populations of the same country do not answer identically; anything else is a
 * seeded guess that does not depend on the options' order.
 */
export function predictedPercentages(
  seed: number,
  population: Pick<UserModelRecord, "id" | "name" | "description" | "metadata"> & { reality_target?: string },
  question: string,
  options: readonly string[],
): Distribution {
  const known = knownAnswerWeights(question, options, traitsOf(population));
  if (known) {
    const spread = options.map(
      (option, index) =>
        (known[index] as number) * (0.92 + 0.16 * new Random(seed, "known", population.id, question, option).next()),
    );
    return toDistribution(options, spread);
  }
  return toDistribution(options, guessedWeights(seed, population.id, question, options));
}

// ---- reading ----

/** Any visible prediction, including the prediction inside a tested answer (its Prediction fields are a subset). */
export function readPrediction(services: Services, caller: Caller, id: string): AnswerRecord {
  const record = services.world.answers.get(id);
  if (!record || !isVisibleOrg(record.orgId, caller)) throw notFound("Prediction");
  return record;
}

// ---- creating predictions ----

export interface PredictionInput {
  population_id: string;
  question: string;
  answer_options: string[];
  question_type: string;
  batch_id?: string | null | undefined;
  batch_name?: string | null | undefined;
  batch_description?: string | null | undefined;
}

export const quoted = (values: readonly string[]) => values.map((value) => JSON.stringify(value)).join(", ");

export function checkDistinctOptions(options: readonly string[]): void {
  const duplicates = options.filter((option, index) => options.indexOf(option) !== index);
  if (duplicates.length > 0) {
    throw badRequest(`answer_options must be distinct; ${quoted([...new Set(duplicates)])} appears more than once.`);
  }
}

function automaticBatchName(kind: BatchRecord["kind"], now: string): string {
  const when = `${now.slice(0, 10)} ${now.slice(11, 19)} UTC`;
  return kind === "prediction" ? `Prediction batch ${when}` : `Test batch ${when}`;
}

/**
 * The batch a new record joins: the caller's organisation's batch of the same kind when `batch_id` is given (unknown
 * or invisible: 404; a public benchmark batch or one of the other kind: 400), else a new batch named by `batch_name`
 * or automatically. `batch_name` and `batch_description` only name a new batch; with `batch_id` they are ignored.
 */
function batchFor(
  services: Services,
  caller: Caller,
  kind: BatchRecord["kind"],
  input: PredictionInput,
  now: string,
): BatchRecord {
  const { world } = services;
  if (input.batch_id) {
    const batch = world.batches.get(input.batch_id);
    if (!batch || !isVisibleOrg(batch.orgId, caller)) throw notFound("Batch");
    if (batch.orgId !== caller.orgId) {
      throw badRequest(
        `Batch ${batch.id} is a public benchmark batch and takes no new records; omit batch_id to start a batch.`,
      );
    }
    if (batch.kind !== kind) {
      const holds = batch.kind === "prediction" ? "predictions" : "tests";
      throw badRequest(
        `Batch ${batch.id} holds ${holds}; pass a batch of the same kind or omit batch_id to start one.`,
      );
    }
    return batch;
  }
  const name = input.batch_name?.trim() ? input.batch_name : automaticBatchName(kind, now);
  return world.batches.put({
    id: nextIdOf(services, caller),
    orgId: caller.orgId,
    ownerId: caller.id,
    kind,
    name,
    description: input.batch_description ?? null,
    created_at: now,
  });
}

/**
 * Stores a prediction (`counts` null) or a tested answer (`counts` given, keyed by the options) in its batch, with the
 * distribution `percentages` works out for the population asked.
 */
export function storePrediction(
  services: Services,
  caller: Caller,
  kind: AnswerRecord["kind"],
  input: PredictionInput,
  counts: Record<string, number> | null,
  percentages: (
    population: UserModelRecord,
    options: readonly string[],
    ground: Record<string, number> | null,
  ) => Distribution,
): AnswerRecord {
  const population = requirePopulation(services, caller, input.population_id);
  const now = timestamp(services);
  const batch = batchFor(services, caller, kind, input, now);
  const options = [...input.answer_options];
  const ground =
    counts === null ? null : Object.fromEntries(options.map((option) => [option, counts[option] ?? 0] as const));
  return services.world.answers.put({
    id: nextIdOf(services, caller),
    orgId: caller.orgId,
    ownerId: caller.id,
    kind,
    benchmark: false,
    population: population.id,
    question: input.question,
    answer_options: options,
    question_type: input.question_type,
    predicted_answer_percentages: percentages(population, options, ground),
    ground_answer_counts: ground,
    batch: batch.id,
    status: ANSWER_STATUS,
    created_at: now,
    // The mock predicts and tests synchronously, so every phase starts and ends at the request's time.
    prediction_started_at: now,
    prediction_finished_at: now,
    test_started_at: counts === null ? null : now,
    test_finished_at: counts === null ? null : now,
  });
}

export function createPrediction(services: Services, caller: Caller, input: PredictionInput): AnswerRecord {
  checkDistinctOptions(input.answer_options);
  return storePrediction(services, caller, "prediction", input, null, (population, options) =>
    predictedPercentages(services.world.seed, population, input.question, options),
  );
}

// ---- batches ----

export function requireBatch(services: Services, caller: Caller, id: string, kind: BatchRecord["kind"]): BatchRecord {
  const batch = services.world.batches.get(id);
  if (!batch || !isVisibleOrg(batch.orgId, caller) || batch.kind !== kind) throw notFound("Batch");
  return batch;
}

export function readPredictionBatch(services: Services, caller: Caller, id: string): BatchContents {
  const batch = requireBatch(services, caller, id, "prediction");
  return { batch, records: services.world.answers.listBy("batch", batch.id) };
}
