import { isoTimestamp, ManualClock } from "../../clock/clock.js";
import { conflict } from "../../domain/errors.js";
import { defineOperation } from "../../http/operation.js";
import { json } from "../../http/responses.js";
import type { Services } from "../../services.js";
import { advanceClockRoute, readClockRoute } from "./control.routes.js";

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
    services.clock.advance(body.ms);
    return json(200, clockView(services));
  }),
];
