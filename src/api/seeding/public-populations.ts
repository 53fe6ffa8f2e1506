import { type PopulationFixture, readPopulationFixtures } from "../../content/index.js";
import { isoTimestamp } from "../../platform/iso-time.js";
import type { AnswerRecord, BatchRecord, UserModelRecord } from "../../store/index.js";
import { PUBLIC, uuidForName, type World } from "../../store/index.js";

/**
 * The public populations of fixtures/populations.json (read and validated by the content generator) as records of the
 * world: each population a public user model (same id) with one public benchmark batch of its tested answers.
 */

/** Stable ids for the records a fixture population makes: the same on every start and for every seed. */
export function benchmarkBatchId(populationId: string): string {
  return uuidForName(`population:${populationId}:benchmark-batch`);
}

export function benchmarkAnswerId(populationId: string, index: number): string {
  return uuidForName(`population:${populationId}:benchmark:${index}`);
}

const normalise = (timestamp: string) => isoTimestamp(Date.parse(timestamp));

/** Answers are keyed in option order, whatever order the file lists them in. */
function inOptionOrder<V>(options: readonly string[], values: Record<string, V>): Record<string, V> {
  return Object.fromEntries(options.map((option) => [option, values[option] as V]));
}

function userModelOf(population: PopulationFixture): UserModelRecord {
  return {
    id: population.id,
    orgId: null,
    name: population.name,
    description: population.description,
    metadata: population.metadata,
    created_at: normalise(population.created_at),
    question_count: population.question_count,
    simulacrum_count: population.simulacrum_count,
    status: population.status,
    data_source: population.data_source,
    effective_date: population.effective_date,
    reality_target: population.reality_target,
    simulation_engine: population.simulation_engine,
    test_started_at: normalise(population.test_started_at),
    test_finished_at: normalise(population.test_finished_at),
    upload_filename: population.upload_filename,
  };
}

function benchmarkBatchOf(population: PopulationFixture): BatchRecord {
  return {
    id: benchmarkBatchId(population.id),
    orgId: PUBLIC,
    ownerId: PUBLIC,
    kind: "answer",
    name: `${population.name}: benchmark`,
    description: `Ground-truth questions from "${population.data_source}" held out to test this population.`,
    created_at: normalise(population.test_started_at),
  };
}

/**
 * The benchmark answers, spread over the population's test window: the window is cut into two slots per answer, the
 * first for its prediction and the second for checking it against the ground truth, so the timestamps read like a
 * test run that went through the questions one by one.
 */
function benchmarkAnswersOf(population: PopulationFixture): AnswerRecord[] {
  const start = Date.parse(population.test_started_at);
  const slot = (Date.parse(population.test_finished_at) - start) / (2 * population.benchmark_answers.length);
  const at = (n: number) => isoTimestamp(start + Math.round(n * slot));
  return population.benchmark_answers.map((answer, index) => ({
    id: benchmarkAnswerId(population.id, index),
    orgId: PUBLIC,
    ownerId: PUBLIC,
    kind: "answer",
    benchmark: true,
    population: population.id,
    question: answer.question,
    answer_options: answer.answer_options,
    question_type: "single-choice",
    predicted_answer_percentages: inOptionOrder(answer.answer_options, answer.predicted_answer_percentages),
    ground_answer_counts: inOptionOrder(answer.answer_options, answer.ground_answer_counts),
    batch: benchmarkBatchId(population.id),
    status: "ready",
    created_at: at(2 * index),
    prediction_started_at: at(2 * index),
    prediction_finished_at: at(2 * index + 1),
    test_started_at: at(2 * index + 1),
    test_finished_at: at(2 * index + 2),
  }));
}

/** Stores a record unless an identical one is already there, so a persisted world is not rewritten on every start. */
function putIfChanged<T extends { id: string }>(
  collection: { get(id: string): T | undefined; put(r: T): T },
  record: T,
) {
  const current = collection.get(record.id);
  if (current === undefined || JSON.stringify(current) !== JSON.stringify(record)) collection.put(record);
}

/**
 * Puts the fixture populations' records into the world: each population as a public user model (orgId null) with one
 * public benchmark batch of its tested answers (orgId PUBLIC, kind "answer"). Public records of a persisted world that
 * the file no longer lists are removed, so the file stays the one source of public content.
 */
export function installPopulationFixtures(world: World, populations: readonly PopulationFixture[]): void {
  const models = new Set<string>();
  const batches = new Set<string>();
  const answers = new Set<string>();
  for (const population of populations) {
    const model = userModelOf(population);
    const batch = benchmarkBatchOf(population);
    const batchAnswers = benchmarkAnswersOf(population);
    putIfChanged(world.userModels, model);
    putIfChanged(world.batches, batch);
    models.add(model.id);
    batches.add(batch.id);
    for (const answer of batchAnswers) {
      putIfChanged(world.answers, answer);
      answers.add(answer.id);
    }
  }
  for (const model of world.userModels.listBy("org", PUBLIC)) {
    if (!models.has(model.id)) world.userModels.delete(model.id);
  }
  for (const batch of world.batches.listBy("org", PUBLIC)) {
    for (const answer of world.answers.listBy("batch", batch.id)) {
      if (!answers.has(answer.id)) world.answers.delete(answer.id);
    }
    if (!batches.has(batch.id)) world.batches.delete(batch.id);
  }
}

/** Validates fixtures/populations.json of `dir` and puts its populations into the world. */
export function loadPopulationFixtures(world: World, dir: string): void {
  installPopulationFixtures(world, readPopulationFixtures(dir));
}
