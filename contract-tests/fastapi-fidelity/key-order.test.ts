/**
 * Free-form JSON a client sends comes back with its keys in the order sent, as FastAPI's Python dicts keep them: a
 * simulation's `inputs`, a plan edit's `journey_task`, an organisation user model's `metadata`, and the request
 * journal's recorded bodies. A JS object would list integer-like keys first (`{"b":1,"2":2}` -> `{"2":2,"b":1}`).
 * Compared on the raw response text, since JSON.parse would reorder them again. The spec says nothing of key order,
 * so the file runs only against the mock.
 */
import { as } from "../support/client.js";
import { visibleUserModelId } from "../support/fixtures.js";
import { describe, expect, it, MOCK } from "../support/harness.js";
import { untilStatus } from "../support/simulations.js";
import { newCaller, useTarget } from "../support/target.js";

const target = useTarget();

/** `inputs` for concept_test whose keys, nested ones too, a JS object would list in another order. */
const INPUTS = '{"concept":"A reusable cup","b":1,"2":2,"nested":{"z":1,"10":2,"1":3,"list":[{"y":0,"0":0}]}}';

function post(auth: string, path: string, body: string) {
  return target.http().post(path).set("authorization", auth).set("content-type", "application/json").send(body);
}

async function createWith(auth: string, mode: string, goal: string, inputs: string) {
  const model = await visibleUserModelId(target, auth);
  const body = `{"mode":"${mode}","goal":"${goal}","user_model_ids":["${model}"],"inputs":${inputs}}`;
  const res = await post(auth, "/v1/simulations", body);
  expect(res.status, res.text).toBe(201);
  return res;
}

describe("a client's free-form JSON keeps its key order", { ...MOCK, rules: ["MOCK-SIM-REPRESENTATION"] }, () => {
  it("should echo `inputs` as sent when creating, reading and listing the simulation", async () => {
    const auth = newCaller();
    const created = await createWith(auth, "research", "concept_test", INPUTS);
    expect(created.text).toContain(`"inputs":${INPUTS}`);
    const read = await as(target, auth).get(`/v1/simulations/${created.body.id}`);
    expect(read.text).toContain(`"inputs":${INPUTS}`);
    const listed = await as(target, auth).get("/v1/simulations");
    expect(listed.text).toContain(`"inputs":${INPUTS}`);
  });

  it("should echo a wide object of integer-like keys sent in descending order, and many small ones, as sent", async () => {
    const auth = newCaller();
    const wide = `{${Array.from({ length: 5000 }, (_, i) => `"${5000 - i}":${i}`).join(",")}}`;
    const many = `[${Array.from({ length: 20000 }, () => '{"b":0,"1":0}').join(",")}]`;
    const inputs = `{"concept":"A reusable cup","wide":${wide},"many":${many}}`;
    const created = await createWith(auth, "research", "concept_test", inputs);
    expect(created.text).toContain(`"inputs":${inputs}`);
  });

  it("should echo an edited `journey_task` as sent", { rules: ["MOCK-PLAN-EDITS"] }, async () => {
    const auth = newCaller();
    const created = await createWith(
      auth,
      "journey",
      "usability_test",
      '{"start_url":"https://shop.example","task":"Buy a cup"}',
    );
    await untilStatus(target, auth, created.body.id, "planned");
    const task = '{"start_url":"https://shop.example","steps":["Open the shop","Buy a cup"],"z":1,"1":2}';
    const edited = await target
      .http()
      .patch(`/v1/simulations/${created.body.id}/plan`)
      .set("authorization", auth)
      .set("content-type", "application/json")
      .send(`{"journey_task":${task}}`);
    expect(edited.status, edited.text).toBe(200);
    expect(edited.text).toContain(`"journey_task":${task}`);
  });
});

describe("the control API keeps a client's key order", { ...MOCK, rules: ["MOCK-CONTROL-API"] }, () => {
  it("should answer a scenario's answer body as sent", { needs: ["control:scenarios.org"] }, async () => {
    const org = `keys${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    const body = '{"b":1,"2":2,"nested":{"z":0,"1":1}}';
    const scenario = `{"name":"ordered","description":"An answer in the client's key order.","rules":[{"match":{"method":"GET","path":"/v1/user-models"},"answer":{"status":200,"body":${body}}}]}`;
    const put = await target
      .http()
      .put("/__mock/scenarios")
      .set("content-type", "application/json")
      .send(`{"scenarios":[${scenario}],"org":"${org}"}`);
    expect(put.status, put.text).toBe(200);
    // An answer a scenario makes up is the test's own, not the document's: left out of the conformance check.
    const answered = await as(target, newCaller(org)).get("/v1/user-models").unchecked();
    expect(answered.text).toBe(body);
  });

  it("should show a recorded request body as sent in the request journal", { needs: ["control:journal"] }, async () => {
    const auth = newCaller();
    const created = await createWith(auth, "research", "concept_test", INPUTS);
    const journal = await target
      .http()
      .get("/__mock/requests")
      .query({ caller: auth.replace(/^Bearer /, ""), method: "POST", limit: 1 });
    expect(journal.status).toBe(200);
    expect(journal.text).toContain(`"inputs":${INPUTS}`);
    // The response body the journal recorded too.
    expect(journal.text).toContain(`"response_body":{"id":"${created.body.id}"`);
    expect(journal.text.split(`"inputs":${INPUTS}`)).toHaveLength(3);
  });

  it("should echo an organisation user model's metadata as sent", { needs: ["control:org-fixtures"] }, async () => {
    const org = `keys${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    const metadata = '{"country":"GB","2024":"wave 2","2023":"wave 1"}';
    const res = await post(
      newCaller(org),
      `/__mock/orgs/${org}/user-models`,
      `{"name":"Panel","description":"Our panel","metadata":${metadata}}`,
    );
    expect(res.status, res.text).toBe(201);
    expect(res.text).toContain(`"metadata":${metadata}`);
    const listed = await as(target, newCaller(org)).get("/v1/user-models");
    expect(listed.text).toContain(`"metadata":${metadata}`);
  });
});
