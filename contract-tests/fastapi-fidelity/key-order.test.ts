/**
 * JSON keys in the order the real service's Python dicts keep them. Free-form JSON a client sends comes back with its
 * keys in the order sent: a simulation's `inputs`, a plan edit's `journey_task`, an organisation user model's
 * `metadata`, and the request journal's recorded bodies. Objects keyed by a question's options keep the options'
 * order: with options ["2", "1", "10"], `overall` lists "2", "1", "10". A JS object would list integer-like keys
 * first (`{"b":1,"2":2}` -> `{"2":2,"b":1}`), so keys are read off the raw response text, since JSON.parse would
 * reorder them again. The spec says nothing of key order, so the file runs only against the mock.
 */
import { as } from "../support/client.js";
import { visibleUserModelId, visibleUserModelIds } from "../support/fixtures.js";
import { describe, expect, it, MOCK } from "../support/harness.js";
import { runToCompletion, untilStatus } from "../support/simulations.js";
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

/** Option lists whose integer-like labels a JS object would put in another order, or keep by chance ("0", "1"). */
const OPTION_LISTS = [
  ["2", "1", "10"],
  ["0", "1"],
  ["Yes", "1", "0"],
];

/**
 * The keys, in the order written, of every object that follows `"<field>":` in a JSON text; for `nested`, the keys of
 * each object inside it instead (`by_user_model`'s distributions).
 */
function keysAfter(raw: string, field: string, nested = false): string[][] {
  const found: string[][] = [];
  const marker = `${JSON.stringify(field)}:{`;
  for (let at = raw.indexOf(marker); at >= 0; at = raw.indexOf(marker, at + 1)) {
    const objects = membersOf(raw, at + marker.length - 1);
    found.push(
      ...(nested ? objects.map((o) => membersOf(raw, o.valueAt).map((m) => m.key)) : [objects.map((o) => o.key)]),
    );
  }
  return found;
}

/** The members of the object starting at `start` (its "{"): each key and where its value starts. */
function membersOf(raw: string, start: number): Array<{ key: string; valueAt: number }> {
  const members: Array<{ key: string; valueAt: number }> = [];
  let depth = 0;
  for (let i = start; i < raw.length; i++) {
    const c = raw[i];
    if (c === '"') {
      let end = i + 1;
      while (raw[end] !== '"') end += raw[end] === "\\" ? 2 : 1;
      if (depth === 1 && raw[end + 1] === ":")
        members.push({ key: JSON.parse(raw.slice(i, end + 1)), valueAt: end + 2 });
      i = end;
    } else if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") {
      depth--;
      if (depth === 0) break;
    }
  }
  return members;
}

describe("a simulation's results keyed by option", { ...MOCK, rules: ["MOCK-RESULTS"] }, () => {
  it("should list `overall` and each `by_user_model` distribution in the options' order, in every JSON answer", async () => {
    const auth = newCaller();
    const user_model_ids = await visibleUserModelIds(target, auth, 2);
    const created = await as(target, auth).post("/v1/simulations", {
      mode: "research",
      goal: "custom_survey",
      user_model_ids,
      survey_design: {
        custom_questions: OPTION_LISTS.map((answer_options, i) => ({
          question_text: `Pick one (${i + 1})`,
          answer_options,
        })),
      },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    await runToCompletion(target, auth, id);
    await as(target, auth).post(`/v1/simulations/${id}/share`).expect(200);
    const answers = [
      (await as(target, auth).get(`/v1/simulations/${id}`).expect(200)).text,
      // The same again: the second read is the cached answer.
      (await as(target, auth).get(`/v1/simulations/${id}`).expect(200)).text,
      (await as(target, auth).get("/v1/simulations").expect(200)).text,
      (await target.http().get(`/v1/public/simulations/${id}`).set("accept", "application/json").expect(200)).text,
    ];
    for (const raw of answers) {
      expect(keysAfter(raw, "overall")).toEqual(OPTION_LISTS);
      expect(keysAfter(raw, "by_user_model", true)).toEqual(OPTION_LISTS.flatMap((options) => [options, options]));
    }
  });
});

describe("predictions and tests keyed by option", { ...MOCK, rules: ["MOCK-PREDICTIONS"] }, () => {
  it("should list percentages and counts in the options' order, created and read back", async () => {
    const auth = newCaller();
    const populations = await as(target, auth).get("/v1/populations").expect(200);
    const population_id = (populations.body.data as Array<{ id: string }>)[0]?.id;
    for (const answer_options of OPTION_LISTS) {
      const question = `Pick one of ${answer_options.join(", ")}`;
      const prediction = await as(target, auth)
        .post("/v1/predictions", { population_id, question, answer_options })
        .expect(201);
      // Written by hand: JSON.stringify would send the counts' integer-like keys first, ascending.
      const counts = `{${answer_options.map((option, i) => `${JSON.stringify(option)}:${i + 1}`).join(",")}}`;
      const test = await as(target, auth)
        .post("/v1/tests")
        .send(
          `{"population_id":${JSON.stringify(population_id)},"question":${JSON.stringify(question)},"answer_options":${JSON.stringify(answer_options)},"ground_answer_counts":${counts}}`,
        )
        .expect(201);
      const answers = [
        prediction.text,
        test.text,
        (await as(target, auth).get(`/v1/predictions/${prediction.body.data.id}`).expect(200)).text,
        (await as(target, auth).get(`/v1/answers/${test.body.data.id}`).expect(200)).text,
        (await as(target, auth).get(`/v1/predictions/batch/${prediction.body.data.batch}`).expect(200)).text,
        (await as(target, auth).get(`/v1/tests/batch/${test.body.data.batch}`).expect(200)).text,
      ];
      for (const raw of answers) {
        for (const field of ["simulated_answer_percentages", "predicted_answer_percentages"])
          expect(keysAfter(raw, field), field).toEqual([answer_options]);
      }
      for (const field of ["ground_answer_counts", "ground_answer_percentages"]) {
        expect(keysAfter(test.text, field), field).toEqual([answer_options]);
        expect(keysAfter(answers[3] as string, field), field).toEqual([answer_options]);
      }
    }
  });
});
