/**
 * An organisation user model made through the control API (`POST /__mock/orgs/{org}/user-models`) reads tested once on
 * upload, as a fixture model does (docs/decisions/mock-choices.md#organisation-data): its test starts when it was
 * created and finishes the realistic retest time (5 s) later, never "ready" with test dates equal to its creation (as
 * the demo organisation's model does; the control API's path shares the same record builder). Mock only.
 */
import { randomUUID } from "node:crypto";
import { as } from "../support/client.js";
import { describe, expect, it, MOCK } from "../support/harness.js";
import { newCaller, useTarget } from "../support/target.js";

const target = useTarget();

describe("an organisation user model made through the control API", {
  rules: ["MOCK-CONTROL-API"],
  needs: ["bss-mock"],
}, () => {
  it("should read tested some time after it was created, as a fixture model does", MOCK, async () => {
    const org = `org-${randomUUID()}`;
    const created = await target
      .http()
      .post(`/__mock/orgs/${org}/user-models`)
      .send({ name: "Our customer panel", description: "Opted-in customers of the last twelve months." });
    expect(created.status).toBe(201);
    const res = await as(target, newCaller(org)).get(`/v1/populations/${created.body.id}`).expect(200);
    const population = res.body.data as { created_at: string; test_started_at: string; test_finished_at: string };
    const createdAt = Date.parse(population.created_at);
    expect(Date.parse(population.test_started_at)).toBe(createdAt);
    expect(Date.parse(population.test_finished_at) - createdAt, "tested on the realistic retest time").toBe(5000);
  });
});
