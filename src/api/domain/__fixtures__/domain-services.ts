import { defaultFixturesDir } from "../../../content/fixture-files.js";
import { loadGoals } from "../../../content/goals.js";
import { World } from "../../../store/world.js";
import { ManualClock } from "../../clock/clock.js";
import { Scheduler } from "../../clock/scheduler.js";
import { type MockOptionsInput, optionsSchema } from "../../config/options.js";
import { loadPopulationFixtures } from "../../seeding/public-populations.js";
import type { Services } from "../../services.js";
import type { Caller } from "../callers.js";
import { Refusal } from "../errors.js";
import { lifecycleHandlers } from "../lifecycle.js";

/**
 * What the domain's unit tests share: the fixtures' world on a manual clock whose scheduler runs the lifecycle's jobs
 * (move it with `services.scheduler.advance`), callers, and a refusal caught.
 */

export const UK_ADULTS = "3f6c2a1e-8b4d-4c7a-9e2f-5a1b7c9d0e11";
export const START = Date.parse("2026-01-01T00:00:00Z");

export function makeServices(options: { retestMs?: number; seed?: number; world?: World } & MockOptionsInput = {}) {
  const { world: given, ...rest } = options;
  const world = given ?? new World(options.seed ?? 1);
  if (!given) loadPopulationFixtures(world, defaultFixturesDir());
  const clock = new ManualClock(START);
  const services: Services = {
    world,
    clock,
    scheduler: new Scheduler(clock, world.jobs),
    options: optionsSchema.parse({ clock: "manual", quiet: true, retestMs: 5000, seed: 1, ...rest }),
    content: { goals: loadGoals(defaultFixturesDir()) },
  };
  services.scheduler.handle(lifecycleHandlers(services));
  return { services, clock, world };
}

export function callerOf(world: World, user: string, org: string): Caller {
  return { ...world.resolveCaller(user, org), isDemo: false };
}

export function refusalOf(action: () => unknown): Refusal {
  try {
    action();
  } catch (error) {
    if (error instanceof Refusal) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

export const predictionInput = {
  population_id: UK_ADULTS,
  question: "Would you try a meal-kit subscription at £30 a week?",
  answer_options: ["Definitely", "Probably", "Probably not", "Definitely not"],
  question_type: "single-choice",
};
