import { afterEach, describe, expect, it } from "vitest";
import { createApp } from "../api/app.js";
import { BodyBudget, bodiesInFlight } from "./body-budget.js";

describe("BodyBudget", () => {
  it("should take bytes only while they fit, and give them back", () => {
    const budget = new BodyBudget(10);
    expect(budget.reserve(6)).toBe(true);
    expect(budget.reserve(5)).toBe(false);
    expect(budget.used).toBe(6);
    expect(budget.reserve(4)).toBe(true);
    budget.release(6);
    expect(budget.reserve(6)).toBe(true);
    expect(budget.used).toBe(10);
  });
});

describe("bodies in flight across the process", () => {
  let held = 0;
  afterEach(() => bodiesInFlight.release(held));

  const post = (body: string, declare: boolean) => {
    const bytes = new TextEncoder().encode(body);
    const mock = createApp({ quiet: true, clock: "manual" });
    const headers: Record<string, string> = { "content-type": "application/json", authorization: "budget@test" };
    // A Request built in-process declares no length of its own: say it, as a client over HTTP does.
    if (declare) headers["content-length"] = String(bytes.byteLength);
    return mock.fetch(
      new Request("http://mock/v1/contexts", {
        method: "POST",
        headers,
        // A stream has no Content-Length: the body is read chunk by chunk.
        body: declare
          ? bytes
          : new ReadableStream({
              start(controller) {
                controller.enqueue(bytes);
                controller.close();
              },
            }),
        duplex: "half",
      } as RequestInit),
    );
  };

  it("should refuse a body 503 in the API's format, unread, while others fill the budget, and read it once they are done", async () => {
    const body = JSON.stringify({ name: "n", body: "b" });
    held = bodiesInFlight.limit - bodiesInFlight.used - 4;
    expect(bodiesInFlight.reserve(held)).toBe(true);
    for (const declare of [true, false]) {
      const refused = await post(body, declare);
      expect(refused.status).toBe(503);
      expect(await refused.json()).toEqual({
        detail:
          "The mock is reading 64 MiB (67108864 bytes) of request bodies at once already; try again when they are read.",
      });
    }
    bodiesInFlight.release(held);
    held = 0;
    expect((await post(body, true)).status).toBe(201);
    expect(bodiesInFlight.used).toBe(0);
    expect((await post(body, false)).status).toBe(201);
    expect(bodiesInFlight.used).toBe(0);
    // A body over the JSON limit gives back what it took too.
    const large = JSON.stringify({ name: "n", body: "b".repeat(1024 * 1024) });
    for (const declare of [true, false]) expect((await post(large, declare)).status).toBe(413);
    expect(bodiesInFlight.used).toBe(0);
  });
});
