import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { anyStudy, run } from "./__fixtures__/any-study.js";
import { anyConcept, anyModels, anySeed, defined, runJourney, runResearch } from "./__fixtures__/random-study.js";
import {
  conceptDimension,
  favourable,
  favourableOf,
  isScale,
  itemScores,
  primaryMeasure,
  quoteOf,
} from "./analysis.js";
import { againstThreshold, compare, leaders, type Ranked } from "./evidence.js";
import { claimOf } from "./proposed.js";
import { researchReport, researchSynthesis } from "./reports.js";
import { percent, type QuestionResult, type ResearchResults } from "./results.js";

/**
 * Issue 27, numbers explained and advice that decides (readings j, k): where two measures of the same items disagree
 * the summary reads both; a recommendation that groups items lists every item the margin of error cannot tell from the
 * leader; every claim the results settle leads to advice with its number; a funnel's losses, summary and paths name
 * the same step; and a claim the plan proposes is one whose support is what the client hopes for.
 */

const RUNS = { numRuns: 8 };

const boards = (
  results: ReturnType<typeof runResearch>["results"],
  items: string[],
  pairs: Array<[string, string]>,
) => {
  const scores = itemScores(results, items);
  const n = results.respondents;
  return pairs.map(([source, dimension]) => {
    const measure = primaryMeasure(scores, [[source as "rated" | "chosen", dimension]]);
    if (!measure || measure.source !== source) return undefined;
    const kind = source === "chosen" ? ("one question" as const) : ("two questions" as const);
    return {
      kind,
      board: leaders(
        measure.ranked.map((r) => ({ item: r.item, share: r.score })),
        () => ({ kind, n }),
      ),
    };
  });
};

/**
 * A feature study's answers with the given importance (top-two box) and choose-one shares: real plans and questions,
 * the numbers drawn at random, so measures that disagree come up as often as ones that agree.
 */
const anyFeatureAnswers = fc
  .record({
    features: fc.uniqueArray(
      fc.constantFrom(
        "Predicción del periodo",
        "Modo privado",
        "Offline-Modus",
        "Split bills",
        "Photo checklist",
        "BLIK",
      ),
      { minLength: 3, maxLength: 6 },
    ),
    rated: fc.array(fc.integer({ min: 5, max: 85 }), { minLength: 6, maxLength: 6 }),
    chosen: fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 6, maxLength: 6 }),
    seed: anySeed,
  })
  .map(({ features, rated, chosen, seed }) => ({ features, rated: rated.map((r) => r / 100), chosen, seed }));

function withShares(
  results: ResearchResults,
  features: readonly string[],
  rated: readonly number[],
  chosen: readonly number[],
): ResearchResults {
  const total = features.reduce((sum, _, i) => sum + (chosen[i] as number), 0);
  const set = (q: QuestionResult, overall: Record<string, number>): QuestionResult => ({
    ...q,
    overall,
    by_user_model: Object.fromEntries(results.segments.map((s) => [s.user_model_id, overall])),
  });
  const questions = results.questions.map((q) => {
    const i = features.indexOf(quoteOf(q) ?? "");
    if (i >= 0 && /importan/i.test(q.question_text)) {
      const top = favourableOf(q);
      const rest = q.answer_options.filter((o) => !top.includes(o));
      const share = rated[i] as number;
      return set(q, {
        ...Object.fromEntries(rest.map((o) => [o, (1 - share) / rest.length])),
        ...Object.fromEntries(top.map((o) => [o, share / top.length])),
      });
    }
    if (features.every((f) => q.answer_options.includes(f)) && !/\bleast\b/i.test(q.question_text))
      return set(q, Object.fromEntries(q.answer_options.map((o) => [o, (chosen[features.indexOf(o)] ?? 0) / total])));
    return q;
  });
  return { ...results, questions };
}

function featureRun(
  features: string[],
  rated: number[],
  chosen: number[],
  seed: number,
  models: Parameters<typeof runResearch>[2],
) {
  const inputs = { product: "Luna", features };
  const r = runResearch("feature_prioritisation", inputs, models, seed);
  const results = withShares(r.results, features, rated, chosen);
  const study = { goal: "feature_prioritisation", inputs, designed: false, models };
  return {
    results,
    synthesis: researchSynthesis("Feature priorities", r.plan, results, study),
    report: researchReport("Feature priorities", r.plan, results, study),
  };
}

const summaryLines = (synthesis: string) => synthesis.split("\n").filter((l) => l.startsWith("- "));
const recommendationLines = (report: string) =>
  (report.split("## Recommendations")[1] ?? "").split("\n").filter((l) => l.startsWith("- "));

describe("measures that disagree (issue 27, reading k S9, reading j S1)", () => {
  it("should name both leaders in one summary line on any shares a feature study's two measures give", () => {
    fc.assert(
      fc.property(anyFeatureAnswers, anyModels, ({ features, rated, chosen, seed }, models) => {
        const r = featureRun(features, rated, chosen, seed, models);
        const [first, important] = boards(r.results, features, [
          ["chosen", "first"],
          ["rated", "importance"],
        ]);
        if (!first || !important) return;
        const apart = (a: typeof first, b: typeof first) =>
          a.board.clear && !b.board.leaders.some((l) => l.item === a.board.leaders[0]?.item);
        if (!apart(first, important) && !apart(important, first)) return;
        const [one, other] = [first.board.leaders[0], important.board.leaders[0]] as [Ranked<string>, Ranked<string>];
        const both = summaryLines(r.synthesis).filter(
          (l) => l.includes(`"${one.item}"`) && l.includes(`"${other.item}"`) && /\b(?:but|while|yet)\b/.test(l),
        );
        expect(both.length, r.synthesis).toBeGreaterThan(0);
      }),
      RUNS,
    );
  });

  it("should read intent beside a value or appeal score that is clearly higher, saying why they differ", () => {
    fc.assert(
      fc.property(anyConcept, anyModels, anySeed, (concept, models, seed) => {
        const r = runResearch("concept_test", defined(concept), models, seed);
        const n = r.results.respondents;
        const scores = r.results.questions
          .filter(isScale)
          .map((q) => ({ dimension: conceptDimension(q.question_text), share: favourable(q) }));
        const intent = scores.find((s) => /intent/.test(s.dimension ?? ""));
        if (!intent || againstThreshold(intent.share, 0.25, n).call !== "below") return;
        const high = scores.filter(
          (s) =>
            (s.dimension === "value for money" || s.dimension === "appeal") &&
            againstThreshold(s.share, 0.5, n).call === "above",
        );
        for (const h of high) {
          const read = summaryLines(r.synthesis).filter(
            (l) => l.includes(percent(h.share)) && l.includes(percent(intent.share)) && /\b(?:yet|but)\b/.test(l),
          );
          expect(read.length, `${h.dimension}\n${r.synthesis}`).toBeGreaterThan(0);
        }
      }),
      RUNS,
    );
  });
});

/** The items quoted before a recommendation's colon: the ones it groups. */
const grouped = (line: string) => [...(line.split(":")[0] ?? "").matchAll(/"([^"]+)"/g)].map((m) => m[1] as string);

describe("advice that decides (issue 27, reading k S9)", () => {
  it("should list every item within the quoted margin of the leader on any shares a feature study gives", () => {
    fc.assert(
      fc.property(anyFeatureAnswers, anyModels, ({ features, rated, chosen, seed }, models) => {
        const r = featureRun(features, rated, chosen, seed, models);
        const [first, important] = boards(r.results, features, [
          ["chosen", "first"],
          ["rated", "importance"],
        ]);
        const n = r.results.respondents;
        for (const line of recommendationLines(r.report)) {
          const measure = /^- Choose between/.test(line)
            ? (first ?? important)
            : /^- Start with/.test(line)
              ? important
              : undefined;
          if (!measure) continue;
          const [top, second] = measure.board.ranked as [Ranked<string>, Ranked<string>];
          const quoted = compare(top.share, second.share, { kind: measure.kind, n }).margin;
          const within = measure.board.ranked.filter((x) => {
            const gap = compare(top.share, x.share, { kind: measure.kind, n });
            return gap.call !== "lead" || Math.abs(gap.gap) < quoted;
          });
          expect(grouped(line).sort(), line).toEqual(within.map((w) => w.item).sort());
        }
      }),
      RUNS,
    );
  });

  it("should give every claim the results support or refute a recommendation with its number", () => {
    fc.assert(
      fc.property(anyStudy, anyModels, anySeed, (study, models, seed) => {
        const r = run(study, models, seed);
        const section = r.report.split("## Hypothesis")[1]?.split("\n## ")[0] ?? "";
        const advice = recommendationLines(r.report);
        for (const [, verdict, evidence] of section.matchAll(
          /^- \*.+?\*: (supported|refuted|not supported); (.*)$/gm,
        )) {
          const number = /\d+(?:\.\d+)?%/.exec(evidence as string)?.[0];
          if (!number) continue;
          expect(
            advice.some((l) => l.includes(number)),
            `${verdict}: ${evidence}\n${advice.join("\n")}`,
          ).toBe(true);
        }
      }),
      RUNS,
    );
  });
});

describe("funnel losses (issue 27, reading k S8, reading j S8)", () => {
  it("should end a leaving path on the last step reached, the one before the step the table counts those sessions at, and lead the summary with that step", () => {
    fc.assert(
      fc.property(
        fc.record({
          start_url: fc.constantFrom(
            "https://shop.example.com",
            "https://solar.example.gr/heaters",
            "https://www.example.pk/cord",
          ),
          goal_event: fc.constantFrom("completes checkout", "requests a home survey", "books a consultation"),
          steps: fc.option(
            fc.uniqueArray(
              fc.constantFrom(
                "Land on the page",
                "Read the guide",
                "Compare the plans",
                "Choose a size",
                "Enter details",
                "Confirm",
              ),
              { minLength: 3, maxLength: 6 },
            ),
            { nil: undefined },
          ),
        }),
        fc.constantFrom("conversion_funnel", "usability_test"),
        anyModels,
        anySeed,
        (inputs, goal, models, seed) => {
          const r = runJourney(
            goal,
            goal === "usability_test" ? { ...defined(inputs), task: "Book a consultation" } : defined(inputs),
            models,
            seed,
          );
          for (const m of r.results.by_user_model)
            for (const p of m.common_paths) {
              if (p.path.at(-1) !== "Left the site") continue;
              // The last step they got through; the table counts them at the next one, which they gave up on.
              const at = m.drop_off_by_step.findIndex((d) => d.step === p.path.at(-2));
              const row = m.drop_off_by_step[at + 1];
              expect(row?.dropped, `${p.path.join(" → ")}\n${JSON.stringify(m.drop_off_by_step)}`).toBe(
                Math.round(p.share * m.sessions),
              );
            }
          const lost = /lost (?:mostly )?at "([^"]+)"/.exec(r.synthesis)?.[1];
          if (!lost) return;
          const totals = r.results.steps.map((step, i) => ({
            step,
            dropped: r.results.by_user_model.reduce((s, m) => s + (m.drop_off_by_step[i]?.dropped ?? 0), 0),
          }));
          expect(lost).toBe([...totals].sort((a, b) => b.dropped - a.dropped)[0]?.step);
        },
      ),
      RUNS,
    );
  });
});

/** Words that make a claim one of shortfall: its support would be bad news for the client. */
const SHORTFALL = /\b(?:fewer|less|no more than|at most|loses most)\b/i;
/** "without being rated less believable" asks that nothing be worse: a hope, not a shortfall. */
const NO_WORSE = /\bwithout being [^,.]*/gi;

describe("hypotheses that read right (issue 27, reading j S2, S9, reading k S6)", () => {
  it("should propose only claims whose support is good news, and call a neutral claim the margin cannot settle not supported", () => {
    fc.assert(
      fc.property(anyStudy, anyModels, anySeed, (study, models, seed) => {
        const r = run(study, models, seed);
        const hypothesis = r.plan.hypothesis_text;
        if (hypothesis === null) return;
        const claim = claimOf(hypothesis)
          .replace(/"[^"]*"/g, '""')
          .replace(NO_WORSE, "");
        expect(claim, `${study.goal}: ${hypothesis}`).not.toMatch(SHORTFALL);
        // "None stands out" within the margin of error is a claim not borne out, not one the results contradict.
        expect(`${r.synthesis}\n${r.report}`).not.toMatch(/refuted[^\n]*none stands out/i);
      }),
      RUNS,
    );
  });
});
