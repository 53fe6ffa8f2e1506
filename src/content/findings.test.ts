import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Plan, UserModelRecord } from "../store/records.js";
import { capitalise } from "./analysis.js";
import { acceptableRangeText, researchFinding } from "./findings.js";
import { defaultFixturesDir } from "./fixture-files.js";
import { findGoal, loadGoals } from "./goals.js";
import { judgeResearchHypothesis } from "./hypotheses.js";
import { generatePlan } from "./plans.js";
import { researchReport } from "./reports.js";
import { type ResearchResults, researchResults } from "./results.js";
import { priceSensitivity } from "./van-westendorp.js";

const goals = loadGoals(defaultFixturesDir());
const populations = JSON.parse(readFileSync(new URL("../../fixtures/populations.json", import.meta.url), "utf8"))
  .populations as UserModelRecord[];

/** Plans the goal's questions for a simulation and answers them, as the lifecycle does. */
function study(goal: string, inputs: Record<string, unknown>, id: string, models = populations.slice(0, 2)) {
  const found = findGoal(goals, "research", goal);
  if (!found) throw new Error(goal);
  const { plan } = generatePlan({ id, mode: "research", inputs, survey_design: null }, found, undefined, 1);
  return { plan, results: researchResults({ id, inputs }, plan, models, 1), inputs, goal };
}

const ids = Array.from({ length: 25 }, (_v, i) => `sim-${i}`);
const topTwo = (q: ResearchResults["questions"][number]) =>
  (q.overall[q.answer_options.at(-1) as string] ?? 0) + (q.overall[q.answer_options.at(-2) as string] ?? 0);

describe("which message leads, when two are within the margin of error", () => {
  it("should say one message stands out only on a lead beyond the margin of error of the gap, and that none does below it", () => {
    // Equally concrete lines: a message's strength comes from its words, so only lines alike in them can be close.
    const messages = ["Fresh every week", "Tasty every week", "Local every week", "Seasonal every week"];
    let close = 0;
    for (const id of ids) {
      const { plan, results, inputs, goal } = study("message_test", { messages }, id);
      const claim = judgeResearchHypothesis(plan.hypothesis_text as string, { goal, inputs }, results).claims[0];
      const shares = [...(claim?.evidence ?? "").matchAll(/(\d+\.\d)%/g)].map((m) => Number(m[1]) / 100);
      const [a, b] = shares as [number, number];
      const margin = 1.96 * Math.sqrt((a + b - (a - b) ** 2) / results.respondents);
      if (Math.abs(a - b) < margin - 0.001) {
        close++;
        // The plan's claim is that one stands out clearly: a gap within the margin of error says none does.
        expect(claim?.verdict, claim?.evidence).toBe("refuted");
        expect(claim?.evidence).toMatch(/^none stands out/);
      } else if (Math.abs(a - b) > margin + 0.001) expect(claim?.verdict, claim?.evidence).toBe("supported");
    }
    expect(close).toBeGreaterThan(0);
  });
});

describe("prices too large or small to write out", () => {
  it.each([
    [[1, 2, 1e21], "£1e+21", "£1"],
    [[0.001, 2, 5], "£5", "£0.001"],
    [[1, 2, 1.5e308], "£1.5e+308", "£1"],
    [[1000, 2500, 12000], "£12,000", "£1,000"],
  ])("should write %j as prices and judge the hypothesis at the price it names", (points, highest, lowest) => {
    const { plan, results, inputs, goal } = study("pricing", { product: "Flex", price_points: points }, "sim-0");
    const texts = (plan.survey_questions ?? []).flatMap((q) => [q.question_text, ...(q.answer_options ?? [])]);
    expect(texts.join("\n")).toContain(lowest);
    expect(texts.join("\n")).not.toMatch(/£0\.00\b/);
    expect(plan.hypothesis_text).toContain(`buy it at ${highest}`);
    const verdict = judgeResearchHypothesis(plan.hypothesis_text as string, { goal, inputs }, results);
    const atTop = verdict.claims.find((c) => /buy it at/.test(c.claim));
    expect(atTop?.evidence).toContain(`buy it at ${highest}`);
  });
});

describe("Van Westendorp from the answers", () => {
  it.each([[[4.49, 4.99, 5.49, 5.99, 6.49]], [[29, 39, 49, 59]], [[10, 20]], [[5, 10, 15, 20, 25, 30, 35, 40]]])(
    "should put PMC <= OPP, IPP <= PME inside the prices asked (%j), over many simulations",
    (points) => {
      for (const id of ids) {
        const { results } = study("pricing", { product: "Flex", price_points: points }, id);
        const vw = priceSensitivity(results);
        expect(vw, id).toBeDefined();
        if (!vw) continue;
        const low = vw.rows[0]?.price as number;
        const high = vw.rows.at(-1)?.price as number;
        for (const point of [vw.pmc, vw.opp, vw.ipp, vw.pme]) {
          expect(point.price).toBeGreaterThanOrEqual(low);
          expect(point.price).toBeLessThanOrEqual(high);
        }
        expect(vw.pmc.price, id).toBeLessThanOrEqual(Math.min(vw.opp.price, vw.ipp.price) + 1e-9);
        expect(Math.max(vw.opp.price, vw.ipp.price), id).toBeLessThanOrEqual(vw.pme.price + 1e-9);
        // The curves: "too cheap" and "a bargain" fall as the price rises, the other two rise.
        vw.rows.slice(1).forEach((row, i) => {
          const before = vw.rows[i] as (typeof vw.rows)[number];
          expect(row.tooCheap).toBeLessThanOrEqual(before.tooCheap + 1e-12);
          expect(row.cheap).toBeLessThanOrEqual(before.cheap + 1e-12);
          expect(row.expensive).toBeGreaterThanOrEqual(before.expensive - 1e-12);
          expect(row.tooExpensive).toBeGreaterThanOrEqual(before.tooExpensive - 1e-12);
          expect(row.cheap).toBeGreaterThanOrEqual(row.tooCheap - 1e-12);
          expect(row.expensive).toBeGreaterThanOrEqual(row.tooExpensive - 1e-12);
        });
      }
    },
  );

  it("should give no price sensitivity when a plan no longer asks all four questions", () => {
    const { plan, results } = study("pricing", { product: "Flex", price_points: [10, 20, 30] }, "cut");
    const without = { ...results, questions: results.questions.filter((q) => !/bargain/i.test(q.question_text)) };
    expect(plan.survey_questions?.some((q) => /bargain/i.test(q.question_text))).toBe(true);
    expect(priceSensitivity(without)).toBeUndefined();
  });
});

describe("the headline names the best-scoring item, only when the numbers single it out", () => {
  /** A finding names an item only when it leads; otherwise its headline says no item leads. */
  const namesLeaderOrNone = (finding: ReturnType<typeof researchFinding>, best: string, id: string) => {
    if (finding?.item !== undefined) expect(finding.item, id).toBe(best);
    else expect(finding?.headline, id).toMatch(/\bno\b.*\b(?:clearly|single)\b|\blevel\b|within the margin of error/i);
  };

  it("should name the message most people are persuaded by, or say none leads", () => {
    const messages = ["Know your dose", "Coffee, counted", "Every cup, tracked", "Sip smarter"];
    for (const id of ids) {
      const { results, inputs, goal } = study("message_test", { messages }, id);
      const finding = researchFinding({ goal, inputs }, results);
      const chosen = results.questions.find((q) =>
        /^which of these messages\b.*\b(?:persua|make you want)/i.test(q.question_text),
      );
      if (!chosen) continue;
      const best = messages.reduce((a, b) => ((chosen.overall[b] ?? 0) > (chosen.overall[a] ?? 0) ? b : a));
      if (finding?.item !== undefined) expect(messages, id).toContain(finding.item);
      else namesLeaderOrNone(finding, best, id);
    }
  });

  it("should name the feature most would keep if they could have only one, or say none leads", () => {
    const features = ["Caffeine count", "Temperature alert", "Refill reminders"];
    for (const id of ids) {
      const { results, inputs, goal } = study("feature_prioritisation", { product: "Cuppa", features }, id);
      const onlyOne = results.questions.find((q) => /only one/.test(q.question_text));
      if (!onlyOne) continue;
      const best = features.reduce((a, b) => ((onlyOne.overall[b] ?? 0) > (onlyOne.overall[a] ?? 0) ? b : a));
      namesLeaderOrNone(researchFinding({ goal, inputs }, results), best, id);
    }
  });

  it("should name the brand picked first most often, or say none leads", () => {
    const brands = ["Kontor", "sevDesk", "Lexware Office"];
    for (const id of ids.slice(0, 10)) {
      const { results, inputs, goal } = study(
        "brand_perception",
        { brand: "Kontor", competitors: brands.slice(1) },
        id,
        populations.slice(2, 3),
      );
      const first = results.questions.find((q) => /pick first/.test(q.question_text));
      if (!first) continue;
      const best = brands.reduce((a, b) => ((first.overall[b] ?? 0) > (first.overall[a] ?? 0) ? b : a));
      namesLeaderOrNone(researchFinding({ goal, inputs }, results), best, id);
    }
  });

  it("should lead a pricing report with the acceptable range", () => {
    const { results, inputs, goal } = study(
      "pricing",
      { product: "Flex", price_points: [4.49, 4.99, 5.49, 5.99, 6.49] },
      "p",
    );
    const vw = priceSensitivity(results);
    if (!vw) throw new Error("no price sensitivity");
    const finding = researchFinding({ goal, inputs }, results);
    expect(finding?.headline).toContain(acceptableRangeText(vw));
  });
});

describe("hypothesis verdicts", () => {
  const concept = study(
    "concept_test",
    { concept: "A cup that counts your caffeine", product_name: "Cuppa", price_point: "£25" },
    "h",
  );
  const appeal = concept.results.questions.find((q) => /appealing/.test(q.question_text));
  const share = appeal ? topTwo(appeal) : 0;
  const judge = (text: string) =>
    judgeResearchHypothesis(text, { goal: "concept_test", inputs: concept.inputs }, concept.results);

  it("should call a claim the numbers contradict refuted, and one they bear out supported", () => {
    const above = Math.min(99, Math.ceil(share * 100) + 15);
    const below = Math.max(1, Math.floor(share * 100) - 15);
    expect(judge(`At least ${above}% of respondents rate Cuppa quite or very appealing.`).verdict).toBe("refuted");
    expect(judge(`At least ${below}% of respondents rate Cuppa quite or very appealing.`).verdict).toBe("supported");
  });

  it("should call a claim within the margin of error of its threshold inconclusive, on either side", () => {
    for (const limit of [Math.ceil(share * 100) + 1, Math.floor(share * 100) - 1]) {
      const verdict = judge(`At least ${limit}% of respondents rate Cuppa quite or very appealing.`);
      expect(verdict.verdict).toBe("inconclusive");
      expect(verdict.claims[0]?.evidence).toMatch(/a close call/);
    }
  });

  it("should refute the whole when one claim fails, and say inconclusive when it cannot be checked", () => {
    const both = judge(
      "At least 1% of respondents rate Cuppa quite or very appealing, and at least 99% say they would probably or definitely buy it at £25.",
    );
    expect(both.verdict).toBe("refuted");
    expect(both.claims.map((c) => c.verdict)).toEqual(["supported", "refuted"]);
    expect(judge("People will love it.").verdict).toBe("inconclusive");
    const without: Plan = { ...concept.plan, survey_questions: [] };
    expect(without.survey_questions).toHaveLength(0);
    const empty = judgeResearchHypothesis(
      "At least 10% of respondents rate Cuppa quite or very appealing.",
      { goal: "concept_test", inputs: {} },
      { ...concept.results, questions: [] },
    );
    expect(empty.verdict).toBe("inconclusive");
  });
});

describe("hypotheses of a survey design of custom questions", () => {
  it("should claim something the design asks, so the results can settle it", () => {
    const goal = findGoal(goals, "research", "custom_survey");
    if (!goal) throw new Error("custom_survey");
    for (const custom_questions of [
      [{ question_text: "What is your age?" }, { question_text: "Which do you prefer: granola, porridge or toast?" }],
      [{ question_text: "How important is sugar content when you choose a cereal?" }],
    ]) {
      const { plan } = generatePlan(
        { id: "design", mode: "research", inputs: {}, survey_design: { custom_questions } },
        goal,
        undefined,
        1,
      );
      const results = researchResults({ id: "design", inputs: {} }, plan, populations.slice(0, 2), 1);
      const verdict = judgeResearchHypothesis(
        plan.hypothesis_text ?? "",
        { goal: "custom_survey", inputs: {}, designed: true },
        results,
      );
      expect(verdict.verdict, plan.hypothesis_text ?? "").not.toBe("inconclusive");
    }
  });
});

describe("capitalise", () => {
  it("should start a sentence with a capital but keep a name's own spelling", () => {
    expect(capitalise("the acceptable range")).toBe("The acceptable range");
    expect(capitalise("sevDesk is picked first most often")).toBe("sevDesk is picked first most often");
    expect(capitalise("iPhone owners")).toBe("iPhone owners");
  });
});

describe("prices named in pricing recommendations", () => {
  it("should join the prices outside the range in words, saying their billing period once", () => {
    const { results, inputs, goal } = study(
      "pricing",
      { product: "Team", price_points: [9, 19, 29, 39, 49, 59, 69], billing: "monthly", currency: "EUR" },
      "wide",
    );
    const actions = researchFinding({ goal, inputs }, results)?.actions ?? [];
    const outside = actions.filter((a) => /^(?:Avoid|Do not go down to) /.test(a));
    expect(outside.length).toBeGreaterThan(0);
    for (const action of outside) {
      const named = action.slice(0, action.indexOf(":"));
      const prices = named.match(/€\d+/g) ?? [];
      // One period for the whole list, after the last price; two or more prices end with "and"/"or" the last.
      expect(named.match(/ a month/g) ?? [], action).toHaveLength(1);
      expect(named.endsWith(" a month"), action).toBe(true);
      if (prices.length > 1) expect(named, action).toMatch(/ (?:and|or) €\d+ a month$/);
    }
  });
});

describe("an acceptable range the prices asked missed (both ends on one asked price)", () => {
  it.each([
    [[20, 40, 60, 80, 100], "at or below £20, the lowest price asked", "Ask again with prices below £20"],
    [[0.5, 1, 1.5], "at or above £1.50, the highest price asked", "Ask again with prices above £1.50"],
  ])(
    "should say where the range lies for a flat white asked at %j, never 'X or below to X or below'",
    (points, where, ask) => {
      const inputs = { product: "A regular flat white", currency: "GBP", price_points: points, billing: "one_off" };
      const { plan, results, goal } = study("pricing", inputs, "flat-white");
      const vw = priceSensitivity(results);
      // The case under test: the curves meet beyond one end of the ladder, so both ends of the range fall on one price.
      expect(vw?.pmc.price).toBe(vw?.pme.price);
      const finding = researchFinding({ goal, inputs }, results);
      const markdown = researchReport("Flat white", plan, results, { goal, inputs });
      const said = [finding?.headline, ...(finding?.actions ?? []), markdown].join("\n");
      expect(said).not.toMatch(/(£[\d.]+ or (?:below|above)).* to \1/);
      expect(said).not.toMatch(/(£[\d.]+) to \1\b/);
      expect(finding?.headline).toContain(`lies ${where}`);
      expect(finding?.actions[0]).toMatch(new RegExp(`^${ask.replace(/[.$£]/g, "\\$&")}:`));
      expect(markdown).toContain(`Acceptable range: ${where}`);
    },
  );
});

describe("a custom survey's recommendation states the finding and the action", () => {
  it("should never tell the team to 'build on' a question", () => {
    const results: ResearchResults = {
      respondents: 300,
      segments: [{ user_model_id: "m", name: "Adults", respondents: 300 }],
      questions: [
        {
          variable_name: "driver",
          question_text: "When it comes to loyalty cards, which of these matters most to you?",
          question_type: "single_choice",
          answer_options: ["Price", "Quality", "Convenience"],
          overall: { Price: 0.532, Quality: 0.268, Convenience: 0.2 },
          by_user_model: { m: { Price: 0.532, Quality: 0.268, Convenience: 0.2 } },
          insight: "",
        },
      ],
    };
    const finding = researchFinding({ goal: "custom_survey", inputs: {} }, results);
    expect(finding?.actions.join("\n")).not.toMatch(/^Build on/m);
    expect(finding?.actions[0]).toMatch(/^Lead on "Price": 53\.2% choose it/);
  });
});

describe("a lead barely beyond the margin of error is called one (issue 27, reading g s02)", () => {
  it("should tell the team to confirm a winning message whose lead is under 1.25 times its margin of error", () => {
    const sets = [
      ["Fresh every week", "Tasty every week", "Local every week"],
      ["Know your dose", "Coffee, counted", "Every cup, tracked", "Sip smarter"],
      ["Missing words at dinner? Book a free check.", "Hear your grandkids again.", "1 in 3 over 65 has hearing loss."],
    ];
    let narrow = 0;
    let wide = 0;
    for (const messages of sets)
      for (const id of Array.from({ length: 40 }, (_v, i) => `narrow-${i}`)) {
        const { results, inputs, goal } = study("message_test", { messages }, id);
        const finding = researchFinding({ goal, inputs }, results);
        if (finding?.item === undefined) continue;
        const [a, b] = [...finding.headline.matchAll(/(\d+\.\d)%/g)].map((m) => Number(m[1]) / 100) as [number, number];
        const n = results.respondents;
        const variance = /side by side \(/.test(finding.headline)
          ? (a + b - (a - b) ** 2) / n
          : (a * (1 - a) + b * (1 - b)) / n;
        const margin = 1.96 * Math.sqrt(variance) * 100;
        const gap = (a - b) * 100;
        const lead = finding.actions.find((x) => x.startsWith(`Lead with "${finding.item}"`)) ?? "";
        if (gap < 1.25 * margin - 0.05) {
          narrow++;
          expect(lead, finding.headline).toMatch(/only just/);
        } else if (gap > 1.25 * margin + 0.05) {
          wide++;
          expect(lead, finding.headline).not.toMatch(/only just/);
        }
      }
    expect(narrow, "narrow leads seen").toBeGreaterThan(0);
    expect(wide, "clear leads seen").toBeGreaterThan(0);
  });
});

describe("a feature study's advice follows whichever measure separates the features (issue 27, reading h s05)", () => {
  it("should never say the numbers do not separate the features when their importance ratings do", () => {
    const sets = [
      ["Auto switch-off when a window opens", "Voice control", "Energy report", "Geofencing", "Holiday mode", "App"],
      ["Buyer protection", "Photo measurement check", "Local pickup map", "Chat", "Price alerts"],
      ["Offline maps", "Night mode", "Step-free routes", "Live arrivals"],
    ];
    let ratingsDecide = 0;
    for (const features of sets)
      for (const id of ids) {
        const { results, inputs, goal } = study("feature_prioritisation", { features }, id);
        const finding = researchFinding({ goal, inputs }, results);
        if (finding?.actions.some((a) => /^Start with .*rated one by one/.test(a))) ratingsDecide++;
        if (!finding?.actions.some((a) => /do not separate them/.test(a))) continue;
        const importance = results.questions.filter(
          (q) => /important/i.test(q.question_text) && q.question_text.includes(": "),
        );
        const shares = importance.map((q) => topTwo(q)).sort((a, b) => b - a);
        const [top, bottom] = [shares[0] ?? 0, shares.at(-1) ?? 0];
        const margin = 1.96 * Math.sqrt((top * (1 - top) + bottom * (1 - bottom)) / results.respondents);
        expect(top - bottom, finding.actions.join(" ")).toBeLessThan(margin + 0.001);
      }
    expect(ratingsDecide, "studies whose ratings decide").toBeGreaterThan(0);
  });
});
