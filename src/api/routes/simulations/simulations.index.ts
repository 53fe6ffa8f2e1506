import { defineOperation } from "../operation.js";
import * as handlers from "./simulations.handlers.js";
import * as routes from "./simulations.routes.js";

export const simulationOperations = [
  defineOperation(routes.listSimulationsRoute, handlers.listSimulationsHandler),
  defineOperation(routes.createSimulationRoute, handlers.createSimulationHandler),
  defineOperation(routes.getSimulationRoute, handlers.getSimulationHandler),
  defineOperation(routes.moveSimulationRoute, handlers.moveSimulationHandler),
  defineOperation(routes.deleteSimulationRoute, handlers.deleteSimulationHandler),
  defineOperation(routes.updatePlanRoute, handlers.updatePlanHandler),
  defineOperation(routes.runSimulationRoute, handlers.runSimulationHandler),
  defineOperation(routes.shareSimulationRoute, handlers.shareSimulationHandler),
  defineOperation(routes.publicSimulationRoute, handlers.publicSimulationHandler),
];
