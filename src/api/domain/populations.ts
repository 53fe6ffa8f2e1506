import { guessedWeights, knownAnswerWeights, Random, traitsOf } from "../../content/index.js";
import type { AnswerRecord, BatchRecord, FinishedRetest, RetestRecord, UserModelRecord } from "../../store/index.js";
import { orgPopulationKey, PUBLIC } from "../../store/index.js";
import { isoTimestamp } from "../clock/clock.js";
import { phaseDurations } from "../config.js";
import { type Services, timestamp } from "../services.js";
import { type Caller, nextIdOf } from "./callers.js";
import { badRequest, notFound } from "./errors.js";
import { isRetestHeld, scheduleRetestEnd } from "./fates.js";
import {
  type AnswerMetrics,
  answerMetrics,
  type Distribution,
  groundPercentages,
  populationAverages,
} from "./metrics.js";

/**
 * Answers (tested predictions), predictions, their batches, and populations with their retests. A population is a
 * user model (same id). Visibility follows docs/decisions/mock-choices.md#visibility: a caller sees public records and its own
 * organisation's; anything else is "not found".
 */

export const ANSWER_STATUS = "ready";

// ---- representations ----

export interface PredictionView {
  id: string;
  created_at: string;
  population: string;
  population_name: string;
  status: string;
  question: string;
  simulated_answer_percentages: Distribution;
  predicted_answer_percentages: Distribution;
  batch: string;
  prediction_started_at: string;
  prediction_finished_at: string;
  simulation_engine: string;
  public: boolean;
  answer_options: string[];
  question_options: { question_type: string };
}

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

export interface PopulationView {
  id: string;
  created_at: string;
  name: string;
  public: boolean;
  question_count: number;
  simulacrum_count: number;
  status: string;
  average_accuracy: number;
  average_squared_error: number;
  average_normalised_information_loss: number;
  data_source: string;
  description: string;
  effective_date: string;
  reality_target: string;
  simulation_engine: string;
  test_started_at: string;
  test_finished_at: string;
  upload_filename: string;
}

export interface UserModelView {
  id: string;
  name: string;
  description: string;
  accuracy: number;
  metadata: Record<string, unknown>;
  owned_by_org: boolean;
}

export interface PredictionBatchView {
  id: string;
  name: string;
  description: string | null;
  created_at: string;
  predictions: PredictionView[];
}

export interface TestBatchView {
  id: string;
  name: string;
  description: string | null;
  created_at: string;
  answers: AnswerView[];
}

// ---- visibility ----

function isVisibleOrg(orgId: string | null, caller: Caller): boolean {
  return orgId === null || orgId === PUBLIC || orgId === caller.orgId;
}

export function findPopulation(services: Services, caller: Caller, id: string): UserModelRecord | undefined {
  const model = services.world.userModels.get(id);
  return model && isVisibleOrg(model.orgId, caller) ? model : undefined;
}

function requirePopulation(services: Services, caller: Caller, id: string): UserModelRecord {
  const model = findPopulation(services, caller, id);
  if (!model) throw notFound("Population");
  return model;
}

// ---- predicted percentages ----

const DECIMALS = 1e4;

/** Fractions rounded to 4 decimals; the largest takes the rounding remainder, so they add up to 1. */
function toDistribution(options: readonly string[], weights: readonly number[]): Distribution {
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

// ---- answer and prediction views ----

function populationFacts(services: Services, populationId: string) {
  const model = services.world.userModels.get(populationId);
  return { name: model?.name ?? "(removed population)", engine: model?.simulation_engine ?? "unknown" };
}

export function predictionView(services: Services, record: AnswerRecord): PredictionView {
  const population = populationFacts(services, record.population);
  return {
    id: record.id,
    created_at: record.created_at,
    population: record.population,
    population_name: population.name,
    status: record.status,
    question: record.question,
    simulated_answer_percentages: { ...record.predicted_answer_percentages },
    predicted_answer_percentages: { ...record.predicted_answer_percentages },
    batch: record.batch,
    prediction_started_at: record.prediction_started_at,
    prediction_finished_at: record.prediction_finished_at,
    simulation_engine: population.engine,
    public: record.orgId === PUBLIC,
    answer_options: [...record.answer_options],
    question_options: { question_type: record.question_type },
  };
}

function metricsOf(record: AnswerRecord): AnswerMetrics {
  return answerMetrics(record.answer_options, record.predicted_answer_percentages, record.ground_answer_counts ?? {});
}

/** Only for records of kind "answer" (they have ground truth). */
export function answerView(services: Services, record: AnswerRecord): AnswerView {
  const population = populationFacts(services, record.population);
  const metrics = metricsOf(record);
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

/** Any visible prediction, including the prediction inside a tested answer (its Prediction fields are a subset). */
export function readPrediction(services: Services, caller: Caller, id: string): PredictionView {
  const record = services.world.answers.get(id);
  if (!record || !isVisibleOrg(record.orgId, caller)) throw notFound("Prediction");
  return predictionView(services, record);
}

// ---- creating predictions and tests ----

export interface PredictionInput {
  population_id: string;
  question: string;
  answer_options: string[];
  question_type: string;
  batch_id?: string | null | undefined;
  batch_name?: string | null | undefined;
  batch_description?: string | null | undefined;
}

export interface TestInput extends PredictionInput {
  ground_answer_counts: Record<string, number>;
}

const quoted = (values: readonly string[]) => values.map((value) => JSON.stringify(value)).join(", ");

function checkDistinctOptions(options: readonly string[]): void {
  const duplicates = options.filter((option, index) => options.indexOf(option) !== index);
  if (duplicates.length > 0) {
    throw badRequest(`answer_options must be distinct; ${quoted([...new Set(duplicates)])} appears more than once.`);
  }
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

function createRecord(
  services: Services,
  caller: Caller,
  kind: AnswerRecord["kind"],
  input: PredictionInput,
  counts: Record<string, number> | null,
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
    predicted_answer_percentages:
      ground === null
        ? predictedPercentages(services.world.seed, population, input.question, options)
        : testedPercentages(
            services.world.seed,
            population,
            input.question,
            options,
            groundPercentages(options, ground),
            populationView(services, caller, population).average_accuracy,
          ),
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

export function createPrediction(services: Services, caller: Caller, input: PredictionInput): PredictionView {
  checkDistinctOptions(input.answer_options);
  return predictionView(services, createRecord(services, caller, "prediction", input, null));
}

export function createTest(services: Services, caller: Caller, input: TestInput): AnswerView {
  checkDistinctOptions(input.answer_options);
  checkGroundCounts(input.answer_options, input.ground_answer_counts);
  return answerView(services, createRecord(services, caller, "answer", input, input.ground_answer_counts));
}

// ---- batches ----

function requireBatch(services: Services, caller: Caller, id: string, kind: BatchRecord["kind"]): BatchRecord {
  const batch = services.world.batches.get(id);
  if (!batch || !isVisibleOrg(batch.orgId, caller) || batch.kind !== kind) throw notFound("Batch");
  return batch;
}

export function readPredictionBatch(services: Services, caller: Caller, id: string): PredictionBatchView {
  const batch = requireBatch(services, caller, id, "prediction");
  const predictions = services.world.answers.listBy("batch", batch.id).map((r) => predictionView(services, r));
  return { id: batch.id, name: batch.name, description: batch.description, created_at: batch.created_at, predictions };
}

export function readTestBatch(services: Services, caller: Caller, id: string): TestBatchView {
  const batch = requireBatch(services, caller, id, "answer");
  const answers = services.world.answers
    .listBy("batch", batch.id)
    .filter((r) => r.kind === "answer")
    .map((r) => answerView(services, r));
  return { id: batch.id, name: batch.name, description: batch.description, created_at: batch.created_at, answers };
}

// ---- populations and retests ----

/** The organisation's own tests of the population, in creation order (the index keeps insertion order). */
function ownTests(services: Services, orgId: string, model: UserModelRecord): AnswerRecord[] {
  return services.world.answers
    .listBy("orgPopulation", orgPopulationKey(orgId, model.id))
    .filter((r) => !r.benchmark && r.kind === "answer");
}

/**
 * The answers a population's averages are taken over, as one organisation sees it (see `testedOn` for their weights):
 * - always the population's benchmark answers (the fixture's ground-truth questions);
 * - plus, once a retest of that organisation has finished, the organisation's own tests that retest counted: those
 *   that existed when it started (a count, not a time: on a manual clock or the instant preset a test added the
 *   moment a retest finished has the same timestamp, yet came after it). Later tests wait for the next retest.
 *   Other organisations' tests never count: public populations are shared, their retests are not.
 */
function scoredAnswers(services: Services, caller: Caller, model: UserModelRecord, last: FinishedRetest | null) {
  const benchmark = services.world.answers
    .listBy("orgPopulation", orgPopulationKey(model.orgId ?? PUBLIC, model.id))
    .filter((r) => r.benchmark && r.kind === "answer");
  if (last === null) return { benchmark, own: [] };
  const tests = ownTests(services, caller.orgId, model);
  const finished = Date.parse(last.test_finished_at);
  const own =
    last.tests_counted === undefined
      ? tests.filter((r) => Date.parse(r.created_at) <= finished)
      : tests.slice(0, last.tests_counted);
  return { benchmark, own };
}

/**
 * The averages and question count over everything the population was tested on. The fixture keeps a few benchmark
 * answers for the `question_count` questions the population was tested on, so together they weigh `question_count`
 * answers; each of the organisation's own tests weighs one and adds one question. One new answer therefore moves a
 * population tested on 980 questions by about a thousandth of the difference, not a fifth.
 */
function testedOn(services: Services, caller: Caller, model: UserModelRecord, last: FinishedRetest | null) {
  const { benchmark, own } = scoredAnswers(services, caller, model, last);
  const standsFor = benchmark.length > 0 ? Math.max(model.question_count, benchmark.length) / benchmark.length : 1;
  const averages = populationAverages([
    ...benchmark.map((r) => ({ ...metricsOf(r), weight: standsFor })),
    ...own.map((r) => ({ ...metricsOf(r), weight: 1 })),
  ]);
  return { averages, question_count: model.question_count + own.length };
}

interface TestState {
  status: string;
  test_started_at: string;
  test_finished_at: string;
  /** The organisation's last retest that finished, which the averages rest on; null: none yet (the fixture's test). */
  last: FinishedRetest | null;
}

function asFinished(retest: RetestRecord): FinishedRetest {
  const { test_started_at, test_finishes_at, tests_counted } = retest;
  return {
    test_started_at,
    test_finished_at: test_finishes_at,
    ...(tests_counted === undefined ? {} : { tests_counted }),
  };
}

/**
 * Status is derived from the clock at read time, never moved by a timer: "testing" until test_started_at plus the
 * retest time has passed, then "ready" with that moment as test_finished_at. While testing, and once a retest a
 * scenario failed has ended `failed`, test_finished_at and the averages are still those of the last test that
 * finished: test_finished_at always says when the averages shown were taken.
 */
function testState(
  model: UserModelRecord,
  retest: RetestRecord | undefined,
  now: number,
  justStarted: boolean,
): TestState {
  if (!retest) {
    return {
      status: model.status,
      test_started_at: model.test_started_at,
      test_finished_at: model.test_finished_at,
      last: null,
    };
  }
  const ended = !justStarted && !isRetestHeld(retest.fate) && now >= Date.parse(retest.test_finishes_at);
  const status = !ended ? "testing" : retest.fate?.fail ? "failed" : "ready";
  const last = status === "ready" ? asFinished(retest) : retest.previous;
  return {
    status,
    test_started_at: retest.test_started_at,
    test_finished_at: last?.test_finished_at ?? model.test_finished_at,
    last,
  };
}

function populationView(
  services: Services,
  caller: Caller,
  model: UserModelRecord,
  justStarted = false,
): PopulationView {
  const retest = services.world.retests.get(orgPopulationKey(caller.orgId, model.id));
  const state = testState(model, retest, services.clock.now(), justStarted);
  const { averages, question_count } = testedOn(services, caller, model, state.last);
  return {
    id: model.id,
    created_at: model.created_at,
    name: model.name,
    public: model.orgId === null,
    question_count,
    simulacrum_count: model.simulacrum_count,
    status: state.status,
    average_accuracy: averages.average_accuracy,
    average_squared_error: averages.average_squared_error,
    average_normalised_information_loss: averages.average_normalised_information_loss,
    data_source: model.data_source,
    description: model.description,
    effective_date: model.effective_date,
    reality_target: model.reality_target,
    simulation_engine: model.simulation_engine,
    test_started_at: state.test_started_at,
    test_finished_at: state.test_finished_at,
    upload_filename: model.upload_filename,
  };
}

/** Public populations first, then the organisation's own, in the order they were added. */
export function listPopulations(services: Services, caller: Caller): PopulationView[] {
  return services.world.visibleUserModels(caller.orgId).map((model) => populationView(services, caller, model));
}

export function readPopulation(services: Services, caller: Caller, id: string): PopulationView {
  return populationView(services, caller, requirePopulation(services, caller, id));
}

/**
 * Starts a retest of the population for the caller's organisation and answers with it in status "testing" (even
 * with a 0 ms retest time: the state moves by the next request). A retest asked for while one is still running
 * changes nothing and answers the running one.
 */
export function retestPopulation(services: Services, caller: Caller, id: string): PopulationView {
  const model = requirePopulation(services, caller, id);
  const key = orgPopulationKey(caller.orgId, model.id);
  const now = services.clock.now();
  const current = services.world.retests.get(key);
  if (current && (now < Date.parse(current.test_finishes_at) || isRetestHeld(current.fate))) {
    return populationView(services, caller, model);
  }
  const retest = services.world.retests.put({
    id: key,
    orgId: caller.orgId,
    population: model.id,
    test_started_at: isoTimestamp(now),
    test_finishes_at: isoTimestamp(now + phaseDurations(services.options).retestMs),
    tests_counted: ownTests(services, caller.orgId, model).length,
    // A failed retest counts for nothing: the last one that finished stays the one the averages rest on.
    previous: current?.fate?.fail ? current.previous : current ? asFinished(current) : null,
  });
  scheduleRetestEnd(services, retest);
  return populationView(services, caller, model, true);
}

// ---- user models ----

/**
 * The user models the caller can simulate with: public ones and the organisation's own. A user model is a population,
 * so its accuracy is the population's average_accuracy as this organisation sees it (benchmark answers, plus its own
 * tests once it has retested).
 */
export function listUserModels(services: Services, caller: Caller): UserModelView[] {
  return services.world.visibleUserModels(caller.orgId).map((model) => ({
    id: model.id,
    name: model.name,
    description: model.description,
    accuracy: populationView(services, caller, model).average_accuracy,
    metadata: model.metadata,
    owned_by_org: model.orgId !== null,
  }));
}
