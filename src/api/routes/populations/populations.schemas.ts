import { z } from "@hono/zod-openapi";
import { onFirstUse } from "../../../content/index.js";
import { envelopeOf, Timestamp } from "../shared.schemas.js";

const QUESTION_TYPE = "single-choice";

const Fractions = onFirstUse(() =>
  z.record(z.string(), z.number()).openapi({
    description: "Answer option -> fraction (0 to 1); the fractions add up to 1",
    example: { Yes: 0.62, No: 0.38 },
  }),
);

const Counts = onFirstUse(() =>
  z
    .record(z.string(), z.int())
    .openapi({ description: "Answer option -> respondents", example: { Yes: 612, No: 388 } }),
);

const QuestionOptions = onFirstUse(() =>
  z.object({ question_type: z.string().openapi({ example: QUESTION_TYPE }) }).openapi("QuestionOptions"),
);

// ---- request models ----

const BatchFields = onFirstUse(() => ({
  batch_id: z
    .uuid()
    .nullable()
    .optional()
    .openapi({ description: "Add to this batch of your organisation; omit to start a new one" }),
  batch_name: z
    .string()
    .nullable()
    .optional()
    .openapi({ description: "Name of the new batch (automatic when omitted)" }),
  batch_description: z.string().nullable().optional().openapi({ description: "Description of the new batch" }),
}));

/** Documents that options must be distinct (a repeat is refused with 400 by the domain, not by the body model). */
const DISTINCT = { uniqueItems: true, description: "Distinct options (a repeated option is refused with 400)" };

/** What a prediction asks, and a test too (a test adds the real answers). */
const QuestionFields = onFirstUse(() => ({
  population_id: z.uuid(),
  question: z.string().min(1),
  answer_options: z.array(z.string().min(1)).min(2).max(20).openapi(DISTINCT),
  question_type: z.literal(QUESTION_TYPE).default(QUESTION_TYPE),
  ...BatchFields(),
}));

export const CreatePredictionBody = onFirstUse(() => z.object(QuestionFields()).openapi("CreatePredictionBody"));

export const CreateTestBody = onFirstUse(() =>
  z
    .object({
      ...QuestionFields(),
      ground_answer_counts: z.record(z.string(), z.int().min(0)).openapi({
        description: "Real respondents per answer option; the keys must be exactly answer_options",
        example: { Yes: 612, No: 388 },
      }),
    })
    .openapi("CreateTestBody"),
);

export const AnswerIdParams = onFirstUse(() => z.object({ answer_id: z.uuid() }));
export const PredictionIdParams = onFirstUse(() => z.object({ prediction_id: z.uuid() }));
export const BatchIdParams = onFirstUse(() => z.object({ batch_id: z.uuid() }));
export const PopulationIdParams = onFirstUse(() => z.object({ population_id: z.uuid() }));
/** The retest path takes any string id (the spec says so); an unknown one is a 404 envelope, not a 422. */
export const RetestPopulationParams = onFirstUse(() => z.object({ population_id: z.string() }));

// ---- representations ----

/** What a prediction and an answer both begin with: which question, asked of which population, and when. */
const AskedFields = onFirstUse(() => ({
  id: z.uuid(),
  created_at: Timestamp(),
  population: z.uuid(),
  population_name: z.string(),
  status: z.string().openapi({ example: "ready" }),
  question: z.string(),
}));

export const Prediction = onFirstUse(() =>
  z
    .object({
      ...AskedFields(),
      simulated_answer_percentages: Fractions().openapi({
        deprecated: true,
        description: "Deprecated name of predicted_answer_percentages",
      }),
      predicted_answer_percentages: Fractions(),
      batch: z.uuid(),
      prediction_started_at: Timestamp(),
      prediction_finished_at: Timestamp(),
      simulation_engine: z.string(),
      public: z.boolean(),
      answer_options: z.array(z.string()),
      question_options: QuestionOptions(),
    })
    .openapi("Prediction"),
);

const answerShape = onFirstUse(() => ({
  ...AskedFields(),
  accuracy: z.number().openapi({ description: "1 - 0.5 * sum |p - g|" }),
  squared_error: z.number().openapi({ description: "sum (p - g)^2" }),
  root_mean_squared_error: z.number().openapi({ description: "sqrt(squared_error / k)" }),
  simulated_answer_percentages: Fractions().openapi({
    deprecated: true,
    description: "Deprecated name of predicted_answer_percentages",
  }),
  predicted_answer_percentages: Fractions(),
  information_loss: z.number().openapi({ description: "sum g ln(g / p), natural log, p floored at 1e-6" }),
  normalised_information_loss: z.number().openapi({ description: "information_loss / ln(k)" }),
  batch: z.uuid(),
  prediction_started_at: Timestamp(),
  prediction_finished_at: Timestamp(),
  test_started_at: Timestamp(),
  test_finished_at: Timestamp(),
  ground_answer_counts: Counts(),
  ground_answer_percentages: Fractions(),
  simulation_engine: z.string(),
  public: z.boolean(),
  answer_options: z.array(z.string()),
  question_options: QuestionOptions(),
}));

export const Answer = onFirstUse(() => z.object(answerShape()).openapi("Answer"));

/** The Answer of the deprecated `POST /v1/answers/benchmark`: also under its old metric name. */
export const DeprecatedAnswer = onFirstUse(() =>
  z
    .object({
      ...answerShape(),
      kullback_leibler_divergence: z
        .number()
        .openapi({ deprecated: true, description: "Deprecated name of information_loss (same value)" }),
    })
    .openapi("DeprecatedAnswer"),
);

export const Population = onFirstUse(() =>
  z
    .object({
      id: z.uuid(),
      created_at: Timestamp(),
      name: z.string(),
      public: z.boolean(),
      question_count: z.int(),
      simulacrum_count: z.int(),
      status: z.string().openapi({ description: "ready, or testing while a retest runs", example: "ready" }),
      average_accuracy: z.number(),
      average_squared_error: z.number(),
      average_normalised_information_loss: z.number(),
      data_source: z.string(),
      description: z.string(),
      effective_date: z.iso.date().openapi({ example: "2025-09-30" }),
      reality_target: z.string(),
      simulation_engine: z.string(),
      test_started_at: Timestamp(),
      test_finished_at: Timestamp(),
      upload_filename: z.string(),
    })
    .openapi("Population"),
);

const batchShape = onFirstUse(() => ({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  created_at: Timestamp(),
}));

export const PredictionBatch = onFirstUse(() =>
  z.object({ ...batchShape(), predictions: z.array(Prediction()) }).openapi("PredictionBatch"),
);
export const TestBatch = onFirstUse(() =>
  z.object({ ...batchShape(), answers: z.array(Answer()) }).openapi("TestBatch"),
);

export const AnswerResponse = onFirstUse(() => envelopeOf(Answer()).openapi("AnswerResponse"));
export const DeprecatedAnswerResponse = onFirstUse(() =>
  envelopeOf(DeprecatedAnswer()).openapi("DeprecatedAnswerResponse"),
);
export const PredictionResponse = onFirstUse(() => envelopeOf(Prediction()).openapi("PredictionResponse"));
export const PredictionBatchResponse = onFirstUse(() =>
  envelopeOf(PredictionBatch()).openapi("PredictionBatchResponse"),
);
export const TestBatchResponse = onFirstUse(() => envelopeOf(TestBatch()).openapi("TestBatchResponse"));
export const PopulationResponse = onFirstUse(() => envelopeOf(Population()).openapi("PopulationResponse"));
export const PopulationListResponse = onFirstUse(() =>
  envelopeOf(z.array(Population())).openapi("PopulationListResponse"),
);
