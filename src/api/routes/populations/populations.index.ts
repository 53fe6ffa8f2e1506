import { defineOperation } from "../../../fastapi/index.js";
import * as handlers from "./populations.handlers.js";
import * as routes from "./populations.routes.js";

const envelopeRoute = { errors: "envelope" } as const;

/**
 * docs/decisions/mock-choices.md#deprecated-routes: the deprecated routes' responses carry `Deprecation: true` and `Link: </v1/predictions>;
 * rel="successor-version"`: all their responses, refusals and validation errors included, with that one Link for
 * both routes, as the decision reads.
 */
const deprecatedRoute = {
  ...envelopeRoute,
  headers: { deprecation: "true", link: '</v1/predictions>; rel="successor-version"' },
} as const;

/**
 * Answers, predictions, tests, batches and populations: every one an envelope route. The literal
 * `/v1/predictions/batch/{batch_id}` is declared before `/v1/predictions/{prediction_id}` so it wins the match.
 */
export const insightOperations = [
  defineOperation(routes.getAnswerRoute, handlers.getAnswerHandler, envelopeRoute),
  defineOperation(routes.createAnswerRoute, handlers.createAnswerHandler, deprecatedRoute),
  defineOperation(routes.createBenchmarkAnswerRoute, handlers.createBenchmarkAnswerHandler, deprecatedRoute),
  defineOperation(routes.getPredictionBatchRoute, handlers.getPredictionBatchHandler, envelopeRoute),
  defineOperation(routes.getPredictionRoute, handlers.getPredictionHandler, envelopeRoute),
  defineOperation(routes.createPredictionRoute, handlers.createPredictionHandler, envelopeRoute),
  defineOperation(routes.createTestRoute, handlers.createTestHandler, envelopeRoute),
  defineOperation(routes.getTestBatchRoute, handlers.getTestBatchHandler, envelopeRoute),
  defineOperation(routes.listPopulationsRoute, handlers.listPopulationsHandler, envelopeRoute),
  defineOperation(routes.getPopulationRoute, handlers.getPopulationHandler, envelopeRoute),
  defineOperation(routes.retestPopulationRoute, handlers.retestPopulationHandler, envelopeRoute),
];
