import fc from "fast-check";
import type { SimulationRecord } from "../../store/records.js";
import {
  anyBrands,
  anyConcept,
  anyFeatures,
  anyPrices,
  defined,
  NON_BUYING_OBJECTIVES,
  PUBLIC_MESSAGES,
  PUBLIC_PRODUCTS,
  runJourney,
  runResearch,
} from "./random-study.js";

/** A study of either mode and any goal, with the lists a client gives, for properties every goal must keep. */
type Design = NonNullable<SimulationRecord["survey_design"]>;
export type Study = { mode: "research" | "journey"; goal: string; inputs: Record<string, unknown>; design?: Design };

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
export const anyStudy: fc.Arbitrary<Study> = fc.oneof(
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

export function run(study: Study, models: Parameters<typeof runResearch>[2], seed: number) {
  return study.mode === "journey"
    ? runJourney(study.goal, study.inputs, models, seed)
    : runResearch(study.goal, study.inputs, models, seed, undefined, `sim-${seed}`, study.design ?? null);
}
