import { z } from "@hono/zod-openapi";
import { onFirstUse } from "../../../content/index.js";
import { Answer } from "../answers/answers.schemas.js";
import { batchShape, QuestionFields } from "../predictions/predictions.schemas.js";
import { envelopeOf } from "../shared.schemas.js";

/** A test: a question predicted and scored against real answer counts, making an answer; its batches hold answers. */

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

export const TestBatch = onFirstUse(() =>
  z.object({ ...batchShape(), answers: z.array(Answer()) }).openapi("TestBatch"),
);

export const TestBatchResponse = onFirstUse(() => envelopeOf(TestBatch()).openapi("TestBatchResponse"));
