import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  anyConcept,
  anyFeatures,
  anyModels,
  anySeed,
  defined,
  PUBLIC_MESSAGES,
  runJourney,
  runResearch,
} from "./__fixtures__/random-study.js";
import { MEASURE_LABEL, measureOfQuestion } from "./asked-measures.js";
import { amountIn, currencyIn, moneyPattern } from "./money.js";

/**
 * Issue 27, what the brief asks reaches the questions and the advice (readings j and k): a price the objective names
 * for what people would pay is asked at that price, in its currency and unit, and answered with its base; a measure
 * the brief asks is reported only from a question of that measure, never from the answers of another.
 */

/** Planning, answering and reporting a study takes a few tens of milliseconds: few runs keep the file under ~5 s. */
const STUDY_RUNS = { numRuns: 10 };

type Language = "en" | "de" | "fr" | "es";

/** A price as clients write one, in a currency and form of their own, and the amount it is. */
const anyWrittenPrice = fc
  .record({
    form: fc.constantFrom("code-after", "sign-before", "sign-after", "code-before", "from"),
    whole: fc.integer({ min: 1, max: 30_000 }),
    cents: fc.constantFrom(0, 50, 99),
    currency: fc.constantFrom("USD", "EUR", "HUF", "PLN", "THB", "CHF", "GBP", "MXN"),
  })
  .map(({ form, whole, cents, currency }) => {
    const amount = whole + cents / 100;
    const comma = (n: number) =>
      `${Math.floor(n)
        .toString()
        .replace(/\B(?=(\d{3})+(?!\d))/g, " ")}${cents ? `,${String(cents).padStart(2, "0")}` : ""}`;
    const dot = (n: number) =>
      `${Math.floor(n).toLocaleString("en-US")}${cents ? `.${String(cents).padStart(2, "0")}` : ""}`;
    const sign: Record<string, string> = {
      USD: "US$",
      EUR: "\u20ac",
      HUF: "Ft",
      PLN: "z\u0142",
      THB: "\u0e3f",
      CHF: "CHF",
      GBP: "\u00a3",
      MXN: "MX$",
    };
    const s = sign[currency] as string;
    const written =
      form === "code-after"
        ? `${comma(amount)} ${currency}`
        : form === "code-before"
          ? `${currency} ${dot(amount)}`
          : form === "sign-after" || currency === "HUF" || currency === "PLN"
            ? `${comma(amount)} ${s}`
            : form === "from"
              ? `from ${s}${/[A-Z]$/.test(s) ? " " : ""}${dot(amount)}`
              : `${s} ${dot(amount)}`;
    return { amount, currency, written };
  });

/** A billing period in each language, and the English a question says it with. */
const PERIODS: Record<Language, Array<[string, string]>> = {
  en: [
    ["a month", "a month"],
    ["per year", "a year"],
    ["", ""],
  ],
  de: [
    ["im Monat", "a month"],
    ["pro Jahr", "a year"],
    ["", ""],
  ],
  fr: [
    ["par mois", "a month"],
    ["par an", "a year"],
    ["", ""],
  ],
  es: [
    ["al mes", "a month"],
    ["por año", "a year"],
    ["", ""],
  ],
};

/** Sentence shapes that ask whether people would pay a price, in each language, about things unlike the readings'. */
const SHAPES: Record<Language, Array<(price: string, thing: string) => string>> = {
  en: [
    (p, t) => `We want to know which households would pay ${p} for ${t}, and what puts the others off.`,
    (p, t) => `Would allotment holders pay ${p} for ${t}?`,
    (p, t) => `Check how many dog walkers are willing to pay ${p} for ${t} before we launch.`,
  ],
  de: [
    (p, t) => `Wir wollen wissen, ob Vereinsmitglieder ${p} für ${t} zahlen würden.`,
    (p, t) => `Wie viele Pendler wären zahlungsbereit, wenn ${t} ${p} kostet?`,
  ],
  fr: [
    (p, t) => `Savoir si les cyclistes seraient prêts à payer ${p} pour ${t}.`,
    (p, t) => `Combien de familles paieraient ${p} pour ${t} ?`,
  ],
  es: [
    (p, t) => `¿Cuántos jardineros pagarían ${p} por ${t}?`,
    (p, t) => `Queremos saber si los vecinos estarían dispuestos a pagar ${p} por ${t}.`,
  ],
};
const THINGS: Record<Language, string[]> = {
  en: ["the seed library membership", "a repair-café pass", "the premium tier"],
  de: ["die Saatgut-Mitgliedschaft", "den Premium-Zugang"],
  fr: ["l'abonnement à l'atelier vélo", "la version premium"],
  es: ["la membresía del huerto", "la versión premium"],
};

const anyPricedObjective = fc
  .record({
    language: fc.constantFrom<Language>("en", "de", "fr", "es"),
    price: anyWrittenPrice,
    period: fc.nat(2),
    shape: fc.nat(10),
    thing: fc.nat(10),
  })
  .map(({ language, price, period, shape, thing }) => {
    const [said, unit] = PERIODS[language][period % PERIODS[language].length] as [string, string];
    const shapes = SHAPES[language];
    const things = THINGS[language];
    const write = shapes[shape % shapes.length] as (p: string, t: string) => string;
    const text = write(said ? `${price.written} ${said}` : price.written, things[thing % things.length] as string);
    return { language, price, unit, text };
  });

const anyStudy = fc
  .record({
    goal: fc.constantFrom(
      "concept_test",
      "message_test",
      "feature_prioritisation",
      "brand_perception",
      "custom_survey",
    ),
    concept: anyConcept,
    features: anyFeatures,
    messages: fc.uniqueArray(fc.constantFrom(...PUBLIC_MESSAGES), { minLength: 2, maxLength: 4 }),
    key: fc.constantFrom("objective", "notes", "brief"),
    objective: anyPricedObjective,
  })
  .map((s) => {
    const key = s.goal === "custom_survey" ? "objective" : s.key;
    const own: Record<string, unknown> =
      s.goal === "concept_test"
        ? defined({ ...s.concept, price_point: undefined })
        : s.goal === "message_test"
          ? { messages: s.messages }
          : s.goal === "feature_prioritisation"
            ? { product: "Gardenly", features: s.features }
            : s.goal === "brand_perception"
              ? { brand: "Gardenly", competitors: ["Verdant", "Plotpal"] }
              : {};
    return { goal: s.goal, objective: s.objective, inputs: { ...own, [key]: s.objective.text } };
  });

/** The prices a text names, each as its amount and currency. */
function pricesIn(text: string, hint: string): Array<{ amount: number; currency: string | undefined; at: number }> {
  return [...text.matchAll(moneyPattern("g"))].map((m) => ({
    amount: amountIn(m[0]) ?? Number.NaN,
    currency: currencyIn(m[0], hint),
    at: (m.index ?? 0) + m[0].length,
  }));
}

describe("a price the brief names is asked at that price and answered (issue 27, reading k S9)", () => {
  it("should ask whether people would pay the objective's own price, in its currency and unit, and report it with its base", () => {
    fc.assert(
      fc.property(anyStudy, anyModels, anySeed, ({ goal, objective, inputs }, models, seed) => {
        const run = runResearch(goal, inputs, models, seed);
        const questions = run.plan.survey_questions ?? [];
        const { amount, currency } = objective.price;
        const priced = questions.find(
          (q) =>
            measureOfQuestion({ text: q.question_text, options: q.answer_options ?? [] }) === "pay" &&
            pricesIn(q.question_text, currency).some(
              (p) =>
                Math.abs(p.amount - amount) < 0.005 &&
                p.currency === currency &&
                q.question_text.slice(p.at).trimStart().startsWith(objective.unit),
            ),
        );
        expect(
          priced,
          `${goal} for "${objective.text}":\n${questions.map((q) => q.question_text).join("\n")}`,
        ).toBeDefined();
        expect(run.results.questions.some((r) => r.question_text === priced?.question_text)).toBe(true);
        const line = run.synthesis
          .split("\n")
          .find(
            (l) =>
              l.startsWith(`- Asked by the brief, ${MEASURE_LABEL.pay} at `) &&
              l.includes(`("${priced?.question_text}")`),
          );
        // A product that concerns only some people is asked of those who qualified, and the summary says how many.
        const qualified = /(\d+) of them qualified/.exec(run.synthesis)?.[1];
        expect(line, `${objective.text}\n${run.synthesis}`).toMatch(
          new RegExp(`\\d+(?:\\.\\d)?% \\(n=${qualified ?? run.results.respondents}\\)`),
        );
      }),
      STUDY_RUNS,
    );
  });

  it("should report each measure the brief asks only from a question of that measure", () => {
    fc.assert(
      fc.property(anyStudy, anyModels, anySeed, ({ goal, inputs }, models, seed) => {
        const run = runResearch(goal, inputs, models, seed);
        const lines = run.synthesis.split("\n").filter((l) => l.startsWith("- Asked by the brief"));
        for (const line of lines) {
          const quoted = /\("(.+)"\)\.$/.exec(line)?.[1];
          const q = run.results.questions.find((r) => r.question_text === quoted);
          expect(q, line).toBeDefined();
          const measure = measureOfQuestion({ text: q?.question_text ?? "", options: q?.answer_options ?? [] });
          expect(measure, line).toBeDefined();
          expect(line.startsWith(`- Asked by the brief, ${MEASURE_LABEL[measure ?? "pay"]}`), line).toBe(true);
          // A commonest answer is one of the question's own, and for willingness to pay never a feature or brand.
          const answer = /commonest answer "([^"]+)"/.exec(line)?.[1];
          if (answer !== undefined) expect(q?.answer_options).toContain(answer);
          if (measure === "pay")
            for (const option of q?.answer_options ?? [])
              expect(option, line).toMatch(/\bpay\b|\d|%|\bnone\b|\bnothing\b|\bnot\b/i);
        }
      }),
      STUDY_RUNS,
    );
  });
});

/** A client's own yes-or-no questions of a first look, in the four languages, about pages unlike the readings'. */
const OWN_QUESTIONS: Array<{ text: string; expectation: boolean }> = [
  { text: "Is it obvious that the tool library lends drills for free?", expectation: false },
  { text: "Can you tell when the repair café is open?", expectation: false },
  { text: "Ist klar, dass die Beratung kostenlos ist?", expectation: false },
  { text: "Erkennt man, wer hinter der Tauschbörse steht?", expectation: false },
  { text: "Est-ce clair que l'inscription se fait en ligne ?", expectation: false },
  { text: "Comprenez-vous à qui s'adresse l'atelier ?", expectation: false },
  { text: "¿Queda claro cuánto cuesta la cuota anual?", expectation: false },
  { text: "¿Se entiende qué incluye la tarjeta de socio?", expectation: false },
  { text: "Would you expect to be able to borrow two tools at once?", expectation: true },
  { text: "Würden Sie erwarten, dass man Werkzeug reservieren kann?", expectation: true },
  { text: "Vous attendriez-vous à pouvoir venir avec un ami ?", expectation: true },
  { text: "¿Esperaría poder cancelar en cualquier momento?", expectation: true },
];

describe("a first look answers the client's own questions and acts on weak answers (issue 27, readings j S9, k S2)", () => {
  it("should answer each own question in the summary with its base, and advise on every weak one without reading an expectation as a page failure", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...OWN_QUESTIONS), { minLength: 1, maxLength: 3, selector: (q) => q.text }),
        fc.constantFrom("https://tools.example/", "https://verein.example/mitglied", "https://huerto.example/socios"),
        anyModels,
        anySeed,
        (own, start_url, models, seed) => {
          const run = runJourney("first_impression", { start_url, questions: own.map((q) => q.text) }, models, seed);
          const n = run.results.sessions;
          const advice = run.report.split("## Recommendations")[1] ?? "";
          for (const q of own) {
            const line = run.synthesis.split("\n").find((l) => l.startsWith(`- "${q.text}"`));
            expect(line, `${q.text} in\n${run.synthesis}`).toMatch(/yes \d+(?:\.\d)?%.*no \d+(?:\.\d)?%/);
            expect(line).toContain(`(n=${n})`);
            const replies = run.results.by_user_model.map(
              (m) => m.impressions?.answers.find((a) => a.question === q.text)?.replies ?? [],
            );
            const pooled = (j: number) =>
              run.results.by_user_model.reduce((sum, m, i) => sum + (replies[i]?.[j]?.share ?? 0) * m.sessions, 0) /
              Math.max(n, 1);
            if (q.expectation) {
              // "No" to "Would you expect to…?" says what people assume, not that the page failed to answer.
              expect(advice, q.text).not.toContain(`Answer "${q.text}" on the first screen`);
              if (pooled(2) >= 0.25) expect(advice, `${q.text}\n${advice}`).toContain(`"${q.text}"`);
            } else if (pooled(0) < 2 / 3 - 0.005)
              expect(advice, `${q.text}: yes ${pooled(0)}\n${advice}`).toContain(`"${q.text}"`);
          }
        },
      ),
      STUDY_RUNS,
    );
  });
});

/** Specifics a brief names, and sentences that name them in the four languages, unlike the readings' studies. */
const SPECIFICS = ["GreenCrate", "SPF30", "kosher", "Premium", "€ 4,50", "1 200 Ft", "VeloBox", "fair trade", "X200"];
const SPECIFIC_SHAPES: Array<(a: string, b: string) => string> = [
  (a, b) => `Understand why members stop using the ${a} lockers, and whether ${b} matters to them.`,
  (a, b) => `Wir möchten verstehen, warum Kundinnen ${a} nicht nutzen; wichtig ist uns auch ${b}.`,
  (a, b) => `Comprendre pourquoi les habitants n'utilisent pas ${a}, et le rôle de ${b}.`,
  (a, b) => `Entender por qué los socios no usan ${a} y qué papel juega ${b}.`,
];

describe("the brief's named specifics reach a question or the Method (issue 27, reading k S1, S4, S8)", () => {
  it("should ask about every specific the brief names, or say in the Method that no question does", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...SPECIFICS), { minLength: 2, maxLength: 2 }),
        fc.constantFrom(...SPECIFIC_SHAPES),
        fc.constantFrom("concept_test", "custom_survey", "brand_perception", "first_impression", "usability_test"),
        anyConcept,
        anyModels,
        anySeed,
        ([a, b], shape, goal, concept, models, seed) => {
          const brief = shape(a as string, b as string);
          const journey = goal === "first_impression" || goal === "usability_test";
          const run = journey
            ? runJourney(
                goal,
                { start_url: "https://lockers.example/", task: "Find the nearest locker", notes: brief },
                models,
                seed,
              )
            : runResearch(
                goal,
                goal === "concept_test"
                  ? { ...defined(concept), notes: brief }
                  : goal === "brand_perception"
                    ? { brand: "Plotpal", competitors: ["Verdant"], notes: brief }
                    : { objective: brief },
                models,
                seed,
              );
          const method = run.report.split("## Method")[1]?.split(/\n## (?:Results|Results by)/)[0] ?? "";
          const asked = (run.plan.survey_questions ?? [])
            .flatMap((q) => [q.question_text, ...(q.answer_options ?? [])])
            .join("\n");
          for (const term of [a, b] as string[]) {
            const inQuestions = asked.toLowerCase().includes(term.toLowerCase());
            expect(inQuestions || method.includes(`"${term}"`), `${term} of "${brief}" in\n${method}`).toBe(true);
          }
        },
      ),
      STUDY_RUNS,
    );
  });
});
