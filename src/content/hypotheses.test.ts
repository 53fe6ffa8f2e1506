import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Study } from "./analysis.js";
import { compare } from "./evidence.js";
import { judgeResearchHypothesis } from "./hypotheses.js";
import { PURCHASE } from "./question-bank.js";
import type { QuestionResult, ResearchResults } from "./results.js";
import { SCALES } from "./scales.js";

/** A question answered by `n` respondents with these shares, as `results` holds it. */
function answered(text: string, type: string, overall: Record<string, number>): QuestionResult {
  return {
    variable_name: text.toLowerCase().replace(/\W+/g, "_"),
    question_text: text,
    question_type: type,
    answer_options: Object.keys(overall),
    overall,
    by_user_model: { m: overall },
    insight: "",
  };
}

const results = (n: number, questions: QuestionResult[]): ResearchResults => ({
  respondents: n,
  segments: [{ user_model_id: "m", name: "Adults", respondents: n }],
  questions,
});

/** A five-point appeal rating whose top-two box is `share`. */
const rated = (text: string, share: number) =>
  answered(
    text,
    "single_choice",
    Object.fromEntries(SCALES.appeal.map((o, i) => [o, i === 4 ? share : i === 0 ? 1 - share : 0])),
  );

/**
 * Every claim that one answer leads another, in the forms the question writer states them, with the results that
 * measure it: `a` is the named answer's share, `b` its rival's. Options of one question share one sample (one's gain
 * is the other's loss); items of a set are separate questions.
 */
const CLAIMS: Array<{
  form: string;
  sharing: "one question" | "two questions";
  build: (a: number, b: number, n: number) => { hypothesis: string; study: Study; results: ResearchResults };
}> = [
  {
    form: "the reason given most often (custom survey)",
    sharing: "one question",
    build: (a, b, n) => ({
      hypothesis: 'The reason given most often is "Too expensive", ahead of every other reason.',
      study: { goal: "custom_survey", inputs: {} },
      results: results(n, [
        answered("In your own words, what is the main reason for you?", "open_text", {
          "Too expensive": a,
          "Found something better": b,
          "Another reason": 1 - a - b,
        }),
      ]),
    }),
  },
  {
    form: "an answer chosen more often than any other (survey design)",
    sharing: "one question",
    build: (a, b, n) => ({
      hypothesis: '"Tea" is chosen more often than any other answer to "Which do you prefer: tea, coffee or juice?"',
      study: { goal: "custom_survey", inputs: {}, designed: true },
      results: results(n, [
        answered("Which do you prefer: tea, coffee or juice?", "single_choice", {
          Tea: a,
          Coffee: b,
          Juice: 1 - a - b,
        }),
      ]),
    }),
  },
  {
    form: "the main driver of people's choice",
    sharing: "one question",
    build: (a, b, n) => ({
      hypothesis: "Fewer than half of respondents are satisfied, and price is the main driver of their choice.",
      study: { goal: "custom_survey", inputs: {} },
      results: results(n, [
        answered("When it comes to your bank, which of these matters most to you?", "single_choice", {
          Price: a,
          Quality: b,
          Convenience: 1 - a - b,
        }),
      ]),
    }),
  },
  {
    form: "an item rated more favourably than the others (item set)",
    sharing: "two questions",
    build: (a, b, n) => ({
      hypothesis: '"no monthly fee" is rated more favourably than "a savings goal tracker" for the Round-up account.',
      study: { goal: "concept_test", inputs: {}, designed: true },
      results: results(n, [
        rated("How appealing do you find (the Round-up account): no monthly fee", a),
        rated("How appealing do you find (the Round-up account): a savings goal tracker", b),
      ]),
    }),
  },
  {
    form: "a message chosen as the most persuasive (message test)",
    sharing: "one question",
    build: (a, b, n) => ({
      hypothesis: '"Save more" is chosen as the most persuasive message more often than any other.',
      study: { goal: "message_test", inputs: { messages: ["Save more", "Bank better"] } },
      results: results(n, [
        answered("Which of these messages would make you most want to find out more?", "single_choice", {
          "Save more": a,
          "Bank better": b,
          "None of these": 1 - a - b,
        }),
      ]),
    }),
  },
];

describe("the close-call rule on every claim that one answer leads", () => {
  it.each(CLAIMS)("should call $form inconclusive within the margin of error of the gap, and only then", (claim) => {
    fc.assert(
      fc.property(
        fc.integer({ min: 30, max: 70 }),
        fc.integer({ min: 30, max: 70 }),
        fc.integer({ min: 5, max: 100 }),
        (aPoints, bPoints, tens) => {
          // Both shares above what is left, so the two compared are the two leading answers.
          const [a, b, n] = [(aPoints / 200) * 1.9, (bPoints / 200) * 1.9, tens * 10];
          fc.pre(a !== b && 1 - a - b < Math.min(a, b));
          const built = claim.build(a, b, n);
          const verdict = judgeResearchHypothesis(built.hypothesis, built.study, built.results);
          const judged = verdict.claims.find((c) => /"|price/i.test(c.claim) && !/satisfied/.test(c.claim));
          expect(judged, JSON.stringify(verdict)).toBeDefined();
          // The one function that decides every comparison is the oracle: a lead is called only where it says so.
          const call = compare(a, b, { kind: claim.sharing, n }).call;
          if (call !== "lead") {
            expect(judged?.verdict, judged?.evidence).toBe("inconclusive");
            expect(judged?.evidence).toMatch(/a close call: within the ±\d+\.\d-point margin of error of the gap/);
          } else expect(judged?.verdict, judged?.evidence).toBe(a > b ? "supported" : "refuted");
        },
      ),
      { numRuns: 300 },
    );
  });

  it("should quote an item set's claim whole, with the items it is compared with", () => {
    const built = (CLAIMS[3] as (typeof CLAIMS)[number]).build(0.6, 0.2, 300);
    const verdict = judgeResearchHypothesis(built.hypothesis, built.study, built.results);
    expect(verdict.claims[0]?.claim).toBe(
      '"no monthly fee" is rated more favourably than "a savings goal tracker" for the Round-up account',
    );
  });
});

describe("every claim of a hypothesis is judged", () => {
  const appealing = (share: number) =>
    results(400, [rated("How appealing is the reusable nappy subscription to you?", share)]);
  const study: Study = { goal: "concept_test", inputs: {} };

  it("should judge a claim whose audience is a comma list", () => {
    const verdict = judgeResearchHypothesis(
      "At least 45% of maintenance managers, plant managers, IT/OT leads rate the idea quite or very appealing.",
      study,
      appealing(0.3),
    );
    expect(verdict.verdict).toBe("refuted");
    expect(verdict.claims).toHaveLength(1);
  });

  it("should never call a hypothesis supported when one of its claims was not read", () => {
    fc.assert(
      fc.property(fc.double({ min: 0.6, max: 1, noNaN: true }), fc.integer({ min: 10, max: 95 }), (share, other) => {
        const hypothesis = `At least 45% of respondents rate the idea quite or very appealing, and at least ${other}% recommend it to a friend within a week.`;
        const verdict = judgeResearchHypothesis(hypothesis, study, appealing(share));
        expect(verdict.verdict).not.toBe("supported");
        expect(verdict.claims.map((c) => c.claim)).toEqual([
          "At least 45% of respondents rate the idea quite or very appealing",
          `at least ${other}% recommend it to a friend within a week`,
        ]);
      }),
      { numRuns: 30 },
    );
  });
});

describe("the intent to use a free concept", () => {
  it("should judge 'would probably or definitely use it' on the question that asks it", () => {
    const use = answered(
      "If Away Mode were available on these terms (free), how likely would you be to use it?",
      "single_choice",
      {
        "Definitely would not use it": 0.5,
        "Probably would not use it": 0.2,
        "Might or might not use it": 0.1,
        "Probably would use it": 0.1,
        "Definitely would use it": 0.1,
      },
    );
    const verdict = judgeResearchHypothesis(
      "At least 40% say they would probably or definitely use it.",
      { goal: "concept_test", inputs: {} },
      results(400, [use]),
    );
    expect(verdict.verdict).toBe("refuted");
    expect(verdict.claims[0]?.evidence).toContain("20.0%");
  });
});

describe("a claim is quoted whole, whatever the price in it (issue 27, reading g s01, s08)", () => {
  it("should never cut a claim inside a price's thousands separator or before a unit that holds a number", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("TRY", "KES", "NOK", "ARS", "JPY", "USD", "EUR", "INR"),
        fc.integer({ min: 1, max: 999 }),
        fc.constantFrom("", " a month", " a month for 10 desk days", " per 2 people", " a year"),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (currency, thousands, unit, share) => {
          const price = new Intl.NumberFormat("en-GB", {
            style: "currency",
            currency,
            maximumFractionDigits: 0,
          }).format(thousands * 1000 + 500);
          const claim = `at least 25% say they would probably or definitely buy it at ${price}${unit}`;
          const intent = answered(
            `If Desk Pass cost ${price}${unit}, how likely would you be to buy it?`,
            "single_choice",
            Object.fromEntries(PURCHASE.map((o, i) => [o, i === 4 ? share : i === 0 ? 1 - share : 0])),
          );
          const verdict = judgeResearchHypothesis(
            `At least 45% of respondents rate Desk Pass quite or very appealing, and ${claim}.`,
            { goal: "concept_test", inputs: {} },
            results(400, [rated("How appealing is Desk Pass to you?", 0.5), intent]),
          );
          expect(verdict.claims.map((c) => c.claim)).toEqual([
            "At least 45% of respondents rate Desk Pass quite or very appealing",
            claim,
          ]);
          expect(verdict.claims[1]?.evidence).not.toMatch(/not read|did not ask/);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe("a claim's price finds its question by amount (money.ts reads both)", () => {
  it("should judge a claim at a price written as a person types it (plain spaces, a sign's dot, the sentence's full stop) against the question Intl wrote", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("sv-SE", "da-DK", "nb-NO", "de-CH", "fr-FR", "cs-CZ", "pl-PL"),
        fc.constantFrom("SEK", "DKK", "NOK", "CHF", "EUR", "CZK", "PLN"),
        fc.integer({ min: 1000, max: 99_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (locale, currency, amount, share) => {
          const written = new Intl.NumberFormat(locale, {
            style: "currency",
            currency,
            maximumFractionDigits: 0,
          }).format(amount);
          // Typed: the no-break spaces Intl writes become plain ones.
          const typed = written.replace(/[\u00a0\u202f]/g, " ");
          const intent = answered(
            `If Desk Pass cost ${written}, how likely would you be to buy it?`,
            "single_choice",
            Object.fromEntries(PURCHASE.map((o, i) => [o, i === 4 ? share : i === 0 ? 1 - share : 0])),
          );
          const verdict = judgeResearchHypothesis(
            `Fewer than 25% would probably or definitely buy it at ${typed}.`,
            { goal: "pricing", inputs: {} },
            results(400, [intent]),
          );
          expect(verdict.claims[0]?.evidence, typed).not.toMatch(/did not ask/);
          expect(verdict.claims[0]?.evidence, typed).toContain(written);
        },
      ),
      { numRuns: 100 },
    );
  });
});
