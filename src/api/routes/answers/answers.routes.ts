import { defineRoute } from "../define-route.js";
import { CreatePredictionBody, PredictionResponse } from "../predictions/predictions.schemas.js";
import { AuthorizationHeader, envelopeErrors, jsonContent } from "../shared.schemas.js";
import { CreateTestBody } from "../tests/tests.schemas.js";
import { AnswerIdParams, AnswerResponse, DeprecatedAnswerResponse } from "./answers.schemas.js";

function deprecationHeaders(successor: string) {
  return {
    Deprecation: {
      description: "Always `true`: this operation is deprecated",
      schema: { type: "string" as const, example: "true" },
    },
    Link: {
      description: "The operation that replaces this one",
      schema: { type: "string" as const, example: `<${successor}>; rel="successor-version"` },
    },
  };
}

export const getAnswerRoute = defineRoute(
  {
    method: "get",
    path: "/v1/answers/{answer_id}",
    tags: ["answers"],
    summary: "Read a tested answer with its metrics",
  },
  {
    request: () => ({ params: AnswerIdParams(), headers: AuthorizationHeader() }),
    responses: () => ({ 200: jsonContent(AnswerResponse(), "The answer"), ...envelopeErrors(404) }),
  },
);

export const createAnswerRoute = defineRoute(
  {
    method: "post",
    path: "/v1/answers",
    tags: ["answers"],
    summary: "Create a prediction (deprecated: use POST /v1/predictions)",
    deprecated: true,
  },
  {
    request: () => ({
      headers: AuthorizationHeader(),
      body: { required: true, content: { "application/json": { schema: CreatePredictionBody() } } },
    }),
    responses: () => ({
      201: {
        ...jsonContent(PredictionResponse(), "The new prediction"),
        headers: deprecationHeaders("/v1/predictions"),
      },
      ...envelopeErrors(400, 404),
    }),
  },
);

export const createBenchmarkAnswerRoute = defineRoute(
  {
    method: "post",
    path: "/v1/answers/benchmark",
    tags: ["answers"],
    summary: "Test a prediction against ground truth (deprecated: use POST /v1/tests)",
    deprecated: true,
  },
  {
    request: () => ({
      headers: AuthorizationHeader(),
      body: { required: true, content: { "application/json": { schema: CreateTestBody() } } },
    }),
    responses: () => ({
      201: {
        ...jsonContent(DeprecatedAnswerResponse(), "The new answer, also under deprecated field names"),
        headers: deprecationHeaders("/v1/predictions"),
      },
      ...envelopeErrors(400, 404),
    }),
  },
);
