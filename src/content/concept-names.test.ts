import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { conceptNames, quote } from "./concept-names.js";
import { defaultFixturesDir } from "./fixture-files.js";
import { findGoal, loadGoals } from "./goals.js";
import { generatePlan } from "./plans.js";

const goal = findGoal(loadGoals(defaultFixturesDir()), "research", "concept_test");

function planned(concept: string, extra: Record<string, unknown> = {}) {
  if (!goal) throw new Error("no concept_test goal in the fixtures");
  const { plan, title } = generatePlan(
    { id: "sim-1", mode: "research", inputs: { concept, ...extra }, survey_design: null },
    goal,
    undefined,
    1,
  );
  const uniqueness = plan.survey_questions?.find((q) => q.variable_name === "uniqueness")?.question_text ?? "";
  return { title, uniqueness };
}

/** Words that carry no meaning of their own in a concept: a title may drop or change them. */
const FUNCTION_WORD =
  /^(?:a|an|the|for|to|of|in|on|at|by|with|without|from|into|and|or|but|so|that|which|who|your|our|my|their|its|it|you|we|is|are)$/i;

/** A concept's words that a title must keep as written: letters or digits, marks around them trimmed. */
function meaningfulWords(concept: string): string[] {
  return concept
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""))
    .filter((w) => /[\p{L}\p{N}]/u.test(w) && !FUNCTION_WORD.test(w));
}

/** Simple checks that a title reads as written by a person, whatever the concept. */
function expectReadable(title: string): void {
  expect(title).toBe(title.trim());
  expect(title).not.toMatch(/\s{2}| [,.:;!?]/);
  expect(title).toMatch(/^[\p{Lu}"]/u);
  expect(title.length).toBeLessThanOrEqual(120);
  expect(title).toMatch(/ concept test(?: at .+)?$|^Concept test: /);
  // Quotes pair up around something, and an ellipsis only ends what they quote.
  const quotes = title.match(/"/g)?.length ?? 0;
  expect([0, 2]).toContain(quotes);
  if (quotes === 2) expect(title).toMatch(/"[^"\s][^"]*"/);
  if (title.includes("…")) expect(title).toMatch(/…"/);
  // The writer's own words, that is: what the title quotes is the caller's.
  expect(title.replace(/"[^"]*"/, '""')).not.toMatch(STRAY_ARTICLE);
}

function expectKeepsTheConcept(concept: string, title: string): void {
  const words = meaningfulWords(concept);
  const whole = concept.trim().split(/\s+/).length <= 6 && concept.trim().length <= 60;
  // A short concept keeps every meaningful word; a long one at least its first (the thing it names).
  // (A title starts with a capital: "für" opens "Für concept test".)
  const asTitled = `${title.charAt(0).toLowerCase()}${title.slice(1)}`;
  for (const word of whole ? words : words.slice(0, 1))
    expect(title.includes(word.slice(0, 40)) || asTitled.startsWith(word), `"${word}" in ${title}`).toBe(true);
  // What a title quotes is the concept's own beginning, as written.
  const quoted = /"(.*)"/.exec(title)?.[1];
  if (quoted !== undefined) {
    const written = concept.replace(/\s+/g, " ").trim().replace(/["“”]/g, "'");
    expect(written.startsWith(quoted.replace(/…$/, "")), `${title} quotes ${written}`).toBe(true);
  }
}

/** An article before what no noun phrase starts with: "The for dogs", "the the", "the your". */
const STRAY_ARTICLE =
  /\bthe (?:a|an|the|for|to|of|in|on|at|by|with|from|into|your|our|my|their|its|this|that|and|or)(?=[\s,.:;!?"]|$)/i;

const CONCEPTS = [
  "For dogs: smart collar",
  "The Daily Brief",
  "In P1",
  "On-demand laundry",
  "Refills delivered monthly",
  "A reusable coffee cup that tracks how much you drink",
  "SMART COLLAR FOR DOGS",
  "🐶 collar",
  "A collar 🐶 that finds your dog",
  "iPhone case that charges",
  "Uber for dog walkers",
  "Uber Eats for pets",
  "eBay for plants",
  "With love: hand-written cards",
  "Daily Brief app for commuters",
  "The Guardian",
  "Bank of England savings app",
  "NHS app for nurses",
  "AI tutor",
  "スマート首輪",
  "Умный ошейник для собак",
  "طوق ذكي للكلاب",
  "Smart collar (for dogs)",
  '"Quoted" idea',
  "Meal kits.",
  "Never run out of coffee again!",
  "Pause any week",
  "x y z",
  "?!",
  "Cuppa",
  "Version 2.0 of the app",
  "Refills, delivered: monthly; cheaper",
  `A subscription for fresh flowers delivered every Friday to your office, ${"with a free vase ".repeat(20)}`,
  "Überraschungsbox für Kinder",
  "a".repeat(300),
  "深夜のラーメン配達サービス、いつでもどこでも温かいまま届きます。".repeat(4),
];

describe("concept titles", () => {
  it("should quote a concept that is no plain noun phrase, keeping its case and its product", () => {
    expect(planned("For dogs: smart collar").title).toBe('"For dogs: smart collar" concept test');
    expect(planned("The Daily Brief").title).toBe('"The Daily Brief" concept test');
    expect(planned("In P1").title).toBe('"In P1" concept test');
    expect(planned("Refills delivered monthly").title).toBe('"Refills delivered monthly" concept test');
    expect(planned("x y z").title).toBe('Concept test: "x y z"');
    expect(planned("Uber for dog walkers").title).toBe('"Uber for dog walkers" concept test');
    expect(planned("🐶 collar").title).toBe('Concept test: "🐶 collar"');
  });

  it("should name a plain noun phrase as written", () => {
    expect(planned("On-demand laundry").title).toBe("On-demand laundry concept test");
    expect(planned("The reusable coffee cup", { price_point: "£6" }).title).toBe(
      "The reusable coffee cup concept test at £6",
    );
    expect(planned("A reusable coffee cup that tracks how much you drink").title).toBe(
      "Concept test: the reusable coffee cup",
    );
  });

  it("should call the concept in questions by a singular name, a proper name as written, else 'this idea'", () => {
    const ask = (name: string) => `How new and different is ${name} from anything you can get today?`;
    expect(planned("The Daily Brief").uniqueness).toBe(ask("The Daily Brief"));
    expect(planned("For dogs: smart collar").uniqueness).toBe(ask("this idea"));
    expect(planned("In P1").uniqueness).toBe(ask("this idea"));
    expect(planned("On-demand laundry").uniqueness).toBe(ask("the on-demand laundry"));
    expect(planned("Smart collar (for dogs)").uniqueness).toBe(ask("the smart collar"));
    // "the meal kits does": a plural would not agree with the question's verb.
    expect(planned("Meal kits").uniqueness).toBe(ask("this idea"));
    expect(conceptNames("Daily Brief app for commuters").mention).toBeUndefined();
  });

  it("should cut one long word between characters as the reader sees them, whatever its length", () => {
    const family = "\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}";
    expect(quote(family.repeat(100))).toBe(`"${family.repeat(60)}…"`);
    // A concept a hostile client sends: the title still quotes its first 60 characters.
    expect(planned("c".repeat(300_000)).title).toBe(`"${"c".repeat(60)}…" concept test`);
  });

  it("should read as written by a person and keep the concept's words as written, for any concept", () => {
    for (const concept of CONCEPTS) {
      for (const extra of [{}, { price_point: "£6", audience: "dog owners" }]) {
        const { title, uniqueness } = planned(concept, extra);
        expectReadable(title);
        expectKeepsTheConcept(concept, title);
        expect(uniqueness).not.toMatch(STRAY_ARTICLE);
      }
    }
  });

  it("should hold for generated concepts of mixed words, marks, cases and scripts", () => {
    const word = fc.constantFrom(
      "smart",
      "collar",
      "dogs",
      "coffee",
      "refills",
      "delivered",
      "monthly",
      "on-demand",
      "kids'",
      "Daily",
      "Brief",
      "Uber",
      "NHS",
      "SMART",
      "P1",
      "2.0",
      "£6",
      "🐶",
      "☕️",
      "スマート",
      "ошейник",
      "für",
      "Ärger",
      "naïve",
      "for",
      "in",
      "with",
      "the",
      "a",
      "your",
      "that",
    );
    const mark = fc.constantFrom("", "", "", ":", ",", ".", "!", "?", ";", " —", ")", '"');
    const concept = fc
      .tuple(
        fc.constantFrom("", "A ", "The ", "For ", "In ", "With ", "On "),
        fc.array(fc.tuple(word, mark), { minLength: 1, maxLength: 14 }),
      )
      .map(([lead, words]) => `${lead}${words.map(([w, m]) => `${w}${m}`).join(" ")}`);
    fc.assert(
      fc.property(concept, fc.boolean(), (text, priced) => {
        const { title, uniqueness } = planned(text, priced ? { price_point: "£6" } : {});
        expectReadable(title);
        expectKeepsTheConcept(text, title);
        expect(uniqueness).not.toMatch(STRAY_ARTICLE);
      }),
      { numRuns: 400 },
    );
  });
});
