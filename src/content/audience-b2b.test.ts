import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { UserModelRecord } from "../store/records.js";
import { anyModel, anySeed, COMMERCIAL_CONCEPTS, runResearch } from "./__fixtures__/random-study.js";
import { traitsOf } from "./segments.js";

/**
 * Issue 27, reading f S1 and S5: one word of a brief ("invoice", a competitor called "Enterprise") made a consumer
 * study a business one: appeal cut to a tenth and a paragraph on screening for business buyers. Who a study is for
 * comes from the user models and the audience the client gave, never from a single word of the brief.
 */

const consumers = fc.uniqueArray(
  anyModel.filter((m) => !traitsOf(m).business),
  { minLength: 1, maxLength: 3, selector: (m: UserModelRecord) => m.id },
);
const BUSINESS_WORDS = [
  "Pay by invoice at the end of the month.",
  "Enterprise",
  "Works for teams of friends too.",
  "Compliance with every safety standard.",
  "Order it for your fleet of family cars.",
];

const appealOf = (run: ReturnType<typeof runResearch>) => {
  const q = run.results.questions.find((x) => /appealing/i.test(x.question_text));
  return (q?.answer_options ?? [])
    .filter((o) => /^(?:very|quite|extremely|somewhat) appealing/i.test(o))
    .reduce((sum, o) => sum + (q?.overall[o] ?? 0), 0);
};

describe("no business framing from one word of the brief (issue 27)", () => {
  it("should neither screen for business buyers nor sink appeal when a consumer study's brief names a business word", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...COMMERCIAL_CONCEPTS),
        fc.constantFrom(...BUSINESS_WORDS),
        consumers,
        anySeed,
        (concept, word, models, seed) => {
          const plain = runResearch("concept_test", { concept }, models, seed);
          const worded = runResearch("concept_test", { concept: `${concept}. ${word}` }, models, seed);
          expect(worded.report).not.toMatch(/business buyers|buy for a business/i);
          // A sentence more moves the concept's own pull a little; a study turned business cut appeal by 40 points.
          expect(appealOf(worded), `${concept} + ${word}`).toBeGreaterThan(appealOf(plain) - 0.3);
        },
      ),
      { numRuns: 25 },
    );
  });

  it("should not add business screening for a competitor named like a business word", () => {
    fc.assert(
      fc.property(consumers, anySeed, (models, seed) => {
        const run = runResearch(
          "brand_perception",
          { brand: "Hertzly", competitors: ["Enterprise", "Sixt", "Avis"] },
          models,
          seed,
        );
        expect(run.report).not.toMatch(/business buyers|buy for a business/i);
      }),
      { numRuns: 15 },
    );
  });
});
