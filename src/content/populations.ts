import { z } from "zod";
import { isoTimestamp } from "../platform/iso-time.js";
import { uuidForName } from "../store/ids.js";
import type { AnswerRecord, BatchRecord, UserModelRecord } from "../store/records.js";
import { PUBLIC, type World } from "../store/world.js";
import { onFirstUse, readFixture } from "./fixture-files.js";

/**
 * fixtures/populations.json: the public populations (= user models, same id) every organisation sees, each with the
 * benchmark questions it was tested on. Averages and accuracy are never typed in the file: they are computed from the
 * benchmark answers by domain/metrics.ts when read.
 */

const SUM_TOLERANCE = 1e-6;

/**
 * The schemas, built on first use: the packaged file was validated by the build (src/api/packaged-content.ts); only a
 * user's --fixtures folder needs them at start.
 */
function buildPopulationSchemas() {
  const Timestamp = z.iso.datetime({ offset: true });

  const BenchmarkAnswerSchema = z
    .object({
      question: z.string().min(1),
      answer_options: z.array(z.string().min(1)).min(2).max(20),
      ground_answer_counts: z.record(z.string(), z.int().min(0)),
      predicted_answer_percentages: z.record(z.string(), z.number().min(0).max(1)),
    })
    .superRefine((answer, ctx) => {
      const options = answer.answer_options;
      if (new Set(options).size !== options.length) {
        ctx.addIssue({ code: "custom", path: ["answer_options"], message: "answer options must be distinct" });
        return;
      }
      for (const field of ["ground_answer_counts", "predicted_answer_percentages"] as const) {
        const keys = Object.keys(answer[field]);
        const missing = options.filter((option) => !keys.includes(option));
        const extra = keys.filter((key) => !options.includes(key));
        if (missing.length > 0 || extra.length > 0) {
          const parts = [
            missing.length > 0 ? `missing ${JSON.stringify(missing)}` : "",
            extra.length > 0 ? `not an answer option ${JSON.stringify(extra)}` : "",
          ].filter(Boolean);
          ctx.addIssue({
            code: "custom",
            path: [field],
            message: `keys must be exactly the answer options: ${parts.join(", ")}`,
          });
        }
      }
      const total = Object.values(answer.ground_answer_counts).reduce((sum, count) => sum + count, 0);
      if (total === 0) ctx.addIssue({ code: "custom", path: ["ground_answer_counts"], message: "counts add up to 0" });
      const sum = Object.values(answer.predicted_answer_percentages).reduce((acc, value) => acc + value, 0);
      if (Math.abs(sum - 1) > SUM_TOLERANCE) {
        ctx.addIssue({
          code: "custom",
          path: ["predicted_answer_percentages"],
          message: `fractions must add up to 1, they add up to ${sum}`,
        });
      }
    });

  const PopulationFixtureSchema = z
    .object({
      id: z.uuid(),
      name: z.string().min(1),
      description: z.string().min(1),
      metadata: z.record(z.string(), z.unknown()),
      question_count: z.int().min(1),
      simulacrum_count: z.int().min(1),
      data_source: z.string().min(1),
      effective_date: z.iso.date(),
      reality_target: z.string().min(1),
      simulation_engine: z.string().min(1),
      upload_filename: z.string().min(1),
      created_at: Timestamp,
      test_started_at: Timestamp,
      test_finished_at: Timestamp,
      status: z.literal("ready"),
      benchmark_answers: z.array(BenchmarkAnswerSchema).min(3).max(6),
    })
    .superRefine((population, ctx) => {
      const created = Date.parse(population.created_at);
      const started = Date.parse(population.test_started_at);
      const finished = Date.parse(population.test_finished_at);
      if (started < created) {
        ctx.addIssue({ code: "custom", path: ["test_started_at"], message: "a test cannot start before created_at" });
      }
      if (finished <= started) {
        ctx.addIssue({ code: "custom", path: ["test_finished_at"], message: "must be after test_started_at" });
      }
    });

  const PopulationsFixtureSchema = z
    .object({ populations: z.array(PopulationFixtureSchema).min(1) })
    .superRefine((file, ctx) => {
      const seen = new Set<string>();
      file.populations.forEach((population, index) => {
        if (seen.has(population.id)) {
          ctx.addIssue({
            code: "custom",
            path: ["populations", index, "id"],
            message: `duplicate id ${population.id}`,
          });
        }
        seen.add(population.id);
      });
    });
  return { PopulationFixtureSchema, PopulationsFixtureSchema };
}

export const populationSchemas = onFirstUse(buildPopulationSchemas);
type PopulationSchemas = ReturnType<typeof populationSchemas>;

export type PopulationFixture = z.output<PopulationSchemas["PopulationFixtureSchema"]>;

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

/** The records one fixture population makes: its public user model, its benchmark batch and that batch's answers. */
export interface PopulationRecords {
  readonly model: UserModelRecord;
  readonly batch: BatchRecord;
  readonly answers: readonly AnswerRecord[];
}

/**
 * Reads and validates fixtures/populations.json (or the same file of a `--fixtures` folder) into the records its
 * populations make: plain data with stable ids, so the packaged file's are made at build time.
 */
export function readPopulationFixtures(dir: string): PopulationRecords[] {
  return readFixture(dir, "populations.json", populationSchemas().PopulationsFixtureSchema).populations.map(
    (population) => ({
      model: userModelOf(population),
      batch: benchmarkBatchOf(population),
      answers: benchmarkAnswersOf(population),
    }),
  );
}

/**
 * Puts the fixture populations' records into the world: each population as a public user model (orgId null) with one
 * public benchmark batch of its tested answers (orgId PUBLIC, kind "answer"). Public records of a persisted world that
 * the file no longer lists are removed, so the file stays the one source of public content.
 */
export function installPopulationFixtures(world: World, populations: readonly PopulationRecords[]): void {
  const models = new Set<string>();
  const batches = new Set<string>();
  const answers = new Set<string>();
  for (const { model, batch, answers: batchAnswers } of populations) {
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
