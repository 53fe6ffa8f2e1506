import { defineOperation } from "../operation.js";
import * as handlers from "./predictions.handlers.js";
import * as routes from "./predictions.routes.js";

const envelopeRoute = { errors: "envelope" } as const;

/**
 * Predictions and their batches. The literal `/v1/predictions/batch/{batch_id}` is declared before
 * `/v1/predictions/{prediction_id}` so it wins the match.
 */
export const predictionOperations = [
  defineOperation(routes.getPredictionBatchRoute, handlers.getPredictionBatchHandler, envelopeRoute),
  defineOperation(routes.getPredictionRoute, handlers.getPredictionHandler, envelopeRoute),
  defineOperation(routes.createPredictionRoute, handlers.createPredictionHandler, envelopeRoute),
];
