import { AnswerResponse } from "../answers/answers.schemas.js";
import { defineRoute } from "../define-route.js";
import { BatchIdParams } from "../predictions/predictions.schemas.js";
import { AuthorizationHeader, envelopeErrors, jsonContent } from "../shared.schemas.js";
import { CreateTestBody, TestBatchResponse } from "./tests.schemas.js";

export const createTestRoute = defineRoute(
  {
    method: "post",
    path: "/v1/tests",
    tags: ["tests"],
    summary: "Predict a question and score the prediction against real answer counts",
    description:
      "The keys of ground_answer_counts must be exactly answer_options and add up to more than 0 (else 400). Without batch_id a new batch is made.",
  },
  {
    request: () => ({
      headers: AuthorizationHeader(),
      body: { required: true, content: { "application/json": { schema: CreateTestBody() } } },
    }),
    responses: () => ({
      201: jsonContent(AnswerResponse(), "The new answer with its metrics"),
      ...envelopeErrors(400, 404),
    }),
  },
);

export const getTestBatchRoute = defineRoute(
  { method: "get", path: "/v1/tests/batch/{batch_id}", tags: ["tests"], summary: "Read a batch of tested answers" },
  {
    request: () => ({ params: BatchIdParams(), headers: AuthorizationHeader() }),
    responses: () => ({ 200: jsonContent(TestBatchResponse(), "The batch with its answers"), ...envelopeErrors(404) }),
  },
);
