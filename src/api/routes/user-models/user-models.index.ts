import { defineOperation } from "../operation.js";
import * as handlers from "./user-models.handlers.js";
import * as routes from "./user-models.routes.js";

export const userModelOperations = [
  defineOperation(routes.listUserModelsRoute, handlers.listUserModelsHandler),
  defineOperation(routes.simulationSchemaRoute, handlers.simulationSchemaHandler),
];
