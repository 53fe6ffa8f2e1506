import { describe, expect, it } from "vitest";
import { PUBLIC } from "../../store/world.js";
import { callerOf, makeServices, refusalOf } from "./__fixtures__/domain-services.js";
import { createProject } from "./projects.js";
import { createSimulation, deleteSimulation, moveSimulation, runSimulation, updatePlan } from "./simulations.js";

function world() {
  const { services, world } = makeServices();
  const caller = callerOf(world, "ada", "lab");
  const userModel = world.userModels.listBy("org", PUBLIC)[0]?.id as string;
  const create = (projectId: string | null = null) =>
    createSimulation(services, caller, {
      mode: "research",
      goal: "concept_test",
      inputs: { concept: "A cup that keeps tea warm" },
      user_model_ids: [userModel],
      project_id: projectId,
    });
  return { services, caller, create };
}

describe("simulation states", () => {
  it("should refuse a delete with 409 while planning or running, and delete once planned (SIM-DELETE-409-PLANNING, SIM-DELETE-409-RUNNING, SIM-DELETE-204)", () => {
    const { services, caller, create } = world();
    const simulation = create();
    expect(refusalOf(() => deleteSimulation(services, caller, simulation.id)).kind).toBe("conflict");
    services.scheduler.runUntilIdle();
    runSimulation(services, caller, simulation.id);
    expect(refusalOf(() => deleteSimulation(services, caller, simulation.id)).kind).toBe("conflict");

    const planned = create();
    services.scheduler.runNext();
    expect(services.world.simulations.get(planned.id)?.status).toBe("planned");
    deleteSimulation(services, caller, planned.id);
    expect(services.world.simulations.get(planned.id)).toBeUndefined();
  });

  it("should run and edit the plan of a planned simulation only (SIM-RUN-REFUSED-NOT-PLANNED, PLAN-EDIT-REFUSED-NOT-PLANNED, SIM-RUN-RUNNING)", () => {
    const { services, caller, create } = world();
    const simulation = create();
    expect(refusalOf(() => runSimulation(services, caller, simulation.id)).kind).toBe("conflict");
    expect(refusalOf(() => updatePlan(services, caller, simulation.id, { question_text: "Q?" })).kind).toBe("conflict");
    services.scheduler.runNext();
    expect(updatePlan(services, caller, simulation.id, { question_text: "Q?" }).plan?.question_text).toBe("Q?");
    expect(runSimulation(services, caller, simulation.id).status).toBe("running");
    expect(refusalOf(() => runSimulation(services, caller, simulation.id)).kind).toBe("conflict");
  });

  it("should move a simulation into a project only while it has none (SIM-MOVE-200-NO-PROJECT, SIM-MOVE-409-HAS-PROJECT)", () => {
    const { services, caller, create } = world();
    const first = createProject(services, caller, { name: "First" });
    const second = createProject(services, caller, { name: "Second" });
    const simulation = create();
    expect(moveSimulation(services, caller, simulation.id, first.id).project_id).toBe(first.id);
    expect(refusalOf(() => moveSimulation(services, caller, simulation.id, second.id)).kind).toBe("conflict");
    const inProject = create(first.id);
    expect(refusalOf(() => moveSimulation(services, caller, inProject.id, second.id)).kind).toBe("conflict");
  });
});
