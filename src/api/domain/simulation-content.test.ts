import { describe, expect, it, vi } from "vitest";
import type { SimulationRecord } from "../../store/records.js";
import { createApp } from "../app.js";
import { CACHED_WEIGHT, cachedContentWeight, contentReady, simulationContent } from "./simulation-content.js";

/** A mock (manual clock unless `options` say otherwise) with one simulation of `token`'s, created. */
async function withSimulation(options: Parameters<typeof createApp>[0], token: string) {
  const mock = createApp({ quiet: true, ...options });
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const request = async (method: string, path: string, body?: unknown) =>
    (await mock.fetch(
      new Request(`http://mock${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined }),
    )) as Response;
  const models = (await (await request("GET", "/v1/user-models")).json()) as Array<{ id: string }>;
  const created = (await (
    await request("POST", "/v1/simulations", {
      mode: "research",
      goal: "concept_test",
      inputs: { concept: "A cup that keeps tea warm" },
      user_model_ids: [models[0]?.id],
    })
  ).json()) as { id: string };
  return { mock, request, id: created.id };
}

async function completedSimulation() {
  const made = await withSimulation({ clock: "manual" }, "content@storage");
  await made.request("POST", "/__mock/clock/advance", { ms: 60_000 });
  return made;
}

describe("simulation content", () => {
  it("should store neither the generated plan nor results, synthesis or report, and show them all", async () => {
    const { mock, request, id } = await completedSimulation();
    await request("POST", `/v1/simulations/${id}/run`);
    await request("POST", "/__mock/clock/advance", { ms: 60_000 });
    const stored = mock.services.world.simulations.get(id) as SimulationRecord;
    expect(stored.status).toBe("completed");
    expect([stored.plan, stored.results, stored.synthesis, stored.markdown]).toEqual([null, null, null, null]);
    expect(JSON.stringify(stored).length).toBeLessThan(1_500);

    const shown = (await (await request("GET", `/v1/simulations/${id}`)).json()) as Record<string, unknown>;
    expect(shown.plan).toMatchObject({ survey_questions: expect.any(Array) });
    expect(shown.results).toMatchObject({ questions: expect.any(Array) });
    expect(typeof shown.markdown).toBe("string");
    expect(typeof shown.synthesis).toBe("string");
    // Generated again from scratch (a copy of the record misses the cache): the same content.
    expect(simulationContent(mock.services, { ...stored })).toEqual(simulationContent(mock.services, stored));
  });

  it("should store an edited plan, and run on it", async () => {
    const { mock, request, id } = await completedSimulation();
    const edited = { question_text: "Would you buy it?", hypothesis_text: null };
    expect((await request("PATCH", `/v1/simulations/${id}/plan`, edited)).status).toBe(200);
    expect(mock.services.world.simulations.get(id)?.plan).toMatchObject(edited);
    await request("POST", `/v1/simulations/${id}/run`);
    await request("POST", "/__mock/clock/advance", { ms: 60_000 });
    const shown = (await (await request("GET", `/v1/simulations/${id}`)).json()) as { plan: unknown; markdown: string };
    expect(shown.plan).toMatchObject(edited);
    expect(shown.markdown).toContain("Would you buy it?");
  });

  it("should show what a record written by an earlier version holds", async () => {
    const { mock, id } = await completedSimulation();
    const world = mock.services.world;
    const legacy = world.simulations.put({
      ...(world.simulations.get(id) as SimulationRecord),
      status: "completed",
      results: { kept: true },
      synthesis: "kept synthesis",
      markdown: "kept report",
    });
    expect(simulationContent(mock.services, legacy)).toMatchObject({
      results: { kept: true },
      synthesis: "kept synthesis",
      markdown: "kept report",
    });
  });
});

describe("the content cache", () => {
  it("should keep no more than CACHED_WEIGHT of content, however few the simulations (1 MiB inputs)", async () => {
    const { mock, id } = await completedSimulation();
    const stored = mock.services.world.simulations.get(id) as SimulationRecord;
    // Weighed by the inputs as JSON, whatever the content makes of them (a large field it does not quote is quick).
    const notes = "x".repeat(1024 * 1024);
    const inputs = { ...stored.inputs, notes };
    const world = mock.services.world;
    for (let i = 0; i < 60; i++) simulationContent(mock.services, { ...stored, id: `big-${i}`, inputs });
    expect(cachedContentWeight(world)).toBeLessThanOrEqual(CACHED_WEIGHT);
    expect(cachedContentWeight(world)).toBeGreaterThan(CACHED_WEIGHT - 2 * notes.length - 200_000);
    // Small simulations are all kept, as before.
    const before = cachedContentWeight(world);
    simulationContent(mock.services, stored);
    expect(cachedContentWeight(world)).toBeLessThanOrEqual(Math.max(before, CACHED_WEIGHT));
  });

  it("should have a completed simulation's content ready before its first read", async () => {
    const { mock, request, id } = await withSimulation({ timing: "instant" }, "prepared@storage");
    await request("POST", `/v1/simulations/${id}/run`);
    const world = mock.services.world;
    const completed = await vi.waitFor(() => {
      const record = world.simulations.get(id);
      if (record?.status !== "completed") throw new Error("not yet");
      return record;
    });
    // Nothing read it since it completed: the content is made in the background.
    await vi.waitFor(() => expect(contentReady(mock.services, completed)).toBe(true));
    expect(simulationContent(mock.services, completed).results).not.toBeNull();
    mock.close();
  });
});
