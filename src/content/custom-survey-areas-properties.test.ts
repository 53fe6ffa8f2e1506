import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { anyModels, anySeed, anyWord, cap, runResearch } from "./__fixtures__/random-study.js";
import { isScreener } from "./concern.js";
import { defaultFixturesDir } from "./fixture-files.js";
import { findGoal, loadGoals } from "./goals.js";
import { generatePlan } from "./plans.js";
import { researchReport } from "./reports.js";
import { researchResults, studyCurrency, studyLocale } from "./results.js";

/**
 * Issue 27, custom surveys that ask what their brief lists (readings p S6 and q S6, each scored 0): every area a brief
 * lists as what to learn gets its own question in list order, around its own words; answer lists of health, churn or
 * shopping never reach a brief about something else; a list of reasons is never summarised as a scale; no two
 * questions ask the same thing; and a survey about something only some people have been through says so. Subjects,
 * areas and reasons are invented words, in English, German, French and Spanish.
 */

type Language = "en" | "de" | "fr" | "es";
const anyLanguage = fc.constantFrom<Language>("en", "de", "fr", "es");
const RUNS = { numRuns: 12 };

/** What the study is about: a scheme of an invented name, which sells nothing. */
const LEAD: Record<Language, (w: string) => string> = {
  en: (w) => `We are studying the ${w} scheme run by the town.`,
  de: (w) => `Wir untersuchen das ${cap(w)}-Programm der Stadt.`,
  fr: (w) => `Nous étudions le dispositif ${w} de la commune.`,
  es: (w) => `Estudiamos el programa ${w} del ayuntamiento.`,
};

/** Areas of what to learn, each naming its invented word: noun phrases and wh-clauses. */
const NOUN: Record<Language, (w: string) => string> = {
  en: (w) => `the ${w} wait`,
  de: (w) => `die ${cap(w)}-Wartezeit`,
  fr: (w) => `l'attente ${w}`,
  es: (w) => `la espera ${w}`,
};
const CLAUSES: Record<Language, ReadonlyArray<(w: string) => string>> = {
  en: [(w) => `whether they know ${w}`, (w) => `how they feel about ${w}`, (w) => `what they expect of ${w}`],
  de: [(w) => `ob sie ${cap(w)} kennen`, (w) => `wie sie ${cap(w)} finden`, (w) => `was sie von ${cap(w)} erwarten`],
  fr: [(w) => `s'ils connaissent ${w}`, (w) => `comment ils voient ${w}`, (w) => `ce qu'ils attendent de ${w}`],
  es: [(w) => `si conocen ${w}`, (w) => `cómo ven ${w}`, (w) => `qué esperan de ${w}`],
};
const AND: Record<Language, string> = { en: "and", de: "und", fr: "et", es: "y" };
const KNOW: Record<Language, string> = {
  en: "We want to know:",
  de: "Wir möchten wissen:",
  fr: "Nous voulons savoir :",
  es: "Queremos saber:",
};
const STEPS: Record<Language, [string, string, string]> = {
  en: ["First,", "then", "and finally"],
  de: ["Zuerst", "dann", "und schließlich"],
  fr: ["D'abord,", "puis", "et enfin"],
  es: ["Primero,", "luego", "y finalmente"],
};
const UNDERSTAND: Record<Language, string> = {
  en: "Understand",
  de: "Verstehen,",
  fr: "Comprendre",
  es: "Entender",
};

type Form = "colon" | "lines" | "numbered" | "steps" | "clauses";

/** A brief that lists its areas in one of the ways briefs do. */
const anyListedBrief = fc
  .record({
    language: anyLanguage,
    form: fc.constantFrom<Form>("colon", "lines", "numbered", "steps", "clauses"),
    words: fc.uniqueArray(anyWord, { minLength: 5, maxLength: 5 }),
    count: fc.integer({ min: 3, max: 4 }),
    nouns: fc.boolean(),
  })
  .map(({ language, form, words, count, nouns }) => {
    const [subject, ...rest] = words as [string, ...string[]];
    const named = rest.slice(0, form === "steps" || form === "clauses" ? 3 : count);
    const clause = (w: string, i: number) => (CLAUSES[language][i % 3] as (w: string) => string)(w);
    const areas = named.map((w, i) =>
      nouns && form !== "clauses" && form !== "steps" ? NOUN[language](w) : clause(w, i),
    );
    const listed = (items: string[]) => `${items.slice(0, -1).join(", ")} ${AND[language]} ${items.at(-1)}`;
    const [first, then, last] = STEPS[language];
    const text =
      form === "colon"
        ? `${KNOW[language]} ${listed(areas)}.`
        : form === "lines"
          ? `${KNOW[language]}\n${areas.map((a, i) => `${i + 1}. ${a}`).join("\n")}`
          : form === "numbered"
            ? `${KNOW[language]} ${areas.map((a, i) => `${i + 1}) ${a}`).join(" ; ")}.`
            : form === "steps"
              ? `${first} ${areas[0]}, ${then} ${areas[1]}, ${last} ${areas[2]}.`
              : `${UNDERSTAND[language]} ${listed(areas)}.`;
    return { language, form, objective: `${LEAD[language](subject)} ${text}`, named };
  });

const questionsOf = (run: ReturnType<typeof runResearch>) => run.plan.survey_questions ?? [];

describe("a custom survey asks what its brief lists, in the brief's order (issue 27)", () => {
  it("should ask each area the brief lists in a question of its own, in list order", () => {
    fc.assert(
      fc.property(anyListedBrief, anyModels, anySeed, ({ objective, named }, models, seed) => {
        const questions = questionsOf(runResearch("custom_survey", { objective }, models, seed))
          .filter((q) => !isScreener(q))
          .map((q) => q.question_text.toLowerCase());
        const at = named.map((w) => questions.findIndex((q) => q.includes(w)));
        expect(at, `${objective}\n${questions.join("\n")}`).not.toContain(-1);
        // Each in its own question, in the order the brief lists them.
        for (let i = 1; i < at.length; i++) expect(at[i], objective).toBeGreaterThan(at[i - 1] as number);
      }),
      RUNS,
    );
  });
});

describe("an area a cap on questions leaves out is named (issue 27)", () => {
  it("should name in the Method's Scope every listed area no question asks", () => {
    const goal = findGoal(loadGoals(defaultFixturesDir()), "research", "custom_survey");
    if (!goal) throw new Error("no custom_survey goal");
    fc.assert(
      fc.property(
        anyListedBrief,
        fc.integer({ min: 1, max: 2 }),
        anyModels,
        anySeed,
        ({ objective, named }, most, models, seed) => {
          const inputs = { objective };
          const simulation = {
            id: `sim-${seed}`,
            mode: "research" as const,
            goal: "custom_survey",
            inputs,
            survey_design: null,
          };
          const { plan, title } = generatePlan(simulation, goal, undefined, seed, { models, maxQuestions: most });
          const results = researchResults(simulation, plan, models, seed);
          const report = researchReport(title, plan, results, {
            goal: "custom_survey",
            inputs,
            models,
            locale: studyLocale(inputs, models),
            currency: studyCurrency(inputs, models),
          });
          const asked = (plan.survey_questions ?? []).map((q) => q.question_text.toLowerCase());
          const method = report.split("## Method")[1]?.split("## Results")[0] ?? "";
          for (const w of named.filter((w) => !asked.some((q) => q.includes(w))))
            expect(method, `${objective}\n${asked.join("\n")}`).toMatch(
              new RegExp(`Scope: the brief lists [^\\n]*${w}`, "i"),
            );
        },
      ),
      { numRuns: 8 },
    );
  });
});

/** What would help, with the remedies the brief has in mind, numbered inline. */
const HELP: Record<Language, (w: string) => string> = {
  en: (w) => `Find out what would help residents use the ${w} scheme:`,
  de: (w) => `Herausfinden, was Anwohnern helfen würde, das ${cap(w)}-Programm zu nutzen:`,
  fr: (w) => `Savoir ce qui aiderait les habitants à utiliser le dispositif ${w} :`,
  es: (w) => `Saber qué ayudaría a los vecinos a usar el programa ${w}:`,
};

describe("the remedies a brief numbers are offered (issue 27)", () => {
  it("should offer each remedy a brief numbers after asking what would help", () => {
    fc.assert(
      fc.property(
        anyLanguage,
        fc.uniqueArray(anyWord, { minLength: 4, maxLength: 4 }),
        anyModels,
        anySeed,
        (language, [subject, ...remedies], models, seed) => {
          const objective = `${HELP[language](subject as string)} ${remedies.map((r, i) => `${i + 1}) ${r} reminders`).join(" ")}.`;
          const questions = questionsOf(runResearch("custom_survey", { objective }, models, seed));
          const offered = questions.flatMap((q) => (q.answer_options ?? []).map((o) => o.toLowerCase()));
          for (const r of remedies) expect(offered, objective).toContain(`${r} reminders`);
          // Nobody is said to have left: nobody is asked what would bring them back.
          for (const q of questions) expect(q.question_text, objective).not.toMatch(/come back|kept you/);
        },
      ),
      RUNS,
    );
  });
});

/** The brief's own question on what holds people back, in its language. */
const OWN_BARRIER: Record<Language, (w: string) => string> = {
  en: (w) => `What stops you from joining the ${w} scheme?`,
  de: (w) => `Was hält Sie davon ab, beim ${cap(w)}-Programm mitzumachen?`,
  fr: (w) => `Qu'est-ce qui vous empêche de rejoindre le dispositif ${w} ?`,
  es: (w) => `¿Qué le impide apuntarse al programa ${w}?`,
};

describe("the brief's own question is not asked twice (issue 27)", () => {
  it("should ask what holds people back once when the brief writes that question itself", () => {
    fc.assert(
      fc.property(anyLanguage, anyWord, anyModels, anySeed, (language, subject, models, seed) => {
        const objective = SUSPECTED[language][0](subject);
        const own = OWN_BARRIER[language](subject);
        const texts = questionsOf(runResearch("custom_survey", { objective, notes: own }, models, seed)).map(
          (q) => q.question_text,
        );
        expect(texts, own).toContain(own);
        const others = texts.filter((t) => t !== own && /holds? you back|main reason you (?:do not|don't)/i.test(t));
        expect(others, own).toEqual([]);
      }),
      RUNS,
    );
  });
});

/** Why people do not take part, and the reasons the team suspects, as bullet lines under a lead that is no list of areas. */
const SUSPECTED: Record<Language, [(w: string) => string, string]> = {
  en: [(w) => `Understand why residents do not join the ${w} scheme.`, "Barriers we suspect:"],
  de: [(w) => `Verstehen, warum Anwohner nicht am ${cap(w)}-Programm teilnehmen.`, "Vermutete Hürden:"],
  fr: [(w) => `Comprendre pourquoi les habitants ne rejoignent pas le dispositif ${w}.`, "Freins supposés :"],
  es: [(w) => `Entender por qué los vecinos no se apuntan al programa ${w}.`, "Frenos que sospechamos:"],
};

describe("a list of options is not a list of areas (issue 27)", () => {
  it("should offer the reasons a brief suspects as options, never ask each as an area of its own", () => {
    fc.assert(
      fc.property(
        anyLanguage,
        fc.uniqueArray(anyWord, { minLength: 4, maxLength: 4 }),
        anyModels,
        anySeed,
        (language, [subject, ...reasons], models, seed) => {
          const [objective, lead] = SUSPECTED[language];
          const notes = `${lead}\n${reasons.map((r) => `- ${r}`).join("\n")}`;
          const questions = questionsOf(
            runResearch("custom_survey", { objective: objective(subject as string), notes }, models, seed),
          );
          for (const q of questions) for (const r of reasons) expect(q.question_text, notes).not.toContain(`"${r}"`);
          const offered = questions.some((q) =>
            reasons.every((r) => (q.answer_options ?? []).some((o) => o.toLowerCase() === r.toLowerCase())),
          );
          expect(
            offered,
            `${notes}\n${JSON.stringify(questions.map((q) => [q.question_text, q.answer_options]))}`,
          ).toBe(true);
        },
      ),
      RUNS,
    );
  });
});

/** Something only some people go through, named with an invented word, in a field the writer does not know. */
const PROCESS_BRIEF: Record<Language, ReadonlyArray<(w: string) => string>> = {
  en: [
    (w) => `Understand why couples leave booking their ${w} notification appointment until close to the deadline.`,
    (w) => `Find out what residents think of the ${w} registration.`,
    (w) => `Understand why residents do not join the ${w} waiting list.`,
  ],
  de: [
    (w) => `Verstehen, warum Paare ihren Termin beim ${cap(w)}amt erst kurz vor der Frist buchen.`,
    (w) => `Herausfinden, was Anwohner von der Anmeldung für ${cap(w)} halten.`,
  ],
  fr: [
    (w) => `Comprendre ce que les habitants pensent de la liste d'attente ${w}.`,
    (w) => `Comprendre pourquoi les habitants ne prennent pas rendez-vous pour le ${w}.`,
  ],
  es: [
    (w) => `Entender qué opinan los vecinos de la inscripción ${w}.`,
    (w) => `Entender por qué los vecinos no piden cita para el ${w}.`,
  ],
};
const anyProcessBrief = fc
  .record({ language: anyLanguage, which: fc.nat(), word: anyWord })
  .map(({ language, which, word }) => {
    const forms = PROCESS_BRIEF[language];
    return (forms[which % forms.length] as (w: string) => string)(word);
  });

/** Answer lists of health, of leaving a provider, and of a shopper: none fits a brief about something else. */
const OTHER_FIELDS =
  /^(?:My GP or a nurse|A pharmacist|Official health websites|Moved or changed provider|Did not feel listened to|Forgetting or not getting round to it|The cost|Too expensive|A lower price|Online reviews|The company's own website)$/;

describe("a custom survey's answer lists belong to its subject (issue 27)", () => {
  it("should offer no health, churn or shopping answers, nor ask about changing what people do, where the field is not known", () => {
    fc.assert(
      fc.property(anyProcessBrief, anyModels, anySeed, (objective, models, seed) => {
        for (const q of questionsOf(runResearch("custom_survey", { objective }, models, seed))) {
          for (const o of q.answer_options ?? [])
            expect(o, `${objective}\n${q.question_text}`).not.toMatch(OTHER_FIELDS);
          expect(q.question_text, objective).not.toMatch(/change what you do|switch to something new/);
        }
      }),
      RUNS,
    );
  });

  it("should say in the Method that the whole panel answered as if it had been through what only some have, unless screened", () => {
    fc.assert(
      fc.property(anyProcessBrief, anyModels, anySeed, (objective, models, seed) => {
        const run = runResearch("custom_survey", { objective }, models, seed);
        if (questionsOf(run).some(isScreener)) return;
        const method = run.report.split("## Method")[1]?.split("## Results")[0] ?? "";
        expect(method, objective).toMatch(
          /Incidence: the brief is about "[^"]+", which only some people have been through/,
        );
      }),
      RUNS,
    );
  });
});

/** Why people are held back, with the reasons the brief suspects, in brackets or after "such as". */
const BARRIER: Record<Language, ReadonlyArray<(w: string, reasons: string) => string>> = {
  en: [
    (w, r) => `Understand what holds residents back from the ${w} scheme (${r}).`,
    (w, r) => `${KNOW.en} whether they know the ${w} scheme, how long they would wait, and the barriers (${r}).`,
  ],
  de: [
    (w, r) => `Verstehen, was Anwohner vom ${cap(w)}-Programm abhält, etwa ${r}.`,
    (w, r) => `${KNOW.de} ob sie ${cap(w)} kennen, wie lange sie warten würden und die Hürden (${r}).`,
  ],
  fr: [
    (w, r) => `Comprendre les freins des habitants au dispositif ${w} (${r}).`,
    (w, r) => `${KNOW.fr} s'ils connaissent ${w}, ce qui les motive, et les freins (${r}).`,
  ],
  es: [
    (w, r) => `Entender qué frena a los vecinos a usar el programa ${w}, por ejemplo ${r}.`,
    (w, r) => `${KNOW.es} si conocen ${w}, cuánto esperarían y los frenos (${r}).`,
  ],
};
const anyBarrierBrief = fc
  .record({
    language: anyLanguage,
    which: fc.nat(),
    words: fc.uniqueArray(anyWord, { minLength: 4, maxLength: 4 }),
  })
  .map(({ language, which, words }) => {
    const [subject, ...reasons] = words as [string, ...string[]];
    const forms = BARRIER[language];
    const said = `${reasons.slice(0, -1).join(", ")} ${AND[language]} ${reasons.at(-1)}`;
    return {
      objective: (forms[which % forms.length] as (w: string, r: string) => string)(subject, said),
      reasons: reasons.map(cap),
    };
  });

describe("a custom survey's list of reasons is asked once and read as a list (issue 27)", () => {
  it("should never summarise a list of reasons as a scale, and offer the brief's reasons in one question only", () => {
    fc.assert(
      fc.property(anyBarrierBrief, anyModels, anySeed, ({ objective, reasons }, models, seed) => {
        const run = runResearch("custom_survey", { objective }, models, seed);
        const offering = questionsOf(run).filter((q) =>
          reasons.every((r) => (q.answer_options ?? []).some((o) => o.toLowerCase() === r.toLowerCase())),
        );
        expect(
          offering.map((q) => q.question_text),
          objective,
        ).toHaveLength(1);
        const barrierQuestions = questionsOf(run).filter((q) =>
          /holds? you back|main reason you (?:do not|don't)/i.test(q.question_text),
        );
        expect(
          barrierQuestions.map((q) => q.question_text),
          objective,
        ).toHaveLength(1);
        for (const section of run.report.split(/^### /m).slice(1)) {
          if (!reasons.some((r) => section.includes(`| ${r} |`))) continue;
          expect(section, objective).not.toMatch(/Top-two box|Top box/);
        }
        for (const line of run.report.split("\n"))
          if (reasons.some((r) => line.includes(`"${r}"`)))
            expect(line, objective).not.toMatch(/other end of the scale|top-two box/i);
      }),
      RUNS,
    );
  });
});

describe("a listed area is asked as what it asks (issue 27, readings r S6, s S6, u S6)", () => {
  // "ob sie schon einmal an einen Beitritt gedacht haben" and "welcher Kanal (Gemeindeblatt, App, Brief)" were asked
  // "what do you think?" and coded "Mostly positive / Mostly negative".
  const WHETHER: Record<Language, (w: string) => string> = {
    en: (w) => `whether they have ever used ${w}`,
    de: (w) => `ob sie ${cap(w)} schon einmal genutzt haben`,
    fr: (w) => `s'ils ont déjà utilisé ${w}`,
    es: (w) => `si alguna vez han usado ${w}`,
  };
  const OFTEN: Record<Language, (w: string) => string> = {
    en: (w) => `how often they use ${w}`,
    de: (w) => `wie oft sie ${cap(w)} nutzen`,
    fr: (w) => `à quelle fréquence ils utilisent ${w}`,
    es: (w) => `con qué frecuencia usan ${w}`,
  };
  const WHICH: Record<Language, (w: string, list: string) => string> = {
    en: (w, list) => `which ${w} they would choose (${list})`,
    de: (w, list) => `welches ${cap(w)}-Angebot sie wählen würden (${list})`,
    fr: (w, list) => `quelle offre ${w} ils choisiraient (${list})`,
    es: (w, list) => `qué oferta ${w} elegirían (${list})`,
  };
  it("asks whether as yes or no, how often on a frequency scale, and a list with its own options", () => {
    fc.assert(
      fc.property(
        anyLanguage,
        fc.uniqueArray(anyWord, { minLength: 4, maxLength: 4 }),
        anyModels,
        anySeed,
        (language, [subject, a, b, c], models, seed) => {
          const options = ["Kalo", "Miran", "Tessu"];
          const areas = [
            WHETHER[language](a as string),
            OFTEN[language](b as string),
            WHICH[language](c as string, options.join(", ")),
          ];
          const objective = `${LEAD[language](subject as string)} ${KNOW[language]} ${areas.map((x, i) => `${i + 1}) ${x}`).join(" ; ")}.`;
          const questions = questionsOf(runResearch("custom_survey", { objective }, models, seed));
          const asking = (word: string) =>
            questions.find((q) => q.question_text.toLowerCase().includes(word.toLowerCase()));
          expect(asking(a as string)?.answer_options ?? [], objective).toContain("Yes");
          expect(asking(b as string)?.answer_options ?? [], objective).toContain("Often");
          for (const o of options) expect(asking(c as string)?.answer_options ?? [], objective).toContain(o);
          for (const q of questions)
            if ([a, b, c].some((w) => q.question_text.toLowerCase().includes((w as string).toLowerCase())))
              expect(q.answer_options ?? [], q.question_text).not.toContain("Mostly positive");
        },
      ),
      RUNS,
    );
  });
});
