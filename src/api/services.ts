import type { Content } from "../content/index.js";
import type { World } from "../store/index.js";
import type { Clock } from "./clock/clock.js";
import { isoTimestamp } from "./clock/clock.js";
import type { Scheduler } from "./clock/scheduler.js";
import type { MockOptions } from "./config/options.js";

/** What handlers and domain code are given: the state, the time and the options. Nothing here knows about HTTP. */
export interface Services {
  readonly world: World;
  readonly clock: Clock;
  /** Background work (planning, running, synthesis) waiting on the clock. */
  readonly scheduler: Scheduler;
  readonly options: MockOptions;
  /** Fixture content: goals and their input schemas. */
  readonly content: Content;
}

export function timestamp(services: Pick<Services, "clock">): string {
  return isoTimestamp(services.clock.now());
}
