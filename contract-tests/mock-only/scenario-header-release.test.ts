/**
 * A run that one request's `x-mock-scenario: stuck-running` left stuck: the header's activation is listed nowhere
 * (`GET /__mock/scenarios` shows nothing active), so it is released with the scenarios of the caller's organisation
 * (`DELETE /__mock/scenarios?org=`), or with every scenario (`DELETE /__mock/scenarios`). docs/testing.md#scenarios.
 */
import { randomUUID } from "node:crypto";
import { as } from "../support/client.js";
import { describe, expect, IN_PROCESS, it } from "../support/harness.js";
import { createResearch, untilStatus } from "../support/simulations.js";
import { newCaller, useTarget } from "../support/target.js";

const target = useTarget();

async function advance(body: { ms: number } | { until: "idle" }) {
  await target.http().post("/__mock/clock/advance").send(body).expect(200);
}

/** A run of `auth`'s started with the header, stalled at 50 %. */
async function stuckRun(auth: string): Promise<string> {
  const created = await createResearch(target, auth);
  await untilStatus(target, auth, created.id, "planned");
  await as(target, auth).post(`/v1/simulations/${created.id}/run`).set("x-mock-scenario", "stuck-running").expect(200);
  await advance({ until: "idle" });
  await advance({ ms: 600_000 });
  expect(await statusOf(auth, created.id)).toBe("running");
  return created.id;
}

async function statusOf(auth: string, id: string): Promise<string> {
  return (await as(target, auth).get(`/v1/simulations/${id}`).expect(200)).body.status;
}

describe("releasing a run stuck by the x-mock-scenario header", {
  ...IN_PROCESS,
  rules: ["MOCK-SCENARIOS"],
  unchecked: true,
}, () => {
  it("should release it with its organisation's scenarios, and leave another organisation's stuck", async () => {
    const org = `org-${randomUUID()}`;
    const auth = newCaller(org);
    const other = newCaller(`org-${randomUUID()}`);
    const mine = await stuckRun(auth);
    const theirs = await stuckRun(other);
    const listed = await target.http().get("/__mock/scenarios").expect(200);
    expect(listed.body.active.organisations[org]).toBeUndefined();

    await target.http().delete(`/__mock/scenarios?org=${org}`).expect(200);
    await advance({ until: "idle" });
    expect(await statusOf(auth, mine)).toBe("completed");
    expect(await statusOf(other, theirs)).toBe("running");

    await target.http().delete("/__mock/scenarios").expect(200);
    await advance({ until: "idle" });
    expect(await statusOf(other, theirs)).toBe("completed");
  });

  it("should count the organisation's header scenarios afresh once they are cleared", async () => {
    const org = `org-${randomUUID()}`;
    const auth = newCaller(org);
    const limited = (await as(target, auth).get("/v1/user-models").set("x-mock-scenario", "rate-limited")).status;
    expect(limited).toBe(200);
    for (let i = 0; i < 20; i++) await as(target, auth).get("/v1/user-models").set("x-mock-scenario", "rate-limited");
    expect((await as(target, auth).get("/v1/user-models").set("x-mock-scenario", "rate-limited")).status).toBe(429);
    await target.http().delete(`/__mock/scenarios?org=${org}`).expect(200);
    expect((await as(target, auth).get("/v1/user-models").set("x-mock-scenario", "rate-limited")).status).toBe(200);
  });
});
