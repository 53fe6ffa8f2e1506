import { describe, expect, it } from "vitest";
import { createApp } from "../api/app.js";
import { WriteFailed } from "./collection.js";
import { ChangeLog } from "./persistence/change-log.js";

/**
 * The app over a ChangeLog whose writes the test decides: `settle("fail")` fails the pending write as a full disk
 * would, `settle("ok")` reports it written.
 */
function mockWithStorage() {
  const changes = new ChangeLog();
  const mock = createApp({ quiet: true, clock: "manual" }, { changes });
  const auth = { authorization: "Bearer undo@storage", "content-type": "application/json" };
  const request = (method: string, path: string, body?: unknown) =>
    mock.fetch(
      new Request(`http://mock${path}`, { method, headers: auth, body: body ? JSON.stringify(body) : undefined }),
    );
  /**
   * Sends a request and settles each write it waits for, until it is answered (a clock move writes between its
   * slices: more than one write).
   */
  async function settled(outcome: "ok" | "fail", answer: Response | Promise<Response>) {
    let answered = false;
    const response = Promise.resolve(answer).finally(() => {
      answered = true;
    });
    while (!answered) {
      if (changes.size > 0) {
        const batch = changes.drain();
        if (outcome === "ok") changes.committed(batch);
        else changes.failed(new WriteFailed("--db x: cannot write the journal (ENOSPC)"));
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    return response;
  }
  /** A create-simulation body for the first public user model (a read: nothing to write, even for a new caller). */
  async function simulationInput() {
    const models = (await (await request("GET", "/v1/user-models")).json()) as Array<{ id: string }>;
    if (changes.size !== 0) throw new Error("a read by a new caller wrote something");
    return { mode: "research", goal: "concept_test", inputs: { concept: "A cup" }, user_model_ids: [models[0]?.id] };
  }
  return { mock, request, settled, simulationInput };
}

describe("a change whose write fails", () => {
  it("should be answered 503 and undone, so the state is what was last written", async () => {
    const { request, settled, simulationInput } = mockWithStorage();
    const input = await simulationInput();

    const refused = await settled("fail", request("POST", "/v1/simulations", input));
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({
      detail: "--db x: cannot write the journal (ENOSPC); nothing was changed, try again later",
    });
    expect(await (await request("GET", "/v1/simulations")).json()).toEqual([]);

    // The caller's id stream was rolled back with it: the id of the refused create was never handed out.
    const created = await settled("ok", request("POST", "/v1/simulations", input));
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect(
      ((await (await request("GET", "/v1/simulations")).json()) as Array<{ id: string }>).map((s) => s.id),
    ).toEqual([id]);
  });

  it("should put background work back when its result could not be written, and do it again later", async () => {
    const { mock, request, settled, simulationInput } = mockWithStorage();
    const input = await simulationInput();
    const { id } = (await (await settled("ok", request("POST", "/v1/simulations", input))).json()) as { id: string };

    const advanced = await settled("fail", request("POST", "/__mock/clock/advance", { ms: 60_000 }));
    expect(advanced.status).toBe(503);
    const { world, scheduler } = mock.services;
    expect(world.simulations.get(id)?.status).toBe("planning");
    expect(scheduler.pending(id).map((job) => job.kind)).toEqual(["finish_planning"]);

    // Due already: the next request runs it again before it reads.
    const read = await request("GET", `/v1/simulations/${id}`);
    expect(((await read.json()) as { status: string }).status).toBe("planned");
  });
});
