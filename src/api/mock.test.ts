import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, ControlError, createMock, type Mock } from "../index.js";
import type { JobKind } from "../store/records.js";
import { appOf } from "./mock.js";

const AUTH = { authorization: "Bearer tess@createmock" };
const opened: Mock[] = [];
let dir: string | undefined;

afterEach(async () => {
  for (const mock of opened.splice(0)) await mock.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

async function mockWith(options: Parameters<typeof createMock>[0] = {}) {
  const mock = await createMock({ clock: "manual", ...options });
  opened.push(mock);
  return mock;
}

async function createSimulation(mock: Mock, headers: Record<string, string> = {}) {
  const models = (await (await mock.fetch("/v1/user-models", { headers: AUTH })).json()) as Array<{ id: string }>;
  const response = await mock.fetch("/v1/simulations", {
    method: "POST",
    headers: { ...AUTH, "content-type": "application/json", ...headers },
    body: JSON.stringify({
      mode: "research",
      goal: "concept_test",
      inputs: { concept: "Soup by subscription" },
      user_model_ids: [models[0]?.id],
    }),
  });
  return (await response.json()) as { id: string; status: string; created_at: string };
}

async function statusOf(mock: Mock, id: string) {
  return ((await (await mock.fetch(`/v1/simulations/${id}`, { headers: AUTH })).json()) as { status: string }).status;
}

describe("createMock", () => {
  it("should answer in-process with no socket, and move along only when its clock is moved", async () => {
    const mock = await mockWith();
    expect(mock.url).toBe("http://bss-mock.invalid");
    // Nothing listens: no port or host is reported (the defaults would name an address no one can reach).
    expect(mock.info().options).not.toHaveProperty("port");
    expect(mock.info().options).not.toHaveProperty("host");
    expect(mock.info().options).toMatchObject({ clock: "manual" });
    const simulation = await createSimulation(mock);
    expect(simulation.status).toBe("planning");
    await mock.clock.runUntilIdle();
    expect(await statusOf(mock, simulation.id)).toBe("planned");
  });

  it("should finish a population retest on runNext and runUntilIdle, never needing its duration", async () => {
    const mock = await mockWith();
    const population = "3f6c2a1e-8b4d-4c7a-9e2f-5a1b7c9d0e11";
    const status = async () =>
      (
        (await (await mock.fetch(`/v1/populations/${population}`, { headers: AUTH })).json()) as {
          data: { status: string };
        }
      ).data.status;
    const retest = () => mock.fetch(`/v1/populations/${population}/retest`, { method: "POST", headers: AUTH });
    await retest();
    expect(await status()).toBe("testing");
    await mock.clock.runNext();
    expect(await status()).toBe("ready");
    await retest();
    expect(await status()).toBe("testing");
    await mock.clock.runUntilIdle();
    expect(await status()).toBe("ready");
  });

  it("should listen on a real URL when given a port", async () => {
    const mock = await mockWith({ port: 0 });
    expect(mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(mock.info().options).toMatchObject({ port: 0, host: "127.0.0.1" });
    const health = await fetch(`${mock.url}/healthz`);
    expect(await health.json()).toEqual({ status: "ok" });
  });

  it("should refuse a host without a port with a ConfigError, rather than ignore it and listen nowhere", async () => {
    const refused = createMock({ host: "127.0.0.1" });
    await expect(refused).rejects.toBeInstanceOf(ConfigError);
    await expect(createMock({ host: "127.0.0.1" })).rejects.toMatchObject({
      option: "host",
      message: expect.stringMatching(/^invalid host '127\.0\.0\.1': a host needs a port/),
    });
    const listening = await mockWith({ host: "127.0.0.1", port: 0 });
    expect(listening.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it("should validate its options with the command line's schema", async () => {
    await expect(createMock({ seed: -1 })).rejects.toThrow(/seed/);
  });

  it("should refuse options that are not an object with a ConfigError, as startServer does", async () => {
    for (const [input, shown] of [
      [null, "null"],
      ["manual", '"manual"'],
      [["manual"], '["manual"]'],
    ] as const) {
      await expect(createMock(input as never)).rejects.toThrow(
        new ConfigError(`the options must be an object such as { port: 0 }, not ${shown}`),
      );
      await expect(createMock(input as never)).rejects.toBeInstanceOf(ConfigError);
    }
  });

  it("should refuse what the command line refuses with exit 2 as a ConfigError naming the option", async () => {
    const unknown = await createMock({ scenarios: ["flaky", "no-such-scenario"] }).catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(ConfigError);
    expect(unknown).toMatchObject({
      name: "ConfigError",
      option: "scenarios",
      message: expect.stringMatching(
        /^invalid scenarios 'no-such-scenario': no such scenario; known scenarios: fast-phases, flaky, planner-busy, /,
      ),
    });
    const missing = join(tmpdir(), "bss-mock-no-such-folder");
    await expect(createMock({ fixtures: missing })).rejects.toMatchObject({
      name: "FixtureError",
      message: `fixtures directory ${missing} does not exist`,
    });
    await expect(createMock({ fixtures: missing })).rejects.toBeInstanceOf(ConfigError);
    await expect(createMock({ scenariosDir: missing })).rejects.toBeInstanceOf(ConfigError);
  });

  it("should use scenarios on top of the start-up ones and reset back to them, like MSW's use and resetHandlers", async () => {
    const mock = await mockWith({ scenarios: ["flaky"] });
    await mock.scenarios.use("server-error");
    expect(mock.scenarios.read().active.global).toEqual(["flaky", "server-error"]);
    expect((await mock.fetch("/v1/simulations", { headers: AUTH })).status).toBe(500);
    await mock.scenarios.reset();
    expect(mock.scenarios.read().active.global).toEqual(["flaky"]);
    await mock.scenarios.useFor("createmock", "server-error");
    expect(mock.scenarios.read().active.organisations).toEqual({ createmock: ["server-error"] });
    await mock.scenarios.clear();
    expect(mock.scenarios.read().active).toEqual({ global: [], organisations: {} });
  });

  it("should reject a fetch that a fault breaks, as a network error would", async () => {
    const mock = await mockWith();
    await mock.scenarios.use({
      name: "offline",
      description: "The user model list never arrives.",
      rules: [{ match: { method: "GET", path: "/v1/user-models" }, fault: { type: "connection_reset" } }],
    });
    await expect(mock.fetch("/v1/user-models")).rejects.toThrow(/fetch failed/);
    await mock.scenarios.use({
      name: "cut-short",
      description: "Health answers are cut off.",
      rules: [{ match: { method: "GET", path: "/v1/simulations" }, fault: { type: "truncated_body" } }],
    });
    const truncated = await mock.fetch("/v1/simulations", { headers: AUTH });
    await expect(truncated.text()).rejects.toThrow(/terminated/);
  });

  it("should list, count and clear the requests it answered", async () => {
    const mock = await mockWith();
    await createSimulation(mock);
    expect(mock.requests({ method: "POST" }).map((entry) => entry.template)).toEqual(["/v1/simulations"]);
    expect(mock.requests.count()).toBe(2);
    mock.requests.clear();
    expect(mock.requests()).toEqual([]);
  });

  it("should record the bodies of in-process requests (no Content-Length), after a clear and a reset too", async () => {
    const mock = await mockWith();
    const body = { name: "Brief", body: "Small teams, monthly billing." };
    const post = () =>
      mock.fetch("/v1/contexts", {
        method: "POST",
        headers: { ...AUTH, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    for (const forget of [() => mock.requests.clear(), () => mock.reset()]) {
      await forget();
      const answered = await (await post()).json();
      const read = await (await mock.fetch("/v1/user-models", { headers: AUTH })).json();
      expect(mock.requests().map((e) => [e.request_body, e.response_body])).toEqual([
        [body, answered],
        [null, read],
      ]);
    }
  });

  it("should record bodies its helpers did not write too: the share page's HTML", async () => {
    const mock = await mockWith();
    const { id } = await createSimulation(mock);
    await mock.fetch(`/v1/simulations/${id}/share`, { method: "POST", headers: AUTH });
    const page = await (await mock.fetch(`/v1/public/simulations/${id}`)).text();
    const [entry] = mock.requests({ template: "/v1/public/simulations/{simulation_id}" });
    expect(page).toMatch(/^<!doctype html>/i);
    expect(entry?.response_body).toBe(page);
  });

  it("should keep a scenario's effect with the thing it touched across a restart with --db", async () => {
    dir = mkdtempSync(join(tmpdir(), "bss-mock-createmock-"));
    const db = join(dir, "state.json");
    const first = await createMock({ clock: "manual", db });
    const simulation = await createSimulation(first, { "x-mock-scenario": "planning-fails" });
    await first.close();
    const second = await mockWith({ db });
    await second.clock.advance(3000);
    expect(await statusOf(second, simulation.id)).toBe("failed");
  });

  it("should go on from where its manual clock stood after a restart with --db, and reset to --now", async () => {
    dir = mkdtempSync(join(tmpdir(), "bss-mock-createmock-"));
    const db = join(dir, "state.json");
    const now = "2026-03-01T09:00:00.000Z";
    const first = await createMock({ clock: "manual", now, db });
    const created = await createSimulation(first);
    await first.clock.runUntilIdle(); // planned
    const stood = (await first.clock.advance(60_000)).epoch_ms;
    await first.close();

    const second = await createMock({ clock: "manual", now, db });
    expect(second.clock.read().epoch_ms).toBe(stood);
    const later = await createSimulation(second);
    expect(Date.parse(later.created_at)).toBeGreaterThan(Date.parse(created.created_at));
    await second.reset();
    expect(second.clock.read().now).toBe(now);
    await second.close();
    // The reset is kept too: a third start begins at --now.
    const third = await createMock({ clock: "manual", now, db });
    expect(third.clock.read().now).toBe(now);
    await third.close();
  });

  it("should start a manual clock on a --db world written under the system clock no earlier than its last write", async () => {
    dir = mkdtempSync(join(tmpdir(), "bss-mock-createmock-"));
    const db = join(dir, "state.json");
    const system = await createMock({ db });
    const stored = await createSimulation(system);
    await system.close();
    const written = Date.parse(stored.created_at);

    // --now lies before what the world stored: time goes on from the last write, never back.
    const manual = await createMock({ clock: "manual", now: "2026-01-01T00:00:00Z", db });
    expect(manual.clock.read().epoch_ms).toBeGreaterThanOrEqual(written);
    expect(manual.clock.read().epoch_ms).toBeLessThan(Date.now() + 1);
    const later = await createSimulation(manual);
    expect(Date.parse(later.created_at)).toBeGreaterThanOrEqual(written);
    // A --now after it is where the clock starts.
    await manual.close();
    const ahead = "2099-01-01T00:00:00.000Z";
    const third = await createMock({ clock: "manual", now: ahead, db });
    expect(third.clock.read().now).toBe(ahead);
    await third.close();
  });
});

/**
 * Another caller (a parallel test) moves the shared manual clock in the microtask right after the request's handler has
 * scheduled `kind`: the first moment it could ever run. Deterministic: the microtask is queued while the handler runs,
 * so it runs before any continuation the request's own pipeline queues after the handler returns.
 */
function moveClockRightAfter(mock: Mock, kind: JobKind, move: () => Promise<unknown>) {
  const { scheduler } = appOf(mock).services;
  const schedule = scheduler.schedule;
  let moved: Promise<unknown> | undefined;
  scheduler.schedule = function (this: typeof scheduler, ...args) {
    const job = schedule.apply(this, args);
    if (args[0] === kind && moved === undefined) {
      moved = new Promise((resolve, reject) => queueMicrotask(() => move().then(resolve, reject)));
    }
    return job;
  };
  return {
    moved: () => {
      scheduler.schedule = schedule;
      expect(moved, `the handler scheduled no ${kind}`).toBeDefined();
      return moved;
    },
  };
}

describe("createMock: a scenario's effect when another caller moves the clock at once", () => {
  it("should fail planning (organisation scenario) though the clock runs until idle right after the create", async () => {
    const mock = await mockWith();
    await mock.scenarios.useFor("createmock", "planning-fails");
    const race = moveClockRightAfter(mock, "finish_planning", () => mock.clock.runUntilIdle());
    const simulation = await createSimulation(mock);
    await race.moved();
    expect(await statusOf(mock, simulation.id)).toBe("failed");
    const [entry] = mock.requests({ method: "POST", template: "/v1/simulations" });
    expect(entry?.scenarios.map((applied) => applied.effect)).toEqual(["fail_planning"]);
  });

  it("should fail planning (x-mock-scenario header) though the clock advances right after the create", async () => {
    const mock = await mockWith();
    const race = moveClockRightAfter(mock, "finish_planning", () => mock.clock.advance(60_000));
    const simulation = await createSimulation(mock, { "x-mock-scenario": "planning-fails" });
    await race.moved();
    expect(await statusOf(mock, simulation.id)).toBe("failed");
  });

  it("should fail the run (organisation scenario) though the clock runs until idle right after the run starts", async () => {
    const mock = await mockWith();
    const simulation = await createSimulation(mock);
    await mock.clock.runUntilIdle();
    await mock.scenarios.useFor("createmock", "run-fails");
    const race = moveClockRightAfter(mock, "finish_run", () => mock.clock.runUntilIdle());
    const run = await mock.fetch(`/v1/simulations/${simulation.id}/run`, { method: "POST", headers: AUTH });
    expect(run.status).toBe(200);
    await race.moved();
    await mock.clock.runUntilIdle();
    expect(await statusOf(mock, simulation.id)).toBe("failed");
  });
});

describe("createMock: a control call's arguments are checked as its /__mock route checks them", () => {
  const YEAR_MS = 31_536_000_000;

  it("should refuse a clock move the route refuses, naming the value, and leave the clock and the mock as they were", async () => {
    const mock = await mockWith();
    const start = mock.clock.read();
    const refused: Array<[unknown, ErrorConstructor, RegExp]> = [
      [1e16, RangeError, /mock\.clock\.advance: ms must be at most 31536000000 .*, not 10000000000000000$/],
      [YEAR_MS + 1, RangeError, /at most 31536000000 .*, not 31536000001$/],
      [-5, RangeError, /ms must be at least 0 .*, not -5$/],
      [1.5, RangeError, /ms must be a whole number .*, not 1\.5$/],
      [Number.NaN, RangeError, /ms must be a number .*, not NaN$/],
      [Number.POSITIVE_INFINITY, RangeError, /, not Infinity$/],
      ["10", TypeError, /ms must be a number \(as POST \/__mock\/clock\/advance accepts\), not "10"$/],
      [undefined, TypeError, /, not undefined$/],
    ];
    for (const [ms, kind, message] of refused) {
      const advanced = mock.clock.advance(ms as number);
      await expect(advanced, String(ms)).rejects.toBeInstanceOf(kind);
      await expect(advanced, String(ms)).rejects.toThrow(message);
      expect(mock.clock.read()).toEqual(start);
    }
    // The mock still works: a write is answered and stamped with the clock's time.
    const created = await mock.fetch("/v1/contexts", {
      method: "POST",
      headers: { ...AUTH, "content-type": "application/json" },
      body: JSON.stringify({ name: "n", body: "b" }),
    });
    expect(created.status).toBe(201);
    expect(((await created.json()) as { created_at: string }).created_at).toBe(start.now);
    // The bounds themselves are accepted, as over HTTP.
    expect((await mock.clock.advance(0)).epoch_ms).toBe(start.epoch_ms);
    expect((await mock.clock.advance(YEAR_MS)).epoch_ms).toBe(start.epoch_ms + YEAR_MS);
  });

  it("should refuse what the scenario routes refuse: an empty or non-text org, an item neither a name nor an object", async () => {
    const mock = await mockWith();
    await expect(mock.scenarios.useFor("", "planning-fails")).rejects.toThrow(
      new RangeError(
        'mock.scenarios.useFor: org must be at least 1 character long (as PUT /__mock/scenarios accepts), not ""',
      ),
    );
    await expect(mock.scenarios.useFor(7 as unknown as string, "planning-fails")).rejects.toBeInstanceOf(TypeError);
    await expect(mock.scenarios.use(42 as unknown as string)).rejects.toThrow(/^mock\.scenarios\.use: scenarios\.0 /);
    await expect(mock.scenarios.use(42 as unknown as string)).rejects.toBeInstanceOf(TypeError);
    await expect(mock.scenarios.clear("")).rejects.toBeInstanceOf(RangeError);
    expect(mock.scenarios.read().active).toEqual({ global: [], organisations: {} });
  });

  it("should refuse a reset with an unknown key rather than reset everything, and an empty org", async () => {
    const mock = await mockWith();
    const simulation = await createSimulation(mock);
    await expect(mock.reset({ orgg: "createmock" } as { org?: string })).rejects.toThrow(
      new TypeError('mock.reset: options has no key "orgg"'),
    );
    await expect(mock.reset({ org: "" })).rejects.toBeInstanceOf(RangeError);
    expect(await statusOf(mock, simulation.id)).toBe("planning");
  });

  it("should refuse a journal filter of the wrong kind or with a mistyped key, rather than match nothing or everything", async () => {
    const mock = await mockWith();
    await createSimulation(mock);
    expect(() => mock.requests({ status: "201" as unknown as number })).toThrow(
      new TypeError('mock.requests: filter.status must be a number (as GET /__mock/requests accepts), not "201"'),
    );
    expect(() => mock.requests({ stauts: 201 } as never)).toThrow(
      new TypeError('mock.requests: filter has no key "stauts"'),
    );
    expect(() => mock.requests({ limit: 0 })).toThrow(RangeError);
    expect(() => mock.requests.count({ status: 1.5 })).toThrow(RangeError);
    // What the route takes is taken, and an entry id as a number too.
    expect(mock.requests({ status: 201 })).toHaveLength(1);
    expect(mock.requests.count({ since: 1 })).toBe(1);
    expect(mock.requests.count({ since: "1" })).toBe(1);
    expect(mock.requests.count({ since: "2000-01-01" })).toBe(2);
    expect(mock.requests.count({ since: "9999-01-01T00:00:00+01:00" })).toBe(0);
  });

  it("should refuse a journal since that is neither an entry id nor a date-time, as the route does", async () => {
    const mock = await mockWith();
    await createSimulation(mock);
    for (const since of ["garbage", "", "2026-13-01T00:00:00Z"]) {
      expect(() => mock.requests({ since }), since).toThrow(
        new RangeError(
          `mock.requests: filter.since must be an entry id or a date-time (as GET /__mock/requests accepts), not ${JSON.stringify(since)}`,
        ),
      );
      expect(() => mock.requests.count({ since }), since).toThrow(RangeError);
    }
  });

  it("should refuse a planner turn or an organisation's data the routes refuse, changing nothing", async () => {
    const mock = await mockWith();
    await expect(mock.plannerTurn("nope", 1000)).rejects.toThrow(
      new RangeError(
        'mock.plannerTurn: projectId must be a uuid (as POST /__mock/projects/{project_id}/planner-turn accepts), not "nope"',
      ),
    );
    await expect(mock.plannerTurn(crypto.randomUUID(), 1e20)).rejects.toBeInstanceOf(RangeError);
    const unnamed = mock.orgs.createContext("acme", { name: "", body: "b" });
    await expect(unnamed).rejects.toBeInstanceOf(RangeError);
    await expect(unnamed).rejects.toThrow(/^mock\.orgs\.createContext: input\.name must be at least 1 character/);
    await expect(mock.orgs.createContext("", { name: "n", body: "b" })).rejects.toBeInstanceOf(RangeError);
    await expect(
      mock.orgs.createUserModel("acme", { name: "n", description: "d", question_count: -1 }),
    ).rejects.toBeInstanceOf(RangeError);
    const contexts = await (await mock.fetch("/v1/contexts", { headers: { authorization: "Bearer u@acme" } })).json();
    expect(contexts).toEqual([]);
  });
});

describe("createMock: a control call the mock refuses", () => {
  it("should reject with the exported ControlError, its route's status, in the words of the programmatic API", async () => {
    const mock = await createMock({ seed: 3 });
    try {
      const moved = mock.clock.advance(10);
      await expect(moved).rejects.toBeInstanceOf(ControlError);
      await expect(moved).rejects.toMatchObject({
        name: "ControlError",
        status: 409,
        message:
          'mock.clock.advance: the clock is the system clock; create the mock with { clock: "manual" } to move time by hand',
      });
      await expect(mock.clock.runUntilIdle()).rejects.toThrow(/^mock\.clock\.runUntilIdle: .*\{ clock: "manual" \}/);
      await expect(mock.scenarios.use("flakey")).rejects.toMatchObject({
        name: "ControlError",
        status: 400,
        message: expect.stringMatching(/^mock\.scenarios\.use: Unknown scenario 'flakey' in scenarios \(did you mean/),
      });
      await expect(mock.plannerTurn("00000000-0000-4000-8000-000000000000", 10)).rejects.toMatchObject({
        status: 404,
        message: "mock.plannerTurn: Project not found",
      });
      expect(ControlError.name).toBe("ControlError");
    } finally {
      await mock.close();
    }
  });
});

describe("createMock: organisations and simulations in a status", () => {
  it("should list the organisations and make a caller's simulation in a status, as the /__mock routes do", async () => {
    const mock = await createMock({ clock: "manual" });
    try {
      const headers = { authorization: "Bearer ann@acme" };
      const [model] = (await (await mock.fetch("/v1/user-models", { headers })).json()) as Array<{ id: string }>;
      const simulation = {
        mode: "research" as const,
        goal: "concept_test",
        inputs: { concept: "Refills by post" },
        user_model_ids: [model?.id as string],
      };
      const made = await mock.createSimulation({ caller: "ann@acme", status: "completed", simulation });
      expect(made).toMatchObject({ status: "completed", mode: "research" });
      const read = await (await mock.fetch(`/v1/simulations/${made.id}`, { headers })).json();
      expect(read).toEqual(made);
      expect(mock.orgs.list()).toEqual([expect.objectContaining({ kind: "shared", name: "acme", simulations: 1 })]);
      await expect(
        mock.createSimulation({ caller: "ann@acme", status: "done" as "planned", simulation }),
      ).rejects.toThrow(/^mock\.createSimulation: input\.status must be one of "planning", /);
    } finally {
      await mock.close();
    }
  });
});
