import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { UserModelRecord } from "../store/records.js";
import { defaultFixturesDir } from "./fixture-files.js";
import { findGoal, loadGoals } from "./goals.js";
import { judgeResearchHypothesis } from "./hypotheses.js";
import { generatePlan } from "./plans.js";
import { researchReport } from "./reports.js";
import { researchResults } from "./results.js";
import { priceInEnglish } from "./segments.js";

const populations = JSON.parse(readFileSync(new URL("../../fixtures/populations.json", import.meta.url), "utf8"))
  .populations as UserModelRecord[];
const goals = loadGoals(defaultFixturesDir());
const goal = (id: string) => {
  const found = findGoal(goals, "research", id);
  if (!found) throw new Error(id);
  return found;
};
const languagesOf = (models: UserModelRecord[]) =>
  models.map((m) => ({ name: m.name, language: String(m.metadata.language ?? "") }));

describe("a German concept put to German owners", () => {
  const german = populations.filter((p) => p.metadata.language === "de-DE");
  const inputs = {
    concept:
      "Nordbank Steuerkonto: Ein Unterkonto, das automatisch 30 % jeder Zahlung für die Steuer zurücklegt und die Vorauszahlungen pünktlich überweist.",
    price_point: "4,90 € pro Monat",
  };

  it("should write a price the English way in English questions and judge the hypothesis at it", () => {
    const simulation = { id: "sim-1", mode: "research" as const, inputs, survey_design: null };
    const { plan } = generatePlan(simulation, goal("concept_test"), undefined, 1, { models: german });
    const texts = (plan.survey_questions ?? []).map((q) => q.question_text).join("\n");
    expect(texts).not.toMatch(/pro Monat/);
    expect(texts).toMatch(/cost €4\.90 a month, how likely/);
    const results = researchResults(simulation, plan, german, 1);
    const verdict = judgeResearchHypothesis(plan.hypothesis_text as string, { goal: "concept_test", inputs }, results);
    expect(verdict.claims.map((c) => c.evidence).join("\n")).not.toMatch(/did not ask|states no threshold/);
  });

  it("should say in the report's method that the questions were English and the user model speaks German", () => {
    const simulation = { id: "sim-1", mode: "research" as const, inputs, survey_design: null };
    const { plan } = generatePlan(simulation, goal("concept_test"), undefined, 1, { models: german });
    const results = researchResults(simulation, plan, german, 1);
    const study = { goal: "concept_test", inputs, languages: languagesOf(german) };
    const report = researchReport("Concept test: Nordbank Steuerkonto", plan, results, study);
    const method = report.slice(report.indexOf("## Method"), report.indexOf("## Results"));
    expect(method).toMatch(/written in English/);
    expect(method).toMatch(/German small-business owners \(German, de-DE\) speak another language/);
    const english = populations.filter((p) => String(p.metadata.language).startsWith("en")).slice(0, 2);
    const plain = researchReport("t", plan, results, { ...study, languages: languagesOf(english) });
    expect(plain).not.toMatch(/written in English/);
  });

  it("should read prices written the German, French or English way", () => {
    const cases: Array<[string, string]> = [
      ["4,90 € pro Monat", "€4.90 a month"],
      ["12 EUR/Jahr", "€12 a year"],
      ["9,99 € par mois", "€9.99 a month"],
      ["4,90 €", "€4.90"],
      ["£5.49 a month", "£5.49 a month"],
      ["$12 per seat", "$12 per seat"],
    ];
    for (const [given, english] of cases) expect(priceInEnglish(given)).toBe(english);
  });

  it("should close a name's own comma before the sentence goes on, in every pricing question", () => {
    const names = fc
      .tuple(
        fc.constantFrom("Kontor Team", "Weeknight Flex", "Round-up account", "Acme Pro"),
        fc.constantFrom("billed yearly", "2 people", "3 recipes", "for teams"),
      )
      .map(([name, detail]) => `${name}, ${detail}`);
    fc.assert(
      fc.property(names, fc.integer({ min: 1, max: 30 }), (product, seed) => {
        const { plan } = generatePlan(
          { id: `sim-${seed}`, mode: "research", inputs: { product, price_points: [10, 20, 30] }, survey_design: null },
          goal("pricing"),
          undefined,
          seed,
        );
        for (const q of plan.survey_questions ?? []) {
          const at = q.question_text.indexOf(product);
          if (at < 0) continue;
          const after = q.question_text.slice(at + product.length);
          // The name is followed by its closing comma, or ends the sentence, or is quoted once as written.
          expect(after, q.question_text).toMatch(/^(?:,|\?|"|$)/);
        }
      }),
      { numRuns: 60 },
    );
  });
});
