/**
 * What a survey design fixes, in the spec's terms (spec "Survey design", Simulations rules 2 and 3, "Limits"). The
 * plan's field names in the representation are not shown; the questions are found as the list of objects with a
 * `question_text` (the plan edit's own survey question shape). Where a target shows no such list, the rules about
 * the questions asked are not applicable.
 */
import { as } from "../support/client.js";
import { journeyBody, surveyBody, visibleUserModelId } from "../support/fixtures.js";
import { describe, expect, it, unobservable } from "../support/harness.js";
import { expectAcceptedWithout, expectNoSimulations, postWithDesign, untilStatus } from "../support/simulations.js";
import { newCaller, useTarget } from "../support/target.js";
import { errorLocs, without } from "../support/values.js";

const target = useTarget();

type Body = Record<string, unknown>;
interface Question {
  question_text: string;
  answer_options?: string[] | null;
}

function createWithDesign(auth: string, design: unknown) {
  return postWithDesign(target, auth, design);
}

/** The planned simulation's questions: the array of objects that all carry a string question_text. */
function questionsOf(sim: Body): Question[] {
  const found: Question[][] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) {
      const objects = value.filter((v): v is Body => v !== null && typeof v === "object" && !Array.isArray(v));
      if (
        value.length > 0 &&
        objects.length === value.length &&
        objects.every((o) => typeof o.question_text === "string")
      ) {
        found.push(objects as unknown as Question[]);
      }
      value.forEach(visit);
    } else if (value !== null && typeof value === "object") Object.values(value).forEach(visit);
  };
  visit(without(sim, ["inputs", "survey_design"]));
  if (found.length === 0) unobservable("the representation shows no list of questions");
  return found[0] as Question[];
}

async function plannedQuestions(design: unknown): Promise<Question[]> {
  const auth = newCaller();
  const res = await createWithDesign(auth, design);
  expect(res.status, res.text).toBe(201);
  return questionsOf(await untilStatus(target, auth, res.body.id, "planned"));
}

/**
 * The question asked for a custom question: the one with its text, else one that contains its words (a rewording
 * around them is SD-CUSTOM-AS-WRITTEN's failure, not that of the rules about its options or the stimulus).
 */
function findCustom(list: readonly Question[], custom: Question): Question | undefined {
  const words = custom.question_text.replace(/[?.!]+$/, "");
  return (
    list.find((q) => q.question_text === custom.question_text) ?? list.find((q) => q.question_text.includes(words))
  );
}

/** findCustom, or the test not applicable: a question not found cannot show its options. */
function customAsked(list: readonly Question[], custom: Question): Question {
  const found = findCustom(list, custom);
  if (!found)
    unobservable(`the custom question "${custom.question_text}" is not asked in its words (SD-CUSTOM-AS-WRITTEN)`);
  return found;
}

const STIMULUS = "Cuppa, the cup that counts your caffeine";
const COLOURS = ["Midnight blue", "Forest green", "Sunset orange"];
const CLAIMS = ["Keeps coffee hot for 3 hours", "Made from recycled ocean plastic"];
const SCALE = ["Hate it", "Dislike it", "Like it", "Love it"];
const CUSTOM = [
  { question_text: "Where do you drink most of your coffee?", answer_options: ["Home", "Office", "Café", "On the go"] },
  { question_text: "How many cups a day do you drink?" },
];

describe("the questions a design asks", () => {
  let questions: Promise<Question[]> | undefined;
  const asked = () => {
    questions ??= plannedQuestions({
      stimulus: STIMULUS,
      item_sets: [
        { ask: "How much do you like this colour", items: COLOURS, scale: SCALE },
        { ask: "How believable is this claim", items: CLAIMS },
      ],
      custom_questions: CUSTOM,
    });
    return questions;
  };

  it("should ask one question per item of each item set plus one per custom question", {
    rules: ["SD-QUESTION-COUNT", "SD-ITEM-SETS", "SD-SCALE-OPTIONAL"],
  }, async () => {
    const list = await asked();
    expect(list).toHaveLength(COLOURS.length + CLAIMS.length + CUSTOM.length);
    for (const item of [...COLOURS, ...CLAIMS]) {
      expect(
        list.filter((q) => q.question_text.includes(item)),
        item,
      ).toHaveLength(1);
    }
  });

  it("should state the stimulus in every item-set question and not add it to custom ones", {
    rules: ["SD-STIMULUS"],
  }, async () => {
    const list = await asked();
    for (const item of [...COLOURS, ...CLAIMS]) {
      const question = list.find((q) => q.question_text.includes(item));
      expect(question?.question_text, item).toContain(STIMULUS);
    }
    // A custom question reworded in other ways is SD-CUSTOM-AS-WRITTEN's to judge: only one found is judged here.
    for (const custom of CUSTOM) {
      const question = findCustom(list, custom);
      if (question) expect(question.question_text).not.toContain(STIMULUS);
    }
  });

  it("should put every item of a set on the set's one scale", { rules: ["SD-ITEM-SETS"] }, async () => {
    const list = await asked();
    for (const colour of COLOURS)
      expect(list.find((q) => q.question_text.includes(colour))?.answer_options).toEqual(SCALE);
    const claimScales = CLAIMS.map((claim) =>
      JSON.stringify(list.find((q) => q.question_text.includes(claim))?.answer_options),
    );
    expect(new Set(claimScales).size).toBe(1);
  });

  it("should ask custom questions exactly as written", { rules: ["SD-CUSTOM-AS-WRITTEN"] }, async () => {
    const texts = (await asked()).map((q) => q.question_text);
    for (const custom of CUSTOM) expect(texts).toContain(custom.question_text);
  });

  it("should ask a custom question with its answer options exactly as given", {
    rules: ["SD-CUSTOM-OPTIONS-AS-GIVEN"],
  }, async () => {
    const given = CUSTOM[0] as Question;
    expect(customAsked(await asked(), given).answer_options).toEqual(given.answer_options);
  });

  it("should supply answer options for a custom question given none", {
    rules: ["SD-CUSTOM-OPTIONS-SUPPLIED"],
  }, async () => {
    const supplied = customAsked(await asked(), CUSTOM[1] as Question).answer_options;
    expect(Array.isArray(supplied), `answer_options: ${JSON.stringify(supplied)}`).toBe(true);
    expect((supplied ?? []).length).toBeGreaterThanOrEqual(2);
    for (const option of supplied ?? []) expect(typeof option).toBe("string");
  });
});

describe("survey designs that cannot be used", () => {
  it("should refuse a well-formed survey design in journey mode with 400 and create nothing", {
    rules: ["SD-400-JOURNEY"],
  }, async () => {
    const auth = newCaller();
    const userModelId = await visibleUserModelId(target, auth);
    for (const design of [
      { item_sets: [{ ask: "How appealing is", items: ["Blue", "Green"] }] },
      { custom_questions: [{ question_text: "How easy was it?" }] },
    ]) {
      const res = await as(target, auth).post("/v1/simulations", journeyBody(userModelId, { survey_design: design }));
      expect(res.status, JSON.stringify(design)).toBe(400);
    }
    await expectNoSimulations(target, auth);
    await expectAcceptedWithout(target, auth, journeyBody(userModelId), "the survey design");
  });

  it("should refuse a design with nothing to ask with 400", { rules: ["SD-400-NOTHING-TO-ASK"] }, async () => {
    const auth = newCaller();
    for (const design of [
      { item_sets: [], custom_questions: [] },
      {},
      { stimulus: "A smart coffee cup" },
      { stimulus: "A smart coffee cup", item_sets: [] },
      { custom_questions: [] },
    ]) {
      const res = await createWithDesign(auth, design);
      expect(res.status, JSON.stringify(design)).toBe(400);
    }
    await expectNoSimulations(target, auth);
    const userModelId = await visibleUserModelId(target, auth);
    const usable = { item_sets: [{ ask: "How appealing is", items: ["Blue", "Green"] }] };
    await expectAcceptedWithout(target, auth, surveyBody(userModelId, usable), "an empty design (one with questions)");
  });

  it("should accept the same design in research mode (201)", { rules: ["SD-OPTIONAL", "SD-ITEM-SETS"] }, async () => {
    const res = await createWithDesign(newCaller(), {
      item_sets: [{ ask: "How appealing is", items: ["Blue", "Green"] }],
    });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe("planning");
  });

  it("should refuse with 400 a design with more questions than any service asks (5,000 items)", {
    rules: ["SD-400-TOO-MANY"],
    timeout: 60_000,
  }, async () => {
    // The spec does not show the maximum; 5,000 questions exceeds any that a survey would have.
    const items = Array.from({ length: 5000 }, (_, i) => `Option ${i + 1}`);
    const auth = newCaller();
    const res = await createWithDesign(auth, { item_sets: [{ ask: "How appealing is", items }] });
    expect(res.status, res.text.slice(0, 300)).toBe(400);
    const few = { item_sets: [{ ask: "How appealing is", items: items.slice(0, 2) }] };
    await expectAcceptedWithout(
      target,
      auth,
      surveyBody(await visibleUserModelId(target, auth), few),
      "so many questions",
    );
  });
});

describe("malformed survey designs", { readOnly: true }, () => {
  const cases: Array<[rules: string[], design: unknown, loc: string]> = [
    [["SD-ITEMS-REQUIRED"], { item_sets: [{ ask: "How appealing is" }] }, "items"],
    [["SD-CUSTOM-TEXT-REQUIRED"], { custom_questions: [{ answer_options: ["Yes", "No"] }] }, "question_text"],
    [
      ["SD-CUSTOM-OPTION-MIN-LENGTH"],
      { custom_questions: [{ question_text: "Would you buy it?", answer_options: ["Yes", ""] }] },
      "answer_options",
    ],
    [
      ["SD-CUSTOM-OPTIONS-2-TO-10"],
      { custom_questions: [{ question_text: "Q?", answer_options: Array(11).fill("x") }] },
      "answer_options",
    ],
    [["SD-SCALE-2-TO-7"], { item_sets: [{ ask: "Rate", items: ["a", "b"], scale: Array(8).fill("x") }] }, "scale"],
    [["SD-ITEMS-MIN-2"], { item_sets: [{ ask: "Rate", items: ["a"] }] }, "items"],
  ];
  for (const [rules, design, field] of cases) {
    // Each case is its field's rule alone (SD-MALFORMED-422 has cases of its own): one bug, one rule.
    it(`should refuse ${JSON.stringify(design)} with 422 locating ${field}`, { rules }, async () => {
      const res = await createWithDesign(newCaller(), design);
      expect(res.status, res.text.slice(0, 200)).toBe(422);
      const locs = errorLocs(res.body);
      if (!locs)
        unobservable(
          `the 422 locates no error (detail[].loc), judged under VALIDATION-422-BODY: ${res.text.slice(0, 200)}`,
        );
      expect(
        locs.some((loc) => loc.includes(field) && loc.includes("survey_design")),
        `an error located at ${field}: ${JSON.stringify(locs)}`,
      ).toBe(true);
    });
  }

  it("should accept the limits' edges: 2 items, scales of 2 and 7, 2 and 10 options", {
    rules: ["SD-ITEMS-MIN-2", "SD-SCALE-2-TO-7", "SD-CUSTOM-OPTIONS-2-TO-10"],
    readOnly: false,
  }, async () => {
    const auth = newCaller();
    for (const design of [
      { item_sets: [{ ask: "Rate", items: ["a", "b"], scale: ["Low", "High"] }] },
      { item_sets: [{ ask: "Rate", items: ["a", "b"], scale: ["1", "2", "3", "4", "5", "6", "7"] }] },
      { custom_questions: [{ question_text: "Q?", answer_options: ["Yes", "No"] }] },
      { custom_questions: [{ question_text: "Q?", answer_options: Array.from({ length: 10 }, (_, i) => `O${i}`) }] },
    ]) {
      const res = await createWithDesign(auth, design);
      expect(res.status, JSON.stringify(design)).toBe(201);
    }
  });
});
