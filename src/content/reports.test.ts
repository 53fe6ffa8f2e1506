import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Plan, SurveyQuestion, UserModelRecord } from "../store/records.js";
import { firstLookPlan } from "./__fixtures__/first-look.js";
import { researchFinding } from "./findings.js";
import { type JourneyResults, journeyResults } from "./journeys.js";
import { journeyReport, journeySynthesis, researchReport, researchSynthesis, roundSynthesis } from "./reports.js";
import { type ResearchResults, researchResults } from "./results.js";
import { SCALES } from "./scales.js";

const populations = JSON.parse(readFileSync(new URL("../../fixtures/populations.json", import.meta.url), "utf8"))
  .populations as UserModelRecord[];
const models = populations.slice(0, 4);

const q = (question_text: string, answer_options: string[], variable_name: string): SurveyQuestion => ({
  question_text,
  question_type: "single_choice",
  answer_options,
  insight: null,
  variable_name,
});

const researchPlan: Plan = {
  question_text: "Would people buy a refillable coffee cup subscription?",
  hypothesis_text: "Most people find it appealing.",
  journey_task: null,
  survey_questions: [
    q("How appealing is a refillable coffee cup subscription?", [...SCALES.appeal], "appeal"),
    q("How clear is what the subscription includes?", [...SCALES.clarity], "clarity"),
    q("At £3 a month, how likely would you be to buy it?", [...SCALES.likelihood], "intent_3"),
    q("At £9 a month, how likely would you be to buy it?", [...SCALES.likelihood], "intent_9"),
    q("Which matters most to you?", ["Price", "Quality", "Convenience", "None of these"], "driver"),
    q("Do you buy coffee on the way to work?", ["No", "Not sure", "Yes"], "commute"),
  ],
};

const study = { goal: "custom_survey", inputs: {} };

const journeyPlan: Plan = {
  question_text: null,
  hypothesis_text: null,
  survey_questions: null,
  journey_task: {
    task: "Subscribe to the cup plan",
    start_url: "https://cups.example.com",
    success_criteria: "The user subscribes.",
    steps: ["Land on the page", "Choose a plan", "Create an account", "Pay"],
  },
};

/** Every "12.3%" in a text, as numbers. */
const percentsIn = (text: string) => [...text.matchAll(/(\d+(?:\.\d+)?)%/g)].map((m) => m[1] as string);

/** A printed share matches a fraction when it has one decimal and is that fraction rounded to one decimal. */
function matches(printed: string, fraction: number): boolean {
  return /^\d+\.\d$/.test(printed) && Math.abs(Number(printed) - fraction * 100) <= 0.05 + 1e-9;
}

/** The fractions a reader may legitimately see for a question: each share, and the two-box sums at either end. */
function legitimate(question: ResearchResults["questions"][number]): number[] {
  const distributions = [question.overall, ...Object.values(question.by_user_model)];
  const options = question.answer_options;
  return distributions.flatMap((d) => [
    ...options.map((o) => d[o] ?? 0),
    (d[options[options.length - 1] as string] ?? 0) + (d[options[options.length - 2] as string] ?? 0),
    (d[options[0] as string] ?? 0) + (d[options[1] as string] ?? 0),
  ]);
}

describe("researchReport", () => {
  const results = researchResults({ id: "sim-report", inputs: {} }, researchPlan, models, 1);
  const markdown = researchReport("Cup subscription", researchPlan, results, study);

  it("should have the sections a reader expects", () => {
    for (const heading of [
      "## Summary",
      "## Method",
      "## Results",
      "## Differences between user models",
      "## Recommendations",
    ]) {
      expect(markdown).toContain(heading);
    }
  });

  it("should print every share in a question's table as the results' fraction rounded to one decimal", () => {
    results.questions.forEach((question, i) => {
      const start = markdown.indexOf(`### ${i + 1}. ${question.question_text}`);
      expect(start).toBeGreaterThanOrEqual(0);
      const end = markdown.indexOf("\n### ", start + 1);
      const section = markdown.slice(start, end === -1 ? markdown.indexOf("\n## ", start) : end);
      const header = section.split("\n").find((line) => line.startsWith("| Answer"));
      const columns =
        header
          ?.split("|")
          .map((c) => c.trim())
          .filter(Boolean)
          .slice(1) ?? [];
      expect(columns).toEqual(["All", ...results.segments.map((s) => s.name)]);
      const distributions = [
        question.overall,
        ...results.segments.map((s) => question.by_user_model[s.user_model_id] ?? {}),
      ];
      for (const option of question.answer_options) {
        const row = section.split("\n").find((line) => line.startsWith(`| ${option} |`));
        expect(row, option).toBeDefined();
        const cells = (row as string)
          .split("|")
          .map((c) => c.trim())
          .filter(Boolean)
          .slice(1);
        expect(cells).toHaveLength(distributions.length);
        cells.forEach((cell, c) => {
          expect(matches(cell.replace("%", ""), distributions[c]?.[option] ?? -1), `${option} ${cell}`).toBe(true);
        });
      }
      // Every other percentage in the section (top-two row, insight) is one of this question's numbers.
      const allowed = legitimate(question);
      for (const printed of percentsIn(section)) {
        expect(
          allowed.some((f) => matches(printed, f)),
          `${printed}% in question ${i + 1}`,
        ).toBe(true);
      }
    });
  });

  it("should quote only the results' numbers in the short synthesis", () => {
    const synthesis = researchSynthesis("Cup subscription", researchPlan, results, study);
    expect(synthesis).toContain(String(results.respondents));
    const allowed = results.questions.flatMap((question) => legitimate(question));
    const printed = percentsIn(synthesis);
    expect(printed.length).toBeGreaterThan(0);
    for (const p of printed)
      expect(
        allowed.some((f) => matches(p, f)),
        p,
      ).toBe(true);
  });

  it("should be the same report for the same inputs", () => {
    const again = researchResults({ id: "sim-report", inputs: {} }, researchPlan, models, 1);
    expect(researchReport("Cup subscription", researchPlan, again, study)).toBe(markdown);
  });
});

describe("journeyReport", () => {
  const results = journeyResults({ id: "journey-report" }, journeyPlan, models, 2);
  const markdown = journeyReport("Cup checkout", journeyPlan, results);

  it("should print each user model's drop-off table and success rate as in results", () => {
    for (const m of results.by_user_model) {
      const start = markdown.indexOf(`### ${m.name}`);
      expect(start).toBeGreaterThanOrEqual(0);
      const next = markdown.indexOf("\n### ", start + 1);
      const section = markdown.slice(start, next === -1 ? undefined : next);
      for (const d of m.drop_off_by_step) expect(section).toContain(`| ${d.step} | ${d.reached} | ${d.dropped} |`);
      const success = /Task success: (\d+\.\d)%/.exec(section)?.[1];
      expect(matches(success ?? "", m.task_success_rate)).toBe(true);
    }
  });

  it("should give the overall success in the synthesis as sessions reaching the last step over all sessions", () => {
    const synthesis = journeySynthesis("Cup checkout", journeyPlan, results);
    const succeeded = results.by_user_model.reduce((sum, m) => sum + (m.drop_off_by_step.at(-1)?.reached ?? 0), 0);
    const printed = /(\d+\.\d)% completed the task \((\d+) of (\d+)\)/.exec(synthesis);
    expect(printed).not.toBeNull();
    expect(Number(printed?.[2])).toBe(succeeded);
    expect(Number(printed?.[3])).toBe(results.sessions);
    expect(matches(printed?.[1] ?? "", succeeded / results.sessions)).toBe(true);
  });
});

describe("roundSynthesis", () => {
  const research = researchResults({ id: "round-research", inputs: {} }, researchPlan, models, 4);
  const secondResearch = researchResults({ id: "round-research-2", inputs: {} }, researchPlan, models.slice(1), 4);
  const journey = journeyResults({ id: "round-journey" }, journeyPlan, models, 4);
  const simulations = [
    { title: "Cup concept A", mode: "research" as const, results: research as unknown as Record<string, unknown> },
    {
      title: "Cup concept B",
      mode: "research" as const,
      results: secondResearch as unknown as Record<string, unknown>,
    },
    { title: "Cup checkout journey", mode: "journey" as const, results: journey as unknown as Record<string, unknown> },
  ];
  const text = roundSynthesis({ number: 3 }, simulations);

  it("should never say a round ran on one user model when its simulations ran on different ones", () => {
    // Questions that rank no user model (as a custom survey's may) leave only the simulations' own user models to go by.
    const unranked = (results: ResearchResults) =>
      ({ ...results, questions: [] }) as unknown as Record<string, unknown>;
    const round = roundSynthesis({ number: 4 }, [
      { title: "Survey A", mode: "research", results: unranked(research), user_model_ids: [models[0]?.id ?? ""] },
      { title: "Survey B", mode: "research", results: unranked(research), user_model_ids: [models[1]?.id ?? ""] },
    ]);
    expect(round).not.toContain("ran on the same user model");
    expect(round).toContain("a user model of its own");
  });

  /** The bullet naming a simulation. */
  const lineOf = (title: string) => text.split("\n").find((line) => line.startsWith(`- **${title}**`)) ?? "";

  it("should name every completed simulation and quote its own numbers", () => {
    for (const [title, results] of [
      ["Cup concept A", research],
      ["Cup concept B", secondResearch],
    ] as Array<[string, ResearchResults]>) {
      const line = lineOf(title);
      expect(line, title).not.toBe("");
      expect(line).toContain(`${results.respondents} respondents`);
      // It leads with the same finding as the simulation's own report.
      const finding = researchFinding({ goal: "custom_survey", inputs: {} }, results);
      expect(line).toContain(finding?.headline);
      const allowed = results.questions.flatMap(legitimate);
      const printed = percentsIn(line);
      expect(printed.length).toBeGreaterThan(0);
      for (const p of printed)
        expect(
          allowed.some((f) => matches(p, f)),
          `${title}: ${p}%`,
        ).toBe(true);
    }
    const line = lineOf("Cup checkout journey");
    const journeyResultsTyped = journey as JourneyResults;
    const succeeded = journeyResultsTyped.by_user_model.reduce(
      (s, m) => s + (m.drop_off_by_step.at(-1)?.reached ?? 0),
      0,
    );
    const rates = [
      succeeded / journeyResultsTyped.sessions,
      ...journeyResultsTyped.by_user_model.map((m) => m.task_success_rate),
    ];
    const printed = percentsIn(line);
    expect(printed.length).toBeGreaterThan(0);
    expect(matches(printed[0] as string, succeeded / journeyResultsTyped.sessions)).toBe(true);
    for (const p of printed)
      expect(
        rates.some((f) => matches(p, f)),
        `journey: ${p}%`,
      ).toBe(true);
  });

  it("should compare the simulations and say what to do next", () => {
    expect(text).toContain("### Where they agree and differ");
    expect(text).toContain("### Next steps");
    const next = text.slice(text.indexOf("### Next steps"));
    for (const s of simulations) expect(next).toContain(s.title);
  });

  it("should not call a first look at a page a journey people failed to complete", () => {
    const look = firstLookPlan();
    let compared = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const interest = researchResults({ id: `interest-${seed}`, inputs: {} }, researchPlan, models, seed);
      const roundWith = (title: string, results: JourneyResults) =>
        roundSynthesis({ number: 2 }, [
          { title: "Cup concept", mode: "research", results: interest as unknown as Record<string, unknown> },
          { title, mode: "journey", results: results as unknown as Record<string, unknown> },
        ]);
      const walk = journeyResults({ id: `walk-${seed}` }, journeyPlan, models, seed);
      if (/journey may waste demand|The journey works/.test(roundWith("Cup checkout", walk))) compared++;
      const firstLook = journeyResults({ id: `look-${seed}`, goal: "first_impression" }, look, models, seed);
      expect(roundWith("Flex first look", firstLook)).not.toMatch(/completed Flex first look/);
    }
    // A walk of the same rounds is compared with the research: the check above is not empty.
    expect(compared).toBeGreaterThan(0);
  });

  it("should leave out simulations without results and be deterministic", () => {
    const withPending = roundSynthesis({ number: 3 }, [
      ...simulations,
      { title: "Cup concept C", mode: "research", results: null },
    ]);
    expect(withPending).not.toContain("Cup concept C");
    expect(roundSynthesis({ number: 3 }, simulations)).toBe(text);
  });
});

describe("a round synthesis over one user model", () => {
  const one = models.slice(0, 1);
  const journeys = [1, 2].map((n) => ({
    title: `Can users do task ${n}?`,
    mode: "journey" as const,
    results: journeyResults({ id: `one-model-${n}` }, journeyPlan, one, 4) as unknown as Record<string, unknown>,
  }));
  const text = roundSynthesis({ number: 1 }, journeys);

  it("should not look for differences between user models, and name a change to make rather than a step to 'fix'", () => {
    expect(text).not.toMatch(/No user model leads or trails/);
    expect(text).toContain("the same user model");
    expect(text).not.toMatch(/: fix "/);
  });
});

describe("advice on a concept whose appeal is a close call", () => {
  /** A concept test's results with one appeal question: `share` of `n` respondents quite or very appealing. */
  function conceptResults(share: number, n: number): ResearchResults {
    const top = share / 2;
    const rest = (1 - share) / 3;
    const appeal = {
      "Not at all appealing": rest,
      "Not very appealing": rest,
      "Neither appealing nor unappealing": rest,
      "Quite appealing": top,
      "Very appealing": top,
    };
    return {
      respondents: n,
      segments: [{ user_model_id: "m1", name: "UK adults", respondents: n }],
      questions: [
        {
          variable_name: "appeal",
          question_text: "How appealing is the pay-as-you-go gym pass?",
          question_type: "single_choice",
          answer_options: [...SCALES.appeal],
          overall: appeal,
          by_user_model: { m1: appeal },
          insight: "",
        },
      ],
    };
  }
  const concept = { goal: "concept_test", inputs: { concept: "A gym pass", product_name: "FlexGym" } };
  const planWith = (hypothesis: string): Plan => ({
    question_text: "Is FlexGym appealing?",
    hypothesis_text: hypothesis,
    journey_task: null,
    survey_questions: [q("How appealing is the pay-as-you-go gym pass?", [...SCALES.appeal], "appeal")],
  });
  const recommendationsOf = (markdown: string) => markdown.split("## Recommendations")[1] ?? "";

  it("should not advise reworking a concept whose appeal is too close to half to call", () => {
    const results = conceptResults(0.481, 310);
    const markdown = researchReport(
      "Gym pass",
      planWith("At least 50% of respondents rate FlexGym quite or very appealing."),
      results,
      concept,
    );
    const advice = recommendationsOf(markdown);
    expect(advice).toMatch(/larger sample/);
    expect(advice).not.toMatch(/Rework/);
    // One line of advice for one number.
    expect(advice.split("\n").filter((line) => line.includes("48.1%"))).toHaveLength(1);
  });

  it("should give one line of advice when the hypothesis's threshold is not half but its claim is a close call", () => {
    const results = conceptResults(0.42, 600);
    const markdown = researchReport(
      "Gym pass",
      planWith("At least 45% of respondents rate FlexGym quite or very appealing."),
      results,
      concept,
    );
    const advice = recommendationsOf(markdown);
    expect(advice).toMatch(/Too close to call/);
    expect(advice).not.toMatch(/Rework/);
    expect(advice.split("\n").filter((line) => line.includes("42.0%"))).toHaveLength(1);
  });

  it("should still advise reworking a concept clearly under half, and taking forward one clearly over", () => {
    const low = researchReport("Gym pass", planWith("People like it."), conceptResults(0.3, 600), concept);
    expect(recommendationsOf(low)).toMatch(/Rework the proposition/);
    const high = researchReport("Gym pass", planWith("People like it."), conceptResults(0.7, 600), concept);
    expect(recommendationsOf(high)).toMatch(/Take FlexGym forward/);
  });
});
