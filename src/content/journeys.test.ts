import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Plan, UserModelRecord } from "../store/records.js";
import { firstLookPlan } from "./__fixtures__/first-look.js";
import { journeyResults } from "./journeys.js";
import { journeyReport } from "./reports.js";

const populations = JSON.parse(readFileSync(new URL("../../fixtures/populations.json", import.meta.url), "utf8"))
  .populations as UserModelRecord[];

/** Problems only a touch screen has, and one only a mouse has. */
const MOBILE_ONLY = /\bphone\b|smaller screens|keyboard|mobile|icon people miss/i;
const DESKTOP_ONLY = /hover/i;

function walk(device: string, seed: number): Plan {
  return {
    question_text: null,
    hypothesis_text: null,
    survey_questions: null,
    journey_task: {
      start_url: "https://shop.example.com",
      task: "Buy a gift card",
      device,
      steps: [
        "Land on shop.example.com",
        "Scan the headline and navigation",
        "Open the menu",
        "Choose a product",
        "Add it to the basket",
        "Fill in the delivery details",
        "Pay by card",
        `Confirm the order ${seed}`,
      ],
    },
  };
}

describe("journey friction by device", () => {
  it.each([
    ["desktop", MOBILE_ONLY],
    ["mobile", DESKTOP_ONLY],
  ])("should never report a problem of the other device on %s", (device, other) => {
    let seen = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const results = journeyResults({ id: `device-${seed}` }, walk(device, seed), populations.slice(0, 3), seed);
      for (const model of results.by_user_model) {
        for (const point of model.friction_points) {
          seen++;
          expect(`${point.issue} ${point.quote}`, point.issue).not.toMatch(other);
          // Friction is reported only where sessions were lost.
          const step = model.drop_off_by_step.find((d) => d.step === point.step);
          expect(step?.dropped, point.step).toBeGreaterThan(0);
        }
      }
    }
    expect(seen).toBeGreaterThan(50);
  });

  it("should never say a search came up empty at a step that has no search", () => {
    for (let seed = 1; seed <= 30; seed++) {
      const results = journeyResults({ id: `search-${seed}` }, walk("desktop", seed), populations.slice(0, 3), seed);
      for (const point of results.by_user_model.flatMap((m) => m.friction_points)) {
        if (/search/i.test(point.issue)) expect(point.step).toMatch(/search/i);
      }
    }
  });
});

describe("first impressions", () => {
  const plan = firstLookPlan();
  const results = journeyResults({ id: "first-look", goal: "first_impression" }, plan, populations.slice(0, 2), 1);

  it("should report a few seconds of attention, not minutes", () => {
    for (const model of results.by_user_model) {
      expect(model.median_time_on_task_seconds).toBeLessThanOrEqual(12);
      expect(model.impressions?.median_attention_seconds).toBeLessThanOrEqual(12);
    }
  });

  it("should say what people noticed, took the page for, trusted and would click, in whole sessions summing to 1", () => {
    for (const model of results.by_user_model) {
      const impressions = model.impressions;
      expect(impressions).toBeDefined();
      for (const list of [
        impressions?.noticed_first,
        impressions?.understood_as,
        impressions?.trust,
        impressions?.next_click,
      ]) {
        const shares = (list ?? []).map((e) => e.share);
        expect(Math.abs(shares.reduce((a, b) => a + b, 0) - 1)).toBeLessThan(1e-9);
        for (const share of shares)
          expect(Math.abs(share * model.sessions - Math.round(share * model.sessions))).toBeLessThan(1e-9);
      }
      // Those who could say what the page offers are the ones who answered that question: everyone was asked it.
      const correct = impressions?.understood_as.find((u) => u.correct)?.share ?? 0;
      const answered = impressions?.answers.find((a) => a.question === "What is being offered?")?.answered;
      expect(correct).toBe(answered);
    }
  });
});

describe("first-impression questions are asked of everyone (issue 27)", () => {
  const QUESTIONS = [
    "What is being offered?",
    "How is it different from a normal meal-kit subscription?",
    "What would one week cost you?",
    "Who is it for?",
    "What would your £10 pay for?",
  ];
  const lookAt = (questions: readonly string[]) => firstLookPlan(questions, "https://shelterhope.example/donate");
  const SENSIBLE =
    /^(?:The page's main button|The prices|How it works|The suggested amounts to give|Where the money goes|More information)$/;

  it("should lose nobody at a question, count every session in every answer, and give a click to everyone", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 0, max: QUESTIONS.length }),
        fc.shuffledSubarray(populations, { minLength: 1, maxLength: 3 }),
        (seed, asked, models) => {
          const results = journeyResults(
            { id: `look-${seed}`, goal: "first_impression" },
            lookAt(QUESTIONS.slice(0, asked)),
            models,
            seed,
          );
          for (const model of results.by_user_model) {
            const steps = model.drop_off_by_step;
            // No one drops out at a question: a person who missed question 1 still answers question 2.
            for (const d of steps.slice(0, -1)) expect(d.dropped).toBe(0);
            // Every question of the test is answered (what it offers and who it is for where it asks none).
            expect(model.impressions?.answers).toHaveLength(asked || 2);
            const clicks = model.impressions?.next_click ?? [];
            expect(Math.abs(clicks.reduce((sum, c) => sum + c.share, 0) - 1)).toBeLessThan(1e-9);
            const sensible = Math.round(
              clicks.filter((c) => SENSIBLE.test(c.target)).reduce((sum, c) => sum + c.share, 0) * model.sessions,
            );
            expect(sensible).toBe(steps.at(-1)?.reached);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe("friction that an earlier step rules out", () => {
  const funnel = (steps: string[]): Plan => ({
    question_text: null,
    hypothesis_text: null,
    survey_questions: null,
    journey_task: { start_url: "https://shop.example.com", task: "Order a box", steps },
  });
  const asksForAccount = (steps: string[]) =>
    Array.from({ length: 60 }, (_v, seed) =>
      journeyResults({ id: `account-${seed}` }, funnel(steps), populations.slice(0, 3), seed + 1).by_user_model.flatMap(
        (m) => m.friction_points.filter((p) => /asks for an account/.test(p.issue)),
      ),
    ).flat();

  it("should not say a step asks for an account once the journey has made one", () => {
    const steps = [
      "Land on shop.example.com",
      "Browse the range",
      "Create account",
      "Choose delivery slot",
      "Checkout",
    ];
    expect(asksForAccount(steps)).toEqual([]);
    // Without the account step the same steps do draw it: the check above is not empty by chance.
    expect(asksForAccount(steps.filter((s) => s !== "Create account")).length).toBeGreaterThan(0);
  });
});

describe("quoted participants' names", () => {
  /** A place, nationality or language where a first name should be: "German, 43, UK" reads as a nationality. */
  const NOT_A_NAME =
    /^(?:German|English|French|Spanish|Italian|Dutch|British|American|Irish|Asian|African|America|Africa|Asia|Europe|England|Kenya|India|China|Holland|Florida|Texas|Kansas|UK|US)$/;

  it("should never give a participant a place, nationality or language as a first name", () => {
    let quoted = 0;
    for (let seed = 1; seed <= 400; seed++) {
      const results = journeyResults({ id: `names-${seed}` }, walk("desktop", seed), populations, seed);
      for (const { participant } of results.by_user_model.flatMap((m) => m.friction_points)) {
        quoted++;
        expect(participant.split(",")[0], participant).not.toMatch(NOT_A_NAME);
      }
    }
    expect(quoted).toBeGreaterThan(3000);
  });
});

describe("participants of countries without English names", () => {
  const japanese = {
    ...(populations[0] as UserModelRecord),
    id: "jp-retirees",
    name: "Japanese retirees",
    description: "Retired adults in Japan aged 65 to 85.",
    metadata: { country: "JP", age_range: "65-85", language: "ja-JP" },
  };

  it("should give them their country and say their words are translated", () => {
    let quoted = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const results = journeyResults({ id: `jp-${seed}` }, walk("desktop", seed), [japanese], seed);
      for (const { participant } of results.by_user_model.flatMap((m) => m.friction_points)) {
        quoted++;
        expect(participant).toMatch(/^[A-Z][a-z-]+, (6[5-9]|7\d|80), Japan; translated from Japanese$/);
      }
    }
    expect(quoted).toBeGreaterThan(20);
    const plan = walk("desktop", 1);
    const report = journeyReport("T", plan, journeyResults({ id: "jp-1" }, plan, [japanese], 1));
    expect(report).toContain("Participants who speak Japanese took the task in their language");
  });
});

describe("journey friction from the task", () => {
  const bank = (seed: number): Plan => ({
    question_text: null,
    hypothesis_text: null,
    survey_questions: null,
    journey_task: {
      start_url: "https://www.examplebank.co.uk/",
      task: "Open a joint current account, add your partner and order a debit card",
      success_criteria: "Application confirmation page shows a reference number",
      device: "mobile",
      steps: [
        "Land on www.examplebank.co.uk",
        "Find where to open a joint current account",
        "Fill in your details and verify your identity",
        "Add your partner as the second applicant",
        "Find where to order a debit card",
        `Order a debit card ${seed}`,
      ],
    },
  });

  it("should never give a bank account application checkout friction, and give it the application's own", () => {
    const points = Array.from({ length: 30 }, (_v, seed) =>
      journeyResults({ id: `bank-${seed}` }, bank(seed), populations.slice(0, 3), seed).by_user_model.flatMap(
        (m) => m.friction_points,
      ),
    ).flat();
    expect(
      points.map((p) => p.issue).filter((i) => /card number|delivery cost|total|express payment/i.test(i)),
    ).toEqual([]);
    expect(points.some((p) => /second applicant|identity check|address history|credit-check/i.test(p.issue))).toBe(
      true,
    );
    expect(points.filter((p) => /"/.test(p.issue))).toEqual([]);
  });

  it("should take an account application many minutes and finding one page a minute or two", () => {
    const short: Plan = {
      question_text: null,
      hypothesis_text: null,
      survey_questions: null,
      journey_task: {
        start_url: "https://www.examplebank.co.uk/",
        task: "Find the branch opening hours",
        device: "desktop",
        steps: ["Land on www.examplebank.co.uk", "Find the branch finder", "Search for your town"],
      },
    };
    for (let seed = 1; seed <= 5; seed++) {
      const long = journeyResults({ id: `t-${seed}` }, bank(seed), populations.slice(0, 3), seed);
      const quick = journeyResults({ id: `t-${seed}` }, short, populations.slice(0, 3), seed);
      for (const m of long.by_user_model) expect(m.median_time_on_task_seconds).toBeGreaterThan(480);
      for (const m of quick.by_user_model) expect(m.median_time_on_task_seconds).toBeLessThan(180);
    }
  });

  it("should never quote two participants of one study saying the same", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.boolean(), (seed, banking) => {
        const plan = banking ? bank(seed) : walk(seed % 2 ? "mobile" : "desktop", seed);
        const quotes = journeyResults({ id: `quotes-${seed}` }, plan, populations, seed).by_user_model.flatMap((m) =>
          m.friction_points.map((p) => p.quote),
        );
        expect(quotes.length).toBeGreaterThan(0);
        expect(new Set(quotes).size).toBe(quotes.length);
      }),
      { numRuns: 60 },
    );
  });
});

describe("journey friction by what is sold", () => {
  const subscription = (seed: number): Plan => ({
    question_text: null,
    hypothesis_text: null,
    survey_questions: null,
    journey_task: {
      start_url: "https://www.invoicing.example/pricing",
      task: "Start a paid Team subscription",
      device: "desktop",
      steps: ["Pricing page", "Plan chosen", "Account created", "Payment details", `Subscription confirmed ${seed}`],
    },
  });
  const frictionOf = (plan: Plan, seed: number) =>
    journeyResults({ id: `sold-${seed}` }, plan, populations.slice(0, 3), seed).by_user_model.flatMap((m) =>
      m.friction_points.map((p) => p.issue),
    );

  it("should never report delivery to a journey that sells a subscription", () => {
    const issues = Array.from({ length: 30 }, (_v, seed) => frictionOf(subscription(seed), seed)).flat();
    expect(issues.filter((issue) => /deliver/i.test(issue))).toEqual([]);
    // Its payment step still has payment problems of its own kind.
    expect(issues.some((issue) => /VAT|card|total/i.test(issue))).toBe(true);
  });

  it("should report delivery costs to a journey that sells delivered goods", () => {
    const issues = Array.from({ length: 30 }, (_v, seed) => frictionOf(walk("desktop", seed), seed)).flat();
    expect(issues.some((issue) => /Delivery costs/.test(issue))).toBe(true);
    expect(issues.some((issue) => /VAT is added to the plan/.test(issue))).toBe(false);
  });
});
