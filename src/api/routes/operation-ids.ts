import * as answers from "./answers/answers.routes.js";
import * as contexts from "./contexts/contexts.routes.js";
import * as control from "./control/control.routes.js";
import * as meta from "./meta/meta.routes.js";
import * as populations from "./populations/populations.routes.js";
import * as predictions from "./predictions/predictions.routes.js";
import * as projects from "./projects/projects.routes.js";
import * as simulations from "./simulations/simulations.routes.js";
import * as tests from "./tests/tests.routes.js";
import * as userModels from "./user-models/user-models.routes.js";

interface RouteLike {
  readonly method: string;
  readonly path: string;
}

/**
 * Each route's endpoint name, FastAPI-style, from its export: `getSimulationRoute` is the endpoint `get_simulation`.
 * A new `<name>Route` export of these modules is named by construction (the document test requires an operationId on
 * every operation, so a routes module missing here fails it).
 */
const ENDPOINT_NAMES = new Map<unknown, string>();
for (const routes of [
  userModels,
  simulations,
  projects,
  contexts,
  answers,
  predictions,
  tests,
  populations,
  meta,
  control,
]) {
  for (const [exportName, value] of Object.entries(routes)) {
    if (!exportName.endsWith("Route")) continue;
    const camel = exportName.slice(0, -"Route".length);
    ENDPOINT_NAMES.set(
      value,
      camel.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`),
    );
  }
}

/**
 * FastAPI's operationId (`fastapi.routing.generate_unique_id`): endpoint name + path, every non-word character as `_`,
 * then `_` + method. `get_simulation` on GET /v1/simulations/{simulation_id} is
 * `get_simulation_v1_simulations__simulation_id__get`: what FastAPI's own document would call it, so code generated
 * from either names its functions alike.
 */
export function operationIdOf(route: RouteLike): string | undefined {
  const name = ENDPOINT_NAMES.get(route);
  return name === undefined ? undefined : `${`${name}${route.path}`.replace(/\W/g, "_")}_${route.method}`;
}
