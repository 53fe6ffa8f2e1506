import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { UserModelRecord } from "../store/records.js";
import { GROCERY_SURVEY } from "./__fixtures__/grocery-survey.js";
import { researchFinding } from "./findings.js";
import { defaultFixturesDir } from "./fixture-files.js";
import { findGoal, loadGoals } from "./goals.js";
import { generatePlan } from "./plans.js";
import { isAboutThePerson, readQuestion } from "./question-kinds.js";
import { NEUTRAL_CODING } from "./question-subjects.js";
import { researchResults } from "./results.js";

const populations = JSON.parse(readFileSync(new URL("../../fixtures/populations.json", import.meta.url), "utf8"))
  .populations as UserModelRecord[];
const byName = (name: string) => populations.find((p) => p.name.startsWith(name)) as UserModelRecord;
const goals = loadGoals(defaultFixturesDir());

/** Options that say how people answered, not what they answered: never the options of a question about a named thing. */
const ANSWER_META =
  /^(?:one clear answer|more than one answer|named one|named more than one|don't know or can't remember)$/i;
/** Themes of reasons and choices, which are no names of banks, apps or payment methods. */
const THEMES = /^(?:price or value|quality|convenience or time|too expensive|did not use it enough|the price)$/i;

/** Kinds of things people name, with how a question writer asks for them and what a named answer looks like. */
const NAMED: Array<{ domain: string; subject: string; countries: string[]; expect: RegExp }> = [
  { domain: "banking", subject: "bank", countries: ["GB"], expect: /^Barclays$/ },
  { domain: "banking", subject: "bank", countries: ["US"], expect: /^Chase$/ },
  { domain: "banking", subject: "bank", countries: ["DE"], expect: /^Sparkasse$/ },
  { domain: "grocery", subject: "grocery delivery app", countries: ["GB"], expect: /^Ocado$/ },
  { domain: "grocery", subject: "online grocery service", countries: ["US"], expect: /^Instacart$/ },
  { domain: "shopping", subject: "payment method", countries: ["GB"], expect: /^PayPal$/ },
  { domain: "charity", subject: "charity", countries: ["GB"], expect: /charity$/ },
  { domain: "media", subject: "streaming service", countries: ["GB"], expect: /^Netflix$/ },
  { domain: "telecoms", subject: "mobile network", countries: ["GB"], expect: /^EE$/ },
  { domain: "telecoms", subject: "broadband provider", countries: ["US"], expect: /^Xfinity$/ },
  { domain: "SaaS", subject: "time-tracking tool", countries: ["GB"], expect: /^Toggl Track$/ },
  { domain: "SaaS", subject: "accounting software", countries: ["DE"], expect: /^DATEV$/ },
  { domain: "SaaS", subject: "project management tool", countries: ["US"], expect: /^Asana$/ },
  { domain: "food", subject: "meal", countries: ["GB"], expect: /^Pasta or noodles$/ },
];

const plural = (noun: string) =>
  /software$/.test(noun)
    ? noun
    : /[^aeiou]y$/.test(noun)
      ? `${noun.slice(0, -1)}ies`
      : /(?:s|sh|ch|x)$/.test(noun)
        ? `${noun}es`
        : `${noun}s`;

const ASKS = [
  (s: string) => `Which ${s} do you use now?`,
  (s: string) => `Which ${s} do you use most often?`,
  (s: string) => `Which ${s} did you use last?`,
  (s: string) => `Which ${plural(s)} have you used in the last year?`,
  (s: string) => `Which ${s} would you choose today?`,
  (s: string) => `Which ${s} do you trust most?`,
  (s: string) => `What is your favourite ${s}?`,
  (s: string) => `What is your main ${s}?`,
  (s: string) => `What kind of ${s} do you have?`,
];

describe("options for a question that asks for a name", () => {
  it("should list the usual names of what a 'which X' question asks for, never how people answered", () => {
    fc.assert(
      fc.property(fc.constantFrom(...NAMED), fc.constantFrom(...ASKS), (named, ask) => {
        const text = ask(named.subject);
        const reading = readQuestion(text, { countries: named.countries });
        const shown = `${text} → ${reading.options.join(" | ")}`;
        expect(
          reading.options.some((o) => named.expect.test(o)),
          shown,
        ).toBe(true);
        expect(
          reading.options.filter((o) => ANSWER_META.test(o) || THEMES.test(o)),
          shown,
        ).toEqual([]);
        expect(reading.options.length, shown).toBeGreaterThanOrEqual(3);
        expect(reading.options.length, shown).toBeLessThanOrEqual(6);
        expect(new Set(reading.options.map((o) => o.toLowerCase())).size, shown).toBe(reading.options.length);
        // A name is a fact about the person: never a report's finding.
        expect(isAboutThePerson(text), shown).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("should never give one country's banks to another's people", () => {
    expect(readQuestion("Which bank do you use now?", { countries: ["FR"] }).options).toEqual([...NEUTRAL_CODING]);
    expect(readQuestion("Which bank do you use now?", { countries: ["FR", "DE"] }).options[0]).toBe("Sparkasse");
  });

  it("should code a name no list knows neutrally, as a fact a report never leads with", () => {
    const unknown = ["podcast", "newspaper", "radio station", "gym", "holiday destination", "football team"];
    fc.assert(
      fc.property(fc.constantFrom(...unknown), fc.constantFrom(...ASKS.slice(0, 5)), (subject, ask) => {
        const text = ask(subject);
        const reading = readQuestion(text);
        expect(reading.options, text).toEqual([...NEUTRAL_CODING]);
        expect(reading.question_type).toBe("open_text");
        expect(isAboutThePerson(text), text).toBe(true);
      }),
    );
  });

  it("should give what matters in the field a 'which of these do you value most' question names", () => {
    const cases: Array<[string, RegExp]> = [
      ["Which of these do you value most in a delivery slot?", /delivery (?:charge|window)/i],
      ["Which of these matters most to you when choosing a bank?", /fees/i],
      ["Which of these matters most when your agency chooses a time-tracking tool?", /ease of use/i],
      ["Which of these do you care about most when you give to a charity?", /cause/i],
      ["Which of these matters most to you in your weekly grocery shop?", /freshness/i],
    ];
    for (const [text, expected] of cases) {
      const options = readQuestion(text).options;
      expect(
        options.some((o) => expected.test(o)),
        `${text} → ${options.join(" | ")}`,
      ).toBe(true);
      expect(options.filter((o) => ANSWER_META.test(o))).toEqual([]);
    }
  });

  it("should code reasons into the themes of the question's own field and intent", () => {
    const cases: Array<[string, RegExp, RegExp]> = [
      ["What stops you from ordering groceries online?", /delivery|choose items/i, /did not use it|cancel/i],
      ["Why did you stop donating to charity monthly?", /money|cause/i, /did not use it|hassle than expected/i],
      ["Why do people abandon grocery app onboarding?", /deliver to my area|account first/i, /did not use it/i],
      ["Why did your team stop using the time-tracking tool?", /feature|tool/i, /did not use it enough/i],
      ["What puts you off switching banks?", /switching|happy with/i, /did not use it/i],
      ["Why did you cancel your streaming subscription?", /too expensive/i, /charity|deliver/i],
      ["Why did you choose your current bank?", /fees|app/i, /saves time/i],
    ];
    for (const [text, expected, foreign] of cases) {
      const options = readQuestion(text).options;
      const shown = `${text} → ${options.join(" | ")}`;
      expect(
        options.some((o) => expected.test(o)),
        shown,
      ).toBe(true);
      expect(
        options.filter((o) => foreign.test(o)),
        shown,
      ).toEqual([]);
    }
  });

  it("should band a week's food shop from under 25 to 150 or more, and a month's at about four times that", () => {
    const periods = ["in a typical week", "each week", "a week", "per week", "in an average week", "weekly"];
    fc.assert(
      fc.property(fc.constantFrom(...periods), fc.constantFrom("GBP", "EUR", "USD"), (period, currency) => {
        const options = readQuestion(`How much do you spend on groceries ${period}?`, { currency }).options;
        expect(options, period).not.toContain("Nothing");
        expect(options.at(-1), period).toMatch(/150 or more$/);
      }),
    );
    const month = readQuestion("How much do you spend on groceries in a typical month?").options;
    expect(month.at(-1)).toBe("£750 or more");
  });

  it("should never lead a custom survey's report with a name or its coding (the grocery survey)", () => {
    const questions = GROCERY_SURVEY;
    const goal = findGoal(goals, "research", "custom_survey");
    if (!goal) throw new Error("no custom_survey goal");
    const models = [byName("UK main grocery shoppers")];
    for (let i = 0; i < 20; i++) {
      const simulation = {
        id: `sim-${i}`,
        mode: "research" as const,
        inputs: { objective: "Grocery shopping habits in the UK" },
        survey_design: { custom_questions: questions.map((question_text) => ({ question_text })) },
      };
      const { plan } = generatePlan(simulation, goal, undefined, 1, { models });
      for (const q of plan.survey_questions ?? [])
        expect(
          (q.answer_options ?? []).filter((o) => ANSWER_META.test(o)),
          q.question_text,
        ).toEqual([]);
      const results = researchResults(simulation, plan, models, 1);
      const finding = researchFinding({ goal: "custom_survey", inputs: simulation.inputs, designed: true }, results);
      const lead = finding?.question?.question_text ?? "";
      expect(isAboutThePerson(lead), `${simulation.id}: ${finding?.headline}`).toBe(false);
      expect(finding?.headline).not.toMatch(/"Named |One clear answer|More than one answer/);
    }
  });
});
