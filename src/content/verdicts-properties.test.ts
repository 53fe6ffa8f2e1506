import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { SimulationRecord } from "../store/records.js";
import {
  anyBrands,
  anyConcept,
  anyFeatures,
  anyModels,
  anyPrices,
  anySeed,
  defined,
  NON_BUYING_OBJECTIVES,
  PUBLIC_MESSAGES,
  PUBLIC_PRODUCTS,
  runJourney,
  runResearch,
} from "./__fixtures__/random-study.js";
import { claimOf, PROPOSED } from "./proposed.js";

/**
 * Issue 27, hypotheses nobody chose and verdicts a client can act on (readings g, h, i): a hypothesis the plan writes
 * is labelled as the plan's, any threshold it sets says what it rests on, and it never picks one of the client's own
 * items (a feature, a message, a step, an answer) to win or lose.
 */

type Design = NonNullable<SimulationRecord["survey_design"]>;
type Study = { mode: "research" | "journey"; goal: string; inputs: Record<string, unknown>; design?: Design };

const CUSTOM_QUESTIONS = [
  {
    question_text: "Which of these would you use most: the app, the website or the phone line?",
    answer_options: ["The app", "The website", "The phone line"],
  },
  {
    question_text: "How satisfied are you with the library's opening hours?",
    answer_options: ["Very dissatisfied", "Dissatisfied", "Neither", "Satisfied", "Very satisfied"],
  },
  {
    question_text: "Was hält Sie davon ab, öfter zu kommen?",
    answer_options: ["Die Anfahrt", "Die Öffnungszeiten", "Das Angebot"],
  },
];

/** Any study of either mode and every goal, with the lists a client gives (features, messages, steps, items). */
const anyStudy: fc.Arbitrary<Study> = fc.oneof(
  anyConcept.map((c) => ({ mode: "research" as const, goal: "concept_test", inputs: defined(c) })),
  anyBrands.map((b) => ({ mode: "research" as const, goal: "brand_perception", inputs: b })),
  fc
    .record({ brand: anyBrands.map((b) => b.brand) })
    .map((b) => ({ mode: "research" as const, goal: "brand_perception", inputs: b })),
  fc.tuple(fc.constantFrom("the app", ...PUBLIC_PRODUCTS), anyFeatures).map(([product, features]) => ({
    mode: "research" as const,
    goal: "feature_prioritisation",
    inputs: { product, features },
  })),
  fc.tuple(anyPrices, fc.constantFrom("SEK", "JPY", "BRL", "GBP")).map(([price_points, currency]) => ({
    mode: "research" as const,
    goal: "pricing",
    inputs: { product: "Cykla pass", price_points, currency },
  })),
  fc
    .uniqueArray(fc.constantFrom(...PUBLIC_MESSAGES, "Fresh bread by 7am", "Unlimited rides, one price"), {
      minLength: 2,
      maxLength: 4,
    })
    .map((messages) => ({ mode: "research" as const, goal: "message_test", inputs: { messages } })),
  fc
    .constantFrom(
      ...NON_BUYING_OBJECTIVES,
      "Find out where parents look for advice on school meals",
      "Understand how satisfied tenants are with repairs",
      "How important is a quiet carriage to rail commuters?",
      "Would cyclists switch to a shared e-bike scheme?",
    )
    .map((objective) => ({ mode: "research" as const, goal: "custom_survey", inputs: { objective } })),
  fc.tuple(fc.subarray(CUSTOM_QUESTIONS, { minLength: 1 }), fc.boolean()).map(([custom_questions, sets]) => ({
    mode: "research" as const,
    goal: "custom_survey",
    inputs: {},
    design: {
      stimulus: "A new opening-hours plan for the Eastfield library",
      custom_questions,
      ...(sets
        ? { item_sets: [{ ask: "How useful would this be", items: ["Late opening", "Study rooms", "Café"] }] }
        : {}),
    },
  })),
  fc
    .record({
      start_url: fc.constantFrom(
        "https://www.gov.uk/apply-passport",
        "https://shop.example.com",
        "https://flood.example.nl",
      ),
      task: fc.constantFrom("Sign up for flood alerts by text", "Renew a passport", "Book a table for two"),
      steps: fc.option(fc.constant(["Open the page", "Enter your phone number", "Type the code", "Confirm"]), {
        nil: undefined,
      }),
    })
    .map((i) => ({ mode: "journey" as const, goal: "usability_test", inputs: defined(i) })),
  fc
    .record({
      start_url: fc.constantFrom("https://shop.example.com", "https://bakery.example.dk/join"),
      goal_event: fc.constantFrom("completes checkout", "joins the loyalty club"),
      steps: fc.option(fc.constant(["Land on the page", "Tap Join", "Enter details", "Confirm"]), { nil: undefined }),
    })
    .map((i) => ({ mode: "journey" as const, goal: "conversion_funnel", inputs: defined(i) })),
  fc
    .constantFrom("https://www.example.no/grant", "https://news.example.pt/subscribe")
    .map((start_url) => ({ mode: "journey" as const, goal: "first_impression", inputs: { start_url } })),
);

function run(study: Study, models: Parameters<typeof runResearch>[2], seed: number) {
  return study.mode === "journey"
    ? runJourney(study.goal, study.inputs, models, seed)
    : runResearch(study.goal, study.inputs, models, seed, undefined, `sim-${seed}`, study.design ?? null);
}

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
          .filter((l) => /^- Hypothesis (?:supported|refuted)/.test(l))) {
          const claim = /^- Hypothesis \w+ \(\*(.+?)\*\): /.exec(line)?.[1];
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
        const claims = [...section.matchAll(/^- \*.+?\*: (supported|refuted|inconclusive); (.*)$/gm)];
        expect(claims.length, section).toBeGreaterThan(0);
        for (const [, verdict, evidence] of claims) {
          // A claim the plan wrote is one its judges read: never left for the client to check.
          expect(evidence, section).not.toMatch(/were not read|states no threshold/);
          // Inconclusive only where the plan did not ask, or the gap is within the margin of error.
          if (verdict === "inconclusive")
            expect(evidence, section).toMatch(/did not ask|a close call|acceptable range/);
        }
        const verdicts = claims.map((c) => c[1]);
        const overall = verdicts.includes("refuted")
          ? "Refuted"
          : verdicts.every((v) => v === "supported")
            ? "Supported"
            : "Inconclusive";
        expect(section, section).toMatch(new RegExp(`^\\*\\*${overall}\\.\\*\\*`, "m"));
      }),
      { numRuns: 20 },
    );
  });
});
