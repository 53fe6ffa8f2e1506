import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  anyFeatures,
  anyModels,
  anyName,
  anySeed,
  PUBLIC_CONCEPTS,
  PUBLIC_PRODUCTS,
  runJourney,
  runResearch,
} from "./__fixtures__/random-study.js";
import { defaultFixturesDir } from "./fixture-files.js";
import { findGoal, loadGoals } from "./goals.js";

/**
 * Patterns the readings of 2026-11-28 found (docs/content-readings/), each as a property over random studies: the
 * client's text pasted into every sentence, a brief in German, French or Spanish whose subject the vocabulary lacks
 * asked about as "it", and cost offered as a reason where the brief says nothing costs money.
 */

const RUNS = { numRuns: 30 };

const NAMES = ["Skolappen", "Hokkaido Bento Club", "DocNow", "Auditbeam", "Kontor", "RutaSur Plus"];
const DESCRIPTORS = [
  "the free municipal school app for parents in Sweden",
  "five chilled bento lunches delivered to your office every Monday",
  "a compliance automation platform that prepares mid-sized companies for audits",
  "a video consultation with a registered GP within two hours",
  "weekly seasonal ingredients from farms near you",
];
/** A product as clients write it: a name with a descriptor after a comma, colon or dash, or a long description. */
const anyDescribedProduct = fc.oneof(
  fc
    .tuple(fc.constantFrom(...NAMES), fc.constantFrom(", ", ": ", " - ", " \u2013 "), fc.constantFrom(...DESCRIPTORS))
    .map(([name, sep, descriptor]) => ({ product: `${name}${sep}${descriptor}`, descriptor })),
  fc
    .constantFrom(
      "A 5-day regional rail pass for foreign visitors, covering trains between Osaka, Kyoto and Nara",
      "A zirconia crown fitted at a partner clinic in Tijuana with a five-year guarantee",
      "An online course that prepares nurses for their specialist exams in twelve weeks",
    )
    .map((product) => ({ product, descriptor: product.split(/\s+/).slice(-6).join(" ") })),
);

describe("the client's product description is said once, then the product is named (issue 27, readings a and b)", () => {
  it("should quote a product's descriptor in at most one question of a pricing or feature plan", () => {
    fc.assert(
      fc.property(
        anyDescribedProduct,
        fc.constantFrom("pricing", "feature_prioritisation"),
        anyModels,
        anySeed,
        ({ product, descriptor }, goal, models, seed) => {
          const inputs =
            goal === "pricing"
              ? { product, price_points: [10, 20, 30, 40], currency: "EUR" }
              : { product, features: ["Offline access", "Family sharing", "Dark mode"] };
          const run = runResearch(goal, inputs, models, seed);
          const questions = (run.plan.survey_questions ?? []).map((q) => q.question_text);
          const repeated = questions.filter((q) => q.includes(descriptor));
          expect(repeated.length, questions.join("\n")).toBeLessThanOrEqual(1);
          // What stands for the product after the first mention is a name, never a lone article or a cut word.
          for (const q of questions) expect(q, q).not.toMatch(/\b(?:for|in|If|would) (?:A|An)\b/);
        },
      ),
      RUNS,
    );
  });
});

/** Objectives in German, Spanish and French whose subject the small vocabularies do not name. */
const UNREAD_SUBJECTS = [
  "Wir wollen verstehen, warum Pflegekräfte in Krankenhäusern ihren Beruf verlassen und was sie halten würde",
  "Herausfinden, warum Eltern kein Elterngeld beantragen",
  "Verstehen, warum Landwirte keine Blühstreifen anlegen",
  "Entender por qué muchas familias no solicitan la ayuda financiera para la universidad y qué les ayudaría",
  "Saber por qué los jóvenes no se inscriben en la biblioteca municipal",
  "Comprendre pourquoi les agriculteurs n'adoptent pas l'irrigation goutte à goutte",
  "Comprendre pourquoi les infirmières quittent l'hôpital et ce qui les ferait rester",
];
/** Questions that only make sense after their subject was named: "How important is it to you?" names nothing. */
const SUBJECT_FREE =
  /^(?:How important is it to you\?|How do you feel about it overall\?|Which of these matters most to you\?|How satisfied are you with how things are for you today\?|How likely are you to change what you do|Where do you usually look first)/;
const GENERIC_OPTIONS = /^(?:How well it meets my needs|What others say about it|How easy it is)$/;

describe("a brief in German, Spanish or French names its subject in every question (issue 27, readings a and b)", () => {
  it("should never ask a subject-free question, or offer 'it' options, for an objective whose subject is not in the vocabulary", () => {
    fc.assert(
      fc.property(fc.constantFrom(...UNREAD_SUBJECTS), anyModels, anySeed, (objective, models, seed) => {
        const run = runResearch("custom_survey", { objective }, models, seed);
        const questions = run.plan.survey_questions ?? [];
        expect(questions.length).toBeGreaterThan(0);
        for (const q of questions) {
          expect(q.question_text, objective).not.toMatch(SUBJECT_FREE);
          for (const o of q.answer_options ?? [])
            expect(o, `${q.question_text} (${objective})`).not.toMatch(GENERIC_OPTIONS);
        }
      }),
      RUNS,
    );
  });
});

/** Audiences clients write in German, Spanish or French. */
const FOREIGN_AUDIENCES = [
  "Pflegekräfte in Krankenhäusern und Pflegeheimen",
  "personas de 65 años o más",
  "Inhaberinnen und Inhaber kleiner Betriebe in Deutschland",
  "parents d'élèves du primaire",
  "habitants de Genève",
];

describe("an audience written in another language is quoted, never run into an English sentence (issue 27, readings a and b)", () => {
  it("should quote a German, Spanish or French audience wherever the plan's research question or hypothesis names it", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FOREIGN_AUDIENCES),
        fc.constantFrom(
          ["message_test", { messages: ["Get your flu jab today", "A free vaccine at your pharmacy"] }] as const,
          ["custom_survey", { objective: "Understand why people stop volunteering" }] as const,
          ["pricing", { product: "a weekly veg box", price_points: [5, 10, 15] }] as const,
        ),
        anyModels,
        anySeed,
        (audience, [goal, inputs], models, seed) => {
          const run = runResearch(goal, { ...inputs, audience }, models, seed);
          for (const sentence of [run.plan.question_text ?? "", run.plan.hypothesis_text ?? ""])
            for (const at of sentence
              .split(audience)
              .slice(0, -1)
              .map((before) => before.at(-1)))
              expect(at, sentence).toBe('"');
        },
      ),
      RUNS,
    );
  });
});

/** What a concept or product says of who can have it: the age it is for, written as clients write it. */
const AGE_BOUND = [
  { words: "for anyone aged 40 or over", low: 40, high: 120 },
  { words: "for people aged 65 and over", low: 65, high: 120 },
  { words: "for over-50s", low: 50, high: 120 },
  { words: "for young people aged 16 to 25", low: 16, high: 25 },
  { words: "for under-30s", low: 16, high: 29 },
];

describe("an idea for some ages only says whom it concerns (issue 27, reading b pattern 2)", () => {
  it("should say nobody was screened and who the idea is for when a user model is mostly outside its ages, and never when all are inside", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...AGE_BOUND),
        fc.constantFrom(
          "A free walk-in blood pressure check at your local pharmacy",
          "A monthly railcard with a third off every journey",
          "A savings account that rounds up every card payment",
        ),
        anyModels,
        anySeed,
        (bound, idea, models, seed) => {
          const run = runResearch("concept_test", { concept: `${idea}, ${bound.words}.` }, models, seed);
          const method = run.report.split("## Method")[1]?.split("## Results")[0] ?? "";
          const outside = models.some((m) => {
            const range = String(m.metadata.age_range);
            const low = Number(/^(\d+)/.exec(range)?.[1]);
            const high = range.endsWith("+") ? 85 : Number(/-(\d+)$/.exec(range)?.[1]);
            const inside = Math.max(0, Math.min(high, bound.high) - Math.max(low, bound.low) + 1);
            return inside / (high - low + 1) < 0.5;
          });
          if (outside)
            expect(method, `${bound.words} / ${models.map((m) => m.metadata.age_range)}`).toMatch(
              /Nobody was screened out: what is tested concerns people who are (?:aged|under)/,
            );
          const allInside = models.every((m) => {
            const range = String(m.metadata.age_range);
            const low = Number(/^(\d+)/.exec(range)?.[1]);
            const high = range.endsWith("+") ? 85 : Number(/-(\d+)$/.exec(range)?.[1]);
            return low >= bound.low && high <= bound.high;
          });
          if (allInside) expect(method).not.toMatch(/concerns people who are (?:aged|under)/);
        },
      ),
      RUNS,
    );
  });
});

/** Shop advice: reviews and guarantees are how a shop earns trust, not a tax office, a health service or a charity. */
const SHOP_PROOF = /\b(?:reviews|guarantees)\b/i;

describe("advice on trust in the words of the study's field (issue 27, readings a and b pattern 4)", () => {
  it("should never advise reviews and guarantees for an idea or a site of a field where nothing is sold", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constantFrom(...PUBLIC_CONCEPTS).map((concept) => ({ concept })),
          fc
            .constantFrom(
              "https://www.gov.uk/apply-blue-badge",
              "https://www.passport.service.gov.uk/",
              "https://www.elster.de/eportal/start",
              "https://www.nhs.uk/nhs-services/vaccinations/",
              "https://www.ledgerloop.com/",
            )
            .map((start_url) => ({ start_url })),
        ),
        anyModels,
        anySeed,
        (inputs, models, seed) => {
          const run =
            "concept" in inputs
              ? runResearch("concept_test", inputs, models, seed)
              : runJourney("first_impression", inputs, models, seed);
          const advice = run.report.split("## Recommendations")[1] ?? "";
          // A B2B tool is sold, but not through reviews and guarantees either: its buyers look for certifications.
          expect(advice, JSON.stringify(inputs)).not.toMatch(SHOP_PROOF);
        },
      ),
      { numRuns: 60 },
    );
  });
});

/** Objectives that ask what would help people do something, in the four languages the writer reads. */
const HELP_OBJECTIVES = [
  "Comprendre pourquoi les habitants de Genève ne trient pas leurs déchets alimentaires et ce qui les aiderait à le faire",
  "Entender por qué los vecinos no separan la basura y qué les ayudaría a hacerlo",
  "Verstehen, warum Mieter ihren Müll nicht trennen und was ihnen dabei helfen würde",
  "Understand why residents do not sort their food waste and what would help them do it",
];

describe("the half of an objective that asks what would help is asked (issue 27, invented studies)", () => {
  it("should ask an open question on what would help or keep people, and more than one question, when the objective asks what would help", () => {
    fc.assert(
      fc.property(fc.constantFrom(...HELP_OBJECTIVES), anyModels, anySeed, (objective, models, seed) => {
        const run = runResearch("custom_survey", { objective }, models, seed);
        const questions = run.plan.survey_questions ?? [];
        expect(
          questions.some((q) => q.question_type === "open_text" && /what would|help/i.test(q.question_text)),
          questions.map((q) => q.question_text).join("\n"),
        ).toBe(true);
        expect(questions.length).toBeGreaterThanOrEqual(2);
      }),
      RUNS,
    );
  });
});

/**
 * Reading p S4: a feature study delivers what its goal promises (a payment question wherever the goal says "would
 * pay"), and leaders of sets of different rivals are never ranked against each other without saying so.
 */
describe("a feature study keeps the goal's promise and ranks only what was compared (issue 27, reading p S4)", () => {
  const goal = findGoal(loadGoals(defaultFixturesDir()), "research", "feature_prioritisation");

  it("should ask about paying where the goal promises it, and call set leaders a shortlist against different rivals", () => {
    fc.assert(
      fc.property(
        anyFeatures.filter((f) => f.length >= 7),
        fc.oneof(anyName, fc.constantFrom(...PUBLIC_PRODUCTS)),
        anyModels,
        anySeed,
        (features, product, models, seed) => {
          const run = runResearch("feature_prioritisation", { product, features }, models, seed);
          const asked = (run.plan.survey_questions ?? []).map((q) => q.question_text).join("\n");
          if (/\bpay\b/i.test(goal?.description ?? "")) expect(asked, goal?.description).toMatch(/\bpay\b/i);
          const sets = /\(set \d+ of ([2-9])\)/.exec(asked)?.[1];
          if (!sets) return;
          const advice = run.report.split("## Recommendations")[1] ?? "";
          // Several sets: no build order across them, and every line naming set leaders says they met different rivals.
          expect(advice).not.toMatch(/^- Build "/m);
          for (const line of advice.split("\n").filter((l) => /\bsets?\b.*\blead|leaders/.test(l)))
            expect(line).toMatch(/different rivals/);
        },
      ),
      { numRuns: 8 },
    );
  });
});
