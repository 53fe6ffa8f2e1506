import { createPrediction, readPrediction, readPredictionBatch } from "../../domain/predictions.js";
import type { OperationInput } from "../operation.js";
import { byOptions } from "../ordered-json.js";
import type * as routes from "./predictions.routes.js";
import { predictionBatchView, predictionView } from "./predictions.views.js";

type In<R extends keyof typeof routes> = OperationInput<(typeof routes)[R]>;

export function getPredictionBatchHandler({ services, caller, params }: In<"getPredictionBatchRoute">) {
  return byOptions(200, predictionBatchView(services, readPredictionBatch(services, caller, params.batch_id)));
}

export function getPredictionHandler({ services, caller, params }: In<"getPredictionRoute">) {
  return byOptions(200, predictionView(services, readPrediction(services, caller, params.prediction_id)));
}

export function createPredictionHandler({ services, caller, body }: In<"createPredictionRoute">) {
  return byOptions(201, predictionView(services, createPrediction(services, caller, body)));
}
