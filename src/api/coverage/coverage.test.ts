import { describe, expect, it } from "vitest";
import { Coverage, type CoverageExchange, joinedFrom, MAX_ORGANISATIONS } from "./coverage.js";
import { observationsIn } from "./states.js";

const iso = (ms: number) => new Date(ms).toISOString();
const sim = (id: string, status: string) => ({ id, status, mode: "research", goal: "concept_test" });

function exchange(over: Partial<Omit<CoverageExchange, "body">> & { body?: unknown }): CoverageExchange {
  const { body, ...rest } = over;
  const text = body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body);
  return {
    method: "GET",
    template: "/v1/simulations/{simulation_id}",
    status: 200,
    org: "acme",
    applied: undefined,
    body: () => text,
    ...rest,
  };
}

describe("observationsIn", () => {
  it("should find simulations, round syntheses and populations wherever they stand in an answer", () => {
    const project = {
      id: "p",
      rounds: [
        { id: "r1", synthesis_status: null, synthesis_stale: false, simulations: [sim("s1", "running")] },
        { id: "r2", synthesis_status: "failed", synthesis_stale: true, simulations: [] },
      ],
    };
    expect(observationsIn(project).map(({ kind, id, state }) => ({ kind, id, state }))).toEqual([
      { kind: "round_synthesis", id: "r1", state: "none" },
      { kind: "synthesis_freshness", id: "r1", state: "current" },
      { kind: "simulation", id: "s1", state: "running" },
      { kind: "round_synthesis", id: "r2", state: "failed" },
      { kind: "synthesis_freshness", id: "r2", state: "stale" },
    ]);
    expect(observationsIn({ data: { id: "pop", status: "testing", simulacrum_count: 3 }, errors: null })).toMatchObject(
      [{ kind: "population_retest", id: "pop", state: "testing" }],
    );
    // A status without the simulation's other fields is not taken for one.
    expect(observationsIn({ id: "x", status: "running" })).toEqual([]);
  });
});

describe("Coverage", () => {
  it("should count a transition between two reads of the same resource, not between two resources", () => {
    const coverage = new Coverage(() => 0);
    coverage.record(exchange({ body: sim("a", "planning") }));
    coverage.record(exchange({ body: sim("b", "planned") }));
    coverage.record(exchange({ body: sim("a", "planned") }));
    coverage.record(exchange({ body: sim("a", "planned") }));
    const view = coverage.view("acme", iso);
    expect(view.states.simulation?.transitions).toEqual({ "planning->planned": 1 });
    expect(view.states.simulation?.observed).toEqual({ planning: 1, planned: 3 });
    expect(view.rules.exercised["SIM-PLANNING-TO-PLANNED"]).toBe(1);
  });

  it("should read a cached answer's bytes for states once, however often they are answered", () => {
    const coverage = new Coverage(() => 0);
    const bytes = new TextEncoder().encode(JSON.stringify(sim("a", "running")));
    let decoded = 0;
    const original = TextDecoder.prototype.decode;
    TextDecoder.prototype.decode = function (this: InstanceType<typeof TextDecoder>, ...args) {
      decoded++;
      return original.apply(this, args);
    };
    try {
      for (let i = 0; i < 5; i++) coverage.record({ ...exchange({}), body: () => bytes });
    } finally {
      TextDecoder.prototype.decode = original;
    }
    expect(decoded).toBe(1);
    expect(coverage.view(undefined, iso).states.simulation?.observed).toEqual({ running: 5 });
  });

  it("should read a list joined from cached answers part by part, each part once", () => {
    const coverage = new Coverage(() => 0);
    const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
    const parts = [encode(sim("a", "running")), encode(sim("b", "failed"))];
    const list = () => {
      const whole = encode([sim("a", "running"), sim("b", "failed")]);
      joinedFrom(whole, parts);
      return whole;
    };
    const parse = JSON.parse;
    let parsed = 0;
    JSON.parse = (...args: Parameters<typeof JSON.parse>) => {
      parsed++;
      return parse(...args);
    };
    try {
      for (let i = 0; i < 3; i++) {
        const bytes = list();
        coverage.record({ ...exchange({ template: "/v1/simulations" }), body: () => bytes });
      }
    } finally {
      JSON.parse = parse;
    }
    expect(parsed).toBe(2);
    expect(coverage.view(undefined, iso).states.simulation?.observed).toEqual({ running: 3, failed: 3 });
  });

  it("should notice a 400 on create about the survey design, and a delay a scenario added", () => {
    const coverage = new Coverage(() => 0);
    coverage.record(
      exchange({
        method: "POST",
        template: "/v1/simulations",
        status: 400,
        body: { detail: "inputs do not match the goal" },
      }),
    );
    let view = coverage.view("acme", iso);
    expect(view.must_handle.find((i) => i.id === "survey-design-400")?.reached).toBe(false);
    coverage.record(
      exchange({
        method: "POST",
        template: "/v1/simulations",
        status: 400,
        body: { detail: "survey_design cannot be used" },
        applied: [{ scenario: "slow-network", action: "delay" }],
      }),
    );
    view = coverage.view("acme", iso);
    expect(view.must_handle.filter((i) => i.reached).map((i) => i.id)).toEqual(["survey-design-400", "slow-network"]);
    expect(view.scenarios).toEqual({ "slow-network": 1 });
  });

  it("should keep at most MAX_ORGANISATIONS organisations apart, forgetting the least recently active", () => {
    const coverage = new Coverage(() => 0);
    for (let i = 0; i <= MAX_ORGANISATIONS; i++) coverage.record(exchange({ org: `org-${i}`, body: "{}" }));
    expect(coverage.view("org-0", iso).requests).toBe(0);
    expect(coverage.view(`org-${MAX_ORGANISATIONS}`, iso).requests).toBe(1);
    expect(coverage.view(undefined, iso).requests).toBe(MAX_ORGANISATIONS + 1);
  });

  it("should forget one organisation, or everything", () => {
    let now = 1000;
    const coverage = new Coverage(() => now);
    coverage.record(exchange({ org: "a", body: sim("s", "planning") }));
    coverage.record(exchange({ org: "b", body: "{}" }));
    coverage.clear("a");
    expect(coverage.view("a", iso).requests).toBe(0);
    expect(coverage.view("b", iso).requests).toBe(1);
    now = 5000;
    coverage.clear();
    const view = coverage.view(undefined, iso);
    expect([view.requests, view.since]).toEqual([0, iso(5000)]);
    // The last state read is forgotten too: reading it again after a reset is no transition.
    coverage.record(exchange({ org: "a", body: sim("s", "planned") }));
    expect(coverage.view("a", iso).states.simulation?.transitions).toEqual({});
  });
});
