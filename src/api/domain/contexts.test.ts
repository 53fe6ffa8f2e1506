import { describe, expect, it } from "vitest";
import { callerOf, makeServices } from "./__fixtures__/domain-services.js";
import { createContext, defaultContext, findContext, visibleContexts } from "./contexts.js";
import { createOrganisationContext } from "./organisations.js";

describe("contexts", () => {
  it("should see its own and its organisation's contexts, not a colleague's own nor another organisation's (SCOPE-ORG-CONTEXTS, MOCK-CONTEXTS)", () => {
    const { services, world } = makeServices();
    const ada = callerOf(world, "ada", "acme");
    const bob = callerOf(world, "bob", "acme");
    const eve = callerOf(world, "eve", "globex");
    const shared = createOrganisationContext(services, "acme", { name: "Brand", body: "b" });
    const own = createContext(services, ada, { name: "Mine", body: "m" });
    expect(visibleContexts(services, ada).map((c) => c.id)).toEqual(expect.arrayContaining([shared.id, own.id]));
    expect(findContext(services, bob, own.id)).toBeUndefined();
    expect(findContext(services, bob, shared.id)?.id).toBe(shared.id);
    expect(findContext(services, eve, shared.id)).toBeUndefined();
  });

  it("should default to the caller's most recent own context, else the organisation's, else none (CONTEXT-DEFAULT, CONTEXT-DEFAULT-NONE)", () => {
    const { services, world, clock } = makeServices();
    const ada = callerOf(world, "ada", "acme");
    expect(defaultContext(services, ada)).toBeUndefined();
    const shared = createOrganisationContext(services, "acme", { name: "Brand", body: "b" });
    expect(defaultContext(services, ada)?.id).toBe(shared.id);
    createContext(services, ada, { name: "Older", body: "o" });
    clock.advance(1000);
    const newer = createContext(services, ada, { name: "Newer", body: "n" });
    expect(defaultContext(services, ada)?.id).toBe(newer.id);
  });
});
