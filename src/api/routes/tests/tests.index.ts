import { defineOperation } from "../operation.js";
import * as handlers from "./tests.handlers.js";
import * as routes from "./tests.routes.js";

const envelopeRoute = { errors: "envelope" } as const;

/** Tests (a prediction scored against real answer counts, read back as an answer) and their batches. */
export const testOperations = [
  defineOperation(routes.createTestRoute, handlers.createTestHandler, envelopeRoute),
  defineOperation(routes.getTestBatchRoute, handlers.getTestBatchHandler, envelopeRoute),
];
