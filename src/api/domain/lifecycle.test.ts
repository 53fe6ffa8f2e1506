import { describe, expect, it } from "vitest";
import { defaultFixturesDir } from "../../content/fixture-files.js";
import { loadGoals } from "../../content/goals.js";
import { PUBLIC, World } from "../../store/world.js";
import type { Clock } from "../clock/clock.js";
import { Scheduler } from "../clock/scheduler.js";
import { optionsSchema } from "../config/options.js";
import { loadPopulationFixtures } from "../seeding/public-populations.js";
import type { Services } from "../services.js";
import { resolveCaller } from "./callers.js";
import { finishPlanning, finishRun } from "./lifecycle.js";
import { createProject, findProject } from "./projects.js";
import { createSimulation, moveSimulation, runSimulation, updatePlan } from "./simulations.js";

const START = Date.parse("2026-01-01T00:00:00Z");

/** A clock that moves a millisecond on every read, as a system clock may between two reads for one event. */
class TickingClock implements Clock {
  readonly kind = "system";
  #now = START;
  now(): number {
    this.#now += 1;
    return this.#now;
  }
}

function makeServices() {
  const world = new World(1);
  loadPopulationFixtures(world, defaultFixturesDir());
  const clock = new TickingClock();
  const services: Services = {
    world,
    clock,
    scheduler: new Scheduler(clock, world.jobs),
    options: optionsSchema.parse({ clock: "system", quiet: true, seed: 1 }),
    content: { goals: loadGoals(defaultFixturesDir()) },
  };
  return services;
}

describe("a project's last_active_at is the moment of the event that touched it", () => {
  const services = makeServices();
  const caller = resolveCaller(services, "ada@ticking");
  const userModelId = services.world.userModels.listBy("org", PUBLIC).at(0)?.id;
  const input = (projectId: string | null) => ({
    mode: "research" as const,
    goal: "concept_test",
    inputs: { concept: "A cup" },
    user_model_ids: [userModelId as string],
    project_id: projectId,
  });

  it("should be the simulation's completed_at when one of its simulations completes", () => {
    const project = createProject(services, caller, { name: "p" });
    const simulation = createSimulation(services, caller, input(project.id));
    expect(findProject(services, caller, project.id)?.last_active_at).toBe(simulation.created_at);
    finishPlanning(services, simulation.id);
    runSimulation(services, caller, simulation.id);
    finishRun(services, simulation.id);
    const done = services.world.simulations.get(simulation.id);
    expect(done?.status).toBe("completed");
    expect(findProject(services, caller, project.id)?.last_active_at).toBe(done?.completed_at);
  });

  it("should be the moved simulation's updated_at when a simulation is moved into it", () => {
    const project = createProject(services, caller, { name: "q" });
    const simulation = createSimulation(services, caller, input(null));
    const moved = moveSimulation(services, caller, simulation.id, project.id);
    expect(findProject(services, caller, project.id)?.last_active_at).toBe(moved.updated_at);
  });
});

describe("409 details say the simulation's state as a sentence does", () => {
  const services = makeServices();
  const caller = resolveCaller(services, "ada@states");
  const userModelId = services.world.userModels.listBy("org", PUBLIC).at(0)?.id as string;
  const refusal = (act: () => unknown) => {
    try {
      act();
    } catch (error) {
      return (error as Error).message;
    }
    return "no refusal";
  };

  it("should say a failed simulation has failed, a planning one is being planned", () => {
    const input = { mode: "research" as const, goal: "concept_test", inputs: { concept: "A cup" } };
    const planning = createSimulation(services, caller, { ...input, user_model_ids: [userModelId] });
    expect(refusal(() => runSimulation(services, caller, planning.id))).toBe(
      "Simulation is being planned; it can be run only while it is planned.",
    );
    const failed = services.world.simulations.put({ ...planning, status: "failed" });
    expect(refusal(() => runSimulation(services, caller, failed.id))).toBe(
      "Simulation has failed; it can be run only while it is planned.",
    );
    expect(refusal(() => updatePlan(services, caller, failed.id, { question_text: "Q?" }))).toBe(
      "Simulation has failed; the plan can be edited only while it is planned.",
    );
  });
});
