import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { ContextRecord, Plan, SurveyDesign, SurveyQuestion, UserModelRecord } from "../store/records.js";
import { defaultFixturesDir } from "./fixture-files.js";
import { findGoal, loadGoals } from "./goals.js";
import { generatePlan, questionsFromDesign } from "./plans.js";
import { SCALES } from "./scales.js";

const goals = loadGoals(defaultFixturesDir());

type Inputs = Record<string, unknown>;

function goalOf(mode: "research" | "journey", id: string) {
  const goal = findGoal(goals, mode, id);
  if (!goal) throw new Error(`no goal ${mode}/${id} in the fixtures`);
  return goal;
}

function plan(
  goal: string,
  inputs: Inputs,
  options: {
    id?: string;
    seed?: number;
    context?: ContextRecord;
    design?: SurveyDesign;
    mode?: "research" | "journey";
  } = {},
): { plan: Plan; title: string } {
  const mode = options.mode ?? "research";
  return generatePlan(
    { id: options.id ?? "sim-1", mode, inputs, survey_design: options.design ?? null },
    goalOf(mode, goal),
    options.context,
    options.seed ?? 1,
  );
}

function questionsOf(result: { plan: Plan }): SurveyQuestion[] {
  const questions = result.plan.survey_questions;
  if (!questions) throw new Error("research plan without survey questions");
  return questions;
}

/** Everything a respondent reads: question texts and option labels. */
function wording(questions: SurveyQuestion[]): string {
  return questions.map((q) => [q.question_text, ...(q.answer_options ?? [])].join("\n")).join("\n");
}

const items = (prefix: string, n: number) => Array.from({ length: n }, (_v, i) => `${prefix} ${i + 1}`);

const context: ContextRecord = {
  id: "ctx-1",
  orgId: "org-1",
  owner_id: "user-1",
  scope: "user",
  name: "Cuppa",
  body: "# Cuppa\nA smart reusable cup for office workers. Competitors: KeepCup, Stojo and Ember.",
  created_at: "2025-01-01T00:00:00.000Z",
  updated_at: "2025-01-01T00:00:00.000Z",
};

/** Inputs that satisfy each research goal's schema, from the smallest to the largest lists it allows. */
const researchCases: Array<[string, Inputs]> = [
  ["concept_test", { concept: "A reusable coffee cup that tracks how much caffeine you drink" }],
  ["concept_test", { concept: "A cup that keeps count", product_name: "Cuppa", price_point: "£25" }],
  ["message_test", { messages: ["Know your dose", "Coffee, counted"] }],
  ["message_test", { messages: items("Message", 3) }],
  ["message_test", { messages: items("Message", 5), audience: "commuters" }],
  ["message_test", { messages: items("Message", 6) }],
  ["message_test", { messages: items("Message", 7) }],
  ["message_test", { messages: items("Message", 8), audience: "office workers" }],
  ["pricing", { product: "Cuppa", price_points: [10, 20] }],
  ["pricing", { product: "Cuppa", price_points: [4.99, 7.5, 9.99], currency: "EUR", billing: "yearly" }],
  ["pricing", { product: "Cuppa", price_points: [5, 10, 15, 20, 25, 30, 35, 40, 45, 50], billing: "monthly" }],
  ["feature_prioritisation", { features: ["Caffeine count", "Temperature alert"] }],
  ["feature_prioritisation", { product: "Cuppa", features: items("Feature", 6) }],
  ["feature_prioritisation", { product: "Cuppa", features: items("Feature", 7) }],
  ["feature_prioritisation", { product: "Cuppa", features: items("Feature", 12) }],
  ["brand_perception", { brand: "Cuppa" }],
  ["brand_perception", { brand: "Cuppa", competitors: ["KeepCup"] }],
  ["brand_perception", { brand: "Cuppa", competitors: ["KeepCup", "Stojo", "Ember", "Yeti", "Contigo", "Thermos"] }],
  ["custom_survey", {}],
  ["custom_survey", { objective: "understand how people choose a coffee cup" }],
  ["custom_survey", { objective: "learn how office workers think about their coffee" }],
];

/** Labels that are the least favourable end of a scale: a scale never ends on one. */
const LEAST_FAVOURABLE =
  /^(not at all|never heard|very unlikely|very poor|very unclear|very dissatisfied|do not|definitely would not|would not|hard to|much worse|nothing more|i would not)/i;

describe("research plans without a survey design", () => {
  const ids = Array.from({ length: 12 }, (_v, i) => `sim-${i}`);

  describe.each(researchCases)("%s %j", (goal, inputs) => {
    it.each(ids)("should ask 5 to 8 well-formed single-choice questions (simulation %s)", (id) => {
      const questions = questionsOf(plan(goal, inputs, { id }));
      expect(questions.length).toBeGreaterThanOrEqual(5);
      // A brand study asks, beyond that, how well people know each rival they choose among and whether they would
      // consider it.
      const rivals = goal === "brand_perception" ? ((inputs.competitors as string[] | undefined)?.length ?? 0) : 0;
      expect(questions.length).toBeLessThanOrEqual(8 + 2 * rivals);
      const names = questions.map((q) => q.variable_name);
      expect(new Set(names).size).toBe(names.length);
      const texts = questions.map((q) => q.question_text);
      expect(new Set(texts).size, "question texts repeat").toBe(texts.length);
      for (const q of questions) {
        expect(q.variable_name).toMatch(/^[a-z][a-z0-9_]*$/);
        expect(q.question_type).toBe("single_choice");
        expect(q.question_text.trim()).not.toBe("");
        expect(q.question_text).not.toMatch(/lorem|ipsum|undefined|null|NaN|\[object/i);
        const options = q.answer_options ?? [];
        expect(options.length, q.question_text).toBeGreaterThanOrEqual(3);
        // Seven labels at most, but for a side-by-side choice among the eight messages a message test may have.
        expect(options.length, q.question_text).toBeLessThanOrEqual(
          /^Which of these messages/.test(q.question_text) ? 8 : 7,
        );
        expect(new Set(options.map((o) => o.toLowerCase())).size, q.question_text).toBe(options.length);
        for (const option of options) expect(option.trim()).not.toBe("");
        expect(options.at(-1), q.question_text).not.toMatch(LEAST_FAVOURABLE);
        expect(q.insight?.trim(), q.question_text).toBeTruthy();
        expect(q.insight, "one sentence").not.toMatch(/[.!?]\s+[A-Z]|\n/);
      }
    });

    it("should give a title, a research question and a hypothesis", () => {
      const { plan: p, title } = plan(goal, inputs);
      for (const value of [title, p.question_text, p.hypothesis_text]) {
        expect(typeof value).toBe("string");
        expect((value as string).trim()).not.toBe("");
        expect(value).not.toMatch(/lorem|ipsum|undefined|null|NaN|\[object/i);
      }
      expect(p.journey_task).toBeNull();
      expect(Object.keys(p).sort()).toEqual(["hypothesis_text", "journey_task", "question_text", "survey_questions"]);
    });
  });

  it("should ask a concept test about appeal, uniqueness, relevance and purchase intent of the concept given", () => {
    const inputs = { concept: "A cup that counts your caffeine", product_name: "Cuppa", price_point: "£25" };
    for (const id of ["a", "b", "c"]) {
      const questions = questionsOf(plan("concept_test", inputs, { id }));
      const text = wording(questions);
      expect(text).toContain(inputs.concept);
      expect(text).toContain("Cuppa");
      expect(text).toMatch(/appealing/i);
      expect(text).toMatch(/different/i);
      expect(text).toMatch(/relevant/i);
      const intent = questions.find((q) => /buy/i.test(q.question_text));
      expect(intent?.question_text).toContain("£25");
    }
  });

  it("should rate every message of a message test for persuasion, believability or clarity", () => {
    for (const messages of [["Know your dose", "Coffee, counted"], items("Tagline", 4), items("Tagline", 8)]) {
      const questions = questionsOf(plan("message_test", { messages }));
      const text = wording(questions);
      for (const message of messages) expect(text).toContain(message);
      // What the messages should make people do, or plain persuasion where nothing says (never a guessed act).
      expect(text).toMatch(/find out more|make you want to|persuasive/i);
      expect(text).toMatch(/believ/i);
    }
  });

  it("should offer the pricing goal's price points as answers, in its currency and billing", () => {
    const questions = questionsOf(
      plan("pricing", { product: "Cuppa", price_points: [20, 4.5, 10], currency: "EUR", billing: "monthly" }),
    );
    const options = questions.flatMap((q) => q.answer_options ?? []);
    for (const price of ["€4.50 a month", "€10 a month", "€20 a month"]) expect(options).toContain(price);
    expect(wording(questions)).toMatch(/pay|price/i);
    expect(wording(questions)).toContain("Cuppa");
    // Price options are offered from the lowest to the highest.
    const tooCheap = questions.find((q) => /too cheap|so cheap/i.test(q.question_text));
    expect(tooCheap?.answer_options?.slice(0, 3)).toEqual(["€4.50 a month", "€10 a month", "€20 a month"]);
  });

  it("should keep the lowest and highest of many price points while staying within seven options", () => {
    const points = [5, 10, 15, 20, 25, 30, 35, 40, 45, 50];
    const questions = questionsOf(plan("pricing", { product: "Cuppa", price_points: points }));
    const options = questions.flatMap((q) => q.answer_options ?? []);
    expect(options).toContain("£5");
    expect(options.some((o) => o.startsWith("£50"))).toBe(true);
  });

  it("should ask about the importance of every feature to prioritise", () => {
    for (const features of [["Caffeine count", "Temperature alert", "Refill reminders"], items("Feature", 12)]) {
      const questions = questionsOf(plan("feature_prioritisation", { product: "Cuppa", features }));
      const text = wording(questions);
      for (const feature of features) expect(text).toContain(feature);
      expect(text).toMatch(/important|matter/i);
    }
  });

  it("should ask a brand perception study about awareness, associations and consideration against competitors", () => {
    const competitors = ["KeepCup", "Stojo"];
    const questions = questionsOf(plan("brand_perception", { brand: "Cuppa", competitors }));
    const text = wording(questions);
    expect(text).toMatch(/familiar|heard of/i);
    expect(text).toMatch(/describe|associate/i);
    expect(text).toMatch(/consider/i);
    for (const name of ["Cuppa", ...competitors]) expect(text).toContain(name);
  });

  it("should write a custom survey about the objective's topic, addressed to the respondent", () => {
    const questions = questionsOf(plan("custom_survey", { objective: "understand how people choose a coffee cup" }));
    const mentions = questions.filter((q) => q.question_text.includes("coffee cup"));
    expect(mentions.length).toBeGreaterThanOrEqual(2);
    for (const q of mentions) expect(q.question_text).not.toMatch(/\bpeople\b/);
  });

  it("should ask a long why-objective's reasons of the respondent, never quoting the objective", () => {
    const objective =
      "Understand why UK households cancel a meal-kit subscription within their first two months, and what would have kept them";
    for (let seed = 1; seed <= 4; seed++) {
      const questions = questionsOf(plan("custom_survey", { objective }, { seed }));
      const texts = questions.map((q) => q.question_text).join("\n");
      expect(texts).not.toMatch(/UK households|This survey is about|subject of this survey|within your first/);
      expect(questions[0]?.question_text).toBe(
        "In your own words, what was the main reason you cancelled a meal-kit subscription?",
      );
    }
  });

  it.each([
    "Why do young people cancel streaming subscriptions?",
    "How do office workers choose a coffee cup?",
    "Why people switch banks",
  ])("should put the objective %j into questions as a clause a sentence can hold", (objective) => {
    const { plan: p } = plan("custom_survey", { objective });
    const texts = [p.question_text ?? "", ...questionsOf({ plan: p }).map((q) => q.question_text)];
    for (const text of texts) {
      // No question word in capitals mid-sentence, no "do" left from the question form, no "young you".
      expect(text).not.toMatch(/\S \b(?:Why|How|What)\b|\breasons do\b|\b(?:about|to) (?:why|how) do\b|\byoung you\b/);
      expect(text).not.toMatch(/\?\.|\?,/);
    }
    const all = texts.join("\n");
    if (/streaming/.test(objective)) {
      expect(p.question_text).toBe("What are the main reasons young people cancel streaming subscriptions?");
      expect(all).toMatch(/When it comes to streaming subscriptions, which of these matters most to you\?/);
    }
  });

  it("should ask questions listed in a custom survey's inputs as written", () => {
    const asked = ["Do you own a reusable cup?", "How often do you buy coffee on the way to work?"];
    const questions = questionsOf(plan("custom_survey", { objective: "coffee habits", questions: asked }));
    expect(questions.slice(0, 2).map((q) => q.question_text)).toEqual(asked);
    expect(questions.length).toBeGreaterThanOrEqual(5);
  });

  it("should use the context: the product, who it is for and its competitors", () => {
    const concept = plan("concept_test", { concept: "A cup that counts your caffeine" }, { context });
    expect(`${concept.plan.question_text} ${concept.plan.hypothesis_text}`).toContain("office workers");
    const brand = plan("brand_perception", { brand: "Cuppa" }, { context });
    const options = questionsOf(brand).flatMap((q) => q.answer_options ?? []);
    for (const competitor of ["KeepCup", "Stojo", "Ember"]) expect(options).toContain(competitor);
    const survey = plan("custom_survey", {}, { context });
    expect(wording(questionsOf(survey))).toContain("Cuppa");
  });

  it("should name the plan after what is tested", () => {
    expect(plan("concept_test", { concept: "A cup", product_name: "Cuppa" }).title).toContain("Cuppa");
    expect(plan("pricing", { product: "Cuppa", price_points: [10, 20] }).title).toContain("Cuppa");
    expect(plan("brand_perception", { brand: "Cuppa" }).title).toContain("Cuppa");
    expect(plan("custom_survey", { objective: "understand how people choose a coffee cup" }).title).toMatch(
      /coffee cup/,
    );
    expect(plan("message_test", { messages: ["One", "Two", "Three"] }).title).toMatch(/3/);
  });

  it("should end a shortened title where a phrase ends, not on 'in…' or 'a…'", () => {
    const stimulus = "A smart cup that counts the caffeine in your coffee every day";
    const design = { stimulus, custom_questions: [{ question_text: "Would you buy it?" }] };
    expect(plan("custom_survey", { objective: "coffee habits" }, { design }).title).toBe(
      // A stimulus longer than a name is quoted, never spliced unquoted (client-text.ts).
      'Custom survey: "A smart cup that counts the caffeine in your coffee…"',
    );
    const objective = "understand how often people in big cities order food from a delivery app at night";
    for (let seed = 1; seed <= 4; seed++)
      expect(plan("custom_survey", { objective }, { seed }).title).toMatch(
        /How often people in big cities order food…/,
      );
  });

  it("should keep a name's own capitals at the start of a title: 'eBay', not 'EBay'", () => {
    for (let seed = 1; seed <= 6; seed++) {
      const titles = [
        plan("brand_perception", { brand: "eBay" }, { seed }).title,
        plan("pricing", { product: "iPhone case", price_points: [10, 20] }, { seed }).title,
        plan("feature_prioritisation", { product: "sevDesk", features: ["Bank sync", "Receipts"] }, { seed }).title,
        plan("message_test", { product_name: "iPad", messages: ["One", "Two"] }, { seed }).title,
      ];
      expect(titles.join("\n")).not.toMatch(/EBay|IPhone|SevDesk|IPad/);
    }
  });

  it("should make the same plan from the same seed, simulation and inputs, and vary across simulations", () => {
    for (const [goal, inputs] of researchCases) {
      expect(plan(goal, inputs, { id: "same", seed: 7 })).toEqual(plan(goal, inputs, { id: "same", seed: 7 }));
    }
    const variants = new Set(
      Array.from({ length: 20 }, (_v, i) =>
        JSON.stringify(plan("concept_test", { concept: "A cup that counts caffeine" }, { id: `sim-${i}` })),
      ),
    );
    expect(variants.size).toBeGreaterThan(1);
    const seeds = new Set(
      Array.from({ length: 20 }, (_v, seed) =>
        JSON.stringify(plan("brand_perception", { brand: "Cuppa" }, { id: "same", seed })),
      ),
    );
    expect(seeds.size).toBeGreaterThan(1);
  });
});

describe("--max-questions", () => {
  it.each(researchCases)(
    "should cap what the writer plans for %s %j, keeping what the goal needs most",
    (goal, inputs) => {
      for (const max of [1, 3, 5]) {
        const { plan: p } = generatePlan(
          { id: "capped", mode: "research", inputs, survey_design: null },
          goalOf("research", goal),
          undefined,
          1,
          { maxQuestions: max },
        );
        const questions = p.survey_questions ?? [];
        expect(questions.length).toBeGreaterThanOrEqual(1);
        expect(questions.length).toBeLessThanOrEqual(max);
      }
    },
  );

  it("should keep the side-by-side choice of a message test and the headline questions of a concept test", () => {
    const cap = (goal: string, inputs: Inputs) =>
      (
        generatePlan(
          { id: "c", mode: "research", inputs, survey_design: null },
          goalOf("research", goal),
          undefined,
          1,
          {
            maxQuestions: 2,
          },
        ).plan.survey_questions ?? []
      ).map((q) => q.variable_name);
    expect(cap("message_test", { messages: items("Message", 4) })).toContain("most_persuasive_message");
    // "A cup" names no field and no price: whether people would take it up, not whether they would buy it.
    expect(cap("concept_test", { concept: "A cup" })).toEqual(["appeal", "take_up_intent"]);
    expect(cap("concept_test", { concept: "A cup", price_point: "£12" })).toEqual(["appeal", "purchase_intent"]);
  });
});

describe("research plans with a survey design", () => {
  const design: SurveyDesign = {
    stimulus: "The Cuppa smart cup",
    item_sets: [{ ask: "How appealing is", items: ["Caffeine count", "Temperature alert"] }],
    custom_questions: [{ question_text: "Would you switch cups?", answer_options: ["Yes", "Maybe", "No"] }],
  };

  it.each(researchCases)("should ask exactly the design's questions for %s", (goal, inputs) => {
    const result = plan(goal, inputs, { design });
    expect(result.plan.survey_questions).toEqual(questionsFromDesign(design));
    expect(result.plan.question_text?.trim()).toBeTruthy();
    expect(result.plan.hypothesis_text?.trim()).toBeTruthy();
    expect(Object.keys(result.plan).sort()).toEqual([
      "hypothesis_text",
      "journey_task",
      "question_text",
      "survey_questions",
    ]);
  });

  it("should supply options that fit what each custom question asks, and say how it is answered", () => {
    const questions = questionsFromDesign({
      custom_questions: [
        { question_text: "What is your age?" },
        { question_text: "How often do you eat granola?" },
        { question_text: "How many people live in your household?" },
        { question_text: "Why did you stop buying it?" },
        { question_text: "Rank these: price, taste, packaging" },
        { question_text: "Which do you prefer, oats or muesli?", answer_options: ["Oats", "Muesli"] },
      ],
    });
    expect(questions.map((q) => [q.question_type, q.answer_options?.[0], q.answer_options?.at(-1)])).toEqual([
      ["single_choice", "18 to 24", "65 or older"],
      ["single_choice", "Never", "Every day"],
      ["single_choice", "1", "5 or more"],
      ["open_text", "Too expensive", "Another reason"],
      ["ranking", "Price", "Packaging"],
      ["single_choice", "Oats", "Muesli"],
    ]);
  });

  it("should choose an item set's scale from its ask and the goal", () => {
    const [often] = questionsFromDesign({ item_sets: [{ ask: "How often do you use", items: ["A", "B"] }] });
    expect(often?.answer_options).toEqual([...SCALES.frequency]);
    const [rated] = questionsFromDesign(
      { item_sets: [{ ask: "Rate each of these", items: ["A", "B"] }] },
      { goal: "feature_prioritisation" },
    );
    expect(rated?.answer_options).toEqual([...SCALES.importance]);
  });

  it("should frame the plan around the stimulus and the items asked about", () => {
    const result = plan("custom_survey", { objective: "coffee habits" }, { design });
    expect(result.title).toContain("The Cuppa smart cup");
    // About the items, favouring none of them: the brief names no favourite.
    expect(result.plan.hypothesis_text).toMatch(/^One of the \d+ items asked about for The Cuppa smart cup /);
    expect(result.plan.hypothesis_text).not.toContain("Caffeine count");
  });
});

describe("journey plans", () => {
  const steps = (p: Plan) => (p.journey_task as { steps: unknown }).steps;

  it.each([
    ["usability_test", { start_url: "https://cuppa.example/shop", task: "Find the price of the Pro plan" }],
    ["usability_test", { start_url: "https://cuppa.example", task: "Book a demo", success_criteria: "Demo booked" }],
    ["conversion_funnel", { start_url: "https://cuppa.example/", goal_event: "completes checkout" }],
    ["conversion_funnel", { start_url: "https://cuppa.example/", goal_event: "signs up for the newsletter" }],
    ["first_impression", { start_url: "https://cuppa.example/landing" }],
  ] as Array<[string, Inputs]>)(
    "should start %s at the start_url with a task, success criteria and steps",
    (goal, inputs) => {
      const { plan: p, title } = plan(goal, inputs, { mode: "journey" });
      expect(p.survey_questions).toBeNull();
      const task = p.journey_task as Record<string, unknown>;
      expect(task.start_url).toBe(inputs.start_url);
      expect(String(task.task).trim()).not.toBe("");
      expect(String(task.success_criteria).trim()).not.toBe("");
      const list = steps(p) as unknown[];
      expect(Array.isArray(list)).toBe(true);
      expect(list.length).toBeGreaterThanOrEqual(3);
      for (const step of list) expect(typeof step).toBe("string");
      expect(new Set(list).size).toBe(list.length);
      const host = new URL(String(inputs.start_url)).host;
      expect(`${title} ${p.question_text}`).toContain(host);
      expect(p.hypothesis_text?.trim()).toBeTruthy();
      if (typeof inputs.task === "string") expect(task.task).toBe(inputs.task);
      if (typeof inputs.success_criteria === "string") expect(task.success_criteria).toBe(inputs.success_criteria);
      if (typeof inputs.goal_event === "string") expect(String(task.success_criteria)).toContain(inputs.goal_event);
    },
  );

  it.each([
    [
      "Add two items to the basket and apply a discount code",
      ["Find the products", "Add two items to the basket", "Find where to enter the code", "Apply a discount code"],
    ],
    [
      "Log in and download last month's invoice",
      [
        "Open the log-in page",
        "Enter the log-in details",
        "Find where to download last month's invoice",
        "Download last month's invoice",
      ],
    ],
    [
      "Find the returns policy and start a return",
      [
        "Search or browse for the returns policy",
        "Open the returns policy",
        "Find where to start a return",
        "Start a return",
      ],
    ],
  ])("should walk %j in steps that name what the user does, one group per part", (task, middle) => {
    const { plan: p } = plan(
      "usability_test",
      { start_url: "https://shop.example.com/help", task },
      { mode: "journey", id: "j" },
    );
    expect(steps(p)).toEqual(["Land on shop.example.com/help", "Scan the headline and navigation", ...middle]);
  });

  it("should write titles and labels that read as English", () => {
    const refills = plan("concept_test", { concept: "Refills delivered monthly" });
    const texts = [refills.title, ...questionsOf(refills).map((q) => q.question_text)].join("\n");
    expect(texts).not.toMatch(/the refills delivered monthly/i);
    expect(texts).toMatch(/How new and different is this idea from anything you can get today\?/);
    expect(plan("concept_test", { concept: "x y z" }).title).not.toMatch(/the x y z/);
    expect(plan("concept_test", { concept: "Pause any week" }).title).not.toMatch(/the pause any week/i);
    for (let seed = 1; seed <= 6; seed++) {
      const brand = plan(
        "brand_perception",
        { brand: "Weeknight", competitors: ["HelloFresh", "Gousto", "Mindful Chef"] },
        { seed },
      );
      expect(brand.title).not.toMatch(/ and .+ and /);
      const journey = plan(
        "usability_test",
        {
          start_url: "https://example.com",
          task: "Find the cheapest plan and start a free trial of the team edition with two colleagues invited",
        },
        { mode: "journey", id: "j", seed },
      );
      // Too long to hold whole: cut where a phrase ends, with an ellipsis.
      expect(journey.title).toMatch(/ind the cheapest plan and start a free trial of the team edition…/);
    }
    // One title per concept, whichever simulation plans it.
    const titles = new Set(
      ["a", "b", "c", "d"].map((id) => plan("concept_test", { concept: "Pause any week" }, { id }).title),
    );
    expect(titles.size).toBe(1);
  });

  it("should follow the funnel steps given in the inputs", () => {
    const given = ["Home", "Product", "Basket", "Paid"];
    const { plan: p } = plan(
      "conversion_funnel",
      { start_url: "https://cuppa.example/", goal_event: "completes checkout", steps: given },
      { mode: "journey" },
    );
    expect(steps(p)).toEqual(given);
  });

  it("should keep a first impression test's questions as questions, never as steps", () => {
    const questions = ["What does this company sell?", "Who is it for?"];
    const { plan: p } = plan(
      "first_impression",
      { start_url: "https://cuppa.example/landing", questions },
      { mode: "journey" },
    );
    expect(p.journey_task?.questions).toEqual(questions);
    const list = (steps(p) as string[]).join("\n");
    for (const q of questions) expect(list).not.toContain(q);
  });

  it("should ask the research question about the users when the task is written to them", () => {
    const inputs = { start_url: "https://app.kontor.example", task: "Send your first invoice to yourself" };
    const { plan: journey } = plan("usability_test", inputs, { mode: "journey", id: "j" });
    expect(journey.question_text).toContain("send their first invoice to themselves");
    expect(journey.journey_task?.task).toBe(inputs.task);
  });

  it("should make the same journey plan from the same seed and simulation", () => {
    const inputs = { start_url: "https://cuppa.example", task: "Find the returns policy" };
    expect(plan("usability_test", inputs, { mode: "journey", id: "j" })).toEqual(
      plan("usability_test", inputs, { mode: "journey", id: "j" }),
    );
  });
});

describe("the device a journey is tested on (an app is not tested on desktop)", () => {
  const contextSaying = (body: string): ContextRecord => ({ ...context, name: "Basketful", body });
  const APP_ONLY =
    "# Basketful\n**What it is.** Basketful is a grocery delivery app for iOS and Android. Order by 10pm, delivered tomorrow.";
  const journey = (goal: string, inputs: Inputs, body?: string) =>
    plan(
      goal,
      { start_url: "https://app.basketful.example/", task: "Book a delivery slot", goal_event: "signs up", ...inputs },
      { mode: "journey", id: "device", ...(body === undefined ? {} : { context: contextSaying(body) }) },
    ).plan.journey_task as { device: string; steps: string[] };

  it("should test an app-only product on mobile when the input names no device, and write its steps for touch", () => {
    const usability = journey("usability_test", {}, APP_ONLY);
    expect(usability.device).toBe("mobile");
    expect(usability.steps).toContain("Scan the headline and open the menu");
    expect(journey("conversion_funnel", {}, APP_ONLY).steps).toContain("Tap the main call to action");
    expect(journey("first_impression", {}, APP_ONLY).steps.at(-1)).toBe("Choose what to tap next");
    for (const body of [
      "Basketful is a grocery app.",
      "Get it on Google Play.",
      "Weeknight is a UK meal-kit subscription app. Each week subscribers pick recipes in the app.",
    ])
      expect(journey("usability_test", {}, body).device, body).toBe("mobile");
  });

  it("should keep the input's device, and desktop where the context leaves the device open", () => {
    const desktop = journey("usability_test", { device: "desktop" }, APP_ONLY);
    expect(desktop.device).toBe("desktop");
    expect(desktop.steps).toContain("Scan the headline and navigation");
    expect(journey("conversion_funnel", { device: "desktop" }, APP_ONLY).steps).toContain(
      "Click the main call to action",
    );
    expect(journey("usability_test", { device: "tablet" }, APP_ONLY).device).toBe("tablet");
    for (const body of [
      "Kontor is invoicing software, in the browser and on iOS and Android.",
      "Basketful is a grocery delivery website. Our app is coming soon.",
      "A smart reusable cup for office workers.",
      "Competitors: the apps of the big supermarkets.",
    ])
      expect(journey("usability_test", {}, body).device, body).toBe("desktop");
    expect(journey("usability_test", {}).device).toBe("desktop");
  });
});

describe("a default context shapes only the studies about its product", () => {
  const torqly = {
    id: "ctx-torqly",
    name: "Torqly",
    body: "# Torqly\nTorqly is predictive-maintenance software for mid-sized plants.\n\n**Users:** maintenance managers, plant managers, IT/OT leads.",
  } as ContextRecord;
  const byDefault = (goal: string, inputs: Inputs, mode: "research" | "journey" = "research") =>
    generatePlan({ id: "sim-1", mode, inputs, survey_design: null }, goalOf(mode, goal), torqly, 1, {
      contextByDefault: true,
    });
  const everything = (result: { plan: Plan; title: string }) => JSON.stringify(result);

  it("should neither name the context's product nor its users in a study about something else", () => {
    for (const result of [
      byDefault("concept_test", { concept: "Uber for dogs" }),
      byDefault("feature_prioritisation", {
        product: "Splitly, a bill-splitting app",
        features: ["Rent reminders", "Split bills"],
      }),
      byDefault("message_test", {
        messages: ["Same-day plumber or your callout fee back.", "Plumbers you can trust."],
      }),
      byDefault("custom_survey", { objective: "Loyalty card usage at discount supermarkets" }),
      byDefault("usability_test", { start_url: "https://www.elster.de/", task: "Submit a VAT return" }, "journey"),
    ]) {
      expect(everything(result)).not.toMatch(/Torqly|maintenance managers/);
    }
  });

  it("should shape a study that names the product, or that the request itself planned against the context", () => {
    const named = byDefault("concept_test", { concept: "Torqly Spindle Guard listens to every spindle." });
    expect(everything(named)).toContain("maintenance managers, plant managers and IT/OT leads");
    const onItsSite = byDefault(
      "usability_test",
      { start_url: "https://app.torqly.io/", task: "Add a machine" },
      "journey",
    );
    expect(onItsSite.plan.question_text).toContain("maintenance managers");
    const referenced = plan("concept_test", { concept: "Uber for dogs" }, { context: torqly });
    expect(everything(referenced)).toContain("Torqly");
  });
});

describe("a concept's price point that is not a price", () => {
  it.each([
    ["Free with any Hearth thermostat", "free with any Hearth thermostat"],
    ["You earn £5 a month", "you earn £5 a month"],
    ["Included in your plan", "included in your plan"],
  ])("should ask whether people would use it %j, never price or 'buy' it", (pricePoint, terms) => {
    for (let seed = 1; seed <= 6; seed++) {
      const result = plan(
        "concept_test",
        {
          concept: "The thermostat turns the heating down when everyone is out.",
          product_name: "Away Mode",
          price_point: pricePoint,
        },
        { seed },
      );
      const all = [
        result.title,
        result.plan.question_text,
        result.plan.hypothesis_text,
        ...questionsOf(result).map((q) => q.question_text),
      ];
      for (const text of all) {
        expect(text).not.toContain(pricePoint);
        expect(text).not.toMatch(/\bbuy\b|\bcost\b|value for money/);
      }
      expect(questionsOf(result).map((q) => q.question_text)).toContain(
        `If Away Mode were available on these terms (${terms}), how likely would you be to use it?`,
      );
    }
  });

  it("should still ask a real price as one", () => {
    const result = plan("concept_test", {
      concept: "A cloth nappy service.",
      product_name: "NappyLoop",
      price_point: "£14.99 a week",
    });
    expect(questionsOf(result).map((q) => q.question_text)).toContain(
      // Charged by the week: people sign up for it, as for any plan, rather than buy it once.
      "If NappyLoop cost £14.99 a week, how likely would you be to sign up for it?",
    );
  });
});

describe("item-set questions read as questions", () => {
  it("should name the stimulus once, ask of one item at a time, and end with a question mark", () => {
    const design: SurveyDesign = {
      stimulus: "Hearth Away Mode",
      item_sets: [
        {
          ask: "How much would this make you trust Hearth Away Mode?",
          items: ["A weekly report of the money it saved"],
        },
        { ask: "How important is each of these to you when choosing a thermostat?", items: ["Low running costs"] },
      ],
    };
    expect(questionsFromDesign(design).map((q) => q.question_text)).toEqual([
      "Thinking about Hearth Away Mode, how much would this make you trust it: A weekly report of the money it saved?",
      "Thinking about Hearth Away Mode, how important is this to you when choosing a thermostat: Low running costs?",
    ]);
  });
});

describe("journeys in other words", () => {
  it("should quote a task in another language as written, never lower-cased into English", () => {
    for (let seed = 1; seed <= 6; seed++) {
      const result = plan(
        "usability_test",
        { start_url: "https://www.elster.de/", task: "Umsatzsteuervoranmeldung für Oktober einreichen" },
        { mode: "journey", seed },
      );
      const task = result.plan.journey_task as { steps: string[] };
      const all = [result.title, result.plan.question_text ?? "", ...task.steps].join("\n");
      expect(all).not.toContain("umsatzsteuervoranmeldung");
      expect(all).toContain('"Umsatzsteuervoranmeldung für Oktober einreichen"');
    }
  });

  it("should conjugate every verb of a funnel's goal and give a grocery goal a grocery funnel", () => {
    const result = plan(
      "conversion_funnel",
      { start_url: "https://www.example-grocer.co.uk/app", goal_event: "books a delivery slot and pays" },
      { mode: "journey" },
    );
    expect(result.plan.question_text).toContain("the moment they book a delivery slot and pay?");
    const steps = (result.plan.journey_task as { steps: string[] }).steps;
    expect(steps).toContain("Choose a delivery slot");
    expect(steps.join("\n")).not.toMatch(/Work through the form or flow|Reach the goal/);
  });
});

describe("names mid-sentence", () => {
  it("should write a product starting with an article in lower case mid-sentence, and close an appositive", () => {
    const pricing = questionsOf(
      plan("pricing", {
        product: "A regular flat white from a high-street coffee shop",
        currency: "GBP",
        price_points: [2, 3, 4],
      }),
    ).map((q) => q.question_text);
    expect(pricing.join("\n")).not.toMatch(/\S (?:A regular|An ad-free)/);
    const features = questionsOf(
      plan("feature_prioritisation", {
        product: "Splitly, a bill-splitting app for flatmates",
        features: ["Rent reminders", "Split bills", "Receipts"],
      }),
    ).map((q) => q.question_text);
    // The description is shown once, quoted as written; every question says "Splitly" (client-text.ts).
    const described = features.filter((t) => t.includes("a bill-splitting app"));
    expect(described.length).toBe(1);
    expect(described[0]).toContain('"Splitly, a bill-splitting app for flatmates"');
    expect(features.filter((t) => t.includes("Splitly")).length).toBe(features.length);
  });
});

describe("the audience a plan names is the people it samples (mixed samples)", () => {
  const torqly = {
    id: "ctx-torqly",
    name: "Torqly",
    body: "# Torqly\nTorqly is predictive-maintenance software for mid-sized plants.\n\n**Users:** maintenance managers, plant managers, IT/OT leads.",
  } as ContextRecord;
  const populations = (
    JSON.parse(readFileSync(new URL("../../fixtures/populations.json", import.meta.url), "utf8")) as {
      populations: UserModelRecord[];
    }
  ).populations;
  const model = (name: string) => populations.find((p) => p.name.startsWith(name)) as UserModelRecord;
  const sampled = (
    goal: string,
    inputs: Inputs,
    models: UserModelRecord[],
    mode: "research" | "journey" = "research",
  ) => generatePlan({ id: "sim-mixed", mode, inputs, survey_design: null }, goalOf(mode, goal), torqly, 1, { models });
  const framing = (result: { plan: Plan; title: string }) =>
    [result.title, result.plan.question_text, result.plan.hypothesis_text].join("\n");
  const spindle = {
    concept: "Torqly Spindle Guard texts your maintenance lead before a bearing fails.",
    product_name: "Torqly Spindle Guard",
  };

  it("should name every sample of a mixed study, not the context's users who are only some of them", () => {
    const mixed = [model("US IT decision makers"), model("US adults")];
    for (const [goal, inputs] of [
      ["concept_test", spindle],
      ["pricing", { product: "Torqly Spindle Guard", price_points: [150, 300, 450], currency: "USD" }],
      ["feature_prioritisation", { product: "Torqly", features: ["Vibration alerts", "Spare-part ordering"] }],
      ["brand_perception", { brand: "Torqly", competitors: ["Augury", "Uptake"] }],
    ] as const) {
      const text = framing(sampled(goal, inputs, mixed));
      expect(text, goal).not.toMatch(/maintenance managers/);
      expect(text, goal).toContain("US IT decision makers and US adults 18-65");
    }
    const journey = sampled(
      "usability_test",
      { start_url: "https://app.torqly.io/", task: "Add a machine" },
      mixed,
      "journey",
    );
    expect(journey.plan.question_text).toContain("US IT decision makers and US adults 18-65");
  });

  it("should name a single sample by its user model, without the name's qualifier in brackets", () => {
    const text = framing(sampled("concept_test", spindle, [model("UK adults")]));
    expect(text).not.toMatch(/maintenance managers|nationally representative/);
    expect(text).toContain("UK adults 18+");
  });

  it("should name no audience for many samples, and keep an audience the inputs give", () => {
    const many = populations.slice(0, 4);
    expect(framing(sampled("concept_test", spindle, many))).not.toMatch(/maintenance managers/);
    const given = sampled("concept_test", { ...spindle, audience: "plant managers" }, [model("UK adults")]);
    expect(framing(given)).toContain("plant managers");
    expect(framing(given)).not.toContain("UK adults");
  });
});
