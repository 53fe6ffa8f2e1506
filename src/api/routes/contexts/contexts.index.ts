import { defineOperation } from "../operation.js";
import * as handlers from "./contexts.handlers.js";
import * as routes from "./contexts.routes.js";

export const contextOperations = [
  defineOperation(routes.defaultContextRoute, handlers.defaultContextHandler),
  defineOperation(routes.listContextsRoute, handlers.listContextsHandler),
  defineOperation(routes.createContextRoute, handlers.createContextHandler),
  defineOperation(routes.getContextRoute, handlers.getContextHandler),
];
