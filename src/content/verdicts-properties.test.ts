import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { SimulationRecord } from "../store/records.js";
import {
  anyBrands,
  anyConcept,
  anyFeatures,
  anyModels,
  anyPrices,
  anySeed,
  defined,
  NON_BUYING_OBJECTIVES,
  PUBLIC_MESSAGES,
  PUBLIC_PRODUCTS,
  runJourney,
  runResearch,
} from "./__fixtures__/random-study.js";
import { claimOf, PROPOSED } from "./proposed.js";

/**
 * Issue 27, hypotheses nobody chose and verdicts a client can act on (readings g, h, i): a hypothesis the plan writes
 * is labelled as the plan's, any threshold it sets says what it rests on, and it never picks one of the client's own
 * items (a feature, a message, a step, an answer) to win or lose.
 */

type Design = NonNullable<SimulationRecord["survey_design"]>;
type Study = { mode: "research" | "journey"; goal: string; inputs: Record<string, unknown>; design?: Design };

const CUSTOM_QUESTIONS = [
  {
    question_text: "Which of these would you use most: the app, the website or the phone line?",
    answer_options: ["The app", "The website", "The phone line"],
  },
  {
    question_text: "How satisfied are you with the library's opening hours?",
    answer_options: ["Very dissatisfied", "Dissatisfied", "Neither", "Satisfied", "Very satisfied"],
  },
  {
    question_text: "Was hält Sie davon ab, öfter zu kommen?",
    answer_options: ["Die Anfahrt", "Die Öffnungszeiten", "Das Angebot"],
  },
];

/** Any study of either mode and every goal, with the lists a client gives (features, messages, steps, items). */
const anyStudy: fc.Arbitrary<Study> = fc.oneof(
  anyConcept.map((c) => ({ mode: "research" as const, goal: "concept_test", inputs: defined(c) })),
  anyBrands.map((b) => ({ mode: "research" as const, goal: "brand_perception", inputs: b })),
  fc
    .record({ brand: anyBrands.map((b) => b.brand) })
    .map((b) => ({ mode: "research" as const, goal: "brand_perception", inputs: b })),
  fc.tuple(fc.constantFrom("the app", ...PUBLIC_PRODUCTS), anyFeatures).map(([product, features]) => ({
    mode: "research" as const,
    goal: "feature_prioritisation",
    inputs: { product, features },
  })),
  fc.tuple(anyPrices, fc.constantFrom("SEK", "JPY", "BRL", "GBP")).map(([price_points, currency]) => ({
    mode: "research" as const,
    goal: "pricing",
    inputs: { product: "Cykla pass", price_points, currency },
  })),
  fc
    .uniqueArray(fc.constantFrom(...PUBLIC_MESSAGES, "Fresh bread by 7am", "Unlimited rides, one price"), {
      minLength: 2,
      maxLength: 4,
    })
    .map((messages) => ({ mode: "research" as const, goal: "message_test", inputs: { messages } })),
  fc
    .constantFrom(
      ...NON_BUYING_OBJECTIVES,
      "Find out where parents look for advice on school meals",
      "Understand how satisfied tenants are with repairs",
      "How important is a quiet carriage to rail commuters?",
      "Would cyclists switch to a shared e-bike scheme?",
    )
    .map((objective) => ({ mode: "research" as const, goal: "custom_survey", inputs: { objective } })),
  fc.tuple(fc.subarray(CUSTOM_QUESTIONS, { minLength: 1 }), fc.boolean()).map(([custom_questions, sets]) => ({
    mode: "research" as const,
    goal: "custom_survey",
    inputs: {},
    design: {
      stimulus: "A new opening-hours plan for the Eastfield library",
      custom_questions,
      ...(sets
        ? { item_sets: [{ ask: "How useful would this be", items: ["Late opening", "Study rooms", "Café"] }] }
        : {}),
    },
  })),
  fc
    .record({
      start_url: fc.constantFrom(
        "https://www.gov.uk/apply-passport",
        "https://shop.example.com",
        "https://flood.example.nl",
      ),
      task: fc.constantFrom("Sign up for flood alerts by text", "Renew a passport", "Book a table for two"),
      steps: fc.option(fc.constant(["Open the page", "Enter your phone number", "Type the code", "Confirm"]), {
        nil: undefined,
      }),
    })
    .map((i) => ({ mode: "journey" as const, goal: "usability_test", inputs: defined(i) })),
  fc
    .record({
      start_url: fc.constantFrom("https://shop.example.com", "https://bakery.example.dk/join"),
      goal_event: fc.constantFrom("completes checkout", "joins the loyalty club"),
      steps: fc.option(fc.constant(["Land on the page", "Tap Join", "Enter details", "Confirm"]), { nil: undefined }),
    })
    .map((i) => ({ mode: "journey" as const, goal: "conversion_funnel", inputs: defined(i) })),
  fc
    .constantFrom("https://www.example.no/grant", "https://news.example.pt/subscribe")
    .map((start_url) => ({ mode: "journey" as const, goal: "first_impression", inputs: { start_url } })),
);

function run(study: Study, models: Parameters<typeof runResearch>[2], seed: number) {
  return study.mode === "journey"
    ? runJourney(study.goal, study.inputs, models, seed)
    : runResearch(study.goal, study.inputs, models, seed, undefined, `sim-${seed}`, study.design ?? null);
}

/** The client's own items a hypothesis could single out: features, messages, steps, items and answer options. */
function clientItems(study: Study, steps: readonly string[]): string[] {
  const list = (key: string) => (Array.isArray(study.inputs[key]) ? (study.inputs[key] as unknown[]).map(String) : []);
  return [
    ...list("features"),
    ...list("messages"),
    ...steps,
    ...(study.design?.item_sets ?? []).flatMap((s) => s.items),
    ...(study.design?.custom_questions ?? []).flatMap((q) => q.answer_options ?? []),
  ];
}

/** A share a claim sets as its bar: "at least 45%", "fewer than half", "most". */
const THRESHOLD = /\d+(?:\.\d+)?\s?%|\b(?:half|a third|a quarter|most(?! persuasive| important| often)|majority)\b/i;

describe("hypotheses the plan proposes (issue 27, readings g, h, i S4)", () => {
  it("should label a plan's hypothesis as the plan's, with the basis of any threshold it sets, and single out none of the client's items", () => {
    fc.assert(
      fc.property(anyStudy, anyModels, anySeed, (study, models, seed) => {
        const r = run(study, models, seed);
        const hypothesis = r.plan.hypothesis_text;
        if (hypothesis === null) return;
        expect(hypothesis, study.goal).toContain(PROPOSED);
        const claim = claimOf(hypothesis);
        const basis = hypothesis.slice(claim.length);
        // A bar the claim sets, not words of a question or answer it quotes.
        if (THRESHOLD.test(claim.replace(/"[^"]*"/g, '""')))
          expect(basis, `${study.goal}: ${hypothesis}`).toMatch(/\bbenchmarks?\b/);
        const steps = (r.plan.journey_task as { steps?: string[] } | null)?.steps ?? [];
        for (const item of clientItems(study, steps))
          expect(claim, `${study.goal}: ${hypothesis}`).not.toContain(`"${item.replace(/"/g, "'")}"`);
        // The report shows the label with the claim, so a client never reads the plan's guess as their own.
        expect(r.report, study.goal).toContain(PROPOSED);
      }),
      { numRuns: 30 },
    );
  });
});
