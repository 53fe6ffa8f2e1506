import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  anyBrands,
  anyFeatures,
  anyModels,
  anySeed,
  PUBLIC_MESSAGES,
  runResearch,
} from "./__fixtures__/random-study.js";
import { favourableOf } from "./analysis.js";

/**
 * Patterns readings c and d found (docs/content-readings/2026-11-28-reading-c.md, -d.md), each as a property over random
 * studies: the brief's text spliced into sentences, hypotheses the tool wrote that it then could not read, scale
 * statistics over lists of messages, and the questionnaire's language misstated.
 */

const RUNS = { numRuns: 25 };

/** Messages as clients write them, with "None of these" the list's own way out. */
const SMS_MESSAGES = [
  "El pago llega a tu celular el mismo día si no llueve lo suficiente.",
  "Never share your PIN: SASSA will not phone you about the change.",
  "No queue, no cash: your grant goes straight to your bank.",
  "Your grant is safe. SASSA will never ask for your PIN.",
  "Need help with the change? Dial *120*69277# for free.",
  "Collecting at the post office? Bring your ID and card.",
  "El pago llega a tu celular el mismo día.",
  "Por 180 pesos por hectárea, tu cosecha está protegida.",
  "Respaldado por satélites: medimos la lluvia en tu parcela, no en la ciudad.",
  ...PUBLIC_MESSAGES,
];

describe("a choice among messages or items is not a scale (issue 27, reading d pattern 3)", () => {
  it("should give no favourable end (top-two box) to a question whose answers are the study's messages, features or brands", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc
            .uniqueArray(fc.constantFrom(...SMS_MESSAGES), { minLength: 2, maxLength: 5 })
            .map((messages) => ["message_test", { messages }, messages] as const),
          fc
            .tuple(anyFeatures, fc.subarray(["No ads", "Never lose a receipt", "Not tracked"], { minLength: 1 }))
            .map(([some, negative]) => [...negative, ...some])
            .map((features) => ["feature_prioritisation", { features }, features] as const),
          anyBrands.map((b) => ["brand_perception", b, [b.brand, ...b.competitors]] as const),
        ),
        anyModels,
        anySeed,
        ([goal, inputs, items], models, seed) => {
          const run = runResearch(goal, inputs, models, seed);
          for (const q of run.results.questions) {
            if (!q.answer_options.some((o) => items.includes(o))) continue;
            expect(favourableOf(q), q.question_text).toEqual([]);
          }
          for (const line of run.report.split("\n").filter((l) => /top-two box|favourably/i.test(l)))
            for (const item of items) expect(line, line).not.toContain(`'${item}'`);
        },
      ),
      RUNS,
    );
  });
});
