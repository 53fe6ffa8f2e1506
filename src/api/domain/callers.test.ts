import { describe, expect, it } from "vitest";
import { World } from "../../store/world.js";
import { ManualClock } from "../clock/clock.js";
import { Scheduler } from "../clock/scheduler.js";
import { optionsSchema } from "../config/options.js";
import type { Services } from "../services.js";
import { nextIdOf, resolveCaller } from "./callers.js";

function makeServices(): Services {
  const world = new World(1);
  const clock = new ManualClock(Date.parse("2026-01-01T00:00:00Z"));
  return {
    world,
    clock,
    scheduler: new Scheduler(clock, world.jobs),
    options: optionsSchema.parse({ clock: "manual", quiet: true }),
    content: { goals: { research: [], journey: [] } },
  };
}

describe("resolveCaller", () => {
  it("should give the same caller for the same token, and the demo caller for none", () => {
    const services = makeServices();
    const alice = resolveCaller(services, "alice@acme");
    expect(resolveCaller(services, "alice@acme")).toEqual(alice);
    expect(resolveCaller(services, "bob@acme").orgId).toBe(alice.orgId);
    expect(resolveCaller(services, undefined)).toMatchObject({ isDemo: true });
    expect(resolveCaller(services, "alice@acme").isDemo).toBe(false);
  });

  it("should store nothing for a caller that only resolves (reads), and store it and its organisation with its first id", () => {
    const services = makeServices();
    const carol = resolveCaller(services, "carol@acme");
    resolveCaller(services, "eve@elsewhere");
    expect([...services.world.callers.values()]).toEqual([]);
    expect([...services.world.organisations.values()]).toEqual([]);
    const first = nextIdOf(services, carol);
    expect(services.world.callers.get(carol.id)).toMatchObject({ key: carol.key, orgId: carol.orgId, sequence: 1 });
    expect(services.world.organisations.get(carol.orgId)).toMatchObject({ key: carol.orgKey });
    expect(services.world.organisations.size).toBe(1);
    expect(nextIdOf(services, carol)).not.toBe(first);
  });

  it("should give the same ids again once the world no longer holds the caller (a reset)", () => {
    const services = makeServices();
    const carol = resolveCaller(services, "carol@acme");
    const first = nextIdOf(services, carol);
    services.world.callers.delete(carol.id);
    expect(resolveCaller(services, "carol@acme")).toEqual(carol);
    expect(nextIdOf(services, carol)).toBe(first);
  });

  it("should resolve a token in each world to the same caller and ids", () => {
    const one = makeServices();
    const two = makeServices();
    const caller = resolveCaller(one, "dave@acme");
    expect(resolveCaller(two, "dave@acme")).toEqual(caller);
    expect(nextIdOf(two, caller)).toBe(nextIdOf(one, caller));
  });
});
