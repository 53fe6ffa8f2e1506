import { as } from "../support/client.js";
import { conceptTestBody, visibleUserModelId } from "../support/fixtures.js";
import { describe, expect, it, MOCK } from "../support/harness.js";
import { createResearch, runToCompletion } from "../support/simulations.js";
import { newCaller, useTarget } from "../support/target.js";

const target = useTarget();

/** `depth` nested arrays around a string: `[[["x"]]]` is depth 3. */
const nested = (depth: number) => JSON.parse(`${"[".repeat(depth)}"x"${"]".repeat(depth)}`) as unknown;

describe("bodies nested thousands deep", { ...MOCK, rules: ["MOCK-ROBUSTNESS"] }, () => {
  it("should refuse with 400 a body nested deeper than FastAPI parses, store nothing, and keep the caller's list readable", async () => {
    const auth = newCaller();
    const client = as(target, auth);
    const userModelId = await visibleUserModelId(target, auth);
    // Written by hand and sent with fetch: JSON.stringify (and so supertest) cannot go 5,000 levels deep.
    const deep = `${"[".repeat(5000)}"x"${"]".repeat(5000)}`;
    const res = await fetch(`${target.baseUrl}/v1/simulations`, {
      method: "POST",
      headers: { authorization: auth, "content-type": "application/json" },
      body: `{"mode":"research","goal":"concept_test","user_model_ids":["${userModelId}"],"inputs":{"concept":"x","deep":${deep}}}`,
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe('{"detail":"There was an error parsing the body"}');
    const list = await client.get("/v1/simulations");
    expect(list.status).toBe(200);
    expect(list.body).toEqual([]);
  });

  it("should accept a body nested just within the limit and serve it back", async () => {
    const auth = newCaller();
    const client = as(target, auth);
    const userModelId = await visibleUserModelId(target, auth);
    // The body is level 1, `inputs` level 2: 961 arrays reach 963, the deepest FastAPI parses (oracle/fastapi-depth.json).
    const res = await client.post(
      "/v1/simulations",
      conceptTestBody(userModelId, { inputs: { concept: "x", deep: nested(961) } }),
    );
    expect(res.status).toBe(201);
    const read = await client.get(`/v1/simulations/${res.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body.inputs).toEqual(res.body.inputs);
    expect((await client.get("/v1/simulations")).status).toBe(200);
  });
});

describe("answer options named like JavaScript internals", { ...MOCK, rules: ["MOCK-ROBUSTNESS"] }, () => {
  const options = ["__proto__", "constructor", "toString", "hasOwnProperty"];

  it("should count every option, __proto__ included, in results and the report", async () => {
    const auth = newCaller();
    const sim = await createResearch(target, auth, {
      survey_design: { custom_questions: [{ question_text: "Which word do you like?", answer_options: options }] },
    });
    const done = await runToCompletion<{ id: string; results: unknown; markdown: string }>(target, auth, sim.id);
    const question = (
      (done as { results: unknown }).results as {
        questions: Array<{ answer_options: string[]; overall: Record<string, number> }>;
      }
    ).questions[0];
    expect(question?.answer_options).toEqual(options);
    expect(Object.keys(question?.overall ?? {}).sort()).toEqual([...options].sort());
    const sum = Object.values(question?.overall ?? {}).reduce((a, b) => a + b, 0);
    expect(Math.abs(sum - 1)).toBeLessThanOrEqual(1e-9);
    expect(done.markdown).not.toContain("NaN");
  });

  it("should predict and test over __proto__ like any other option", async () => {
    const auth = newCaller();
    const client = as(target, auth);
    const population = (await client.get("/v1/populations")).body.data[0].id as string;
    const predicted = await client.post("/v1/predictions", {
      population_id: population,
      question: "Pick",
      answer_options: options,
    });
    expect(predicted.status).toBe(201);
    expect(Object.keys(predicted.body.data.predicted_answer_percentages).sort()).toEqual([...options].sort());
    const counts = Object.fromEntries(options.map((o, i) => [o, i + 1]));
    const tested = await client.post("/v1/tests", {
      population_id: population,
      question: "Pick",
      answer_options: options,
      ground_answer_counts: counts,
    });
    expect(tested.status).toBe(201);
    const ground = tested.body.data.ground_answer_percentages as Record<string, number>;
    expect(Object.getOwnPropertyDescriptor(ground, "__proto__")?.value).toBeCloseTo(1 / 10, 12);
  });
});
