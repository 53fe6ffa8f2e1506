import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  anyBrands,
  anyConcept,
  anyCurrency,
  anyFeatures,
  anyModels,
  anyPrices,
  anySeed,
  COMMERCIAL_CONCEPTS,
  defined,
  runResearch,
} from "./__fixtures__/random-study.js";
import { brandNameOf } from "./brand-category.js";
import { nameKey } from "./measures.js";
import { amountIn } from "./money.js";
import type { QuestionResult } from "./results.js";
import { shapeOf } from "./segments.js";

/**
 * Issue 27, respondents first: each simulated respondent is drawn once from its user model and answers every question
 * from that one profile, so answers that must agree do, in every user model of every random study. Each property is
 * a share counted from the same people two ways.
 */

const share = (q: QuestionResult | undefined, id: string, options: (o: string) => boolean) =>
  (q?.answer_options ?? []).filter(options).reduce((sum, o) => sum + (q?.by_user_model[id]?.[o] ?? 0), 0);
const RUNS = { numRuns: 25 };

describe("awareness gates ratings (issue 27)", () => {
  it("should let nobody who never heard of a brand rate it, in any user model", () => {
    fc.assert(
      fc.property(anyBrands, anyModels, anySeed, (brands, models, seed) => {
        const { results } = runResearch("brand_perception", brands, models, seed);
        const familiarity = results.questions.find((q) => /familiar/i.test(q.question_text));
        const ratings = results.questions.filter(
          (q) => q.question_text.includes(brands.brand) && /describe|trust|compare/i.test(q.question_text),
        );
        if (!familiarity) return;
        for (const model of models) {
          const neverHeard = share(familiarity, model.id, (o) => /^never heard/i.test(o));
          for (const q of ratings) {
            // Everyone who gave a rating (not "Don't know") has heard of the brand.
            const rated = share(q, model.id, (o) => !/^don't know/i.test(o));
            expect(rated, `${model.name}: ${q.question_text}`).toBeLessThanOrEqual(1 - neverHeard + 1e-9);
          }
        }
      }),
      RUNS,
    );
  });

  // A brand named with what it is ("Kritsa Gold extra virgin olive oil") is shown quoted in options and questions.
  const anyNamedBrands = fc.oneof(
    anyBrands,
    fc
      .tuple(
        anyBrands,
        fc.constantFrom("extra virgin olive oil", "halal SPF50 sunscreen", "used-car inspection service", "tyre hotel"),
      )
      .map(([brands, what]) => ({ ...brands, brand: `${brands.brand} ${what}` })),
    // Or with what it is in brackets ("Fietsvondst (online shop for refurbished bicycles)"), reading p S5.
    fc
      .tuple(anyBrands, fc.constantFrom("online shop for refurbished bicycles with home delivery", "a tea brand"))
      .map(([brands, what]) => ({ ...brands, brand: `${brands.brand} (${what})` })),
  );
  it("should make 'my first choice' on consideration exactly those who pick the brand first", () => {
    fc.assert(
      fc.property(anyNamedBrands, anyModels, anySeed, (brands, models, seed) => {
        const { results } = runResearch("brand_perception", brands, models, seed);
        const consider = results.questions.find((q) => q.answer_options.some((o) => /my first choice/i.test(o)));
        const first = results.questions.find((q) => /pick first/i.test(q.question_text));
        if (!consider || !first) return;
        for (const model of models) {
          const top = share(consider, model.id, (o) => /my first choice/i.test(o));
          // The brand is named without the descriptor its brief adds ("Pagewise recycled-paper notebooks" is Pagewise).
          const picked = share(first, model.id, (o) => nameKey(o) === nameKey(brandNameOf(brands.brand)));
          expect(top, model.name).toBeCloseTo(picked, 9);
        }
      }),
      RUNS,
    );
  });
});

describe("one price ceiling decides too expensive and buying (issue 27)", () => {
  it("should never let people buy at a price they find too expensive, and name a maximum below a price whenever it is too expensive", () => {
    fc.assert(
      fc.property(anyPrices, anyCurrency, anyModels, anySeed, (prices, currency, models, seed) => {
        const { results } = runResearch(
          "pricing",
          { product: "a weekly veg box", price_points: prices, currency },
          models,
          seed,
        );
        const tooExpensive = results.questions.find((q) => /too expensive/i.test(q.question_text));
        const most = results.questions.find((q) => /most you would pay/i.test(q.question_text));
        const intents = results.questions.filter((q) => /how likely would you be to buy/i.test(q.question_text));
        if (!tooExpensive) return;
        const ladder = shapeOf(tooExpensive.answer_options);
        if (ladder.kind !== "price") throw new Error(`no price ladder: ${tooExpensive.answer_options.join(" | ")}`);
        for (const model of models) {
          // Too expensive at p: their "too expensive" price is p or lower.
          const tooExpensiveAt = (p: number) =>
            share(tooExpensive, model.id, (o) => {
              const a = amountIn(o);
              return a !== null && !Number.isNaN(a) && a <= p + 1e-9 && !/none/i.test(o);
            });
          for (const q of intents) {
            const at = amountIn(/cost ([^,]+),/.exec(q.question_text)?.[1] ?? "");
            if (at === null) continue;
            const buys = share(q, model.id, (o) => /^(?:definitely|probably) would buy/i.test(o));
            expect(buys + tooExpensiveAt(at), `${model.name} at ${at}`).toBeLessThanOrEqual(1 + 1e-9);
          }
          if (most) {
            // Whoever finds a price too expensive names a maximum below it (their maximum is their own answer, so
            // some who do not still stop short of it).
            for (const p of prices.slice(1, -1)) {
              const below = share(most, model.id, (o) => (amountIn(o) ?? Number.POSITIVE_INFINITY) < p - 1e-9);
              expect(below, `${model.name} below ${p}`).toBeGreaterThanOrEqual(tooExpensiveAt(p) - 1e-9);
            }
          }
        }
      }),
      RUNS,
    );
  });
});

describe("intent, fit and willingness to pay move together (issue 27)", () => {
  it("should never have more say they would probably take it up than find it at least not unappealing", () => {
    fc.assert(
      fc.property(anyConcept, anyModels, anySeed, (concept, models, seed) => {
        const { results } = runResearch("concept_test", defined(concept), models, seed);
        const appeal = results.questions.find((q) => /appealing/i.test(q.question_text));
        const intent = results.questions.find((q) => q.answer_options.some((o) => /^definitely would not/i.test(o)));
        if (!appeal || !intent) return;
        for (const model of models) {
          const intends = share(intent, model.id, (o) => /^(?:definitely|probably) would (?!not)/i.test(o));
          const notUnappealing = share(appeal, model.id, (o) => !/^not (?:at all|very) appealing/i.test(o));
          expect(intends, model.name).toBeLessThanOrEqual(notUnappealing + 1e-9);
        }
      }),
      RUNS,
    );
  });

  it("should have nobody pay more for features who is unlikely to use the product", () => {
    fc.assert(
      fc.property(anyFeatures, anyModels, anySeed, (features, models, seed) => {
        const { results } = runResearch("feature_prioritisation", { product: "a banking app", features }, models, seed);
        const payMore = results.questions.find((q) => /how much more would you pay/i.test(q.question_text));
        const use = results.questions.find((q) => /how likely would you be to use it/i.test(q.question_text));
        if (!payMore || !use) return;
        for (const model of models) {
          const paying = share(payMore, model.id, (o) => o !== "Nothing more");
          const unlikely = share(use, model.id, (o) => /^(?:very|somewhat) unlikely$/i.test(o));
          expect(paying, model.name).toBeLessThanOrEqual(1 - unlikely + 1e-9);
        }
      }),
      RUNS,
    );
  });

  it("should spread every ordered scale over its points: no middle point empty between two well-used neighbours", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("concept_test", "brand_perception", "message_test"),
        anyModels,
        anySeed,
        (goal, models, seed) => {
          const inputs =
            goal === "concept_test"
              ? { concept: COMMERCIAL_CONCEPTS[seed % COMMERCIAL_CONCEPTS.length] }
              : goal === "brand_perception"
                ? { brand: "Northpine", competitors: ["Patagonia", "MEC"] }
                : { messages: ["Save 20% today", "Free delivery on every order", "Made to last"] };
          const { results } = runResearch(goal, inputs, models, seed);
          for (const q of results.questions) {
            const shape = shapeOf(q.answer_options);
            if (shape.kind !== "ordered") continue;
            const shares = shape.order.map((i) => q.overall[q.answer_options[i] as string] ?? 0);
            for (let i = 1; i + 1 < shares.length; i++)
              if ((shares[i - 1] as number) >= 0.08 && (shares[i + 1] as number) >= 0.08)
                expect(shares[i], `${q.question_text}: ${JSON.stringify(q.overall)}`).toBeGreaterThan(0);
          }
        },
      ),
      RUNS,
    );
  });
});
