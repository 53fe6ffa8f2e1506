import { describe, expect, it, vi } from "vitest";
import type { SimulationRecord } from "../../../store/records.js";
import { createApp } from "../../app.js";
import { CACHED_ANSWER_BYTES, cachedAnswerBytes, simulationJson, simulationView } from "./simulations.views.js";

const AUTH = "Bearer views@cache";

/** A manual-clock mock with one simulation, and a way to read it the API's way from any host. */
async function oneSimulation() {
  const mock = createApp({ quiet: true, clock: "manual" });
  const { services } = mock;
  const call = async (method: string, path: string, json?: object, host = "mock", auth = AUTH) => {
    const init: RequestInit = { method, headers: { authorization: auth, "content-type": "application/json" } };
    if (json) init.body = JSON.stringify(json);
    return (await mock.fetch(new Request(`http://${host}${path}`, init))) as Response;
  };
  const model = [...services.world.userModels.values()].find((m) => m.orgId === null); // a public one
  const body = {
    mode: "research",
    goal: "concept_test",
    inputs: { concept: "A tea cup" },
    user_model_ids: [model?.id],
  };
  const { id } = (await (await call("POST", "/v1/simulations", body)).json()) as { id: string };
  /** The GET's text, and the view of the same state written without the text cache. */
  const read = async (host = "mock") => {
    const text = await (await call("GET", `/v1/simulations/${id}`, undefined, host)).text();
    const list = await (await call("GET", "/v1/simulations", undefined, host)).text();
    const record = services.world.simulations.get(id) as SimulationRecord;
    const fresh = JSON.stringify(simulationView(services, record, { origin: `http://${host}` }));
    // The caller's list holds this one simulation: the same bytes, in brackets.
    expect(list).toBe(`[${fresh}]`);
    return { text, fresh };
  };
  return { mock, request: call, read, id };
}

describe("simulation JSON cache", () => {
  it("should answer an empty list and a list of several as JSON arrays, each item its simulation's bytes", async () => {
    const { mock, request, id } = await oneSimulation();
    const list = async (auth = AUTH) => (await request("GET", "/v1/simulations", undefined, "mock", auth)).text();
    expect(await list("Bearer nobody@empty")).toBe("[]");
    const { user_model_ids } = mock.services.world.simulations.get(id) as SimulationRecord;
    for (const concept of ["A mug", "A flask"]) {
      const body = { mode: "research", goal: "concept_test", inputs: { concept }, user_model_ids };
      expect((await request("POST", "/v1/simulations", body)).status).toBe(201);
    }
    const items = JSON.parse(await list()) as Array<{ id: string }>;
    expect(items).toHaveLength(3);
    const texts = await Promise.all(
      items.map(async (item) => (await request("GET", `/v1/simulations/${item.id}`)).text()),
    );
    expect(await list()).toBe(`[${texts.join(",")}]`);
  });

  it("should answer what a view written from scratch says, at every step a poller sees", async () => {
    const { request, read, id } = await oneSimulation();
    const seen = new Set<string>();
    // Read twice: the second read is answered from the cache.
    const check = async (host?: string) => {
      for (let i = 0; i < 2; i++) {
        const { text, fresh } = await read(host);
        expect(text).toBe(fresh);
        seen.add(text);
      }
    };
    await check(); // planning
    await request("POST", "/__mock/clock/advance", { until: "next" });
    await check(); // planned: a new record
    await request("PATCH", `/v1/simulations/${id}/plan`, { question_text: "Would you buy it?" });
    await check(); // an edited plan
    await request("POST", `/v1/simulations/${id}/run`);
    await check(); // running, no progress yet
    const { running_ms } = ((await (await request("GET", "/__mock")).json()) as { timing: { running_ms: number } })
      .timing;
    await request("POST", "/__mock/clock/advance", { ms: Math.round(running_ms / 2) });
    await check(); // the same record, progress moved by the clock alone
    await request("POST", `/v1/simulations/${id}/share`);
    await check("one.example");
    await check("two.example"); // the same record, another share URL
    await request("POST", "/__mock/clock/advance", { until: "idle" });
    await check(); // completed: results and report
    expect(seen.size).toBe(8);
  });

  it("should keep answers whose results are keyed by integer-like options: in their options' order, written once", async () => {
    const { mock, request, id } = await oneSimulation();
    const { user_model_ids } = mock.services.world.simulations.get(id) as SimulationRecord;
    const survey_design = { custom_questions: [{ question_text: "Pick one", answer_options: ["2", "1", "10"] }] };
    const body = { mode: "research", goal: "custom_survey", inputs: {}, user_model_ids, survey_design };
    const created = (await (await request("POST", "/v1/simulations", body)).json()) as { id: string };
    await request("POST", "/__mock/clock/advance", { until: "next" });
    await request("POST", `/v1/simulations/${created.id}/run`);
    await request("POST", "/__mock/clock/advance", { until: "idle" });
    const record = mock.services.world.simulations.get(created.id) as SimulationRecord;
    const at = { origin: "http://mock" };
    const first = simulationJson(mock.services, record, at);
    expect(new TextDecoder().decode(first)).toMatch(/"overall":\{"2":[^,]+,"1":[^,]+,"10":[^,}]+\}/);
    expect(simulationJson(mock.services, record, at)).toBe(first);
  });

  it("should keep a bounded number of texts, the least recently read leaving first", async () => {
    const { mock, id } = await oneSimulation();
    const record = mock.services.world.simulations.get(id) as SimulationRecord;
    const at = { origin: "http://mock" };
    const first = simulationJson(mock.services, record, at);
    const written = vi.spyOn(JSON, "stringify");
    const others = Array.from({ length: 499 }, (_, i) => ({ ...record, id: `other-${i}` }));
    for (const other of others) simulationJson(mock.services, other, at);
    expect(simulationJson(mock.services, record, at)).toBe(first);
    expect(written).toHaveBeenCalledTimes(499); // 500 fit: the first was still there
    simulationJson(mock.services, { ...record, id: "one-more" }, at); // the 501st pushes out others[0]
    simulationJson(mock.services, others[0] as SimulationRecord, at);
    expect(written).toHaveBeenCalledTimes(501); // others[0] was written again
    expect(simulationJson(mock.services, record, at)).toBe(first); // recently read: kept
    expect(written).toHaveBeenCalledTimes(501);
    written.mockRestore();
  });

  it("should keep no more than CACHED_ANSWER_BYTES of texts, however few the simulations (1 MiB inputs)", async () => {
    const { mock, id } = await oneSimulation();
    const record = mock.services.world.simulations.get(id) as SimulationRecord;
    const at = { origin: "http://mock" };
    const inputs = { ...record.inputs, notes: "x".repeat(1024 * 1024) };
    for (let i = 0; i < 60; i++) simulationJson(mock.services, { ...record, id: `big-${i}`, inputs }, at);
    expect(cachedAnswerBytes(mock.services.world)).toBeLessThanOrEqual(CACHED_ANSWER_BYTES);
    expect(cachedAnswerBytes(mock.services.world)).toBeGreaterThan(CACHED_ANSWER_BYTES - 3 * 1024 * 1024);
  });
});
