import { isoTimestamp, ManualClock } from "../../clock/clock.js";
import { conflict, notFound } from "../../domain/errors.js";
import { startPlannerTurn } from "../../domain/projects.js";
import { defineOperation } from "../../http/operation.js";
import { json } from "../../http/responses.js";
import type { Services } from "../../services.js";
import { advanceClockRoute, plannerTurnRoute, readClockRoute } from "./control.routes.js";

function clockView({ clock }: Services) {
  const now = clock.now();
  return { kind: clock.kind, now: isoTimestamp(now), epoch_ms: now };
}

/** The mock's control API, kept off the /v1 surface. */
export const controlOperations = [
  defineOperation(readClockRoute, ({ services }) => json(200, clockView(services))),
  defineOperation(advanceClockRoute, ({ services, body }) => {
    if (!(services.clock instanceof ManualClock)) {
      throw conflict("The clock is the system clock; start the mock with --clock manual to move time by hand.");
    }
    services.scheduler.advance(body.ms);
    return json(200, clockView(services));
  }),
  defineOperation(plannerTurnRoute, ({ services, params, body }) => {
    const project = startPlannerTurn(services, params.project_id, body.ms);
    if (!project) throw notFound("Project");
    return json(200, { project_id: project.id, planner_turn_until: isoTimestamp(project.planner_turn_until ?? 0) });
  }),
];
