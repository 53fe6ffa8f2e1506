import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  anyBrands,
  anyConcept,
  anyFeatures,
  anyModels,
  anySeed,
  defined,
  runJourney,
  runResearch,
} from "./__fixtures__/random-study.js";
import { conceptDimension, favourable, isScale } from "./analysis.js";
import { compare } from "./evidence.js";
import { researchFinding } from "./findings.js";
import { judgeResearchHypothesis } from "./hypotheses.js";
import { researchReport } from "./reports.js";
import type { QuestionResult, ResearchResults } from "./results.js";

/**
 * Issue 27, one place decides what the numbers support: every lead, winner, difference between user models, verdict
 * and strongest point a report states is one `compare` calls a lead, with the sample it was measured on. Gaps inside
 * the margin of error are said to be level, and nothing is recommended from them.
 */

const RUNS = { numRuns: 25 };
const PERSUASION = ["Not at all", "A little", "A fair amount", "Quite a lot", "A great deal"];

/** A message test's results with the given top-two shares and side-by-side choice shares, on n respondents. */
function messageResults(messages: string[], topTwo: number[], chosen: number[], n: number): ResearchResults {
  const id = "00000000-0000-4000-8000-000000000001";
  const question = (text: string, options: string[], overall: Record<string, number>): QuestionResult => ({
    variable_name: text.slice(0, 20),
    question_text: text,
    question_type: "single_choice",
    answer_options: options,
    overall,
    by_user_model: { [id]: overall },
    insight: "",
  });
  const rated = messages.map((m, i) => {
    const top = topTwo[i] as number;
    return question(`How much does this message make you want to find out more? "${m}"`, PERSUASION, {
      "Not at all": (1 - top) / 3,
      "A little": (1 - top) / 3,
      "A fair amount": (1 - top) / 3,
      "Quite a lot": top / 2,
      "A great deal": top / 2,
    });
  });
  const total = chosen.reduce((a, b) => a + b, 0);
  const side = question(
    "Which of these messages would most make you want to find out more?",
    [...messages, "None of these"],
    Object.fromEntries([...messages.map((m, i) => [m, ((chosen[i] as number) / total) * 0.9]), ["None of these", 0.1]]),
  );
  return {
    respondents: n,
    segments: [{ user_model_id: id, name: "UK adults", respondents: n }],
    questions: [...rated, side],
  };
}

const MESSAGES = ["Save 20% today", "Free delivery, always", "Made to last", "Loved by 10,000 cooks"];

describe("a winning message only where the numbers single it out (issue 27)", () => {
  it("should call a message the strongest, or drop one, only with a lead beyond the margin of error", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 4 }),
        fc.array(fc.integer({ min: 200, max: 700 }), { minLength: 4, maxLength: 4 }),
        fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 4, maxLength: 4 }),
        fc.integer({ min: 5, max: 60 }),
        (count, tops, picks, tens) => {
          const messages = MESSAGES.slice(0, count);
          const topTwo = tops.slice(0, count).map((t) => t / 1000);
          const chosen = picks.slice(0, count);
          const n = tens * 10;
          const results = messageResults(messages, topTwo, chosen, n);
          const finding = researchFinding({ goal: "message_test", inputs: { messages } }, results);
          const side = results.questions[results.questions.length - 1] as QuestionResult;
          const sideShare = (m: string) => side.overall[m] ?? 0;
          const ratedShare = (m: string) => topTwo[messages.indexOf(m)] as number;
          const strongest = /^"([^"]+)" is the strongest message/.exec(finding?.headline ?? "")?.[1];
          if (strongest) {
            for (const other of messages.filter((m) => m !== strongest))
              expect(compare(ratedShare(strongest), ratedShare(other), { kind: "two questions", n }).call).toBe("lead");
          }
          if (finding?.item) {
            // Named as the one to lead with: it leads on ratings or side by side, beyond the margin of error.
            const leadsOn = (share: (m: string) => number, kind: "one question" | "two questions") =>
              messages
                .filter((m) => m !== finding.item)
                .every(
                  (m) =>
                    share(finding.item as string) > share(m) &&
                    compare(share(finding.item as string), share(m), { kind, n }).call === "lead",
                );
            expect(leadsOn(ratedShare, "two questions") || leadsOn(sideShare, "one question"), finding.headline).toBe(
              true,
            );
          }
          for (const action of finding?.actions ?? []) {
            const dropped = /^Drop or rework "([^"]+)"/.exec(action)?.[1];
            if (!dropped) continue;
            const bestRated = Math.max(...messages.map(ratedShare));
            const bestSide = Math.max(...messages.map(sideShare));
            expect(compare(bestRated, ratedShare(dropped), { kind: "two questions", n }).call).toBe("lead");
            expect(compare(bestSide, sideShare(dropped), { kind: "one question", n }).call).toBe("lead");
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

/** "A 12.3% against B 4.5%" pairs a report states as a difference between user models. */
function statedDifferences(text: string): Array<{ high: number; low: number; highName: string; lowName: string }> {
  const out: Array<{ high: number; low: number; highName: string; lowName: string }> = [];
  for (const m of text.matchAll(
    /differ most on [^:]+: (.+?) (\d+\.\d)% against (.+?) (\d+\.\d)%, beyond the margin of error/g,
  ))
    out.push({ highName: m[1] as string, high: Number(m[2]) / 100, lowName: m[3] as string, low: Number(m[4]) / 100 });
  return out;
}

describe("differences between user models only beyond the margin of error (issue 27)", () => {
  it("should state a difference, a more favourable user model or an audience to lead with only where the samples tell them apart", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          anyConcept.map((c) => ["concept_test", defined(c)] as const),
          anyBrands.map((b) => ["brand_perception", b] as const),
          anyFeatures.map((f) => ["feature_prioritisation", { features: f }] as const),
        ),
        // Names told apart: the report names user models, and two of one name are looked up by it.
        anyModels.filter((m) => m.length >= 2 && new Set(m.map((x) => x.name)).size === m.length),
        anySeed,
        ([goal, inputs], models, seed) => {
          const run = runResearch(goal, inputs as Record<string, unknown>, models, seed);
          const sizes = new Map(run.results.segments.map((s) => [s.name, s.respondents]));
          for (const d of statedDifferences(run.report)) {
            const call = compare(d.high, d.low, {
              kind: "two samples",
              a: sizes.get(d.highName) ?? 0,
              b: sizes.get(d.lowName) ?? 0,
            }).call;
            expect(call, `${d.highName} ${d.high} vs ${d.lowName} ${d.low}`).toBe("lead");
          }
          // "Lead with <user model>": a gap beyond the margin of error on the scale it names.
          for (const m of run.report.matchAll(/- Lead with (.+?): (\d+\.\d)% against (\d+\.\d)% among (.+?) on /g)) {
            const call = compare(Number(m[2]) / 100, Number(m[3]) / 100, {
              kind: "two samples",
              a: sizes.get(m[1] as string) ?? 0,
              b: sizes.get(m[4] as string) ?? 0,
            }).call;
            expect(call).toBe("lead");
          }
          expect(run.report).not.toMatch(/are not the market/);
        },
      ),
      RUNS,
    );
  });

  it("should test a fix with one user model only when its sessions succeed less than every other's beyond the margin of error", () => {
    fc.assert(
      fc.property(
        // Names told apart: the report names user models, and two of one name are looked up by it.
        anyModels.filter((m) => m.length >= 2 && new Set(m.map((x) => x.name)).size === m.length),
        anySeed,
        (models, seed) => {
          const run = runJourney(
            "usability_test",
            { start_url: "https://shop.example/", task: "Find a winter coat and add it to your basket" },
            models,
            seed,
          );
          const named = /Test the fix with (.+?) in particular/.exec(run.report)?.[1];
          if (!named) return;
          const weakest = run.results.by_user_model.find((m) => m.name === named);
          if (!weakest) throw new Error(`no user model ${named}`);
          for (const other of run.results.by_user_model.filter((m) => m !== weakest))
            expect(
              compare(other.task_success_rate, weakest.task_success_rate, {
                kind: "two samples",
                a: other.sessions,
                b: weakest.sessions,
              }).call,
            ).toBe("lead");
        },
      ),
      RUNS,
    );
  });
});

describe("a concept's strongest point and ties (issue 27)", () => {
  it("should name one strongest point only when it leads every other beyond the margin of error, never breaking a tie silently", () => {
    fc.assert(
      fc.property(anyConcept, anyModels, anySeed, (concept, models, seed) => {
        const run = runResearch("concept_test", defined(concept), models, seed);
        const finding = researchFinding({ goal: "concept_test", inputs: defined(concept) }, run.results);
        const single = /its strongest point is ([a-z -]+) \((\d+\.\d)%\)/.exec(finding?.headline ?? "");
        if (!single) return;
        const n = run.results.respondents;
        const dimensions = run.results.questions
          .filter(isScale)
          .map((q) => ({ dimension: conceptDimension(q.question_text), share: favourable(q) }))
          .filter((d) => d.dimension && !/appeal|intent/.test(d.dimension));
        const top = dimensions.find((d) => d.dimension === single[1]);
        expect(top, single[0]).toBeDefined();
        for (const other of dimensions.filter((d) => d !== top))
          expect(
            compare(top?.share ?? 0, other.share, { kind: "two questions", n }).call,
            `${single[0]} vs ${other.dimension}`,
          ).toBe("lead");
      }),
      RUNS,
    );
  });
});

describe("compound hypotheses are judged claim by claim (issue 27)", () => {
  it("should judge a brand's association and its first choice as two claims", () => {
    fc.assert(
      fc.property(anyBrands, anyModels, anySeed, (brands, models, seed) => {
        const run = runResearch("brand_perception", brands, models, seed);
        const hypothesis = run.plan.hypothesis_text ?? "";
        // The plan's compound: an association, and more (or fewer) people picking it first than its rivals.
        if (!/ (?:and|but) (?:more|fewer) people would pick it first than /.test(hypothesis)) return;
        const verdict = judgeResearchHypothesis(hypothesis, { goal: "brand_perception", inputs: brands }, run.results);
        expect(verdict.claims.length, JSON.stringify(verdict)).toBeGreaterThanOrEqual(2);
        // The report shows each claim's own verdict.
        expect(run.report).toMatch(
          /more strongly associated with "[^"]+" than [^*]+\*: (?:supported|refuted|inconclusive)/,
        );
      }),
      RUNS,
    );
  });

  it("should call a claim supported or refuted only when the comparison it rests on is a lead", () => {
    fc.assert(
      fc.property(anyFeatures, anyModels, anySeed, (features, models, seed) => {
        const run = runResearch("feature_prioritisation", { product: "the app", features }, models, seed);
        const report = researchReport("t", run.plan, run.results, {
          goal: "feature_prioritisation",
          inputs: { features },
        });
        for (const m of report.matchAll(
          /: (supported|refuted); "([^"]+)" [a-z ]+ (\d+\.\d)%,? (?:ahead of|more than) "([^"]+)" \((\d+\.\d)%\)(.*)$/gm,
        )) {
          // The evidence of a settled lead never says "a close call".
          expect(m[6], m[0]).not.toMatch(/close call/);
        }
      }),
      RUNS,
    );
  });
});

describe("the least wanted, the hardest and 'more than' only where the numbers say so (issue 27)", () => {
  const TASKS = [
    "Reserve a group study room for next Tuesday afternoon",
    "Renew a parking permit for a second car",
    "Find the opening hours of the nearest recycling centre",
    "Book a flu vaccination for a child",
  ];
  const QUESTIONS = [
    "What does this site offer?",
    "Who is it for?",
    "What would you do next?",
    "Would you trust it with your card details?",
    "What is the first thing you notice?",
  ];

  it("should name one least wanted feature only when every other is wanted more beyond the margin of error, and no 'it' without a top feature", () => {
    fc.assert(
      fc.property(anyFeatures, anyModels, anySeed, (features, models, seed) => {
        const run = runResearch("feature_prioritisation", { product: "the app", features }, models, seed);
        const n = run.results.respondents;
        const chosen = run.results.questions.find((q) => /only one of these/.test(q.question_text));
        // "It" is the single top feature: a synthesis that names none has nothing for "it" to stand for.
        if (/No single feature leads/.test(run.synthesis)) expect(run.synthesis).not.toMatch(/Rated one by one, it /);
        for (const m of `${run.synthesis}\n${run.report}`.matchAll(/The least wanted is "([^"]+)" \((\d+\.\d)%\)/g)) {
          if (!chosen) throw new Error(`${m[0]} without a question to rest on`);
          const own = chosen.overall[m[1] as string] ?? 0;
          for (const other of features.filter((f) => f !== m[1]))
            expect(
              compare(chosen.overall[other] ?? 0, own, { kind: "one question", n }).call,
              `${m[0]} vs ${other}`,
            ).toBe("lead");
        }
      }),
      RUNS,
    );
  });

  it("should name one hardest first-impression question only when every other was answered more beyond the margin of error", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...QUESTIONS), { minLength: 2, maxLength: 5 }),
        anyModels,
        anySeed,
        (questions, models, seed) => {
          const run = runJourney("first_impression", { start_url: "https://example.org/", questions }, models, seed);
          const named = /The hardest question to answer from the first screen: "([^"]+)"/.exec(run.synthesis)?.[1];
          if (!named) return;
          const n = run.results.sessions;
          const answered = (question: string) =>
            run.results.by_user_model.reduce(
              (sum, m) =>
                sum +
                Math.round((m.impressions?.answers?.find((a) => a.question === question)?.answered ?? 0) * m.sessions),
              0,
            ) / n;
          for (const other of questions.filter((q) => q !== named))
            expect(
              compare(answered(other), answered(named), { kind: "two questions", n }).call,
              `${named} vs ${other}`,
            ).toBe("lead");
        },
      ),
      RUNS,
    );
  });

  it("should never put a share 'ahead of' or 'more than' one it does not exceed", () => {
    fc.assert(
      fc.property(fc.constantFrom(...TASKS), anyFeatures, anyModels, anySeed, (task, features, models, seed) => {
        const journey = runJourney("usability_test", { start_url: "https://example.org/", task }, models, seed);
        const research = runResearch("feature_prioritisation", { product: "the app", features }, models, seed);
        for (const text of [journey.report, research.report])
          for (const m of text.matchAll(/(\d+\.\d)%\)?,? (?:ahead of|more than) "[^"]+" (?:\(|at )(\d+\.\d)%/g))
            expect(Number(m[1]), m[0]).toBeGreaterThan(Number(m[2]));
      }),
      RUNS,
    );
  });
});
