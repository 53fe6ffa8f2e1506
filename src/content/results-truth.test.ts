import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { UserModelRecord } from "../store/records.js";
import { defaultFixturesDir } from "./fixture-files.js";
import { findGoal, loadGoals } from "./goals.js";
import { generatePlan } from "./plans.js";
import { type QuestionResult, researchResults } from "./results.js";
import { shapeOf } from "./segments.js";
import { priceSensitivity, vanWestendorpQuestion } from "./van-westendorp.js";

const goals = loadGoals(defaultFixturesDir());
const populations = JSON.parse(readFileSync(new URL("../../fixtures/populations.json", import.meta.url), "utf8"))
  .populations as UserModelRecord[];
const ukAdults = populations.filter((p) => p.name.includes("UK adults"));
const ukAndShoppers = populations.filter((p) => /UK adults|grocery/i.test(p.name));

function study(goal: string, inputs: Record<string, unknown>, id: string, models = ukAdults) {
  const found = findGoal(goals, "research", goal);
  if (!found) throw new Error(goal);
  const { plan } = generatePlan({ id, mode: "research", inputs, survey_design: null }, found, undefined, 1);
  return researchResults({ id, inputs }, plan, models, 1);
}

const ids = Array.from({ length: 8 }, (_v, i) => `replicate-${i}`);
const topTwo = (q: QuestionResult) => {
  const shape = shapeOf(q.answer_options);
  if (shape.kind !== "ordered") throw new Error(q.question_text);
  return shape.order.slice(-2).reduce((sum, i) => sum + (q.overall[q.answer_options[i] as string] ?? 0), 0);
};

describe("message tests follow what the messages say", () => {
  const jargon = "Synergistic paradigm-shifting leverage for holistic outcomes.";
  const messages = [
    jargon,
    "Same-day plumber or your callout fee back.",
    "Plumbers you can trust, at a fixed price, booked in 60 seconds.",
  ];

  it("should put a content-free buzzword line last on every side-by-side question and its own rating, in every run", () => {
    for (const id of ids) {
      const results = study("message_test", { messages, audience: "UK homeowners" }, id);
      const sideBySide = results.questions.filter((q) => q.answer_options.includes(jargon));
      expect(sideBySide.length, id).toBeGreaterThan(0);
      // Picked least as the best, and most as the least convincing: the same taste read both ways.
      for (const q of sideBySide) {
        const least = /\bleast\b/i.test(q.question_text);
        for (const other of messages.slice(1))
          if (least) expect(q.overall[jargon], `${id} ${q.question_text}`).toBeGreaterThan(q.overall[other] as number);
          else expect(q.overall[jargon], `${id} ${q.question_text}`).toBeLessThan(q.overall[other] as number);
      }
      const own = results.questions.filter(
        (q) => q.question_text.includes(`"`) && shapeOf(q.answer_options).kind === "ordered",
      );
      const ofJargon = own.filter((q) => q.question_text.includes(jargon));
      const ofOthers = own.filter(
        (q) => !q.question_text.includes(jargon) && messages.some((m) => q.question_text.includes(m)),
      );
      for (const q of ofJargon) for (const o of ofOthers) expect(topTwo(q), id).toBeLessThan(topTwo(o));
    }
  });
});

describe("replicates of one study agree within sampling error", () => {
  it("should keep appeal and intent of an identical concept test within three standard errors of their mean", () => {
    const inputs = {
      concept: "A reusable nappy subscription: we drop off clean cloth nappies every week and collect the dirty ones.",
      price_point: "£14.99 a week",
      product_name: "NappyLoop",
    };
    const runs = ids.map((id) => study("concept_test", inputs, id));
    for (const pattern of [/appealing/, /how likely would you be to sign up/i]) {
      const shares = runs.map((r) => {
        const q = r.questions.find((question) => pattern.test(question.question_text));
        if (!q) throw new Error(`no question like ${pattern}`);
        return { share: topTwo(q), n: r.respondents };
      });
      const mean = shares.reduce((sum, s) => sum + s.share, 0) / shares.length;
      for (const { share, n } of shares) {
        // A share near zero is counted in a handful of people: its error is at least that of a 2% share.
        const standardError = Math.sqrt((Math.max(mean, 0.02) * (1 - mean)) / n);
        expect(Math.abs(share - mean), `${pattern}: ${shares.map((s) => s.share.toFixed(3))}`).toBeLessThan(
          3 * standardError,
        );
      }
    }
  });
});

describe("pricing follows what the product is and agrees with itself", () => {
  it("should find every price of a £20-£100 ladder too expensive for a flat white, and the range outside the ladder", () => {
    const results = study(
      "pricing",
      {
        product: "A regular flat white from a high-street coffee shop",
        currency: "GBP",
        price_points: [20, 40, 60, 80, 100],
        billing: "one_off",
      },
      "coffee",
    );
    const vw = priceSensitivity(results);
    expect(vw).toBeDefined();
    const row = vw?.rows[0];
    expect(row?.price).toBe(20);
    expect(row?.tooExpensive).toBeGreaterThan(0.9);
    expect(vw?.pme.inside).toBe(false);
  });

  const products = [
    "Hearth thermostat with Away Mode",
    "A regular flat white",
    "Torqly Spindle Guard (per machine)",
    "Flex",
    "A music streaming plan",
    "Premium jeans",
  ];
  it("should never let more people pay a price than do not call it too expensive, and keep the four curves in order", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...products),
        fc.oneof(
          // a thermostat's price ladder, then any rising ladder
          fc.constant([99, 129, 149, 179, 219]),
          fc
            .tuple(fc.integer({ min: 1, max: 400 }), fc.double({ min: 1.1, max: 1.8, noNaN: true }))
            .map(([start, step]) => Array.from({ length: 5 }, (_v, i) => Math.round(start * step ** i))),
        ),
        fc.string({ minLength: 1, maxLength: 6 }),
        (product, price_points, id) => {
          if (new Set(price_points).size < 5) return;
          const results = study(
            "pricing",
            { product, currency: "GBP", price_points, billing: "one_off" },
            id,
            ukAndShoppers,
          );
          const vw = priceSensitivity(results);
          if (!vw) return;
          for (const row of vw.rows) {
            expect(row.tooCheap).toBeLessThanOrEqual(row.cheap + 1e-9);
            expect(row.tooExpensive).toBeLessThanOrEqual(row.expensive + 1e-9);
          }
          const most = results.questions.find((q) => /most you would pay/.test(q.question_text));
          const tooExpensive = results.questions.find((q) => vanWestendorpQuestion(q.question_text) === "tooExpensive");
          if (!most || !tooExpensive)
            throw new Error(
              `plan without both price questions: ${results.questions.map((q) => q.question_text).join(" / ")}`,
            );
          const shape = shapeOf(most.answer_options);
          if (shape.kind !== "price") throw new Error("most you would pay is not a price ladder");
          for (const row of vw.rows) {
            const payAtLeast = most.answer_options.reduce(
              (sum, o, i) => sum + ((shape.amounts[i] as number) >= row.price ? (most.overall[o] ?? 0) : 0),
              0,
            );
            expect(payAtLeast, `${product} at ${row.price}`).toBeLessThanOrEqual(1 - row.tooExpensive + 1e-9);
          }
        },
      ),
      { numRuns: 60, seed: 8 },
    );
  });
});
