import { defineRoute } from "../define-route.js";
import { AuthorizationHeader, envelopeErrors, jsonContent } from "../shared.schemas.js";
import {
  AnswerIdParams,
  AnswerResponse,
  BatchIdParams,
  CreatePredictionBody,
  CreateTestBody,
  DeprecatedAnswerResponse,
  PopulationIdParams,
  PopulationListResponse,
  PopulationResponse,
  PredictionBatchResponse,
  PredictionIdParams,
  PredictionResponse,
  RetestPopulationParams,
  TestBatchResponse,
} from "./populations.schemas.js";

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

export const getPredictionBatchRoute = defineRoute(
  {
    method: "get",
    path: "/v1/predictions/batch/{batch_id}",
    tags: ["predictions"],
    summary: "Read a batch of predictions",
  },
  {
    request: () => ({ params: BatchIdParams(), headers: AuthorizationHeader() }),
    responses: () => ({
      200: jsonContent(PredictionBatchResponse(), "The batch with its predictions"),
      ...envelopeErrors(404),
    }),
  },
);

export const getPredictionRoute = defineRoute(
  { method: "get", path: "/v1/predictions/{prediction_id}", tags: ["predictions"], summary: "Read a prediction" },
  {
    request: () => ({ params: PredictionIdParams(), headers: AuthorizationHeader() }),
    responses: () => ({ 200: jsonContent(PredictionResponse(), "The prediction"), ...envelopeErrors(404) }),
  },
);

export const createPredictionRoute = defineRoute(
  {
    method: "post",
    path: "/v1/predictions",
    tags: ["predictions"],
    summary: "Predict how a population answers a question",
    description: "Without batch_id a new batch is made, named by batch_name or automatically.",
  },
  {
    request: () => ({
      headers: AuthorizationHeader(),
      body: { required: true, content: { "application/json": { schema: CreatePredictionBody() } } },
    }),
    responses: () => ({ 201: jsonContent(PredictionResponse(), "The new prediction"), ...envelopeErrors(400, 404) }),
  },
);

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

export const listPopulationsRoute = defineRoute(
  {
    method: "get",
    path: "/v1/populations",
    tags: ["populations"],
    summary: "List the populations visible to the caller (public and the organisation's own)",
  },
  {
    request: () => ({ headers: AuthorizationHeader() }),
    responses: () => ({ 200: jsonContent(PopulationListResponse(), "The populations"), ...envelopeErrors() }),
  },
);

export const getPopulationRoute = defineRoute(
  { method: "get", path: "/v1/populations/{population_id}", tags: ["populations"], summary: "Read a population" },
  {
    request: () => ({ params: PopulationIdParams(), headers: AuthorizationHeader() }),
    responses: () => ({ 200: jsonContent(PopulationResponse(), "The population"), ...envelopeErrors(404) }),
  },
);

export const retestPopulationRoute = defineRoute(
  {
    method: "post",
    path: "/v1/populations/{population_id}/retest",
    tags: ["populations"],
    summary: "Retest a population for the caller's organisation",
    description:
      "Answers with the population in status testing. Once the retest time has passed it reads as ready, with a new test_finished_at and averages over its benchmark answers plus the organisation's own tests that existed when the retest started (a test added later waits for the next retest). Until then, and if the retest fails, the averages and test_finished_at stay those of the last retest that finished.",
  },
  {
    request: () => ({ params: RetestPopulationParams(), headers: AuthorizationHeader() }),
    responses: () => ({
      200: jsonContent(PopulationResponse(), "The population, now testing"),
      ...envelopeErrors(404),
    }),
  },
);
