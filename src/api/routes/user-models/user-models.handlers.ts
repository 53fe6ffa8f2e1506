import { findGoal } from "../../../content/index.js";
import { json } from "../../../fastapi/index.js";
import { notFound } from "../../domain/errors.js";
import { listUserModels } from "../../domain/populations.js";
import type { OperationInput } from "../operation.js";
import type * as routes from "./user-models.routes.js";

type In<R extends keyof typeof routes> = OperationInput<(typeof routes)[R]>;

export function listUserModelsHandler({ services, caller }: In<"listUserModelsRoute">) {
  return json(200, listUserModels(services, caller));
}

export function simulationSchemaHandler({ services, query }: In<"simulationSchemaRoute">) {
  const { mode, goal: goalId } = query;
  if (goalId === undefined) {
    return json(
      200,
      services.content.goals[mode].map((goal) => ({ id: goal.id, name: goal.name, description: goal.description })),
    );
  }
  const goal = findGoal(services.content.goals, mode, goalId);
  if (!goal) throw notFound("Goal");
  return json(200, {
    mode,
    goal: goal.id,
    name: goal.name,
    description: goal.description,
    input_schema: goal.input_schema,
  });
}
