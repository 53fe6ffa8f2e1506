import { createRoute, z } from "@hono/zod-openapi";
import { detailErrors, jsonContent } from "../shared.schemas.js";

const tags = ["mock"];

export const ClockState = z
  .object({ kind: z.enum(["system", "manual"]), now: z.iso.datetime(), epoch_ms: z.int() })
  .openapi("MockClock");

export const AdvanceClockBody = z.strictObject({ ms: z.int().min(0).max(31_536_000_000) }).openapi("AdvanceClockBody");

export const readClockRoute = createRoute({
  method: "get",
  path: "/__mock/clock",
  tags,
  summary: "Read the mock's clock",
  responses: { 200: jsonContent(ClockState, "The clock"), ...detailErrors() },
});

export const advanceClockRoute = createRoute({
  method: "post",
  path: "/__mock/clock/advance",
  tags,
  summary: "Move the manual clock forward (409 with the system clock)",
  request: { body: { required: true, content: { "application/json": { schema: AdvanceClockBody } } } },
  responses: { 200: jsonContent(ClockState, "The clock after moving"), ...detailErrors(409) },
});

export const PlannerTurnBody = z
  .strictObject({ ms: z.int().min(1).max(86_400_000) })
  .openapi("PlannerTurnBody", { description: "How long the in-app planner stays mid-turn on the project" });

export const plannerTurnRoute = createRoute({
  method: "post",
  path: "/__mock/projects/{project_id}/planner-turn",
  tags,
  summary: "Start an in-app planner turn on a project: create-in-project and move-into-project give 409 meanwhile",
  request: {
    params: z.object({ project_id: z.uuid() }),
    body: { required: true, content: { "application/json": { schema: PlannerTurnBody } } },
  },
  responses: {
    200: jsonContent(
      z.object({ project_id: z.uuid(), planner_turn_until: z.iso.datetime() }).openapi("PlannerTurn"),
      "The planner turn",
    ),
    ...detailErrors(404),
  },
});
