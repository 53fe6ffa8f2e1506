import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ContextRecord, UserModelRecord } from "../store/records.js";
import {
  anyConcept,
  anyFeatures,
  anyModel,
  anyModels,
  anySeed,
  runJourney,
  runResearch,
} from "./__fixtures__/random-study.js";
import { conversionRange } from "./journey-tasks.js";
import { percent, shareOf } from "./results.js";

/**
 * Issue 27, plans from the brief: a journey walks the steps the brief lists, a funnel converts as its kind of site
 * does, feature sets are ranked within themselves, and an audience the user models do not sample is flagged.
 */

const RUNS = { numRuns: 12 };

const context = (body: string): ContextRecord =>
  ({ id: "ctx", name: "Service", body, created_at: "", updated_at: "", scope: "user" }) as unknown as ContextRecord;

const DEEDS = [
  "sign in with your account",
  "check your eligibility",
  "upload a photo that passes the photo check",
  "enter your reference number",
  "pay the fee",
  "choose a delivery date",
  "confirm your address",
  "review your answers",
  "get a confirmation email",
];

describe("journeys walk the steps the brief lists (issue 27)", () => {
  it("should put every step a context lists into the plan, in order", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...DEEDS), { minLength: 2, maxLength: 6 }),
        anyModels,
        anySeed,
        (deeds, models, seed) => {
          const listed = `${deeds.slice(0, -1).join(", ")} and ${deeds[deeds.length - 1]}`;
          const body = `# The service\n\nAn online service for renewing a document. Steps: ${listed}.`;
          const run = runJourney(
            "usability_test",
            { start_url: "https://service.example/renew", task: "Renew your document online" },
            models,
            seed,
            context(body),
          );
          const steps = ((run.plan.journey_task?.steps as string[] | undefined) ?? []).map((s) => s.toLowerCase());
          let at = -1;
          for (const deed of deeds) {
            const found = steps.findIndex((s, i) => i > at && s === deed);
            expect(found, `${deed} in ${steps.join(" → ")}`).toBeGreaterThan(at);
            at = found;
          }
        },
      ),
      RUNS,
    );
  });
});

describe("funnels convert as their kind of site does (issue 27)", () => {
  const FUNNELS: Array<[string, string]> = [
    ["https://maison-horloge.example/fr", "completes a purchase"],
    ["https://shop.example/", "completes checkout"],
    ["https://charity.example/donate", "donates"],
    ["https://app.example/", "starts a free trial"],
    ["https://news.example/", "subscribes to the newsletter"],
    ["https://clinic.example/", "books an appointment"],
    ["https://grocer.example/", "books a delivery slot and pays"],
  ];

  it("should convert the visitors who land within the range plausible for the funnel's kind", () => {
    fc.assert(
      fc.property(fc.constantFrom(...FUNNELS), anyModels, anySeed, ([start_url, goal_event], models, seed) => {
        const run = runJourney("conversion_funnel", { start_url, goal_event }, models, seed);
        const steps = (run.plan.journey_task?.steps as string[] | undefined) ?? [];
        const range = conversionRange([goal_event, start_url, String(run.plan.journey_task?.task ?? ""), ...steps]);
        for (const model of run.results.by_user_model) {
          expect(model.sessions).toBeGreaterThanOrEqual(1000);
          expect(model.task_success_rate, `${model.name} (${range.kind})`).toBeLessThanOrEqual(range.high * 1.6 + 0.01);
          expect(model.task_success_rate, `${model.name} (${range.kind})`).toBeGreaterThanOrEqual(
            range.low * 0.5 - 0.01,
          );
        }
      }),
      RUNS,
    );
  });
});

describe("a donation is a gift, not a purchase (issue 27)", () => {
  it("should never report a price, VAT, a plan or a product's headline as friction on a donation journey", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          ["https://charity.example/donate", "donates"],
          ["https://rescue.example/give", "makes a donation"],
          ["https://hospice.example/support", "donates monthly"],
        ),
        anyModels,
        anySeed,
        ([start_url, goal_event], models, seed) => {
          const run = runJourney("conversion_funnel", { start_url, goal_event }, models, seed);
          for (const model of run.results.by_user_model)
            for (const point of model.friction_points)
              expect(point.issue).not.toMatch(/VAT|plan|price|total|delivery|what the product is|what they sell/i);
        },
      ),
      RUNS,
    );
  });
});

describe("friction fits the step it is reported at (issue 27)", () => {
  const LOOKS = ["Browse dogs", "Open a dog's profile", "Check home requirements", "Read the reviews", "View the menu"];
  const FILLS = ["Fill in the application", "Enter your details", "Create an account", "Submit the form"];

  it("should never report a form's problems at a step that only looks, nor a landing page's at a later step", () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray(LOOKS, { minLength: 2, maxLength: 4 }),
        fc.shuffledSubarray(FILLS, { minLength: 1, maxLength: 2 }),
        anyModels,
        anySeed,
        (looks, fills, models, seed) => {
          const steps = [...looks, ...fills];
          const run = runJourney(
            "conversion_funnel",
            { start_url: "https://www.example.org/adopt", goal_event: "submits an application", steps },
            models,
            seed,
          );
          for (const m of run.report.matchAll(/^- ([^:\n]+): ([^."\n]+)\./gm)) {
            const [, step, issue] = m as unknown as [string, string, string];
            if (looks.includes(step)) expect(issue, step).not.toMatch(/far from the field|form resets/);
            if (steps.includes(step)) expect(issue, step).not.toMatch(/cookie banner|slow to show anything|headline/);
          }
        },
      ),
      RUNS,
    );
  });
});

describe("feature sets are ranked within themselves (issue 27)", () => {
  it("should never name one top feature across sets of features asked apart", () => {
    fc.assert(
      fc.property(
        anyFeatures.filter((f) => f.length > 6),
        anyModels,
        anySeed,
        (features, models, seed) => {
          const run = runResearch("feature_prioritisation", { product: "the app", features }, models, seed);
          const summary = run.report.split("## Hypothesis")[0] ?? "";
          expect(summary).not.toMatch(/is the top feature/);
          expect(summary).toMatch(/In set 1/);
        },
      ),
      RUNS,
    );
  });
});

describe("an audience the user models do not sample is flagged (issue 27)", () => {
  const aged = (low: number, high: number | null) =>
    anyModel.map(
      (m) =>
        ({
          ...m,
          metadata: { ...m.metadata, age_range: high === null ? `${low}+` : `${low}-${high}` },
        }) as UserModelRecord,
    );

  it("should say when a 65+ audience is fielded to all adults, and not when the sample is 65+", () => {
    fc.assert(
      fc.property(aged(18, null), aged(65, null), anySeed, (adults, older, seed) => {
        const inputs = {
          messages: ["Get your flu jab: it protects the people you love", "Book your free flu vaccine today"],
          audience: "adults aged 65 and over",
        };
        const wide = runResearch("message_test", inputs, [adults], seed);
        expect(wide.report).toMatch(/Audience check: the study is written for adults aged 65 and over/);
        expect(wide.synthesis).toMatch(/Audience check/);
        const fitting = runResearch("message_test", inputs, [older], seed);
        expect(fitting.report).not.toMatch(/Audience check[^.]*age group/);
      }),
      RUNS,
    );
  });

  it("should read an older audience written in English, German, French or Spanish, and flag a young sample", () => {
    const phrases = (age: number) => [
      `adults aged ${age} and over`,
      `Erwachsene ab ${age}`,
      `Menschen über ${age}`,
      `adultes de ${age} ans et plus`,
      `personnes de plus de ${age} ans`,
      `adultos mayores de ${age}`,
      `personas de ${age} años o más`,
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(50, 55, 60, 65, 70).chain((age) => fc.constantFrom(...phrases(age))),
        aged(18, 29),
        aged(70, null),
        anySeed,
        (audience, young, older, seed) => {
          const inputs = { messages: ["Book your free health check", "A health check takes twenty minutes"], audience };
          const wide = runResearch("message_test", inputs, [young], seed);
          // An audience in another language is quoted as written (client-text.ts).
          expect(wide.report).toMatch(
            new RegExp(`Audience check: the study is written for "?${audience}"?[^.]*age group`),
          );
          const fitting = runResearch("message_test", inputs, [older], seed);
          expect(fitting.report).not.toMatch(/Audience check[^.]*age group/);
        },
      ),
      RUNS,
    );
  });

  it("should read the headline and the hypothesis among the user model that is the audience, when another is not", () => {
    fc.assert(
      fc.property(aged(18, null), aged(65, null), anyConcept, anySeed, (adults, older, concept, seed) => {
        // An id no drawn model has (theirs are decimal): two user models of one id would be one segment.
        const models = [
          adults,
          { ...older, id: `${older.id.slice(0, -12)}ffffffffffff`, name: `${older.name} aged 65+` },
        ];
        const run = runResearch("concept_test", { ...concept, audience: "adults aged 65 and over" }, models, seed);
        const audience = models[1] as UserModelRecord;
        expect(run.synthesis).toContain(`read among ${audience.name} (`);
        // The appeal the headline quotes is that user model's own top-two box, not all respondents'.
        const appeal = run.results.questions.find((q) => /How appealing/.test(q.question_text));
        const own = appeal?.by_user_model[audience.id] ?? {};
        const share = percent(shareOf(own, appeal?.answer_options.slice(-2) ?? []));
        expect(run.synthesis).toMatch(new RegExp(`appeals to ${share.replace(".", "\\.")}`));
      }),
      RUNS,
    );
  });
});
