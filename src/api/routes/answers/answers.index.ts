import { defineOperation } from "../operation.js";
import * as handlers from "./answers.handlers.js";
import * as routes from "./answers.routes.js";

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

/** Answers read, and created under the deprecated names (POST /v1/answers makes a prediction, /benchmark a test). */
export const answerOperations = [
  defineOperation(routes.getAnswerRoute, handlers.getAnswerHandler, envelopeRoute),
  defineOperation(routes.createAnswerRoute, handlers.createAnswerHandler, deprecatedRoute),
  defineOperation(routes.createBenchmarkAnswerRoute, handlers.createBenchmarkAnswerHandler, deprecatedRoute),
];
