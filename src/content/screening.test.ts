import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { UserModelRecord } from "../store/records.js";
import { defaultFixturesDir } from "./fixture-files.js";
import { findGoal, loadGoals } from "./goals.js";
import { generatePlan } from "./plans.js";
import { researchReport } from "./reports.js";
import { type QuestionResult, researchResults } from "./results.js";

/**
 * A product that concerns only some people: a CNC maintenance tool asked of the general
 * public, nappies of all adults. A business tool's buyers are not screened for, so the people it does not concern
 * answer like people outside the market (hardly any relevance, appeal or intent), and the report says who it concerns
 * and that nobody was screened out; nappies are screened for (`concern.ts`), and only those with a young child answer.
 */
const goals = loadGoals(defaultFixturesDir());
const populations = JSON.parse(readFileSync(new URL("../../fixtures/populations.json", import.meta.url), "utf8"))
  .populations as UserModelRecord[];
const model = (name: string) => populations.find((p) => p.name.startsWith(name)) as UserModelRecord;

function conceptTest(inputs: Record<string, unknown>, models: UserModelRecord[], id: string) {
  const goal = findGoal(goals, "research", "concept_test");
  if (!goal) throw new Error("no concept_test goal");
  const { plan } = generatePlan({ id, mode: "research", inputs, survey_design: null }, goal, undefined, 1, { models });
  const results = researchResults({ id, inputs }, plan, models, 1);
  return { results, markdown: researchReport("Concept", plan, results, { goal: "concept_test", inputs }) };
}

const topTwo = (q: QuestionResult | undefined, id: string) =>
  (q?.answer_options.slice(-2) ?? []).reduce((sum, o) => sum + (q?.by_user_model[id]?.[o] ?? 0), 0);

const CNC = {
  concept:
    "Torqly listens to the vibration of every CNC spindle on your floor and texts your maintenance lead up to 3 weeks before a bearing fails.",
  product_name: "Torqly Spindle Guard",
  price_point: "$450 per machine per year",
};
const NAPPIES = {
  concept: "A reusable nappy subscription: we drop off clean cloth nappies every week and collect the dirty ones.",
  product_name: "NappyLoop",
  price_point: "£14.99 a week",
};

describe("a product that concerns only some of the people asked", () => {
  it.each(["s1", "s2", "s3"])("should leave a business tool hardly any appeal or intent among consumers (%s)", (id) => {
    const buyers = model("US IT decision makers");
    const publicModel = model("US adults");
    const { results } = conceptTest(CNC, [buyers, publicModel], id);
    const byName = (name: string) => results.questions.find((q) => q.variable_name === name);
    expect(topTwo(byName("purchase_intent"), publicModel.id)).toBeLessThan(0.05);
    expect(topTwo(byName("appeal"), publicModel.id)).toBeLessThan(0.2);
    expect(topTwo(byName("appeal"), buyers.id)).toBeGreaterThan(topTwo(byName("appeal"), publicModel.id) + 0.3);
  });

  it("should screen all adults for a young child, and put the rest only to the few who have one", () => {
    const adults = model("UK adults");
    const { results, markdown } = conceptTest(NAPPIES, [adults], "n1");
    const [screener, next] = results.questions;
    expect(screener?.variable_name).toBe("screener");
    const yes = screener?.by_user_model[adults.id]?.Yes ?? 1;
    expect(yes).toBeLessThan(0.15);
    // The next question's base is the qualified few: its shares are whole counts of them.
    const base = Math.round(yes * (results.segments[0]?.respondents ?? 0));
    for (const share of Object.values(next?.by_user_model[adults.id] ?? {}))
      expect(Math.abs(share * base - Math.round(share * base))).toBeLessThan(1e-6);
    expect(markdown.split("## Method")[1]?.split("## Results")[0]).toMatch(/screened out/);
  });

  it("should say in the report whom it concerns and that nobody was screened out", () => {
    const publicModel = model("US adults");
    const { markdown } = conceptTest(CNC, [model("US IT decision makers"), publicModel], "s1");
    const method = markdown.split("## Method")[1]?.split("## Results")[0] ?? "";
    expect(method).toMatch(/screen/i);
    expect(method).toContain(publicModel.name);
    expect(method).not.toContain("US IT decision makers find");
    // A study whose product concerns everyone asked gets no such note.
    const everyone = conceptTest({ concept: "A phone app that plans your weekly meals" }, [model("UK adults")], "m1");
    expect(everyone.markdown.split("## Method")[1]?.split("## Results")[0]).not.toMatch(/screen/i);
  });
});
