/**
 * What the mock plans from a survey design, where the spec leaves it open (docs/decisions/mock-choices.md#survey-design):
 * the most questions a design may ask, the exact questions a plan made from a design asks, designs that repeat a
 * label, and the plan without a design. The spec's own rules on designs are in survey-design-rules.test.ts.
 */

import { as } from "../support/client.js";
import { conceptTestBody, visibleUserModelId } from "../support/fixtures.js";
import { describe, expect, it, MOCK } from "../support/harness.js";
import { expectNoSimulations, postWithDesign, untilStatus } from "../support/simulations.js";
import { newCaller, useTarget } from "../support/target.js";

const target = useTarget();

type Body = Record<string, unknown>;

interface PlanQuestion {
  question_text: string;
  question_type: string;
  answer_options: string[] | null;
  insight: string | null;
  variable_name: string | null;
}

async function post(auth: string, body: unknown) {
  return as(target, auth).post("/v1/simulations", body);
}

function createWithDesign(auth: string, design: unknown) {
  return postWithDesign(target, auth, design);
}

async function plannedQuestions(auth: string, id: string): Promise<PlanQuestion[]> {
  const sim = await untilStatus<{ id: string; plan: { survey_questions: PlanQuestion[] } }>(
    target,
    auth,
    id,
    "planned",
  );
  return sim.plan.survey_questions;
}

async function questionsFor(design: unknown): Promise<PlanQuestion[]> {
  const auth = newCaller();
  const res = await createWithDesign(auth, design);
  expect(res.status).toBe(201);
  return plannedQuestions(auth, res.body.id);
}

/** `n` distinct items, none a substring of another. */
function items(prefix: string, n: number): string[] {
  return Array.from({ length: n }, (_, i) => `${prefix} ${String.fromCharCode(65 + (i % 26))}${Math.floor(i / 26)}x`);
}

function expectLabels(options: string[] | null, min: number, max: number) {
  expect(Array.isArray(options)).toBe(true);
  const labels = options as string[];
  expect(labels.length).toBeGreaterThanOrEqual(min);
  expect(labels.length).toBeLessThanOrEqual(max);
  for (const label of labels) {
    expect(typeof label).toBe("string");
    expect(label.trim()).not.toBe("");
  }
  expect(new Set(labels).size).toBe(labels.length);
}

describe("the most questions a design may ask", { ...MOCK, rules: ["MOCK-SURVEY-DESIGN"] }, () => {
  it("should refuse 41 questions with 400 and accept 40, counting one per item per set plus one per custom question", async () => {
    const auth = newCaller();
    const sets = [0, 1, 2, 3].map((n) => ({ ask: `How appealing is option group ${n}`, items: items(`Set${n}`, 9) }));
    const custom = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ question_text: `Custom question ${i + 1}?`, answer_options: ["A", "B"] }));

    const tooMany = await createWithDesign(auth, { item_sets: sets, custom_questions: custom(5) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.detail).toMatch(/41/);

    const oneBigSet = await createWithDesign(auth, {
      item_sets: [{ ask: "How appealing is", items: items("Big", 41) }],
    });
    expect(oneBigSet.status).toBe(400);

    const onlyCustom = await createWithDesign(auth, { custom_questions: custom(41) });
    expect(onlyCustom.status).toBe(400);

    await expectNoSimulations(target, auth);

    const fits = await createWithDesign(auth, { item_sets: sets, custom_questions: custom(4) });
    expect(fits.status).toBe(201);
    const questions = await plannedQuestions(auth, fits.body.id);
    expect(questions).toHaveLength(40);
  });
});

describe("the plan made from a design", { ...MOCK, rules: ["MOCK-SURVEY-DESIGN"] }, () => {
  it("should ask item sets in order, one single-choice question per item stating the stimulus and the item, on the set's scale", async () => {
    const stimulus = "Cuppa, the cup that counts your caffeine";
    const scale = ["Hate it", "Dislike it", "Like it", "Love it"];
    const colours = ["Midnight blue", "Forest green", "Sunset orange"];
    const claims = ["Keeps coffee hot for 3 hours", "Made from recycled ocean plastic"];
    const questions = await questionsFor({
      stimulus,
      item_sets: [
        { ask: "How much do you like this colour", items: colours, scale },
        { ask: "How believable is this claim", items: claims, scale: ["Not at all", "Fully"] },
      ],
    });
    expect(questions).toHaveLength(5);
    const all = [...colours, ...claims];
    questions.forEach((question, i) => {
      const item = all[i]!;
      expect(question.question_type).toBe("single_choice");
      expect(question.question_text).toContain(item);
      expect(question.question_text).toContain(stimulus);
      for (const other of all.filter((o) => o !== item)) expect(question.question_text).not.toContain(other);
    });
    for (const question of questions.slice(0, 3)) expect(question.answer_options).toEqual(scale);
    for (const question of questions.slice(3)) expect(question.answer_options).toEqual(["Not at all", "Fully"]);
  });

  it("should give an item set without a scale one default scale of 5 labels, the same for every item of the set", async () => {
    const questions = await questionsFor({
      item_sets: [
        { ask: "How appealing is this name", items: ["Cuppa", "Brewtrack", "Mugwise", "Sipsense"] },
        { ask: "How likely would you be to buy it in", items: ["Black", "White"], scale: null },
      ],
    });
    expect(questions).toHaveLength(6);
    for (const question of questions) expect(question.question_type).toBe("single_choice");
    const first = questions[0]!.answer_options;
    expectLabels(first, 5, 5);
    for (const question of questions.slice(1, 4)) expect(question.answer_options).toEqual(first);
    const second = questions[4]!.answer_options;
    expectLabels(second, 5, 5);
    expect(questions[5]!.answer_options).toEqual(second);
    expect(questions.map((q) => q.question_text.includes("Cuppa"))).toEqual([true, false, false, false, false, false]);
    expect(questions[5]!.question_text).toContain("White");
  });

  it("should ask custom questions after the item sets, in order, exactly as written, with their own options", async () => {
    const stimulus = "Cuppa, the cup that counts your caffeine";
    const custom = [
      {
        question_text: "Where do you drink most of your coffee?",
        answer_options: ["Home", "Office", "Café", "On the go"],
      },
      { question_text: "  How many cups a day?  ", answer_options: ["0", "1-2", "3-4", "5+"] },
    ];
    const questions = await questionsFor({
      stimulus,
      item_sets: [{ ask: "How appealing is", items: ["Design", "Price"], scale: ["Low", "Medium", "High"] }],
      custom_questions: custom,
    });
    expect(questions).toHaveLength(4);
    expect(questions[0]!.question_text).toContain("Design");
    expect(questions[1]!.question_text).toContain("Price");
    expect(questions.slice(2).map((q) => q.question_text)).toEqual(custom.map((c) => c.question_text));
    expect(questions.slice(2).map((q) => q.answer_options)).toEqual(custom.map((c) => c.answer_options));
    for (const question of questions.slice(2)) expect(question.question_text).not.toContain(stimulus);
  });

  it("should supply 3 to 6 options for a custom question given without them", async () => {
    const texts = [
      "Do you own a reusable cup?",
      "How satisfied are you with your current cup?",
      "Which matters most when you choose a cup?",
      "Tell us about your morning routine",
      "On a scale of 0 to 10, how likely are you to recommend Cuppa to a friend?",
    ];
    const questions = await questionsFor({
      stimulus: "Cuppa",
      custom_questions: [
        { question_text: texts[0] },
        { question_text: texts[1], answer_options: null },
        { question_text: texts[2] },
        { question_text: texts[3] },
        { question_text: texts[4] },
      ],
    });
    expect(questions.map((q) => q.question_text)).toEqual(texts);
    for (const question of questions) expectLabels(question.answer_options, 3, 6);
  });

  it("should keep the design's questions when the simulation runs", async () => {
    const auth = newCaller();
    const res = await createWithDesign(auth, {
      custom_questions: [{ question_text: "Would you switch cups?", answer_options: ["Yes", "Maybe", "No"] }],
    });
    expect(res.status).toBe(201);
    await plannedQuestions(auth, res.body.id);
    expect((await as(target, auth).post(`/v1/simulations/${res.body.id}/run`)).status).toBe(200);
    const done = { body: await untilStatus<{ id: string; results: unknown }>(target, auth, res.body.id, "completed") };
    const results = done.body.results as { questions: Array<{ question_text: string; answer_options: string[] }> };
    expect(results.questions.map((q) => [q.question_text, q.answer_options])).toEqual([
      ["Would you switch cups?", ["Yes", "Maybe", "No"]],
    ]);
  });
});

describe("designs that repeat a label", { ...MOCK, rules: ["MOCK-SURVEY-DESIGN"] }, () => {
  // Answers are counted per option label, so the mock refuses a design whose options cannot be told apart.
  for (const [what, design] of [
    [
      "an item-set scale",
      { item_sets: [{ ask: "How appealing is", items: ["Blue", "Green"], scale: ["Meh", "Meh", "Great"] }] },
    ],
    [
      "custom answer options",
      { custom_questions: [{ question_text: "Would you buy it?", answer_options: ["Yes", "Yes", "No"] }] },
    ],
  ] as const) {
    it(`should refuse with 400 a design whose ${what} repeat a label`, async () => {
      const auth = newCaller();
      const res = await createWithDesign(auth, design);
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(/repeats the option/);
      await expectNoSimulations(target, auth);
    });
  }
});

describe("the plan without a design", { ...MOCK, rules: ["MOCK-SURVEY-DESIGN"] }, () => {
  const cases: Array<[string, Body]> = [
    ["concept_test", { concept: "A reusable coffee cup that tracks how much caffeine you drink" }],
    ["concept_test", { concept: "A cup", product_name: "Cuppa", price_point: "£25" }],
    ["message_test", { messages: ["Know your dose", "Coffee, counted"] }],
    ["message_test", { messages: ["A", "B", "C", "D", "E", "F", "G", "H"], audience: "office workers" }],
    ["pricing", { product: "Cuppa", price_points: [10, 20] }],
    ["pricing", { product: "Cuppa", price_points: [5, 10, 15, 20, 25, 30, 35, 40, 45, 50], billing: "monthly" }],
    ["feature_prioritisation", { features: ["Caffeine count", "Temperature alert"] }],
    ["feature_prioritisation", { product: "Cuppa", features: items("Feature", 12) }],
    ["brand_perception", { brand: "Cuppa" }],
    ["brand_perception", { brand: "Cuppa", competitors: ["KeepCup", "Stojo", "Ember", "Yeti", "Contigo", "Thermos"] }],
    ["custom_survey", {}],
    ["custom_survey", { objective: "understand how people choose a coffee cup" }],
  ];

  it("should let the question writer ask 5 to 8 questions for every research goal (a brand study two more per rival)", async () => {
    const auth = newCaller();
    const userModelId = await visibleUserModelId(target, auth);
    const created: Array<{ goal: string; id: string }> = [];
    for (const [goal, inputs] of cases) {
      const res = await post(auth, { ...conceptTestBody(userModelId), goal, inputs });
      expect(res.status, goal).toBe(201);
      created.push({ goal, id: res.body.id });
    }
    for (const [i, { goal, id }] of created.entries()) {
      const questions = await plannedQuestions(auth, id);
      // A brand study asks, beyond that, how well people know each rival they choose among and whether they would
      // consider it.
      const rivals = (cases[i]?.[1].competitors as string[] | undefined)?.length ?? 0;
      expect(questions.length, `${goal}: ${questions.length} questions`).toBeGreaterThanOrEqual(5);
      expect(questions.length, `${goal}: ${questions.length} questions`).toBeLessThanOrEqual(8 + 2 * rivals);
      for (const question of questions) {
        expect(question.question_text.trim()).not.toBe("");
        expectLabels(question.answer_options, 2, 20);
      }
    }
  });
});
