import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  anyBrands,
  anyConcept,
  anyCurrency,
  anyFeatures,
  anyModels,
  anyPrices,
  anySeed,
  COMMERCIAL_CONCEPTS,
  defined,
  NON_BUYING_OBJECTIVES,
  PUBLIC_CONCEPTS,
  PUBLIC_MESSAGES,
  runJourney,
  runResearch,
} from "./__fixtures__/random-study.js";
import { againstThreshold } from "./evidence.js";
import { formatMoney, moneyStyle } from "./money.js";

/**
 * Issue 27, readings e and f: the wording of the study's own kind (no sale's words where nothing is sold, no
 * service company's words for a consumer brand, friction that fits the task's own steps).
 */

const RUNS = { numRuns: 15 };

/** Everything a respondent and a client read of a research plan. */
const planText = (run: ReturnType<typeof runResearch>) =>
  [
    run.plan.question_text ?? "",
    run.plan.hypothesis_text ?? "",
    ...(run.plan.survey_questions ?? []).flatMap((q) => [q.question_text, ...(q.answer_options ?? [])]),
  ].join("\n");

/** Pages that inform and sell nothing: rules, guidance, opening hours, rights. */
const INFORMATION_PAGES = [
  "https://www.hanbitair.co.kr/baggage/batteries",
  "https://www.gov.uk/check-mot-history",
  "https://www.nhs.uk/conditions/flu/",
  "https://bibliotek.example.se/opening-hours",
  "https://www.example-council.gov.uk/bin-collection-days",
  "https://kiraci.example.org.tr/haklariniz",
  "https://www.metro.example/accessibility/step-free",
];
const INFORMATION_QUESTIONS = [
  "Can I put a power bank in my checked bag?",
  "Who is this page for?",
  "What should you do if you feel unwell?",
  "When is the library open on Sundays?",
  "Which day is my bin collected?",
  "What are my rights when my deposit is not returned?",
];
const SALE = /\bprices?\b|get started|call to action|start an order|\bsell|bank details|what it costs?\b|\bbuy\b/i;

describe("a page that sells nothing is read without a sale's words (issue 27, reading f S9, e9)", () => {
  it("should never offer a price, a 'Get started' button or a call to action on an information page", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...INFORMATION_PAGES),
        fc.uniqueArray(fc.constantFrom(...INFORMATION_QUESTIONS), { maxLength: 3 }),
        anyModels,
        anySeed,
        (start_url, questions, models, seed) => {
          const run = runJourney("first_impression", { start_url, questions }, models, seed);
          expect(run.report, start_url).not.toMatch(SALE);
          expect(run.synthesis, start_url).not.toMatch(SALE);
          expect(JSON.stringify(run.results), start_url).not.toMatch(SALE);
        },
      ),
      RUNS,
    );
  });
});

/** Ideas whose money is the respondent's own savings, not a price. */
const SAVINGS = [
  ["A weekly micro-pension you pay into through your delivery app", "From ₹50 a week (platform adds ₹20)"],
  ["A savings pot that rounds up every card payment and puts the change aside", "£5 a month"],
  ["Ein Sparplan für Kinder, in den Eltern monatlich einzahlen", "25 € im Monat"],
  ["A workplace pension top-up matched by your employer", "$40 per month"],
  ["Un plan d'épargne retraite où vous versez chaque mois", "30 € par mois"],
] as const;

describe("saving is not buying (issue 27, reading e10)", () => {
  it("should never call money people save a cost, nor ask whether it is value for money or whether they would buy it", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SAVINGS),
        fc.constantFrom("Kamai Pension", "Roundup Pot", undefined),
        anyModels,
        anySeed,
        ([concept, price_point], product_name, models, seed) => {
          const inputs = { concept, price_point, ...(product_name ? { product_name } : {}) };
          const run = runResearch("concept_test", inputs, models, seed);
          const text = `${planText(run)}\n${run.report}`;
          expect(text, concept).not.toMatch(/\bcosts?\b|value for money|\bbuy\b|\bcheap|expensive/i);
        },
      ),
      RUNS,
    );
  });
});

/** Messages of free information: nothing to apply for, buy or sign up to. */
const FREE_INFORMATION = [
  "A deposit is yours: your landlord must return it within 30 days",
  "Before you sign: read the contract with our free checklist",
  "Your landlord cannot raise the rent more than once a year",
  "Know your rights: repairs are your landlord's job",
  "School starts at 8:30 from September: check the new timetable",
  "Buses run every ten minutes on the new route from Monday",
];

describe("a message of free information is judged on acting on it (issue 27, reading e3)", () => {
  it("should never ask whether a message makes people want to apply, buy or sign up when no message asks for it", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...FREE_INFORMATION), { minLength: 2, maxLength: 4 }),
        fc.constantFrom(undefined, "Tenants in Istanbul, Ankara and Izmir", "Parents", "Commuters"),
        anyModels,
        anySeed,
        (messages, audience, models, seed) => {
          const run = runResearch("message_test", { messages, ...(audience ? { audience } : {}) }, models, seed);
          expect(planText(run), messages.join(" | ")).not.toMatch(/\bapply\b|\bbuy\b|sign up|\bjoin\b|find out more/i);
        },
      ),
      RUNS,
    );
  });
});

/** Brands people buy as consumers, with the notes a client writes about them. */
const CONSUMER_BRANDS = [
  {
    brand: "Flor de Jambu",
    competitors: ["Natura", "O Boticário", "Avon"],
    notes: "small vegan make-up and skincare brand",
  },
  { brand: "Brewhaus", competitors: ["Starbucks", "Costa"], notes: "a coffee chain" },
  { brand: "Trailfox", competitors: ["Nike", "Salomon"], notes: "trail running shoes" },
  { brand: "Lumi Lipstick", competitors: ["MAC", "Maybelline", "L'Oréal"], notes: "vegan lipstick, R$49,90" },
  { brand: "Kinder Kiste", competitors: ["Lego", "Playmobil"], notes: "Spielzeug für Kinder" },
];

describe("a consumer brand is a brand, not an organisation people deal with (issue 27, reading e5)", () => {
  it("should ask about a consumer brand's image among brands, never about organisations or dealing with it", () => {
    fc.assert(
      fc.property(fc.constantFrom(...CONSUMER_BRANDS), anyModels, anySeed, (inputs, models, seed) => {
        const run = runResearch("brand_perception", inputs, models, seed);
        const text = `${planText(run)}\n${run.report}`;
        expect(text, inputs.brand).not.toMatch(/organisations?|deal(?:ing|t)? with|easy to deal/i);
      }),
      RUNS,
    );
  });
});

/** Steps that say how people identify themselves: nothing about which identifier fits them. */
const NAMED_LOGINS = [
  "Log in with mobile OTP",
  "Sign in with the code sent to your phone",
  "Log in with your email address",
  "Sign in with your customer number",
];

describe("friction fits the task's own steps (issue 27, reading e7, e8)", () => {
  it("should never ask which identifier a step wants when the step names it", () => {
    fc.assert(
      fc.property(fc.constantFrom(...NAMED_LOGINS), anyModels, anySeed, (login, models, seed) => {
        const steps = ["Open the app", login, "Pick a drink", "Pay with UPI"];
        const run = runJourney(
          "conversion_funnel",
          { start_url: "https://chai.example.in", goal_event: "pays for a pre-order", steps },
          models,
          seed,
        );
        for (const model of run.results.by_user_model)
          for (const point of model.friction_points)
            if (point.step === login)
              expect(`${point.issue} ${point.quote}`, login).not.toMatch(
                /email .*customer number|which (?:one|number)/i,
              );
      }),
      { numRuns: 20 },
    );
  });
});

/** Any study of either mode, with the inputs a client gives. */
const anyStudy = fc.oneof(
  anyConcept.map((c) => ["research", "concept_test", defined(c)] as const),
  anyBrands.map((b) => ["research", "brand_perception", b] as const),
  anyFeatures.map((features) => ["research", "feature_prioritisation", { product: "the app", features }] as const),
  fc
    .tuple(anyPrices, anyCurrency)
    .map(
      ([price_points, currency]) => ["research", "pricing", { product: "Cykla pass", price_points, currency }] as const,
    ),
  fc
    .uniqueArray(fc.constantFrom(...PUBLIC_MESSAGES, ...FREE_INFORMATION), { minLength: 2, maxLength: 4 })
    .map((messages) => ["research", "message_test", { messages }] as const),
  fc.constantFrom(...NON_BUYING_OBJECTIVES).map((objective) => ["research", "custom_survey", { objective }] as const),
  fc
    .constantFrom(
      "https://www.fitwerk.ch/probetraining",
      "https://www.gov.uk/apply-passport",
      "https://shop.example.com",
    )
    .map((start_url) => ["journey", "usability_test", { start_url, task: "Book a free trial session" }] as const),
  fc.constant([
    "journey",
    "conversion_funnel",
    { start_url: "https://shop.example.com", goal_event: "completes checkout" },
  ] as const),
  fc
    .tuple(fc.constantFrom(...INFORMATION_PAGES, "https://shop.example.com"), fc.constantFrom(...INFORMATION_QUESTIONS))
    .map(([start_url, q]) => ["journey", "first_impression", { start_url, questions: [q] }] as const),
);

/** The closing caveat every simulated study carries: not a recommendation drawn from a finding. */
const CAVEAT = /^- Treat these as simulated answers/;

describe("every recommendation rests on a finding and says what to do (issue 27, readings e1, e2, f S5, S7, S8, S9)", () => {
  it("should name a number, a quoted step or item, or the hypothesis's claim in every recommendation, never only re-run or look", () => {
    fc.assert(
      fc.property(anyStudy, anyModels, anySeed, ([mode, goal, inputs], models, seed) => {
        const run =
          mode === "research"
            ? runResearch(goal, inputs as Record<string, unknown>, models, seed)
            : runJourney(goal, inputs as Record<string, unknown>, models, seed);
        const lines = (run.report.split("## Recommendations")[1] ?? "").split("\n").filter((l) => l.startsWith("- "));
        expect(lines.filter((l) => !CAVEAT.test(l)).length, goal).toBeGreaterThan(0);
        for (const line of lines.filter((l) => !CAVEAT.test(l))) {
          // A message test names its messages by letter once each is quoted ("Message A").
          expect(line, goal).toMatch(/\d|"[^"]+"|\*[^*]+\*|\bMessage [A-Z]\b/);
          expect(line, goal).not.toMatch(/^- (?:Re-run|Look at)\b/);
        }
      }),
      { numRuns: 20 },
    );
  });

  it("should never advise taking an idea forward when the results refute it or few would take it up", () => {
    fc.assert(
      fc.property(anyConcept, anyModels, anySeed, (concept, models, seed) => {
        const run = runResearch("concept_test", defined(concept), models, seed);
        const advice = run.report.split("## Recommendations")[1] ?? "";
        if (!/^- Take .* forward/m.test(advice)) return;
        expect(run.report.split("## Method")[0], concept.concept).not.toMatch(/\brefuted\b/i);
        const intent = run.results.questions.find((q) =>
          /how likely would you be to (?!recommend)/i.test(q.question_text),
        );
        if (intent) {
          const top = intent.answer_options.slice(-2).reduce((s, o) => s + (intent.overall[o] ?? 0), 0);
          expect(againstThreshold(top, 0.25, run.results.respondents).call, intent.question_text).not.toBe("below");
        }
      }),
      { numRuns: 30 },
    );
  });
});

/** People any consumer idea concerns: adults, parents, students, commuters, of any country. */
const anyConsumers = anyModels.filter((models) =>
  models.every((m) => /adults|parents|students|commuters|drivers/.test(m.name)),
);

describe("answers spread as people's answers do (issue 27, reading f S1, S3, S6)", () => {
  it("should give no answer of a rating or behaviour question more than 85% of a user model, nor collapse a scale onto one end, where the inputs do not make it so", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          // No brand nobody has heard of (never heard of it is then near-universal, and so is "don't know" about
          // it), no one outside the market (nobody would pay more for a tool they would not use): the inputs that
          // make one answer near-universal are left out.
          // A price however dear: nobody buys above their ceiling, but not everyone says so in the same words.
          fc
            .record({
              concept: fc.constantFrom(...COMMERCIAL_CONCEPTS, ...PUBLIC_CONCEPTS),
              price_point: fc.constantFrom(undefined, "£3 a month", "$4.99 a month", "CHF 49", "29 € par mois"),
            })
            .map((c) => ["concept_test", defined(c)] as const),
          fc
            .uniqueArray(fc.constantFrom(...PUBLIC_MESSAGES, ...FREE_INFORMATION), { minLength: 2, maxLength: 4 })
            .map((messages) => ["message_test", { messages }] as const),
          anyFeatures.map((features) => ["feature_prioritisation", { product: "a banking app", features }] as const),
          fc
            .constantFrom(
              ...NON_BUYING_OBJECTIVES,
              "Understand how often people give to health charities, how much they give and through which channels",
              "How often do people exercise, and what stops them?",
              "Understand how people use public libraries and why they stop",
            )
            .map((objective) => ["custom_survey", { objective }] as const),
        ),
        anyConsumers,
        anySeed,
        ([goal, inputs], models, seed) => {
          const run = runResearch(goal, inputs, models, seed);
          for (const q of run.results.questions) {
            if (q.question_type === "open_text" || q.question_type === "multiple_choice") continue;
            for (const [model, shares] of Object.entries({ all: q.overall, ...q.by_user_model })) {
              const top = Math.max(...Object.values(shares));
              expect(top, `${goal}, ${model}: ${q.question_text} ${JSON.stringify(shares)}`).toBeLessThanOrEqual(0.85);
            }
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});

/** How clients in these countries write money: their own decimal marks, groupings and signs. */
const CLIENT_LOCALES = [
  "de-DE",
  "fr-FR",
  "tr-TR",
  "ja-JP",
  "en-IN",
  "es-MX",
  "pt-BR",
  "sv-SE",
  "de-CH",
  "en-CA",
  "en-AU",
];
/** Units after a slash or in words, in several languages, with the English the study writes. */
const UNITS: Array<[string, string]> = [
  ["", ""],
  ["/ay", " a month"],
  ["/mes", " a month"],
  ["/Monat", " a month"],
  ["/mois", " a month"],
  ["/month", " a month"],
  ["/月", " a month"],
  [" a week", " a week"],
  ["/Jahr", " a year"],
];

describe("the price read is the price written, in the study's locale with an unambiguous sign (issue 27, readings e1, e10, f S8, S10)", () => {
  it("should ask about the amount and unit the client wrote, in any ISO currency and notation, and judge the hypothesis at it", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("USD", "CAD", "AUD", "MXN", "TRY", "JPY", "INR", "SEK", "CHF", "EUR", "BRL", "KRW", "NZD"),
        fc.constantFrom(...CLIENT_LOCALES),
        fc.oneof(
          fc.integer({ min: 1, max: 3_000_000 }),
          fc.integer({ min: 100, max: 99_999 }).map((c) => c / 100),
        ),
        fc.constantFrom(...UNITS),
        fc.constantFrom("", " (platform adds 20)", " (VAT included)"),
        anyModels,
        anySeed,
        (currency, clientLocale, raw, [unit, english], note, models, seed) => {
          const decimals = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions()
            .maximumFractionDigits as number;
          const amount = Number(raw.toFixed(decimals));
          fc.pre(amount > 0);
          // A client's bare "$" could be any dollar: the client says whose (US$, CA$), as a brief would.
          const sign =
            currency === "USD"
              ? "US$"
              : (new Intl.NumberFormat("en", { style: "currency", currency })
                  .formatToParts(1)
                  .find((p) => p.type === "currency")?.value as string);
          const written = new Intl.NumberFormat(clientLocale, { style: "currency", currency })
            .format(amount)
            .replace(/(?<![A-Z])\$(?![A-Z])/, sign);
          const price_point = `${written}${unit}${note}`;
          const run = runResearch("concept_test", { concept: "A meal kit for two", price_point }, models, seed);
          const style = moneyStyle(
            currency,
            models.map((m) => String(m.metadata.country)),
          );
          const money = formatMoney(amount, style);
          const intent = (run.plan.survey_questions ?? []).find((q) =>
            /how likely would you be to (?!recommend)/.test(q.question_text),
          );
          expect(intent?.question_text, price_point).toContain(`${money}${english}`);
          // A dollar sign alone is the US dollar's: any other dollar says whose it is (CA$, A$, MX$).
          if (currency !== "USD") expect(money, `${currency} in ${style.locale}`).not.toMatch(/(?<![A-Z])\$/);
          // The hypothesis is judged at the whole price, never one cut at a thousands separator.
          const section = run.report.split("## Hypothesis")[1]?.split("## Method")[0] ?? "";
          for (const m of section.matchAll(/^- \*([^*]+)\*:/gm)) {
            const at = /\bat (.+)$/.exec(m[1] as string)?.[1];
            if (at) expect(at, price_point).toContain(money);
          }
        },
      ),
      { numRuns: 30 },
    );
  });

  it("should never cut a claim at a thousands separator of the amount a funnel's goal names", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("MXN", "USD", "JPY", "INR", "GBP"),
        fc.integer({ min: 1_000, max: 9_999_999 }),
        anyModels,
        anySeed,
        (currency, amount, models, seed) => {
          const money = new Intl.NumberFormat("en-US", { style: "currency", currency, currencyDisplay: "code" })
            .format(amount)
            .replace(/\.00$/, "")
            .replace(/\u00a0/g, " ");
          const goal_event = `pays the ${money} deposit`;
          const run = runJourney(
            "conversion_funnel",
            { start_url: "https://venue.example.mx", goal_event },
            models,
            seed,
          );
          const section = run.report.split("## Hypothesis")[1]?.split("## Method")[0] ?? "";
          for (const m of section.matchAll(/^- \*([^*]+)\*:/gm))
            if ((m[1] as string).includes(currency)) expect(m[1], goal_event).toContain(money);
        },
      ),
      RUNS,
    );
  });
});
