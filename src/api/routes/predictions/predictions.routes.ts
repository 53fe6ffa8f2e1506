import { defineRoute } from "../define-route.js";
import { AuthorizationHeader, envelopeErrors, jsonContent } from "../shared.schemas.js";
import {
  BatchIdParams,
  CreatePredictionBody,
  PredictionBatchResponse,
  PredictionIdParams,
  PredictionResponse,
} from "./predictions.schemas.js";

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
