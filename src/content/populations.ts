import { z } from "zod";
import { onFirstUse, readFixture } from "./fixture-files.js";

/**
 * fixtures/populations.json: the public populations (= user models, same id) every organisation sees, each with the
 * benchmark questions it was tested on. Averages and accuracy are never typed in the file: they are computed from the
 * benchmark answers by domain/metrics.ts when read. The records they make in the world (a public user model, its
 * benchmark batch and answers) are the API's: src/api/seeding/public-populations.ts.
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

/**
 * Reads and validates fixtures/populations.json (or the same file of a `--fixtures` folder): plain JSON data, so the
 * packaged file's are read at build time.
 */
export function readPopulationFixtures(dir: string): PopulationFixture[] {
  return readFixture(dir, "populations.json", populationSchemas().PopulationsFixtureSchema).populations;
}
