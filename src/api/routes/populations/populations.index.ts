import { defineOperation } from "../operation.js";
import * as handlers from "./populations.handlers.js";
import * as routes from "./populations.routes.js";

const envelopeRoute = { errors: "envelope" } as const;

/** Populations and their retests. */
export const populationOperations = [
  defineOperation(routes.listPopulationsRoute, handlers.listPopulationsHandler, envelopeRoute),
  defineOperation(routes.getPopulationRoute, handlers.getPopulationHandler, envelopeRoute),
  defineOperation(routes.retestPopulationRoute, handlers.retestPopulationHandler, envelopeRoute),
];
