import { answerOperations } from "../routes/answers/answers.index.js";
import { contextOperations } from "../routes/contexts/contexts.index.js";
import { controlOperations } from "../routes/control/control.index.js";
import { metaOperations } from "../routes/meta/meta.index.js";
import type { ApiOperation } from "../routes/operation.js";
import { populationOperations } from "../routes/populations/populations.index.js";
import { predictionOperations } from "../routes/predictions/predictions.index.js";
import { projectOperations } from "../routes/projects/projects.index.js";
import { simulationOperations } from "../routes/simulations/simulations.index.js";
import { testOperations } from "../routes/tests/tests.index.js";
import { userModelOperations } from "../routes/user-models/user-models.index.js";

/** Every operation of the API, in the order FastAPI would declare them (it decides which route a 405 names). */
export const operations: readonly ApiOperation[] = [
  ...userModelOperations,
  ...simulationOperations,
  ...projectOperations,
  ...contextOperations,
  ...answerOperations,
  ...predictionOperations,
  ...testOperations,
  ...populationOperations,
  ...metaOperations,
  ...controlOperations,
];

export const isControl = (operation: ApiOperation) => operation.route.path.startsWith("/__mock");
