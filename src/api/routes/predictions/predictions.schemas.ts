import { z } from "@hono/zod-openapi";
import { onFirstUse } from "../../../content/index.js";
import { envelopeOf, Timestamp } from "../shared.schemas.js";

/**
 * A prediction and what a question asked of a population is made of; answers and tests (a prediction scored against
 * real answers) build on these pieces.
 */

const QUESTION_TYPE = "single-choice";

export const Fractions = onFirstUse(() =>
  z.record(z.string(), z.number()).openapi({
    description: "Answer option -> fraction (0 to 1); the fractions add up to 1",
    example: { Yes: 0.62, No: 0.38 },
  }),
);

export const QuestionOptions = onFirstUse(() =>
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
export const QuestionFields = onFirstUse(() => ({
  population_id: z.uuid(),
  question: z.string().min(1),
  answer_options: z.array(z.string().min(1)).min(2).max(20).openapi(DISTINCT),
  question_type: z.literal(QUESTION_TYPE).default(QUESTION_TYPE),
  ...BatchFields(),
}));

export const CreatePredictionBody = onFirstUse(() => z.object(QuestionFields()).openapi("CreatePredictionBody"));

export const PredictionIdParams = onFirstUse(() => z.object({ prediction_id: z.uuid() }));
export const BatchIdParams = onFirstUse(() => z.object({ batch_id: z.uuid() }));

// ---- representations ----

/** What a prediction and an answer both begin with: which question, asked of which population, and when. */
export const AskedFields = onFirstUse(() => ({
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

export const batchShape = onFirstUse(() => ({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  created_at: Timestamp(),
}));

export const PredictionBatch = onFirstUse(() =>
  z.object({ ...batchShape(), predictions: z.array(Prediction()) }).openapi("PredictionBatch"),
);

export const PredictionResponse = onFirstUse(() => envelopeOf(Prediction()).openapi("PredictionResponse"));
export const PredictionBatchResponse = onFirstUse(() =>
  envelopeOf(PredictionBatch()).openapi("PredictionBatchResponse"),
);
