import { MAX_ARTEFACT_BYTES } from "../../domain/projects.js";
import { defineOperation } from "../operation.js";
import * as handlers from "./projects.handlers.js";
import * as routes from "./projects.routes.js";

export const projectOperations = [
  defineOperation(routes.listProjectsRoute, handlers.listProjectsHandler),
  defineOperation(routes.createProjectRoute, handlers.createProjectHandler),
  defineOperation(routes.getProjectRoute, handlers.getProjectHandler),
  defineOperation(routes.renameProjectRoute, handlers.renameProjectHandler),
  defineOperation(routes.createRoundRoute, handlers.createRoundHandler),
  defineOperation(routes.renameRoundRoute, handlers.renameRoundHandler),
  defineOperation(routes.attachArtefactRoute, handlers.attachArtefactHandler),
  defineOperation(routes.attachArtefactFileRoute, handlers.attachArtefactFileHandler, {
    maxFileBytes: MAX_ARTEFACT_BYTES,
  }),
  defineOperation(routes.regenerateSynthesisRoute, handlers.regenerateSynthesisHandler),
];
