import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  anyBrands,
  anyConcept,
  anyFeatures,
  anyModels,
  anyPrices,
  anySeed,
  defined,
  PUBLIC_MESSAGES,
  PUBLIC_PRODUCTS,
  runJourney,
  runResearch,
} from "./__fixtures__/random-study.js";
import { type AskedMeasure, askedMeasures, MEASURE_LABEL, measureOfQuestion } from "./asked-measures.js";

/**
 * Issue 27, plans from what the brief asks (readings e4, e5, e6, f S6): every measure an objective names, in English,
 * German, French or Spanish, is a question of the plan, answered by the respondents and reported in the summary with
 * its number and base; the summary reports no asked measure the plan did not ask.
 */

const RUNS = { numRuns: 30 };
/** Planning, answering and reporting a study takes a few tens of milliseconds: fewer runs keep the file under ~5 s. */
const STUDY_RUNS = { numRuns: 12 };

type Language = "en" | "de" | "fr" | "es";

/** How a client writes each measure into a brief, in each language the writer reads. */
const PHRASES: Record<AskedMeasure, Record<Language, string>> = {
  pay: {
    en: "what people would pay for it",
    de: "wofür sie zahlen würden",
    fr: "combien ils seraient prêts à payer",
    es: "cuánto estarían dispuestos a pagar",
  },
  amount: {
    en: "the typical gift size",
    de: "den typischen Betrag",
    fr: "le montant habituel",
    es: "el importe habitual",
  },
  channel: {
    en: "which channels they prefer",
    de: "welche Kanäle sie bevorzugen",
    fr: "les canaux qu'ils préfèrent",
    es: "qué canales prefieren",
  },
  frequency: {
    en: "how often they would use it",
    de: "wie oft sie es nutzen würden",
    fr: "à quelle fréquence ils l'utiliseraient",
    es: "con qué frecuencia lo usarían",
  },
  trust: {
    en: "whether they trust it",
    de: "ob sie dem Angebot vertrauen",
    fr: "s'ils lui font confiance",
    es: "si les genera confianza",
  },
  clarity: {
    en: "whether the offer is clear",
    de: "ob das Angebot verständlich ist",
    fr: "si l'offre est claire",
    es: "si la oferta es clara",
  },
  competitors: {
    en: "how it stands against competitors",
    de: "wie es gegen die Konkurrenz abschneidet",
    fr: "comment il se situe face à la concurrence",
    es: "cómo se compara con la competencia",
  },
};

const LEAD: Record<Language, [string, string]> = {
  en: ["Find out", "and"],
  de: ["Ziel der Studie: herausfinden,", "und"],
  fr: ["Objectif : comprendre", "et"],
  es: ["Objetivo: entender", "y"],
};

const MEASURES = Object.keys(PHRASES) as AskedMeasure[];

const anyObjective = fc
  .record({
    language: fc.constantFrom<Language>("en", "de", "fr", "es"),
    measures: fc.uniqueArray(fc.constantFrom(...MEASURES), { minLength: 1, maxLength: 4 }),
  })
  .map(({ language, measures }) => {
    const [lead, and] = LEAD[language];
    const parts = measures.map((m) => PHRASES[m][language]);
    const listed = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} ${and} ${parts.at(-1)}`;
    return { language, measures, text: `${lead} ${listed}.` };
  });

/** A study of any research goal with its own inputs, the objective put where a client would write it. */
const anyStudy = fc
  .record({
    goal: fc.constantFrom(
      "concept_test",
      "message_test",
      "pricing",
      "feature_prioritisation",
      "brand_perception",
      "custom_survey",
    ),
    concept: anyConcept,
    brands: anyBrands,
    features: anyFeatures,
    prices: anyPrices,
    product: fc.constantFrom(...PUBLIC_PRODUCTS, "Kontor Team", "the Hearth app"),
    messages: fc.uniqueArray(fc.constantFrom(...PUBLIC_MESSAGES), { minLength: 2, maxLength: 4 }),
    key: fc.constantFrom("objective", "notes", "brief"),
    objective: anyObjective,
  })
  .map((s) => {
    const key = s.goal === "custom_survey" ? "objective" : s.key;
    const own: Record<string, unknown> =
      s.goal === "concept_test"
        ? defined(s.concept)
        : s.goal === "message_test"
          ? { messages: s.messages }
          : s.goal === "pricing"
            ? { product: s.product, price_points: s.prices }
            : s.goal === "feature_prioritisation"
              ? { product: s.product, features: s.features }
              : s.goal === "brand_perception"
                ? { brand: s.brands.brand, competitors: s.brands.competitors }
                : {};
    return { goal: s.goal, objective: s.objective, inputs: { ...own, [key]: s.objective.text } };
  });

describe("a plan asks what the brief asks (issue 27, readings e and f)", () => {
  it("should read every measure an objective names, in each of the four languages", () => {
    fc.assert(
      fc.property(anyStudy, ({ goal, objective, inputs }) => {
        const read = askedMeasures(inputs);
        for (const m of objective.measures) expect(read, `${goal}: ${objective.text}`).toContain(m);
        const extra = read.filter((m) => !objective.measures.includes(m));
        expect(extra.filter((m) => !(m === "competitors" && goal === "brand_perception"))).toEqual([]);
      }),
      RUNS,
    );
  });

  it("should put a question for every asked measure into the plan, and have the respondents answer it", () => {
    fc.assert(
      fc.property(anyStudy, anyModels, anySeed, ({ goal, objective, inputs }, models, seed) => {
        const run = runResearch(goal, inputs, models, seed);
        const questions = run.plan.survey_questions ?? [];
        for (const m of objective.measures) {
          const q = questions.find(
            (x) => measureOfQuestion({ text: x.question_text, options: x.answer_options ?? [] }) === m,
          );
          expect(
            q,
            `${m} in ${goal} plan for "${objective.text}":\n${questions.map((x) => x.question_text).join("\n")}`,
          ).toBeDefined();
          const answered = run.results.questions.find((r) => r.question_text === q?.question_text);
          expect(answered).toBeDefined();
        }
      }),
      STUDY_RUNS,
    );
  });

  it("should report every asked measure in the summary with its number and base, and no measure the plan did not ask", () => {
    fc.assert(
      fc.property(anyStudy, anyModels, anySeed, ({ goal, objective, inputs }, models, seed) => {
        const run = runResearch(goal, inputs, models, seed);
        const lines = run.synthesis.split("\n").filter((l) => l.startsWith("- Asked by the brief"));
        for (const m of objective.measures) {
          const line = lines.find((l) => l.startsWith(`- Asked by the brief, ${MEASURE_LABEL[m]}:`));
          expect(line, `${m} in the summary of ${goal}:\n${run.synthesis}`).toBeDefined();
          expect(line).toMatch(/\d+(?:\.\d)?% \(n=\d+\)/);
          expect(line).toContain(`(n=${run.results.respondents})`);
        }
        // Only what the brief's words ask is credited to it (a brand study's named competitors are not).
        const worded = objective.measures.map((m) => `- Asked by the brief, ${MEASURE_LABEL[m]}:`);
        for (const line of lines)
          expect(
            worded.some((w) => line.startsWith(w)),
            line,
          ).toBe(true);
        const asked = new Set((run.plan.survey_questions ?? []).map((q) => q.question_text));
        for (const line of lines) {
          const quoted = /\("(.+)"\)\.$/.exec(line)?.[1];
          expect(quoted !== undefined && asked.has(quoted), line).toBe(true);
        }
        // Every answer share of a single-choice question is of the same base, so they add up to the whole.
        for (const q of run.results.questions.filter((x) => x.question_type === "single_choice")) {
          const total = Object.values(q.overall).reduce((a, b) => a + b, 0);
          expect(total, q.question_text).toBeCloseTo(1, 2);
        }
      }),
      STUDY_RUNS,
    );
  });
});

/** The client's own questions of a first-impression test: yes-or-no ones of trust, clarity or anything, and open ones. */
const CLOSED_QUESTIONS = [
  "Is it clear what a small family funeral costs in total?",
  "Does the page feel respectful and trustworthy at a time of grief?",
  "Can you tell which batteries you may take on board?",
  "Would you feel safe booking here?",
  "Is the price easy to understand?",
  "Does it look like it is for people like you?",
];
const OPEN_QUESTIONS = ["What does it cost?", "Who is it for?", "What would you do next on this page?"];

describe("a first-impression test answers the client's own questions (issue 27, reading e9)", () => {
  it("should give every yes-or-no question of the client answers of every session, in the summary with its base", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...CLOSED_QUESTIONS, ...OPEN_QUESTIONS), { minLength: 1, maxLength: 5 }),
        fc.constantFrom("https://funeral.example/", "https://air.example/baggage", "https://shop.example/"),
        anyModels,
        anySeed,
        (questions, start_url, models, seed) => {
          const run = runJourney("first_impression", { start_url, questions }, models, seed);
          const n = run.results.sessions;
          for (const question of questions) {
            const closed = CLOSED_QUESTIONS.includes(question);
            for (const model of run.results.by_user_model) {
              const answer = model.impressions?.answers.find((a) => a.question === question);
              expect(answer, question).toBeDefined();
              if (!closed) {
                expect(answer?.replies).toBeUndefined();
                continue;
              }
              const replies = answer?.replies ?? [];
              expect(replies.map((r) => r.answer)).toEqual([
                "Yes",
                "Partly",
                "No",
                "Could not tell from the first screen",
              ]);
              expect(replies.reduce((sum, r) => sum + r.share, 0)).toBeCloseTo(1, 9);
              expect(replies[3]?.share).toBeCloseTo(1 - (answer?.answered ?? 0), 9);
            }
            const line = run.synthesis.split("\n").find((l) => l.startsWith(`- "${question}": yes `));
            if (closed) {
              expect(line, `${question} in\n${run.synthesis}`).toMatch(
                /yes \d+(?:\.\d)?%, partly \d+(?:\.\d)?%, no \d+(?:\.\d)?%/,
              );
              expect(line).toContain(`(n=${n})`);
              // Its row in the report gives the answers, not whether people could answer.
              const row = run.report.split("\n").find((l) => l.startsWith(`| ${question} |`)) ?? "";
              expect(row.split("|").filter((c) => /\d%/.test(c))).toHaveLength(4);
            } else expect(line).toBeUndefined();
          }
          // A client's question a quarter or more answer "no" is advice to act on, never "keep the first screen"
          // (reading h s09: 40% no on pool safety, and the advice was to keep it).
          const advice = run.report.split("## Recommendations")[1] ?? "";
          const said = (question: string) =>
            run.results.by_user_model.reduce(
              (sum, m) =>
                sum +
                (m.impressions?.answers.find((a) => a.question === question)?.replies?.[2]?.share ?? 0) * m.sessions,
              0,
            ) / n;
          const doubted = questions.filter((q) => CLOSED_QUESTIONS.includes(q) && said(q) >= 0.27);
          if (doubted.length > 0) {
            expect(advice, doubted.join("; ")).not.toMatch(/Keep the first screen/);
            expect(advice).toMatch(/^- [^\n]*first screen[^\n]*: (?:asked "[^"\n]+", )?\d+(?:\.\d)?% said no/m);
          }
        },
      ),
      STUDY_RUNS,
    );
  });
});

/** Tasks written for people with a need, and tasks for anyone. */
const NEED_TASKS: Array<[string, string | undefined]> = [
  ["You use a wheelchair. Plan a step-free route from the station to the museum", "wheelchair"],
  ["Find the opening hours with a screen reader", "screen reader"],
  ["Sie sitzen im Rollstuhl: planen Sie eine Route ohne Stufen", "Rollstuhl"],
  ["Book a table for two on Friday evening", undefined],
  ["Renew your parking permit online", undefined],
];

describe("a journey says when its user models are not who or what the brief names (issue 27, readings e7, e8)", () => {
  it("should walk a smartphone panel's journey on a phone, and flag a need nobody in the panel has", () => {
    fc.assert(
      fc.property(
        anyModels,
        fc.constantFrom(...NEED_TASKS),
        fc.constantFrom("usability_test", "conversion_funnel"),
        fc.constantFrom(undefined, "desktop", "mobile"),
        fc.constantFrom("none", "phones", "need"),
        anySeed,
        (base, [task, need], goal, device, panel, seed) => {
          const models = base.map((m, i) =>
            i === 0 && panel === "phones"
              ? { ...m, name: `${m.name} (smartphone users)` }
              : i === 0 && panel === "need" && need
                ? { ...m, description: `${m.description}, people who use a ${need}` }
                : m,
          );
          const inputs = defined({ start_url: "https://service.example/", task, goal_event: "books", device });
          const run = runJourney(goal, inputs, models, seed);
          const planned = String(run.plan.journey_task?.device ?? "");
          if (panel === "phones" && device === undefined) expect(planned).toMatch(/mobile/);
          const phoneNote = /smartphone users: re-run on a phone/;
          if (panel === "phones" && !/mobile/.test(planned)) expect(run.synthesis).toMatch(phoneNote);
          else expect(run.synthesis).not.toMatch(phoneNote);
          const needNote = /The task is written for/;
          const someoneLacks =
            need !== undefined && goal === "usability_test" && (panel !== "need" || models.length > 1);
          if (someoneLacks) {
            expect(run.synthesis, run.synthesis).toMatch(needNote);
            expect(run.report).toMatch(needNote);
          } else if (need === undefined || (panel === "need" && models.length === 1))
            expect(run.synthesis).not.toMatch(needNote);
        },
      ),
      STUDY_RUNS,
    );
  });
});

/** A registration campaign's aim, in the four languages, and where a client writes it. */
const REGISTRATION_AIMS = [
  "We want them to check their registration before the deadline.",
  "On ne vend rien, on veut qu'ils vérifient leur inscription sur la liste électorale.",
  "Ziel: dass sie ihren Eintrag im Wählerverzeichnis prüfen.",
  "Queremos que comprueben su inscripción en el censo electoral.",
];

describe("a message test measures the act its brief names (issue 27, reading f S2)", () => {
  it("should ask whether a registration campaign makes people check the register, never whether they want to vote", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...REGISTRATION_AIMS),
        fc.constantFrom("objective", "notes", "brief", "audience"),
        fc.uniqueArray(fc.constantFrom(...PUBLIC_MESSAGES), { minLength: 2, maxLength: 4 }),
        anyModels,
        anySeed,
        (aim, key, messages, models, seed) => {
          const run = runResearch("message_test", { messages, [key]: aim }, models, seed);
          const texts = (run.plan.survey_questions ?? []).map((q) => q.question_text);
          expect(
            texts.some((t) => /check the electoral register/.test(t)),
            texts.join("\n"),
          ).toBe(true);
          expect(texts.some((t) => /want to vote\b/.test(t))).toBe(false);
        },
      ),
      STUDY_RUNS,
    );
  });
});

describe("the channels a brief lists are the options (issue 27, readings r S1, s S2, s S6)", () => {
  // "(WhatsApp, llamada, app)" was asked as "On a website / … / By post" for a doorstep pick-up.
  const ASKS: Record<Language, (items: string) => string> = {
    en: (items) => `We want to learn which channel people prefer (${items}) and what holds them back.`,
    de: (items) => `Wir wollen wissen, über welchen Kanal sie angesprochen werden wollen (${items}).`,
    fr: (items) => `Nous voulons savoir par quel canal les joindre (${items}).`,
    es: (items) => `Queremos saber qué canal prefieren (${items}) y qué los frena.`,
  };
  const JOIN: Record<Language, string> = { en: "or", de: "oder", fr: "ou", es: "o" };
  it("asks the channel question with the brief's listed channels, and a way out", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Language>("en", "de", "fr", "es"),
        fc.uniqueArray(fc.constantFrom("WhatsApp", "Instagram", "radio", "posters", "SMS", "Zoravo app", "Kivela"), {
          minLength: 2,
          maxLength: 4,
        }),
        fc.constantFrom("concept_test", "custom_survey", "message_test"),
        anyModels,
        anySeed,
        (lang, items, goal, models, seed) => {
          const written = `${items.slice(0, -1).join(", ")} ${JOIN[lang]} ${items.at(-1)}`;
          const base =
            goal === "concept_test"
              ? { concept: "A free doorstep collection of used cooking oil" }
              : goal === "message_test"
                ? { messages: ["Bring your oil, not the drain", "One jar a month keeps pipes clear"] }
                : {};
          const inputs = { ...base, objective: ASKS[lang](written) };
          const run = runResearch(goal, inputs, models, seed);
          const channel = (run.plan.survey_questions ?? []).find(
            (q) => measureOfQuestion({ text: q.question_text, options: q.answer_options ?? [] }) === "channel",
          );
          if (!channel) return;
          for (const item of items)
            expect(channel.answer_options ?? [], `${written}: ${channel.question_text}`).toContain(item);
          expect(channel.answer_options ?? []).not.toContain("By post");
        },
      ),
      STUDY_RUNS,
    );
  });
});
