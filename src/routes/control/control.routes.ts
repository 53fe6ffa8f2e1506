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
