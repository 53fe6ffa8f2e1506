import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { anyStudy, run, type Study } from "./__fixtures__/any-study.js";
import {
  anyBrands,
  anyConcept,
  anyFeatures,
  anyModel,
  anyModels,
  anyName,
  anySeed,
  anyWord,
  cap,
  defined,
  PUBLIC_MESSAGES,
  PUBLIC_PRODUCTS,
  runResearch,
} from "./__fixtures__/random-study.js";
import { conceptDimension, favourable, isScale, itemScores, primaryMeasure } from "./analysis.js";
import { againstThreshold, compare } from "./evidence.js";
import { claimOf, PROPOSED } from "./proposed.js";
import { qualified, researchReport } from "./reports.js";
import { percent } from "./results.js";

/**
 * Issue 27, hypotheses nobody chose and verdicts a client can act on (readings g, h, i): a hypothesis the plan writes
 * is labelled as the plan's, any threshold it sets says what it rests on, and it never picks one of the client's own
 * items (a feature, a message, a step, an answer) to win or lose.
 */

/** The client's own items a hypothesis could single out: features, messages, steps, items and answer options. */
function clientItems(study: Study, steps: readonly string[]): string[] {
  const list = (key: string) => (Array.isArray(study.inputs[key]) ? (study.inputs[key] as unknown[]).map(String) : []);
  return [
    ...list("features"),
    ...list("messages"),
    ...steps,
    ...(study.design?.item_sets ?? []).flatMap((s) => s.items),
    ...(study.design?.custom_questions ?? []).flatMap((q) => q.answer_options ?? []),
  ];
}

/** A share a claim sets as its bar: "at least 45%", "fewer than half", "most". */
const THRESHOLD = /\d+(?:\.\d+)?\s?%|\b(?:half|a third|a quarter|most(?! persuasive| important| often)|majority)\b/i;

describe("hypotheses the plan proposes (issue 27, readings g, h, i S4)", () => {
  it("should label a plan's hypothesis as the plan's, with the basis of any threshold it sets, and single out none of the client's items", () => {
    fc.assert(
      fc.property(anyStudy, anyModels, anySeed, (study, models, seed) => {
        const r = run(study, models, seed);
        const hypothesis = r.plan.hypothesis_text;
        if (hypothesis === null) return;
        expect(hypothesis, study.goal).toContain(PROPOSED);
        const claim = claimOf(hypothesis);
        const basis = hypothesis.slice(claim.length);
        // A bar the claim sets, not words of a question or answer it quotes.
        if (THRESHOLD.test(claim.replace(/"[^"]*"/g, '""')))
          expect(basis, `${study.goal}: ${hypothesis}`).toMatch(/\bbenchmarks?\b/);
        const steps = (r.plan.journey_task as { steps?: string[] } | null)?.steps ?? [];
        for (const item of clientItems(study, steps))
          expect(claim, `${study.goal}: ${hypothesis}`).not.toContain(`"${item.replace(/"/g, "'")}"`);
        // The report shows the label with the claim, so a client never reads the plan's guess as their own.
        expect(r.report, study.goal).toContain(PROPOSED);
      }),
      { numRuns: 20 },
    );
  });
});

describe("a verdict says which way (issue 27, reading j S2, S9)", () => {
  it("should name the claim a summary's verdict line judges, so a refuted expectation is not read as bad news", () => {
    fc.assert(
      fc.property(anyStudy, anyModels, anySeed, (study, models, seed) => {
        const r = run(study, models, seed);
        const hypothesis = r.plan.hypothesis_text;
        for (const line of `${r.synthesis}\n${r.report}`
          .split("\n")
          .filter((l) => /^- Hypothesis (?:supported|refuted|not supported)/.test(l))) {
          const claim = /^- Hypothesis (?:not )?\w+ \(\*(.+?)\*\): /.exec(line)?.[1];
          expect(claim, line).toBeDefined();
          expect(claimOf(hypothesis ?? ""), line).toContain((claim as string).slice(0, 30));
        }
      }),
      { numRuns: 20 },
    );
  });
});

/** A bracket of bare numbers: "(37.7% and 28.0%)", "(12.0%, 9.5%)", with no word saying which measure each is. */
const BARE_NUMBERS = /\(\d+(?:\.\d+)?%(?:(?:,| and) \d+(?:\.\d+)?%)+\)/;

describe("numbers a summary states (issue 27, reading i S2)", () => {
  it("should label every number in a summary with its measure, never give a bracket of bare numbers", () => {
    fc.assert(
      fc.property(anyStudy, anyModels, anySeed, (study, models, seed) => {
        const r = run(study, models, seed);
        expect(r.synthesis, study.goal).not.toMatch(BARE_NUMBERS);
        expect(r.report, study.goal).not.toMatch(BARE_NUMBERS);
      }),
      { numRuns: 30 },
    );
  });
});

/** The brand's funnel as the answers give it: awareness, knowing it well, consideration, first choice. */
function brandFunnel(results: ReturnType<typeof runResearch>["results"], brand: string) {
  const familiarity = results.questions.find((q) => /\bfamiliar\b|\bheard of\b/i.test(q.question_text));
  const consider = results.questions.find((q) => /\bconsider\b/i.test(q.question_text) && q.answer_options.length >= 4);
  const first = results.questions.find(
    (q) => /\bfirst\b|\bchoosing today\b/i.test(q.question_text) && q.answer_options.includes(brand),
  );
  const topTwo = (q: (typeof results.questions)[number]) =>
    q.answer_options.slice(-2).reduce((s, o) => s + (q.overall[o] ?? 0), 0);
  const never = familiarity?.answer_options.find((o) => /^never heard/i.test(o));
  return [
    ...(familiarity && never ? [{ measure: "awareness", share: 1 - (familiarity.overall[never] ?? 0) }] : []),
    ...(familiarity ? [{ measure: "knowing it well", share: topTwo(familiarity) }] : []),
    ...(consider ? [{ measure: "consideration", share: topTwo(consider) }] : []),
    ...(first ? [{ measure: "first choice", share: first.overall[brand] ?? 0 }] : []),
  ];
}

describe("a brand's advice (issue 27, reading i S5)", () => {
  it("should address the weakest step of the brand's funnel, naming each step's measure and number", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          anyBrands,
          anyBrands.map((b) => ({ brand: b.brand })),
        ),
        anyModels,
        anySeed,
        (inputs, models, seed) => {
          const r = runResearch("brand_perception", inputs, models, seed);
          const advice = (r.report.split("## Recommendations")[1] ?? "").split("\n").filter((l) => l.startsWith("- "));
          const funnel = brandFunnel(r.results, inputs.brand);
          if (funnel.length < 2) return;
          const kept = funnel.map((f, i) => f.share / (i === 0 ? 1 : (funnel[i - 1]?.share ?? 1) || 1));
          const weakest = funnel[kept.indexOf(Math.min(...kept))] as { measure: string; share: number };
          // Advice on the brand's standing names the weakest step; none names a later step instead of it.
          const onFunnel = advice.filter((l) => / → /.test(l) || /^- Win first choice/.test(l));
          const leads = /^\S.* is picked first most often/m.test(r.synthesis.split("\n")[1] ?? "");
          if (leads) return;
          expect(onFunnel.length, r.report).toBeGreaterThan(0);
          for (const line of onFunnel) {
            expect(line, JSON.stringify(funnel)).toContain(`${weakest.measure} ${(weakest.share * 100).toFixed(1)}%`);
            if (weakest.measure !== "first choice") expect(line).not.toMatch(/^- Win first choice/);
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe("verdicts that follow the numbers (issue 27, reading h S8)", () => {
  it("should judge every claim a plan writes, and give the study the verdict its claims give", () => {
    fc.assert(
      fc.property(anyStudy, anyModels, anySeed, (study, models, seed) => {
        const r = run(study, models, seed);
        if (r.plan.hypothesis_text === null) return;
        const section = r.report.split("## Hypothesis")[1]?.split("\n## ")[0] ?? "";
        const claims = [...section.matchAll(/^- \*.+?\*: (supported|refuted|not supported|inconclusive); (.*)$/gm)];
        expect(claims.length, section).toBeGreaterThan(0);
        for (const [, verdict, evidence] of claims) {
          // A claim the plan wrote is one its judges read: never left for the client to check.
          expect(evidence, section).not.toMatch(/were not read|states no threshold/);
          // Inconclusive only where the plan did not ask, or the gap is within the margin of error.
          if (verdict === "inconclusive")
            expect(evidence, section).toMatch(/did not ask|a close call|acceptable range/);
        }
        const verdicts = claims.map((c) => c[1]);
        // A neutral claim the margin of error leaves unproven is "not supported": no winner yet, not bad news.
        const overall = verdicts.includes("refuted")
          ? "Refuted"
          : verdicts.includes("not supported")
            ? "Not supported"
            : verdicts.every((v) => v === "supported")
              ? "Supported"
              : "Inconclusive";
        expect(section, section).toMatch(new RegExp(`^\\*\\*${overall}\\.\\*\\*`, "m"));
      }),
      { numRuns: 20 },
    );
  });
});

/**
 * Readings q S1, S2, S4 and S10: two measures of the same people that point opposite ways beyond the margin of error
 * are read together in one sentence with what the gap means, and "on every measure" is said only where every measure's
 * gap is beyond its own margin.
 */
describe("numbers in tension are explained, and universal claims hold on every measure (issue 27, reading q)", () => {
  const WARM = ["appeal", "word of mouth", "fit with people's routine", "relevance", "value for money"];
  const summaryOf = (report: string) => report.split("## Hypothesis")[0] ?? "";

  it("should read a concept's appeal, recommendation, fit, relevance or value against clearly lower intent, with what the gap points to", () => {
    fc.assert(
      fc.property(anyConcept, anyModels, anySeed, (inputs, models, seed) => {
        const r = runResearch("concept_test", defined(inputs), models, seed);
        // Read among those who qualified, as the report does.
        const results = qualified(r.results, r.plan).results;
        const n = results.respondents;
        const dims = results.questions
          .filter(isScale)
          .map((q) => ({ dimension: conceptDimension(q.question_text), score: favourable(q) }));
        const intent = dims.find((d) => /intent$/.test(d.dimension ?? ""));
        if (!intent || againstThreshold(intent.score, 0.5, n).call !== "below") return;
        const warm = dims
          .filter(
            (d) =>
              WARM.includes(d.dimension ?? "") &&
              againstThreshold(d.score, 0.5, n).call !== "below" &&
              compare(d.score, intent.score, { kind: "two questions", n }).call === "lead",
          )
          .sort((a, b) => b.score - a.score)[0];
        if (!warm) return;
        const line = summaryOf(r.report)
          .split("\n")
          .find((l) => l.includes(`, but only ${percent(intent.score)} say`));
        expect(line, summaryOf(r.report)).toBeDefined();
        expect(line).toContain(`${percent(warm.score)} `);
        expect(line).toMatch(/likelier barrier|holds people back/);
      }),
      { numRuns: 16 },
    );
  });

  it("should say where importance and the choice of one feature point opposite ways, and what each gap means", () => {
    // The simulated answers rarely part this way, so the same people's shares are redrawn at random: each feature's
    // share rating it very important or essential, and each one's share of the choice of one.
    const share = fc.integer({ min: 5, max: 95 }).map((x) => x / 100);
    fc.assert(
      fc.property(
        anyFeatures.filter((f) => f.length >= 3 && f.length <= 5),
        fc.oneof(anyName, fc.constantFrom(...PUBLIC_PRODUCTS)),
        anyModels,
        anySeed,
        fc.array(fc.tuple(share, share), { minLength: 5, maxLength: 5 }),
        (features, product, models, seed, drawn) => {
          const r = runResearch("feature_prioritisation", { product, features }, models, seed);
          const weights = features.map((_f, i) => drawn[i]?.[1] ?? 0.5);
          const total = weights.reduce((a, b) => a + b, 0);
          const questions = r.results.questions.map((q) => {
            const i = features.findIndex((f) => q.question_text.includes(`"${f}"`));
            if (/importan/i.test(q.question_text) && i >= 0) {
              const top = drawn[i]?.[0] ?? 0.5;
              const [low, ...rest] = q.answer_options;
              const [fourth, fifth] = rest.slice(-2);
              return {
                ...q,
                overall: { [low as string]: 1 - top, [fourth as string]: top / 2, [fifth as string]: top / 2 },
              };
            }
            if (/only one of these/.test(q.question_text))
              return { ...q, overall: Object.fromEntries(features.map((f, j) => [f, (weights[j] ?? 0) / total])) };
            return q;
          });
          const all = { ...r.results, questions };
          const report = researchReport("t", r.plan, all, {
            goal: "feature_prioritisation",
            inputs: { product, features },
          });
          const results = qualified(all, r.plan).results;
          const n = results.respondents;
          const scores = itemScores(results, features);
          const rated = primaryMeasure(scores, [["rated", "importance"]]);
          const chosen = primaryMeasure(scores, [["chosen", "first"]]);
          if (!rated || !chosen) return;
          const [kept, important] = [chosen.ranked[0], rated.ranked[0]] as [
            { item: string; score: number },
            { item: string; score: number },
          ];
          if (kept.item === important.item) return;
          const keptOf = (item: string) => chosen.ranked.find((x) => x.item === item)?.score ?? 0;
          const ratedOf = (item: string) => rated.ranked.find((x) => x.item === item)?.score ?? 0;
          const apart =
            compare(kept.score, keptOf(important.item), { kind: "one question", n }).call === "lead" &&
            compare(important.score, ratedOf(kept.item), { kind: "two questions", n }).call === "lead";
          const said = /The two measures point different ways: .*, so .*, while .*, so /.test(summaryOf(report));
          expect(said, summaryOf(report)).toBe(apart);
        },
      ),
      { numRuns: 16 },
    );
  });

  it("should say a message trails 'on every measure asked' only where it trails beyond the margin on each", () => {
    const invented = anyWord.map((w) => `Try ${cap(w)} today`);
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.oneof(fc.constantFrom(...PUBLIC_MESSAGES), invented), { minLength: 2, maxLength: 4 }),
        // A stated audience screens most of a panel out: small samples, where gaps near the margin are common.
        fc.constantFrom(undefined, "dog owners", "people who hike in forests", "parents of children under five"),
        anyModel,
        anySeed,
        (messages, audience, model, seed) => {
          const r = runResearch("message_test", defined({ messages, audience }), [model], seed);
          const results = qualified(r.results, r.plan).results;
          const n = results.respondents;
          const scores = itemScores(results, messages);
          for (const [, worst] of r.report.matchAll(/"([^"]+)" trails the leader on every measure asked/g)) {
            for (const source of ["rated", "chosen"] as const)
              for (const dimension of Object.keys(scores[0]?.[source] ?? {})) {
                const measure = primaryMeasure(scores, [[source, dimension]]);
                if (!measure) continue;
                const own = measure.ranked.find((x) => x.item === worst)?.score ?? 0;
                const sampling = source === "rated" ? ("two questions" as const) : ("one question" as const);
                expect(compare(measure.ranked[0]?.score ?? 0, own, { kind: sampling, n }).call, `${dimension}`).toBe(
                  "lead",
                );
              }
          }
        },
      ),
      { numRuns: 30 },
    );
  });
});

/** Reading q S5: a brand's hypothesis is about every rival the brief names, never the first one picked in advance. */
describe("a brand's hypothesis singles out no rival (issue 27, reading q S5)", () => {
  it("should name every competitor or none in a brand's hypothesis, and judge it against each", () => {
    fc.assert(
      fc.property(anyBrands, anyModels, anySeed, (inputs, models, seed) => {
        const r = runResearch("brand_perception", inputs, models, seed);
        const hypothesis = r.plan.hypothesis_text ?? "";
        const claim = claimOf(hypothesis);
        const named = inputs.competitors.filter((c) => claim.includes(c));
        expect([0, inputs.competitors.length], hypothesis).toContain(named.length);
        expect(hypothesis).not.toMatch(/\bfirst competitor\b/);
        const section = r.report.split("## Hypothesis")[1]?.split("\n## ")[0] ?? "";
        for (const line of section.split("\n").filter((l) => /^- \*.*than any/.test(l)))
          for (const c of inputs.competitors) expect(line, section).toContain(c);
      }),
      { numRuns: 12 },
    );
  });
});
