import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Plan, UserModelRecord } from "../store/records.js";
import { named, populations, singleChoice } from "./__fixtures__/survey-question.js";
import { defaultFixturesDir } from "./fixture-files.js";
import { findGoal, loadGoals } from "./goals.js";
import { generatePlan } from "./plans.js";
import { type QuestionResult, researchResults } from "./results.js";
import { shapeOf } from "./segments.js";

const goals = loadGoals(defaultFixturesDir());

function study(goal: string, inputs: Record<string, unknown>, id: string, models: UserModelRecord[]) {
  const found = findGoal(goals, "research", goal);
  if (!found) throw new Error(goal);
  const { plan } = generatePlan({ id, mode: "research", inputs, survey_design: null }, found, undefined, 1);
  return researchResults({ id, inputs }, plan, models, 1);
}

const q = singleChoice;

const topTwoOf = (question: QuestionResult, model: string) => {
  const shape = shapeOf(question.answer_options);
  if (shape.kind !== "ordered") throw new Error(question.question_text);
  const d = question.by_user_model[model] ?? {};
  return shape.order.slice(-2).reduce((sum, i) => sum + (d[question.answer_options[i] as string] ?? 0), 0);
};

describe("purchase intent never above appeal", () => {
  it("should keep every user model's intent top-two box under its appeal top-two box", () => {
    const concepts = [
      "Une application qui prévoit le meilleur jour de moisson pour chaque parcelle.",
      "A reusable nappy subscription: we drop off clean cloth nappies every week.",
      "A pay-as-you-go gym pass for any gym in town.",
      "Synergistic holistic wellness ecosystem.",
    ];
    const models = populations.slice(0, 4);
    fc.assert(
      fc.property(
        fc.constantFrom(...concepts),
        fc.constantFrom("£8 per visit", "29,90 € par mois", "£14.99 a week", "$2 a month"),
        fc.string({ minLength: 1, maxLength: 5 }),
        (concept, price_point, id) => {
          const results = study("concept_test", { concept, price_point, product_name: "Thing" }, id, models);
          const appeal = results.questions.find((x) => /appeal/i.test(x.question_text));
          const intents = results.questions.filter((x) => /how likely would you be to buy/i.test(x.question_text));
          if (!appeal) return;
          for (const intent of intents)
            for (const model of Object.keys(intent.by_user_model))
              expect(topTwoOf(intent, model)).toBeLessThanOrEqual(topTwoOf(appeal, model) + 1e-9);
        },
      ),
      { numRuns: 30, seed: 21 },
    );
  });
});

describe("brand first choice agrees with the brand picked first", () => {
  it("should give 'It would be my first choice' the share that picks the brand first, model by model", () => {
    let compared = 0;
    for (const id of ["k1", "k2", "k3", "k4", "k5", "k6"]) {
      const results = study("brand_perception", { brand: "Kontor", competitors: ["Lexware Office", "sevDesk"] }, id, [
        named("German small-business"),
        named("UK adults"),
      ]);
      const pick = results.questions.find((x) => x.answer_options.includes("Kontor") && /first/i.test(x.question_text));
      const firstChoice = results.questions.find((x) => x.answer_options.some((o) => /my first choice/i.test(o)));
      if (!pick || !firstChoice) continue;
      const label = firstChoice.answer_options.find((o) => /my first choice/i.test(o)) as string;
      for (const model of Object.keys(pick.by_user_model)) {
        expect(firstChoice.by_user_model[model]?.[label]).toBeCloseTo(pick.by_user_model[model]?.Kontor ?? -1, 6);
      }
      compared++;
    }
    expect(compared).toBeGreaterThan(0);
  });
});

describe("answers a respondent gives hold together", () => {
  const plan: Plan = {
    question_text: "How do people decide when to turn their heating on?",
    hypothesis_text: null,
    journey_task: null,
    survey_questions: [
      q("How many people live in your household?", ["1", "2", "3", "4", "5 or more"]),
      q("Who in your household decides when the heating goes on?", [
        "Me",
        "My partner",
        "We decide together",
        "Someone else",
      ]),
    ],
  };
  it("should have at least everyone living alone decide themselves, and 'Someone else' never the biggest answer", () => {
    for (const id of ["h1", "h2", "h3", "h4"]) {
      const results = researchResults({ id }, plan, [named("UK adults"), named("grocery"), named("Gen Z")], 1);
      const [size, who] = results.questions as [QuestionResult, QuestionResult];
      for (const model of Object.keys(size.by_user_model)) {
        const d = who.by_user_model[model] ?? {};
        expect(d.Me ?? 0, model).toBeGreaterThanOrEqual(size.by_user_model[model]?.["1"] ?? 0);
        expect(d["Someone else"] ?? 0, model).toBeLessThan(Math.max(d.Me ?? 0, d["We decide together"] ?? 0));
      }
    }
  });
});

describe("profile answers follow who the user model is", () => {
  const plan: Plan = {
    question_text: "Profile of our panel",
    hypothesis_text: null,
    journey_task: null,
    survey_questions: [
      q("What is your employment status?", [
        "Employed full-time",
        "Employed part-time",
        "Self-employed",
        "Unemployed",
        "Student",
        "Retired",
        "Prefer not to say",
      ]),
      q("What is your marital status?", [
        "Single, never married",
        "Married or civil partnership",
        "Living with a partner",
        "Divorced or separated",
        "Widowed",
        "Prefer not to say",
      ]),
      q("Which mobile network are you on?", [
        "Verizon",
        "AT&T",
        "T-Mobile",
        "Cricket",
        "Mint Mobile",
        "Another network",
      ]),
    ],
  };
  const genZ = named("Gen Z");
  const itdm = named("IT decision");
  const owners = named("German small-business");
  const uk = named("UK adults");
  const results = researchResults({ id: "profile" }, plan, [genZ, itdm, owners, uk], 1);
  const [employment, marital, network] = results.questions as [QuestionResult, QuestionResult, QuestionResult];

  it("should make 18-26-year-olds neither retired nor widowed, IT decision makers employed, owners self-employed", () => {
    expect(employment.by_user_model[genZ.id]?.Retired).toBe(0);
    expect(marital.by_user_model[genZ.id]?.Widowed).toBe(0);
    expect(employment.by_user_model[itdm.id]?.["Employed full-time"]).toBeGreaterThan(0.8);
    expect(employment.by_user_model[itdm.id]?.Student).toBe(0);
    expect(employment.by_user_model[owners.id]?.["Self-employed"]).toBeGreaterThan(0.7);
  });

  it("should send people outside the list's country to the way out of a US network list", () => {
    expect(network.by_user_model[uk.id]?.["Another network"]).toBeGreaterThan(0.85);
    expect(network.by_user_model[owners.id]?.["Another network"]).toBeGreaterThan(0.85);
    expect(network.by_user_model[genZ.id]?.["Another network"]).toBeLessThan(0.3);
  });
});

describe("brand size: a niche maker never outranks the category giant", () => {
  it("should make Levi's better known and more often first choice than Hiut Denim among UK adults", () => {
    for (const id of ["b1", "b2", "b3", "b4"]) {
      const results = study(
        "brand_perception",
        { brand: "Hiut Denim", competitors: ["Levi's", "Nudie Jeans", "Uniqlo"] },
        id,
        [named("UK adults")],
      );
      const pick = results.questions.find((x) => x.answer_options.includes("Levi's") && /first/i.test(x.question_text));
      if (pick) expect(pick.overall["Hiut Denim"] ?? 0, id).toBeLessThan(pick.overall["Levi's"] ?? 0);
      const known = results.questions.find((x) => /familiar|heard of/i.test(x.question_text));
      if (known) expect(topTwoOf(known, named("UK adults").id), id).toBeLessThan(0.25);
      expect(pick ?? known, id).toBeDefined();
    }
  });
});
