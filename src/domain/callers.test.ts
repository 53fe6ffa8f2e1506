import { describe, expect, it } from "vitest";
import { ManualClock } from "../clock/clock.js";
import { Scheduler } from "../clock/scheduler.js";
import { optionsSchema } from "../config.js";
import type { Services } from "../services.js";
import { World } from "../world/world.js";
import { resolveCaller } from "./callers.js";

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

  it("should create the caller again when the world no longer holds it (a reset)", () => {
    const services = makeServices();
    const first = resolveCaller(services, "carol@acme");
    services.world.callers.delete(first.id);
    expect(resolveCaller(services, "carol@acme")).toEqual(first);
    expect(services.world.callers.get(first.id)).toBeDefined();
  });

  it("should resolve a token in each world on its own", () => {
    const one = makeServices();
    const two = makeServices();
    const caller = resolveCaller(one, "dave@acme");
    expect(two.world.callers.get(caller.id)).toBeUndefined();
    expect(resolveCaller(two, "dave@acme")).toEqual(caller);
    expect(two.world.callers.get(caller.id)).toBeDefined();
  });
});
