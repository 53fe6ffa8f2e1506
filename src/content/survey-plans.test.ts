import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { UserModelRecord } from "../store/records.js";
import { GROCERY_SURVEY } from "./__fixtures__/grocery-survey.js";
import { defaultFixturesDir } from "./fixture-files.js";
import { findGoal, loadGoals } from "./goals.js";
import { judgeResearchHypothesis } from "./hypotheses.js";
import { generatePlan } from "./plans.js";
import { claimOf } from "./proposed.js";
import { researchResults } from "./results.js";

const populations = JSON.parse(readFileSync(new URL("../../fixtures/populations.json", import.meta.url), "utf8"))
  .populations as UserModelRecord[];
const goals = loadGoals(defaultFixturesDir());
const customSurvey = findGoal(goals, "research", "custom_survey");

/** Questions a UX researcher writes without options, in several fields. */
const CUSTOM_QUESTIONS = [
  ...GROCERY_SURVEY,
  "How easy was it to set up your account?",
  "Why did you stop donating monthly?",
  "How satisfied are you with your current time-tracking tool?",
  "Which do you prefer: monthly or yearly billing?",
  "How likely are you to switch banks in the next year?",
  "What is your age?",
];

describe("the research question and hypothesis of a design of custom questions", () => {
  it("should ask and claim only about the questions the design asks, so the verdict never says the plan did not ask", () => {
    if (!customSurvey) throw new Error("no custom_survey goal");
    const models = populations.slice(0, 2);
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...CUSTOM_QUESTIONS), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 0, max: 50 }),
        (questions, n) => {
          const simulation = {
            id: `sim-${n}`,
            mode: "research" as const,
            inputs: { objective: "Grocery shopping habits in the UK" },
            survey_design: { custom_questions: questions.map((question_text) => ({ question_text })) },
          };
          const { plan } = generatePlan(simulation, customSurvey, undefined, 1, { models });
          const asked = (plan.survey_questions ?? []).map((q) => q.question_text);
          // The research question names one of the questions asked, and no theme none of them asks about.
          expect(
            asked.some((q) => plan.question_text?.includes(q.replace(/"/g, "'"))),
            plan.question_text ?? "",
          ).toBe(true);
          if (!asked.some((q) => /satisf/i.test(q))) expect(plan.question_text).not.toMatch(/satisf/i);
          if (!asked.some((q) => /matters?|value most|drive/i.test(q)))
            expect(plan.question_text).not.toMatch(/drives/i);
          if (plan.hypothesis_text === null) return;
          expect(
            asked.some((q) => plan.hypothesis_text?.includes(`"${q}"`)),
            plan.hypothesis_text,
          ).toBe(true);
          const results = researchResults(simulation, plan, models, 1);
          const verdict = judgeResearchHypothesis(
            plan.hypothesis_text,
            { goal: "custom_survey", inputs: simulation.inputs, designed: true },
            results,
          );
          for (const claim of verdict.claims)
            expect(claim.evidence, plan.hypothesis_text).not.toMatch(/the plan did not ask|states no threshold/);
        },
      ),
      { numRuns: 120 },
    );
    // 120 plans, answers and verdicts take 11 s alone; beside the other content files on two shared cores, more.
  }, 60_000);

  it("should write a checkable hypothesis for the grocery survey, about a question it asks", () => {
    if (!customSurvey) throw new Error("no custom_survey goal");
    const { plan } = generatePlan(
      {
        id: "sim-1",
        mode: "research",
        inputs: { objective: "Grocery shopping habits in the UK" },
        survey_design: { custom_questions: CUSTOM_QUESTIONS.slice(0, 12).map((question_text) => ({ question_text })) },
      },
      customSurvey,
      undefined,
      1,
      { models: populations.slice(4, 5) },
    );
    expect(claimOf(plan.hypothesis_text as string)).toBe(
      'At least half of respondents answer "Yes" to "Would you recommend Basketful to a friend?"',
    );
    expect(plan.question_text).toBe(
      'What do people answer to "Which supermarket do you shop at most often?" and the 11 other questions asked, and where do the user models differ?',
    );
  });
});

describe("a custom survey's plan, from its objective", () => {
  /** Objectives of several fields, with words their reasons' themes must (and must not) use. */
  const OBJECTIVES: Array<{ objective: string; reasons?: RegExp; foreign?: RegExp }> = [
    {
      objective: "Understand why UK shoppers abandon grocery app onboarding",
      reasons: /deliver to my area|account first|before showing prices/i,
      foreign: /^(?:price or value|quality|did not use it enough)$/i,
    },
    {
      objective: "Why do people stop donating to charities monthly?",
      reasons: /money|cause|give/i,
      foreign: /did not use it enough|more hassle than expected|found something better/i,
    },
    {
      objective: "Find out why small agencies stop using their time-tracking tool",
      reasons: /feature|tool|team/i,
      foreign: /did not use it enough|freshness/i,
    },
    { objective: "Why people switch banks", reasons: /fees|rate|service/i, foreign: /^(?:price or value|quality)$/i },
    { objective: "How do small agencies choose a time-tracking tool?" },
    { objective: "Understand how UK families plan their weekly food shop" },
    { objective: "Grocery shopping habits in the UK" },
    { objective: "How do people decide which charity to give to?" },
    { objective: "Learn how freelancers pick accounting software" },
  ];

  it("should name the survey's subject in every question it writes, and code reasons into the objective's own themes", () => {
    if (!customSurvey) throw new Error("no custom_survey goal");
    fc.assert(
      fc.property(fc.constantFrom(...OBJECTIVES), fc.integer({ min: 1, max: 40 }), (entry, seed) => {
        const { plan } = generatePlan(
          { id: `sim-${seed}`, mode: "research", inputs: { objective: entry.objective }, survey_design: null },
          customSurvey,
          undefined,
          seed,
        );
        const questions = plan.survey_questions ?? [];
        for (const q of questions) {
          // "How often does this come up for you?", "a new way of doing this": "this" must point at something said.
          const text = q.question_text.replace(/^This survey is about [^.]+\. /, "");
          expect(text, entry.objective).not.toMatch(/\bthis\b(?! survey)|\bthis choice\b|\bdoing this\b/i);
          expect(text, entry.objective).not.toMatch(/\bnew way of (?!\w+ing\b)/);
        }
        const reason = questions.find((q) => q.variable_name === "main_reason");
        if (entry.reasons) {
          const options = reason?.answer_options ?? [];
          expect(
            options.some((o) => entry.reasons?.test(o)),
            `${entry.objective}: ${options.join(" | ")}`,
          ).toBe(true);
          expect(
            options.filter((o) => entry.foreign?.test(o)),
            entry.objective,
          ).toEqual([]);
        }
        // Questions after the first that state the subject name it again, in the same words.
        const subjects = questions
          .map((q) => /^When it comes to (.+?), /.exec(q.question_text)?.[1])
          .filter((s): s is string => s !== undefined);
        expect(subjects.length, entry.objective).toBeGreaterThanOrEqual(2);
        expect(new Set(subjects).size, entry.objective).toBe(1);
        expect(subjects[0]).not.toMatch(/\bpeople\b|\bthey\b|\btheir\b/);
      }),
      { numRuns: 150 },
    );
  });
});

describe("an item set about a stimulus", () => {
  it("should lead with the stimulus, keep each item after ': ', and judge the claim about the items", () => {
    const conceptTest = findGoal(goals, "research", "concept_test");
    if (!conceptTest) throw new Error("no concept_test goal");
    const models = populations.slice(0, 1);
    const items = ["automatic saving of spare change", "no monthly fee", "a savings goal tracker"];
    const simulation = {
      id: "sim-1",
      mode: "research" as const,
      inputs: { concept: "A savings account that rounds up card payments" },
      survey_design: { stimulus: "the Round-up account", item_sets: [{ ask: "How appealing do you find", items }] },
    };
    const { plan } = generatePlan(simulation, conceptTest, undefined, 1, { models });
    expect((plan.survey_questions ?? []).map((q) => q.question_text)).toEqual(
      items.map((item) => `Thinking about the Round-up account, how appealing do you find: ${item}?`),
    );
    const results = researchResults(simulation, plan, models, 1);
    const verdict = judgeResearchHypothesis(
      plan.hypothesis_text as string,
      { goal: "concept_test", inputs: simulation.inputs, designed: true },
      results,
    );
    expect(verdict.claims[0]?.claim).toBe(
      "One of the 3 items asked about for the Round-up account is rated clearly more favourably than the others",
    );
    expect(verdict.claims[0]?.evidence).not.toMatch(/did not ask/);
  });
});

describe("respondent-facing text of an objective-only custom survey", () => {
  const PREFIXES = ["", "We want to understand ", "Understand ", "Our goal is to learn ", "I'd like to find out "];
  const CLAUSES = [
    "why did people cancel their monthly direct debit to a charity",
    "why do dog owners choose raw food over kibble",
    "why German tradespeople still send paper invoices",
    "why people who started a free trial of our meditation app stopped opening it after the second week, whether it was because the sessions were too long, because the reminders came at the wrong time of day, or because life simply got in the way",
    "how families plan their weekly food shop",
    "loyalty card usage at discount supermarkets",
    "comment les agriculteurs choisissent-ils leurs semences",
    "wie Handwerker ihre Rechnungen schreiben",
    "why",
  ];

  it("should never paste the objective, brief wording or a seam into a question, and ask why when it is a why", () => {
    if (!customSurvey) throw new Error("no custom_survey goal");
    fc.assert(
      fc.property(
        fc.constantFrom(...PREFIXES),
        fc.constantFrom(...CLAUSES),
        fc.constantFrom("?", "", "."),
        fc.integer({ min: 1, max: 30 }),
        (prefix, clause, end, seed) => {
          const objective = `${prefix}${prefix ? clause : clause.charAt(0).toUpperCase() + clause.slice(1)}${end}`;
          const { plan } = generatePlan(
            { id: `sim-${seed}`, mode: "research", inputs: { objective }, survey_design: null },
            customSurvey,
            undefined,
            seed,
          );
          const questions = plan.survey_questions ?? [];
          const shown = questions.flatMap((q) => [q.question_text, ...(q.answer_options ?? [])]);
          for (const text of shown) {
            // A short noun phrase ("loyalty card usage at discount supermarkets") is the subject as written.
            if (/^(?:why|how|comment|wie)\b/i.test(clause)) expect(text, objective).not.toContain(clause);
            expect(text, objective).not.toMatch(
              /This survey is about|subject of this survey|\bwe want\b|\bour\b|\breasons? (?:did|do|does)\b|\bwhy did\b|\s[,.?]/i,
            );
            // Nothing of another language spliced into English: no French or German function words.
            // The brief's own phrase may be quoted, as the client wrote it.
            expect(text.replace(/"[^"]*"/g, ""), objective).not.toMatch(/\b(?:les|leurs|ihre|wie)\b/i);
          }
          if (/^why \w+ \w+/i.test(clause)) {
            const open = questions.find((q) => q.question_type === "open_text");
            expect(open?.question_text, objective).toMatch(/^In your own words, what (?:is|was) the main reason you /);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("a custom survey's hypothesis follows what its objective asks", () => {
  const models = populations.slice(0, 2);
  const planned = (objective: string, id: string) => {
    if (!customSurvey) throw new Error("no custom_survey goal");
    const simulation = { id, mode: "research" as const, inputs: { objective }, survey_design: null };
    return generatePlan(simulation, customSurvey, undefined, 1, { models }).plan;
  };
  /** The hypothesis with its quoted parts and numbers taken out: the template it was written from. */
  const template = (hypothesis: string) => hypothesis.replace(/"[^"]*"/g, '"…"').replace(/\d+%|half|a third/g, "N");
  const OBJECTIVES = [
    "How satisfied are gym members with their gym?",
    "Switching to a new energy supplier",
    "Where do parents look for advice on baby products?",
    "How much do students spend on textbooks?",
    "How important is sustainability when buying clothes?",
    "Why do people cancel their gym membership?",
  ];

  it("should not write every objective's hypothesis from one template", () => {
    const templates = new Set<string>();
    for (const [i, objective] of OBJECTIVES.entries()) {
      for (const id of ["a", "b", "c"])
        templates.add(template(planned(objective, `sim-${i}-${id}`).hypothesis_text ?? ""));
    }
    expect(templates.size, [...templates].join("\n")).toBeGreaterThanOrEqual(5);
  });

  it.each(OBJECTIVES)("should claim what %s asks about, in a claim the results can settle", (objective) => {
    for (const id of ["a", "b", "c", "d"]) {
      const plan = planned(objective, `sim-${id}`);
      const hypothesis = plan.hypothesis_text as string;
      if (/satisf/i.test(objective)) expect(hypothesis).toMatch(/satisfied/);
      if (/switch/i.test(objective)) expect(hypothesis).toMatch(/try something new|switch to something new/);
      if (/advice/i.test(objective)) expect(hypothesis).toMatch(/advice/);
      if (/spend/i.test(objective)) expect(hypothesis).toMatch(/"(?:Price|Cost)[^"]*" is the main driver/);
      if (/important/i.test(objective)) expect(hypothesis).toMatch(/important/);
      const results = researchResults({ id: `sim-${id}`, inputs: { objective } }, plan, models, 1);
      const verdict = judgeResearchHypothesis(hypothesis, { goal: "custom_survey", inputs: { objective } }, results);
      for (const claim of verdict.claims)
        expect(claim.evidence, hypothesis).not.toMatch(/the plan did not ask|states no threshold|were not read/);
    }
  });
});
