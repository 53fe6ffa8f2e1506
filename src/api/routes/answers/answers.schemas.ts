import { z } from "@hono/zod-openapi";
import { onFirstUse } from "../../../content/index.js";
import { AskedFields, Fractions, QuestionOptions } from "../predictions/predictions.schemas.js";
import { envelopeOf, Timestamp } from "../shared.schemas.js";

const Counts = onFirstUse(() =>
  z
    .record(z.string(), z.int())
    .openapi({ description: "Answer option -> respondents", example: { Yes: 612, No: 388 } }),
);

export const AnswerIdParams = onFirstUse(() => z.object({ answer_id: z.uuid() }));

// ---- representations ----

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

export const AnswerResponse = onFirstUse(() => envelopeOf(Answer()).openapi("AnswerResponse"));
export const DeprecatedAnswerResponse = onFirstUse(() =>
  envelopeOf(DeprecatedAnswer()).openapi("DeprecatedAnswerResponse"),
);
