import { describe, expect, it } from "vitest";
import { World } from "../../store/world.js";
import { scenarioCompileEnv } from "../assembly/startup-scenarios.js";
import { ManualClock } from "../clock/clock.js";
import { Scheduler } from "../clock/scheduler.js";
import { optionsSchema } from "../config/options.js";
import type { Services } from "../services.js";
import { compileScenario, ScenarioCatalogue } from "./catalogue.js";
import { delayMs, occurs, ScenarioEngine } from "./engine.js";

function engineWith(rules: unknown[]) {
  const clock = new ManualClock(Date.parse("2026-01-01T00:00:00Z"));
  const world = new World(1);
  const services: Services = {
    world,
    clock,
    scheduler: new Scheduler(clock, world.jobs),
    options: optionsSchema.parse({}),
    content: { goals: { research: [], journey: [] } },
  };
  const scenario = compileScenario({ name: "case", description: "A case.", rules }, "case.json", scenarioCompileEnv);
  return { engine: new ScenarioEngine(new ScenarioCatalogue([scenario]), services), scenario, clock };
}

const request = (token = "ann@acme", organisation: string | undefined = "acme") => ({
  method: "GET",
  template: "/v1/user-models",
  token,
  organisation,
  body: () => undefined,
});

const TEAPOT = { match: { method: "GET", path: "/v1/user-models" }, answer: { status: 503 } };

describe("occurrence", () => {
  const never = () => 1;
  it.each([
    [{ nth: 3 }, [false, false, true, false, false, false]],
    [{ after: 2 }, [false, false, true, true, true, true]],
    [{ every: 2 }, [false, true, false, true, false, true]],
    [{ after: 1, every: 2 }, [false, false, true, false, true, false]],
  ])("%j applies to the matching requests %j", (occurrence, expected) => {
    expect([1, 2, 3, 4, 5, 6].map((k) => occurs(occurrence, k, 0, never))).toEqual(expected);
  });

  it("should stop after at_most applications", () => {
    expect(occurs({ at_most: 2 }, 5, 1, never)).toBe(true);
    expect(occurs({ at_most: 2 }, 5, 2, never)).toBe(false);
  });
});

describe("delays", () => {
  it("should draw uniform delays within the range and log-normal ones around the median, capped", () => {
    expect(
      delayMs(
        { type: "uniform", min_ms: 300, max_ms: 1200 },
        () => 0,
        () => 0,
      ),
    ).toBe(300);
    expect(
      delayMs(
        { type: "uniform", min_ms: 300, max_ms: 1200 },
        () => 0.5,
        () => 0,
      ),
    ).toBe(750);
    expect(
      delayMs(
        { type: "log_normal", median_ms: 200, sigma: 0.5 },
        () => 0.5,
        () => 0.25,
      ),
    ).toBe(200);
    expect(
      delayMs(
        { type: "log_normal", median_ms: 200, sigma: 3, max_ms: 900 },
        () => 0.999,
        () => 0,
      ),
    ).toBe(900);
  });
});

describe("activation scopes", () => {
  it("should count each activation on its own: re-activating starts the counts afresh", () => {
    const { engine, scenario } = engineWith([{ ...TEAPOT, occurrence: { nth: 2 } }]);
    engine.set([scenario], "acme");
    const seen = () => engine.decide(request())?.answer?.status;
    expect([seen(), seen(), seen()]).toEqual([undefined, 503, undefined]);
    engine.set([scenario], "acme");
    expect([seen(), seen()]).toEqual([undefined, 503]);
  });

  it("should keep an organisation's scenarios from other organisations and the whole mock's for everyone", () => {
    const { engine, scenario } = engineWith([TEAPOT]);
    engine.set([scenario], "acme");
    expect(engine.decide(request("bo@globex", "globex"))).toBeUndefined();
    expect(engine.decide(request())?.answer?.status).toBe(503);
    engine.clear("acme");
    expect(engine.idle).toBe(true);
    engine.set([scenario]);
    expect(engine.decide(request("bo@globex", "globex"))?.answer?.status).toBe(503);
  });

  it("should count a rate per caller on the mock's clock and say when the window ends", () => {
    const { engine, scenario, clock } = engineWith([
      { ...TEAPOT, occurrence: { rate: { requests: 2, per_seconds: 10 } } },
    ]);
    engine.set([scenario]);
    const retry = (token: string) => engine.decide(request(token))?.retryAfter;
    expect([retry("a@x"), retry("a@x"), retry("b@x")]).toEqual([undefined, undefined, undefined]);
    clock.advance(4000);
    expect(retry("a@x")).toBe(6);
    clock.advance(6000);
    expect(retry("a@x")).toBeUndefined();
  });

  it("should keep per-request counters per caller, bounded however many callers there are", () => {
    const { engine, scenario } = engineWith([{ ...TEAPOT, occurrence: { nth: 2 } }]);
    const seen = (token: string) => engine.decide(request(token), [scenario])?.answer?.status;
    expect([seen("a@x"), seen("b@x"), seen("a@x")]).toEqual([undefined, undefined, 503]);
    for (let i = 0; i < 5000; i++) seen(`flood-${i}@x`);
    // The oldest callers' counters were dropped to stay bounded: "a@x" starts again.
    expect([seen("a@x"), seen("a@x")]).toEqual([undefined, 503]);
  });
});
