import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { anyConcept, anyModel, anySeed, defined, runJourney, runResearch } from "./__fixtures__/random-study.js";

/**
 * Issue 27, readings n and o: a recommendation is the change a finding calls for, never the client's question or claim
 * pasted back; bad news gets a fix, never "build on"; a weakest point the numbers single out gets advice of its own;
 * the take-up verb fits how the offer is priced and what it is.
 */

const RUNS = { numRuns: 8 };
const anyModels = anyModel.map((m) => [m]);
const recommendations = (report: string) => report.split("## Recommendations")[1] ?? "";

/** What people ask of a first screen, in shapes unlike the readings': clarity, trust, who runs it, anything else. */
const CLARITY = [
  "Is it clear what a lesson costs?",
  "Is it clear how the deposit is refunded?",
  "Is it clear that delivery is free?",
  "Is it obvious what happens after you sign up?",
  "Is it clear where the clinic is?",
];
const TRUST = [
  "Would you trust it enough to upload your passport?",
  "Would you trust this site with your bank details?",
  "Does it feel safe to pay here?",
  "Would you trust them to look after your dog?",
];
const WHO_RUNS = ["Who runs this site?", "Is it clear who is behind the service?", "Can you tell who runs the app?"];
const OTHER = [
  "What would you click first?",
  "Which plan would suit you?",
  "Can you find the opening hours?",
  "Does the page load fast enough?",
];
const SITES = ["https://www.ridewell.example/", "https://kursy.example.pl/start", "https://cuidar.example.ar/"];

describe("first-impression advice says what to change, never 'Answer <question>' (issue 27, readings n S9, o S9)", () => {
  it("should turn every question of the client into the change it calls for by its kind", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...CLARITY, ...TRUST, ...WHO_RUNS, ...OTHER), { minLength: 2, maxLength: 4 }),
        fc.constantFrom(...SITES),
        anyModels,
        anySeed,
        (questions, start_url, models, seed) => {
          const advice = recommendations(runJourney("first_impression", { start_url, questions }, models, seed).report);
          expect(advice).not.toMatch(/\bAnswer ["'\u201c\u2018\u00ab]/);
          for (const q of questions) {
            const line = advice.split("\n").find((l) => l.includes(q.replace(/\?$/, "").slice(0, 20)));
            if (!line?.startsWith("- ")) continue;
            if (WHO_RUNS.includes(q)) expect(line, q).toMatch(/^- Say on the first screen who runs/);
            else if (CLARITY.includes(q)) expect(line, q).toMatch(/^- Make (?:it )?clear on the first screen /);
            else if (TRUST.includes(q))
              expect(line, q).toMatch(/^- (?:Show proof on the first screen|Give people a reason)/);
          }
        },
      ),
      RUNS,
    );
  });
});

/** A claim that names a problem: a step that loses people, something that fails or confuses, a share below a bar. */
const PROBLEM = /\b(?:los(?:e|es|ing|t)|drop(?:s|ped)?|drop-offs?|fail\w*|confus\w*|below|abandon\w*|gives? up)\b/i;
const BOUNDED = /\b(?:fewer|less) than\b|\bat most\b|\bno more than\b/i;
const EVENTS = [
  "pay the deposit",
  "book a trial lesson",
  "register a child",
  "submit the claim form",
  "order a refill",
];
const PAGES = ["https://campus.example.ma/inscription", "https://refill.example.co.id/", "https://claims.example.at/"];

describe("advice on bad news is a fix, never 'Build on' (issue 27, reading n S8)", () => {
  it("should never advise building on a supported claim that names a problem, and give it a fix instead", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...EVENTS),
        fc.constantFrom(...PAGES),
        anyModels,
        anySeed,
        (goal_event, start_url, models, seed) => {
          const run = runJourney("conversion_funnel", { start_url, goal_event }, models, seed);
          const advice = recommendations(run.report);
          for (const m of advice.matchAll(/^- Build on \*([^*]+)\*/gm)) {
            const claim = m[1] as string;
            expect(PROBLEM.test(claim) !== BOUNDED.test(claim), claim).toBe(false);
          }
          // A supported problem is still advised on: as something to fix.
          if (/Hypothesis[^\n]*\*one step loses[^*]*\*: [^\n]*stands out/i.test(run.report))
            expect(advice, run.report).toMatch(/^- Fix /m);
        },
      ),
      { numRuns: 12 },
    );
  });
});

/** Things sold once, said with the service that comes with them, in shapes unlike the readings'. */
const GOODS = [
  "rooftop vegetable-garden kit",
  "water filter jug",
  "solar lantern",
  "folding cargo bike",
  "smart thermostat",
];
const WITH_SERVICE = [
  "",
  ", delivered and installed in one visit",
  " with fitting included",
  ", set up at your home by our team",
];
const ONE_OFF = ["Rp 1.450.000", "£199", "CHF 89", "₦45,000", "1 299 zł"];
const RENTALS = [
  (good: string) => `A ${good} rental plan: rent a ${good} for a weekly fee paid by bank transfer`,
  (good: string) => `Rent a ${good} by the month, swapped free if it breaks`,
  (good: string) => `${good.charAt(0).toUpperCase()}${good.slice(1)} hire by the week for small shops`,
];
const RECURRING = ["₦1,500 a week", "£12 per month", "9 € par mois", "$5/week"];
const VISITS = [
  "A home visit from a qualified electrician",
  "A 60-minute massage at home",
  "A dog-grooming appointment at your door",
  "A one-hour lesson with a driving instructor",
];
const actOf = (
  concept: string,
  price_point: string,
  models: ReturnType<typeof anyModel.generate>["value"][],
  seed: number,
) =>
  /how likely would you be to ([^?]+)\?/.exec(
    (runResearch("concept_test", { concept, price_point }, models, seed).plan.survey_questions ?? [])
      .map((q) => q.question_text)
      .find((t) => /how likely would you be to/.test(t)) ?? "",
  )?.[1];

describe("the take-up verb fits how the offer is priced and what it is (issue 27, readings n S1, o S1)", () => {
  it("should ask whether people would buy a thing sold at a one-off price, whatever service comes with it", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...GOODS),
        fc.constantFrom(...WITH_SERVICE),
        fc.constantFrom(...ONE_OFF),
        anyModels,
        anySeed,
        (good, extra, price, models, seed) => {
          const concept = `A ${good}${extra}`;
          expect(actOf(concept, price, models, seed), concept).toBe("buy it");
        },
      ),
      RUNS,
    );
  });

  it("should ask whether people would rent or sign up for a thing paid by the week or month, never apply for or buy it", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...GOODS),
        fc.constantFrom(...RENTALS),
        fc.constantFrom(...RECURRING),
        anyModels,
        anySeed,
        (good, shape, price, models, seed) => {
          const concept = shape(good);
          expect(actOf(concept, price, models, seed), concept).toMatch(/^(?:rent it|sign up for it)$/);
        },
      ),
      RUNS,
    );
  });

  it("should ask whether people would book a visit, an appointment or a professional", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...VISITS),
        fc.constantFrom(...ONE_OFF),
        anyModels,
        anySeed,
        (concept, price, models, seed) => {
          expect(actOf(concept, price, models, seed), concept).toBe("book it");
        },
      ),
      RUNS,
    );
  });
});

describe("a weakest point the numbers single out gets advice of its own (issue 27, reading o S1)", () => {
  it("should address the weakest point the summary names beyond the margin, and the price where it is value for money", () => {
    fc.assert(
      fc.property(anyConcept, anyModels, anySeed, (concept, models, seed) => {
        const report = runResearch("concept_test", defined(concept), models, seed).report;
        const summary = report.split("## Method")[0] ?? "";
        const weakest = /its weakest point is ([a-z][a-z '-]+?) \(\d+(?:\.\d)?%\)/.exec(summary)?.[1];
        if (!weakest) return;
        const advice = recommendations(report);
        expect(advice, summary).toContain(weakest);
        if (weakest === "value for money") expect(advice, summary).toMatch(/^- [^\n]*\b(?:price|what it includes)\b/m);
      }),
      { numRuns: 16 },
    );
  });
});
