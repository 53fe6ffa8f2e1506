import { describe, expect, it } from "vitest";
import { callerOf, makeServices } from "./__fixtures__/domain-services.js";
import { createTest } from "./answers.js";
import { createOrganisationContext, createOrganisationUserModel, forgetOrganisation } from "./organisations.js";
import { listUserModels, retestPopulation } from "./populations.js";

describe("organisation user models", () => {
  it("should show an organisation's model to it alone, owned by it (USER-MODEL-OWNED-BY-ORG, SCOPE-USER-MODELS)", () => {
    const { services, world } = makeServices();
    const model = createOrganisationUserModel(services, "acme", { name: "Acme buyers", description: "d" });
    const mine = listUserModels(services, callerOf(world, "ada", "acme"));
    expect(mine.find((m) => m.id === model.id)).toMatchObject({ owned_by_org: true });
    expect(mine.filter((m) => !m.owned_by_org).length).toBeGreaterThan(0);
    const theirs = listUserModels(services, callerOf(world, "bob", "globex"));
    expect(theirs.some((m) => m.id === model.id)).toBe(false);
  });

  it("should have accuracy 0 until the organisation tests and retests it (POPULATION-IS-USER-MODEL, MOCK-POPULATIONS)", () => {
    const { services, world } = makeServices({ retestMs: 0 });
    const caller = callerOf(world, "ada", "acme");
    const model = createOrganisationUserModel(services, "acme", { name: "Acme buyers", description: "d" });
    const accuracy = () => listUserModels(services, caller).find((m) => m.id === model.id)?.accuracy;
    expect(accuracy()).toBe(0);
    createTest(services, caller, {
      population_id: model.id,
      question: "Would you buy it?",
      answer_options: ["Yes", "No"],
      question_type: "single-choice",
      ground_answer_counts: { Yes: 30, No: 70 },
    });
    expect(accuracy()).toBe(0);
    retestPopulation(services, caller, model.id);
    services.scheduler.runDue();
    expect(accuracy()).toBeGreaterThan(0.5);
  });

  it("should forget one organisation's contexts and models and leave another's", () => {
    const { services, world } = makeServices();
    const acme = createOrganisationUserModel(services, "acme", { name: "Acme", description: "d" });
    const globex = createOrganisationUserModel(services, "globex", { name: "Globex", description: "d" });
    const context = createOrganisationContext(services, "acme", { name: "Brand", body: "b" });
    forgetOrganisation(services, "acme");
    expect(world.userModels.get(acme.id)).toBeUndefined();
    expect(world.contexts.get(context.id)).toBeUndefined();
    expect(world.userModels.get(globex.id)).toBeDefined();
  });
});
