import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { UserModelRecord } from "../store/records.js";
import { anyModels, anySeed, anyWord, cap } from "./__fixtures__/random-study.js";
import { defaultFixturesDir } from "./fixture-files.js";
import { findGoal, loadGoals } from "./goals.js";
import { generatePlan } from "./plans.js";

/**
 * Issue 27, custom surveys whose brief is not about the names it mentions (readings n S6 and o S6, each scored 0; q S6): the
 * examples a brief gives in brackets ("the free workshops (WhatsApp, online banking…)") and the portal a process runs
 * on ("on MyPortal") are not what the survey is about, nor reasons that hold people back; a process given up before
 * it is finished is not a service people stopped using; and the remedies a brief lists are what people are offered
 * when asked what would help. Subjects and names are invented words, in the four languages read.
 */

const goal = findGoal(loadGoals(defaultFixturesDir()), "research", "custom_survey");
const RUNS = { numRuns: 24 };

type Language = "en" | "de" | "fr" | "es";

/** Who the brief asks about: people named by what they are, not by "people" or "residents". */
const PEOPLE: Record<Language, readonly string[]> = {
  en: ["retirees", "small businesses", "pensioners", "young farmers"],
  de: ["Rentner", "kleine Unternehmen", "Seniorinnen und Senioren", "junge Landwirte"],
  fr: ["les retraités", "les petites entreprises", "les seniors", "les jeunes agriculteurs"],
  es: ["los jubilados", "las pequeñas empresas", "los mayores", "los jóvenes agricultores"],
};

/** Why people do not take part in something free, with examples of it in brackets. */
const ABSENT: Record<Language, (who: string, thing: string, examples: string) => string> = {
  en: (who, thing, examples) =>
    `We want to know why ${who} do not attend the free ${thing} workshops at the town library (${examples}) and what would make them attend.`,
  de: (who, thing, examples) =>
    `Wir wollen wissen, warum ${who} die kostenlosen ${cap(thing)}-Kurse der Stadtbibliothek im Rathaus (${examples}) nicht besuchen und was sie zur Teilnahme bewegen würde.`,
  fr: (who, thing, examples) =>
    `Nous voulons savoir pourquoi ${who} ne suivent pas les ateliers gratuits de ${thing} de la bibliothèque municipale (${examples}) et ce qui les ferait venir.`,
  es: (who, thing, examples) =>
    `Queremos saber por qué ${who} no asisten a los talleres gratuitos de ${thing} (${examples}) y qué los haría asistir.`,
};

/** Why people give up a process on a portal before finishing it, and the remedies the brief has in mind. */
const ABANDON: Record<Language, (who: string, portal: string, remedies: [string, string, string]) => string> = {
  en: (who, portal, [a, b, c]) =>
    `Understand why ${who} abandon their permit application on ${portal} before submitting it, and what would help them finish it: ${a}, ${b}, or ${c}.`,
  de: (who, portal, [a, b, c]) =>
    `Verstehen, warum ${who} ihren Genehmigungsantrag auf ${portal} abbrechen, bevor sie ihn einreichen, und was ihnen helfen würde, ihn abzuschließen: ${a}, ${b} oder ${c}.`,
  fr: (who, portal, [a, b, c]) =>
    `Comprendre pourquoi ${who} abandonnent leur demande de permis sur ${portal} avant de la soumettre, et ce qui les aiderait à la terminer : ${a}, ${b}, ou ${c}.`,
  es: (who, portal, [a, b, c]) =>
    `Entender por qué ${who} abandonan su solicitud de permiso en ${portal} antes de enviarla, y qué les ayudaría a terminarla: ${a}, ${b} o ${c}.`,
};
const REMEDIES: Record<Language, (w: string) => [string, string, string]> = {
  en: (w) => [`a ${w} guide`, "a phone adviser", "stated waiting times"],
  de: (w) => [`ein ${w}-Leitfaden`, "eine Telefonberatung", "genannte Fristen"],
  fr: (w) => [`un guide ${w}`, "un conseiller par téléphone", "des délais annoncés"],
  es: (w) => [`una guía ${w}`, "un asesor telefónico", "plazos anunciados"],
};

function plan(objective: string, models: UserModelRecord[], seed: number) {
  if (!goal) throw new Error("no custom_survey goal");
  return (
    generatePlan(
      { id: `sim-${seed}`, mode: "research", inputs: { objective }, survey_design: null },
      goal,
      undefined,
      seed,
      {
        models,
      },
    ).plan.survey_questions ?? []
  );
}

const anyLanguage = fc.constantFrom<Language>("en", "de", "fr", "es");

describe("a custom survey is about what its brief asks, not the names it mentions (issue 27)", () => {
  it("should never make a bracketed example the survey's subject, nor offer the examples as what holds people back", () => {
    fc.assert(
      fc.property(
        anyLanguage,
        fc.nat(),
        fc.uniqueArray(anyWord, { minLength: 4, maxLength: 4 }),
        anyModels,
        anySeed,
        (language, who, [thing, ...names], models, seed) => {
          const examples = names.map((n, i) => (i === 0 ? cap(n) : `${n} online`));
          const people = PEOPLE[language][who % PEOPLE[language].length] as string;
          const questions = plan(ABSENT[language](people, thing as string, examples.join(", ")), models, seed);
          for (const q of questions) {
            expect(q.question_text, "the subject").not.toContain(examples[0]);
            for (const example of examples)
              expect(
                (q.answer_options ?? []).map((o) => o.toLowerCase()),
                q.question_text,
              ).not.toContain(example.toLowerCase());
          }
        },
      ),
      RUNS,
    );
  });

  it("should ask why a process was given up before it was finished, and offer the remedies the brief lists", () => {
    fc.assert(
      fc.property(
        anyLanguage,
        fc.nat(),
        fc.uniqueArray(anyWord, { minLength: 2, maxLength: 2 }),
        anyModels,
        anySeed,
        (language, who, [portal, remedy], models, seed) => {
          const site = `${cap(portal as string)}.lu`;
          const people = PEOPLE[language][who % PEOPLE[language].length] as string;
          const remedies = REMEDIES[language](remedy as string);
          const questions = plan(ABANDON[language](people, site, remedies), models, seed);
          const texts = questions.map((q) => q.question_text);
          expect(texts.join("\n")).not.toMatch(/stopped or cut down|come back|switch to something new/);
          // The portal may be named as where it happens, never as what the survey is about.
          const about = new RegExp(`(?:about|comes to) "?${cap(portal as string)}`);
          for (const q of questions) expect(q.question_text, "the portal is where, not what").not.toMatch(about);
          const offered = questions.flatMap((q) => (q.answer_options ?? []).map((o) => o.toLowerCase()));
          for (const r of remedies) expect(offered, texts.join("\n")).toContain(r.toLowerCase());
        },
      ),
      RUNS,
    );
  });

  it("should ask why something was left until late, never why people stopped or what would bring them back", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("booking", "renewing", "registering", "filing"),
        fc.uniqueArray(anyWord, { minLength: 2, maxLength: 2 }),
        fc.constantFrom("until close to the deadline", "until the last week", "until the very last minute"),
        anyModels,
        anySeed,
        (doing, [thing, remedy], when, models, seed) => {
          const objective = `Find out why households leave ${doing} their ${thing} permit ${when}, and what would make them act earlier: a ${remedy} reminder, evening slots, or a checklist.`;
          const texts = plan(objective, models, seed).map((q) => q.question_text);
          expect(texts.join("\n")).not.toMatch(/stopped or cut down|kept you|come back/);
          expect(texts.join("\n")).toMatch(/until later|earlier/);
          // Put off is asked as put off: "the main reason you left booking…" reads as leaving.
          expect(texts.join("\n")).not.toMatch(/reason you left (?!it until later)/);
        },
      ),
      RUNS,
    );
  });
});
