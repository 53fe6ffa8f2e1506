import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { createMock } from "../index.js";

/**
 * Parallel tests sharing one in-process mock, as docs/testing.md recommends: each test its own organisation, every one
 * of them moving the shared manual clock whenever it likes. A scenario's effect must still reach the thing its request
 * touched (without this they were lost, "nothing to act on", when another test moved the clock mid-request).
 */

const mock = await createMock({ clock: "manual", seed: 1 });
afterAll(() => mock.close());

function client(extra: Record<string, string> = {}) {
  const org = `parallel-${randomUUID()}`;
  const headers = { authorization: `Bearer u@${org}`, "content-type": "application/json", ...extra };
  const call = (path: string, init: RequestInit = {}) =>
    mock.fetch(path, { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) } });
  return { org, call };
}
type Client = ReturnType<typeof client>;

async function createSimulation(c: Client, headers: Record<string, string> = {}): Promise<string> {
  const [model] = (await (await c.call("/v1/user-models")).json()) as Array<{ id: string }>;
  const body = {
    mode: "research",
    goal: "concept_test",
    inputs: { concept: "Refills by post" },
    user_model_ids: [model?.id],
  };
  const response = await c.call("/v1/simulations", { method: "POST", body: JSON.stringify(body), headers });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const statusOf = async (c: Client, id: string) =>
  ((await (await c.call(`/v1/simulations/${id}`)).json()) as { status: string }).status;

/** Every effect of the organisation's requests found its subject. */
function effectsLanded(org: string) {
  const effects = mock.requests({ organisation: org }).flatMap((entry) => entry.scenarios.map((s) => s.effect));
  expect(effects.filter((effect) => effect?.includes("nothing to act on"))).toEqual([]);
}

const ROUNDS = 4;
const TESTS_PER_ROUND = 4;
let finished = 0;
/** A test the clock mover waits for: counted when it ends, passed or failed, so the mover always stops. */
const counted = (test: () => Promise<void>) => async () => {
  try {
    await test();
  } finally {
    finished++;
  }
};

describe.concurrent("parallel tests, each its own organisation, all moving one manual clock", () => {
  it("should let another test move the clock all along, at any moment of the others' requests", async () => {
    // A test that only moves the clock, a few microtasks apart, until the others are done. Every few hundred moves it
    // lets timers run (a loop of microtasks alone would starve them, vitest's timeouts among them).
    const c = client();
    for (let moves = 0; finished < ROUNDS * TESTS_PER_ROUND; moves++) {
      if (moves % 2 === 0) await mock.clock.runUntilIdle();
      else await mock.clock.advance(1_000);
      if (moves % 200 === 199) await new Promise((resolve) => setImmediate(resolve));
      if (moves % 50 === 0) await createSimulation(c);
    }
  });

  for (let i = 0; i < ROUNDS; i++) {
    it(
      `should fail the run of organisation ${i} with run-fails`,
      counted(async () => {
        const c = client();
        const id = await createSimulation(c);
        await mock.clock.runUntilIdle();
        await mock.scenarios.useFor(c.org, "run-fails");
        expect((await c.call(`/v1/simulations/${id}/run`, { method: "POST" })).status).toBe(200);
        await mock.clock.runUntilIdle();
        expect(await statusOf(c, id)).toBe("failed");
        effectsLanded(c.org);
      }),
    );

    it(
      `should fail the planning of organisation ${i} with planning-fails`,
      counted(async () => {
        const c = client();
        await mock.scenarios.useFor(c.org, "planning-fails");
        const id = await createSimulation(c);
        await mock.clock.runUntilIdle();
        expect(await statusOf(c, id)).toBe("failed");
        effectsLanded(c.org);
      }),
    );

    it(
      `should fail planning asked for by the header (${i}), the clock advanced by others`,
      counted(async () => {
        const c = client();
        const id = await createSimulation(c, { "x-mock-scenario": "planning-fails" });
        await mock.clock.advance(60_000);
        expect(await statusOf(c, id)).toBe("failed");
        effectsLanded(c.org);
      }),
    );

    it(
      `should complete organisation ${i}'s simulation with no scenario`,
      counted(async () => {
        const c = client();
        const id = await createSimulation(c);
        await mock.clock.runUntilIdle();
        expect((await c.call(`/v1/simulations/${id}/run`, { method: "POST" })).status).toBe(200);
        await mock.clock.advance(60_000);
        await mock.clock.runUntilIdle();
        expect(await statusOf(c, id)).toBe("completed");
      }),
    );
  }
});
