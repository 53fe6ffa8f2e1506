/**
 * Objects keyed by a question's options keep the options' order in the JSON a client receives (black-box 1 finding
 * 18): with options ["2", "1", "10"], `overall` lists "2", "1", "10", as the real service's Python dicts do, not
 * "1", "2", "10" as a JS object would. Keys are read off the raw response text, since JSON.parse would reorder them
 * again. The order is the mock's choice where the spec says nothing, so the file runs only against the mock.
 */
import { as } from "../support/client.js";
import { visibleUserModelIds } from "../support/fixtures.js";
import { describe, expect, it, MOCK } from "../support/harness.js";
import { runToCompletion } from "../support/simulations.js";
import { newCaller, useTarget } from "../support/target.js";

const target = useTarget();

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
