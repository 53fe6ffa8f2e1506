import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  anyModel,
  anyName,
  anySeed,
  anyWord,
  defined,
  PUBLIC_MESSAGES,
  runResearch,
} from "./__fixtures__/random-study.js";

/**
 * Issue 27, the act the brief names is what people are asked (readings j S3, k S3 and S6, l S3, m S3): a message test
 * whose brief names the behaviour it wants, in English, German, French or Spanish and in any sentence shape, asks every
 * persuasion rating and the final intent on that act in the respondent's words, never a generic "act on it" or "find
 * out more"; where no act is named, the neutral wording agrees in number with "these messages".
 */

const RUNS = { numRuns: 10 };
/** One user model of any country and language: the act asked does not depend on how many answer, and one keeps it fast. */
const anyModels = anyModel.map((m) => [m]);

/** Messages that name no act of their own, and messages that do (a vaccine, a vote): the brief's act wins over both. */
const MESSAGES = [
  "It takes five minutes and it could save a life",
  "Your neighbours already do it",
  "Small steps add up over a year",
  "It is free, quick and confidential",
  "Nine in ten people who tried it say they would again",
  ...PUBLIC_MESSAGES.filter((m) => !/£/.test(m)),
];

/** English acts as a brief writes them, and as the respondent is asked them. */
const ENGLISH_ACTS: Array<[string, string]> = [
  ["wear a helmet on every bike ride", "wear a helmet on every bike ride"],
  ["call the poison line before giving any home remedy", "call the poison line before giving any home remedy"],
  ["get their blood pressure checked at a pharmacy", "get your blood pressure checked at a pharmacy"],
  ["take the train instead of driving to work", "take the train"],
  ["report a broken streetlight on the council website", "report a broken streetlight on the council website"],
  ["test their smoke alarm once a month", "test your smoke alarm once a month"],
  ["go straight to an emergency room after a dog bite rather than wait at home", "go straight to an emergency room"],
  ["walk their children to school twice a week", "walk your children to school twice a week"],
];
const WHO = ["parents of teenagers", "older drivers", "people", "shift workers in the region", "students"];
const ENGLISH_SHAPES = [
  (who: string, act: string) => `Which message best persuades ${who} to ${act}?`,
  (who: string, act: string) => `We need to know which message gets ${who} to ${act}.`,
  (_: string, act: string) => `The behaviour we want: ${act}.`,
  (who: string, act: string) => `Find the message most likely to make ${who} ${act}.`,
  (who: string, act: string) => `Goal: encourage ${who} to ${act}, especially in rural areas.`,
  (_: string, act: string) => `The call to action is to ${act}.`,
];

/** Acts in German (plain and with "zu"), French and Spanish, each with the English the respondent reads. */
const GERMAN_ACTS: Array<[string, string, string]> = [
  ["beim Radfahren einen Helm tragen", "beim Radfahren einen Helm zu tragen", "wear a helmet"],
  ["sich auf Diabetes testen lassen", "sich auf Diabetes testen zu lassen", "get tested"],
  ["den Müll richtig trennen", "den Müll richtig zu trennen", "sort your waste"],
  ["mit dem Rauchen aufhören", "mit dem Rauchen aufzuhören", "stop smoking"],
  ["öfter mit Bus und Bahn fahren", "öfter mit Bus und Bahn zu fahren", "take public transport"],
  ["sich häufiger die Hände waschen", "sich häufiger die Hände zu waschen", "wash your hands"],
];
const FRENCH_ACTS: Array<[string, string]> = [
  ["porter un casque à vélo", "wear a helmet"],
  ["se faire dépister du diabète", "get tested"],
  ["trier leurs emballages", "sort your waste"],
  ["arrêter de fumer", "stop smoking"],
  ["prendre les transports en commun", "take public transport"],
  ["se laver les mains plus souvent", "wash your hands"],
];
const SPANISH_ACTS: Array<[string, string]> = [
  ["usar casco en bicicleta", "wear a helmet"],
  ["hacerse la prueba de la diabetes", "get tested"],
  ["separar los envases", "sort your waste"],
  ["dejar de fumar", "stop smoking"],
  ["usar más el transporte público", "take public transport"],
  ["lavarse las manos con frecuencia", "wash your hands"],
];
const anyForeign = fc.oneof(
  fc
    .tuple(fc.constantFrom(...GERMAN_ACTS), fc.constantFrom("die Eltern", "junge Erwachsene", "Pendler"), fc.nat(2))
    .map(([[plain, zu, english], who, shape]) => {
      const objective = [
        `Welche Botschaft bringt ${who} am ehesten dazu, ${zu}?`,
        `Wir wollen ${who} dazu bewegen, ${zu}.`,
        `Gewünschtes Verhalten: ${plain}.`,
      ][shape] as string;
      return { objective, english };
    }),
  fc
    .tuple(
      fc.constantFrom(...FRENCH_ACTS),
      fc.constantFrom("les parents", "les jeunes adultes", "les navetteurs"),
      fc.nat(2),
    )
    .map(([[act, english], who, shape]) => {
      const objective = [
        `Quel message incite le plus ${who} à ${act} ?`,
        `Nous voulons pousser ${who} à ${act}.`,
        `Comportement visé : ${act}.`,
      ][shape] as string;
      return { objective, english };
    }),
  fc
    .tuple(fc.constantFrom(...SPANISH_ACTS), fc.constantFrom("los padres", "los jóvenes", "los conductores"), fc.nat(2))
    .map(([[act, english], who, shape]) => {
      const objective = [
        `¿Qué mensaje anima más a ${who} a ${act}?`,
        `Queremos convencer a ${who} de ${act}.`,
        `Conducta buscada: ${act}.`,
      ][shape] as string;
      return { objective, english };
    }),
);

const anyMessages = fc.uniqueArray(fc.constantFrom(...MESSAGES), { minLength: 1, maxLength: 4 });

/** The questions that ask what the messages make people want to do, or how likely they are to do it. */
const actQuestions = (run: ReturnType<typeof runResearch>) =>
  (run.plan.survey_questions ?? [])
    .map((q) => q.question_text)
    .filter((t) => /make you want to|how likely would you be to/.test(t));

describe("a message test asks about the act its brief names (issue 27, readings j, k, l, m)", () => {
  it("should ask every persuasion rating and the final intent on the act an English brief names, in the respondent's words", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ENGLISH_ACTS),
        fc.constantFrom(...WHO),
        fc.constantFrom(...ENGLISH_SHAPES),
        anyMessages,
        fc.option(anyName, { nil: undefined }),
        anyModels,
        anySeed,
        ([written, asked], who, shape, messages, product_name, models, seed) => {
          const objective = shape(who, written);
          const run = runResearch("message_test", defined({ messages, objective, product_name }), models, seed);
          const questions = actQuestions(run);
          expect(questions.length, objective).toBeGreaterThan(0);
          for (const q of questions) {
            expect(q, objective).toContain(`to ${asked}`);
            expect(q, objective).not.toMatch(/act on (?:it|them)|find out more|look for/);
          }
        },
      ),
      { numRuns: 6 },
    );
  });

  it("should read the act a German, French or Spanish brief names and ask it in English, never pasting the brief", () => {
    fc.assert(
      fc.property(anyForeign, anyMessages, anyModels, anySeed, ({ objective, english }, messages, models, seed) => {
        const run = runResearch("message_test", { messages, objective }, models, seed);
        const questions = actQuestions(run);
        expect(questions.length, objective).toBeGreaterThan(0);
        for (const q of questions) {
          expect(q, objective).toContain(`to ${english}`);
          expect(q, objective).not.toMatch(/act on (?:it|them)|find out more/);
        }
      }),
      RUNS,
    );
  });

  it("should make the neutral act agree with 'these messages' where the brief names none", () => {
    const generic = MESSAGES.slice(0, 5);
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...generic), { minLength: 2, maxLength: 4 }),
        fc.constantFrom(
          "Which message works best for our spring campaign?",
          "Compare these lines for the new leaflet",
          "Welche Botschaft wirkt am besten?",
          "Quel message fonctionne le mieux ?",
        ),
        anyModels,
        anySeed,
        (messages, objective, models, seed) => {
          const run = runResearch("message_test", { messages, objective }, models, seed);
          for (const q of (run.plan.survey_questions ?? []).map((x) => x.question_text))
            if (/\bthese messages\b/.test(q)) expect(q).not.toMatch(/\b(?:on|about) it\?$/);
        },
      ),
      RUNS,
    );
  });
});

/** What a public body offers online, in the four languages, opening as a brief writes it. */
const ONLINE_SERVICES = [
  (body: string, task: string) => `A free ${body} app to ${task}`,
  (body: string, task: string) => `An online portal from the ${body} where you can ${task}`,
  (body: string, task: string) => `The ${body}'s new website to ${task}, open day and night`,
];
const BODIES = ["council", "city", "government", "regional health board", "national tax office"];
const TASKS = [
  "renew a residents' parking permit",
  "check your national insurance record",
  "apply for a fishing licence",
  "pay a library fine",
  "report a fly-tipping spot",
  "book a bulky-waste pickup",
];
const FOREIGN_SERVICES = [
  "Une application gratuite de la mairie pour demander un permis de stationnement",
  "Un service public en ligne pour déclarer un changement d'adresse à l'assurance maladie",
  "Eine kostenlose App der Stadt, um einen Anwohnerparkausweis zu beantragen",
  "Ein Online-Dienst der Gemeinde, um eine Baugenehmigung zu beantragen",
  "Una aplicación gratuita del ayuntamiento para solicitar un permiso de obra",
  "Un portal del gobierno para consultar el seguro social en línea",
];
/** What is taken out: a loan, cover, a policy, in the four languages. */
const TAKEN_OUT = [
  "Pet insurance that pays vet bills within a week",
  "A home contents insurance policy with no excess",
  "A small-business loan decided in one day",
  "Eine Hausratversicherung ohne Selbstbeteiligung",
  "Une assurance habitation sans franchise",
  "Un préstamo personal sin comisiones",
];
const anyServicePrice = fc.option(fc.constantFrom("free", "€12 a year", "CHF 35", "₹199 per application"), {
  nil: undefined,
});
const intentOf = (run: ReturnType<typeof runResearch>) =>
  (run.plan.survey_questions ?? []).find((q) => /how likely would you be to/.test(q.question_text));

describe("take-up verbs and advice fit what is offered (issue 27, reading m S10)", () => {
  const anyOnline = fc.oneof(
    fc
      .tuple(fc.constantFrom(...ONLINE_SERVICES), fc.constantFrom(...BODIES), fc.constantFrom(...TASKS))
      .map(([shape, body, task]) => shape(body, task)),
    fc.constantFrom(...FOREIGN_SERVICES),
  );

  it("should never ask whether people would 'take it out' unless it is a loan, insurance or a policy", () => {
    fc.assert(
      fc.property(anyOnline, anyServicePrice, anyModels, anySeed, (concept, price_point, models, seed) => {
        const run = runResearch("concept_test", defined({ concept, price_point }), models, seed);
        const asked = intentOf(run);
        expect(asked?.question_text, concept).toMatch(/how likely would you be to use it\?/);
        expect(`${run.report}\n${JSON.stringify(run.plan)}`, concept).not.toMatch(/take it out/);
      }),
      RUNS,
    );
  });

  it("should ask whether people would take out a loan, insurance or a policy", () => {
    fc.assert(
      fc.property(fc.constantFrom(...TAKEN_OUT), anyModels, anySeed, (concept, models, seed) => {
        const run = runResearch("concept_test", { concept }, models, seed);
        expect(intentOf(run)?.question_text, concept).toMatch(/how likely would you be to take it out\?/);
      }),
      RUNS,
    );
  });

  it("should never speak of budget, an offer or investing in advice on a free or public service", () => {
    fc.assert(
      fc.property(anyOnline, anyServicePrice, anyModels, anySeed, (concept, price_point, models, seed) => {
        const run = runResearch("concept_test", defined({ concept, price_point }), models, seed);
        const advice = [run.report.split("## Method")[0] ?? "", run.report.split("## Recommendations")[1] ?? ""];
        for (const text of advice) expect(text, concept).not.toMatch(/\b(?:budget|offer|proposition|invest\w*)\b/i);
      }),
      RUNS,
    );
  });
});

/** A client's descriptor and a category the vocabulary may not know, and rivals that are ordinary brands of it. */
const DESCRIPTORS = ["organic", "recycled-paper", "vegan", "refillable", "fair-trade", "plant-based", "sugar-free"];
const CATEGORIES = ["notebooks", "yoghurt", "dog food", "candles", "running shoes", "toothpaste", "nappies"];
const RIVALS = ["Northbay", "Kestrel & Co", "Maple Row", "Duvall", "Brightwell"];
const BRAND_SHAPES = [
  (name: string, kind: string) => ({ brand: `${name} ${kind}` }),
  (name: string, kind: string) => ({
    brand: name,
    objective: `How is ${name}, a maker of ${kind}, seen against its main rivals?`,
  }),
  (name: string, kind: string) => ({ brand: name, notes: `${name} sells ${kind} in supermarkets and online.` }),
];

describe("a brand's descriptor is not the category its rivals share (issue 27, reading m S1)", () => {
  it("should never put the client's descriptor into the category the brands are chosen in", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...DESCRIPTORS),
        fc.constantFrom(...CATEGORIES),
        fc.constantFrom(...BRAND_SHAPES),
        fc.uniqueArray(fc.constantFrom(...RIVALS), { minLength: 1, maxLength: 3 }),
        anyName,
        anyModels,
        anySeed,
        (descriptor, category, shape, competitors, name, models, seed) => {
          const inputs = { ...shape(name.split(" ")[0] as string, `${descriptor} ${category}`), competitors };
          const run = runResearch("brand_perception", inputs, models, seed);
          const shared = (run.plan.survey_questions ?? [])
            .map((q) => q.question_text)
            // The choice among the brands, not an attribute of the client's ("most associate with 'organic'").
            .filter((t) => /consider|choosing|buying|pick first/i.test(t) && !/associate/.test(t));
          for (const q of shared) expect(q, JSON.stringify(inputs)).not.toContain(descriptor);
        },
      ),
      RUNS,
    );
  });
});

describe("messages that ask for different acts are not ranked as like for like (issue 27, reading m S3)", () => {
  /** Messages that each ask for a different act: prevention beside treatment, a check beside a call. */
  const ASKING = [
    "Keep a torch by the bed: most falls happen at night",
    "Call the helpline at once if your chest feels tight",
    "Check your smoke alarm on the first day of every month",
    "Wash fruit under running water before you eat it",
    "Lock your bike to something solid, every time",
    "Get your flu jab: it protects the people you love",
  ];
  it("should say in the report that the messages ask for different things when one act rates them all", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...ASKING), { minLength: 2, maxLength: 4 }),
        fc.constantFrom(...ENGLISH_ACTS),
        anyModels,
        anySeed,
        (messages, [written], models, seed) => {
          const objective = `Which message best persuades people to ${written}?`;
          const run = runResearch("message_test", { messages, objective }, models, seed);
          expect(run.report, messages.join(" | ")).toMatch(/The messages ask for different things/);
        },
      ),
      RUNS,
    );
  });

  it("should not say so of messages that all ask for the same act", () => {
    const same = [
      "Get your flu jab: it protects the people you love",
      "A free vaccine takes ten minutes at your local pharmacy",
      "Your flu jab is waiting: book it today",
    ];
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...same), { minLength: 2, maxLength: 3 }),
        anyModels,
        anySeed,
        (messages, models, seed) => {
          const run = runResearch("message_test", { messages }, models, seed);
          expect(run.report).not.toMatch(/The messages ask for different things/);
        },
      ),
      RUNS,
    );
  });
});

describe("the first act of a compound ask (issue 27, reading u S10)", () => {
  // "makes young adults register their decision to donate organs online and tell their family" was asked as
  // "make you want to donate".
  it("asks the act the brief names first, never a verb inside its object", () => {
    fc.assert(
      fc.property(fc.constant("register"), anyWord, anySeed, (verb, w, seed) => {
        const objective = `Pick the message that most makes young adults ${verb} their ${w} decision online and tell their family.`;
        const run = runResearch(
          "message_test",
          { messages: [`Your ${w} choice matters.`, `Two minutes online for ${w}.`], objective },
          [],
          seed,
        );
        const rated = (run.plan.survey_questions ?? []).map((q) => q.question_text).join("\n");
        expect(rated, `${objective}\n${rated}`).toContain(`want to ${verb} your ${w} decision online`);
      }),
      { numRuns: 8 },
    );
  });
});
