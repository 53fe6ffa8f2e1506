import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { UserModelRecord } from "../store/records.js";
import { anySeed, anyWord, runJourney, runResearch } from "./__fixtures__/random-study.js";

/**
 * Who a study is for, against who took it (issue 27, readings g, h and i): an audience the brief names by what people
 * do or have (farmers, riders, singles, parents), in English, German, French or Spanish, is checked against the user
 * models in every goal of both modes; a panel that is that audience is never told part of it is outside the market.
 */

const RUNS = { numRuns: 15 };

/** Kinds of people as a client names them in four languages, and as a user model of them is named in English. */
const ROLES = [
  { en: "dairy farmers", de: "Milchbauern", fr: "agriculteurs", es: "agricultores", model: "smallholder farmers" },
  { en: "cyclists", de: "Radfahrer", fr: "cyclistes", es: "ciclistas", model: "cyclists" },
  { en: "nurses", de: "Pflegekräfte", fr: "infirmières", es: "enfermeras", model: "nurses" },
  { en: "tenants", de: "Mieter", fr: "locataires", es: "inquilinos", model: "renters" },
  { en: "fishermen", de: "Fischer", fr: "pêcheurs", es: "pescadores", model: "fishers" },
  { en: "single people", de: "Singles", fr: "célibataires", es: "solteros", model: "singles" },
  { en: "truck drivers", de: "Lkw-Fahrer", fr: "chauffeurs routiers", es: "camioneros", model: "truck drivers" },
  { en: "smokers", de: "Raucher", fr: "fumeurs", es: "fumadores", model: "smokers" },
  { en: "teachers", de: "Lehrkräfte", fr: "enseignants", es: "profesores", model: "teachers" },
  { en: "patients", de: "Patienten", fr: "patients", es: "pacientes", model: "patients" },
] as const;
type Language = "en" | "de" | "fr" | "es";

/** The audience as an input of its own, in the language's own sentence shapes. */
const AUDIENCE_SHAPES: Record<Language, (who: string) => string> = {
  en: (who) => `${who} who shop online at least once a month`,
  de: (who) => `${who} in ländlichen Regionen`,
  fr: (who) => `${who} de la région lyonnaise`,
  es: (who) => `${who} del norte del país`,
};
/** The audience inside the brief's own text: "for …", "für …", "pour les …", "para …". */
const FOR: Record<Language, (who: string) => string> = {
  en: (who) => `for ${who}`,
  de: (who) => `für ${who}`,
  fr: (who) => `pour les ${who}`,
  es: (who) => `para ${who}`,
};

/** Every goal of both modes, with the audience either as its own input or written into the brief. */
function study(goal: string, forWho: string | undefined): Record<string, unknown> {
  const named = forWho ? ` ${forWho}` : "";
  switch (goal) {
    case "concept_test":
      return { concept: `A repair service${named} that collects broken tools and returns them within a week` };
    case "message_test":
      return { messages: [`Free advice${named}, every Tuesday`, "Talk to someone who has been there"] };
    case "pricing":
      return { product: `a yearly membership${named}`, price_points: [20, 40, 60], currency: "EUR" };
    case "feature_prioritisation":
      return { product: `the cooperative's portal${named}`, features: ["Offline maps", "Group chat", "Price alerts"] };
    case "brand_perception":
      return { brand: "Arvora", competitors: ["Lintu", "Mesa"], ...(forWho ? { objective: `Arvora${named}` } : {}) };
    case "custom_survey":
      return { objective: `Understand how the weekly newsletter${named} is read and what would make it more useful` };
    case "usability_test":
      return { start_url: "https://arvora.example/help", task: `Find the opening hours of the advice desk${named}` };
    case "conversion_funnel":
      return { start_url: "https://arvora.example/join", goal_event: `joins the programme${named}` };
    default:
      return {
        start_url: "https://arvora.example/",
        questions: [`Is it clear that this page is${named || " for you"}?`],
      };
  }
}
const GOALS = [
  ["research", "concept_test"],
  ["research", "message_test"],
  ["research", "pricing"],
  ["research", "feature_prioritisation"],
  ["research", "brand_perception"],
  ["research", "custom_survey"],
  ["journey", "usability_test"],
  ["journey", "conversion_funnel"],
  ["journey", "first_impression"],
] as const;

const COUNTRIES = [
  ["FR", "fr-FR", "French"],
  ["DE", "de-DE", "German"],
  ["ES", "es-ES", "Spanish"],
  ["KE", "en-KE", "Kenyan"],
  ["CL", "es-CL", "Chilean"],
  ["NO", "nb-NO", "Norwegian"],
] as const;

function model(n: number, name: string, description: string, country: string, language: string): UserModelRecord {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    name,
    description,
    metadata: { country, language, age_range: "18-80" },
  } as unknown as UserModelRecord;
}

interface Case {
  goal: (typeof GOALS)[number];
  role: (typeof ROLES)[number];
  language: Language;
  asInput: boolean;
  country: (typeof COUNTRIES)[number];
  seed: number;
}

const anyCase: fc.Arbitrary<Case> = fc.record({
  goal: fc.constantFrom(...GOALS),
  role: fc.constantFrom(...ROLES),
  language: fc.constantFrom<Language>("en", "de", "fr", "es"),
  asInput: fc.boolean(),
  country: fc.constantFrom(...COUNTRIES),
  seed: anySeed,
});

function run(c: Case, models: UserModelRecord[]) {
  const who = c.role[c.language];
  const inputs = c.asInput
    ? { ...study(c.goal[1], undefined), audience: AUDIENCE_SHAPES[c.language](who) }
    : study(c.goal[1], FOR[c.language](who));
  return c.goal[0] === "research"
    ? runResearch(c.goal[1], inputs, models, c.seed)
    : runJourney(c.goal[1], inputs, models, c.seed);
}

/**
 * The paragraphs or bullets of a report that check the audience: its audience check, or the screening note that gives
 * the share of the panel a product for drivers, parents of babies or pet owners concerns.
 */
const audienceCheck = (report: string) =>
  report
    .split(/\n/)
    .filter((line) => /Audience check|Nobody was screened out|^Screening:/.test(line))
    .join("\n");

describe("the audience a brief names is checked against the panel, in every goal of both modes (issue 27)", () => {
  it("should flag a role the brief names (in English, German, French or Spanish) that a general panel is not", () => {
    fc.assert(
      fc.property(anyCase, (c) => {
        const [country, language, people] = c.country;
        const general = model(1, `${people} adults 18+`, `Adults living in ${country}`, country, language);
        const out = run(c, [general]);
        const check = audienceCheck(out.report);
        expect(check, `${c.goal[1]}: ${c.role[c.language]}\n${out.report.slice(0, 1500)}`).toContain(general.name);
      }),
      RUNS,
    );
  });

  it("should flag an audience narrowed by what its people do (in any of the four languages) that a general panel is not", () => {
    // Invented practices, so no vocabulary of roles or owned things is what finds them.
    const anyThing = fc.constantFrom("zorava sticks", "quelion tea", "vrinka mats", "the keshum app", "brometh wraps");
    const NARROWED: Record<Language, Array<(x: string) => string>> = {
      en: [(x) => `adults who use ${x} every day`, (x) => `young adults planning to try ${x}`],
      de: [(x) => `Erwachsene, die ${x} kaufen`],
      fr: [(x) => `adultes qui achètent des ${x}`],
      es: [(x) => `adultos que usan ${x}`],
    };
    fc.assert(
      fc.property(anyCase, anyThing, fc.nat(), (c, thing, pick) => {
        const [country, language, people] = c.country;
        const general = model(1, `${people} adults 18+`, `Adults living in ${country}`, country, language);
        const shapes = NARROWED[c.language];
        const audience = (shapes[pick % shapes.length] as (x: string) => string)(thing);
        const inputs = { ...study(c.goal[1], undefined), audience };
        const out =
          c.goal[0] === "research"
            ? runResearch(c.goal[1], inputs, [general], c.seed)
            : runJourney(c.goal[1], inputs, [general], c.seed);
        expect(audienceCheck(out.report), `${c.goal[1]}: ${audience}\n${out.report.slice(0, 1500)}`).toContain(
          general.name,
        );
      }),
      RUNS,
    );
  });

  it("should not flag, nor call anyone outside the market, where the panel is the audience the brief names", () => {
    fc.assert(
      fc.property(anyCase, fc.boolean(), (c, inName) => {
        const [country, language, people] = c.country;
        const fitting = inName
          ? model(2, `${people} ${c.role.model}`, `People living in ${country}`, country, language)
          : model(2, `${people} panel`, `${c.role.model} living in ${country}`, country, language);
        const out = run(c, [fitting]);
        expect(audienceCheck(out.report), `${c.goal[1]}: ${c.role[c.language]}`).not.toContain(fitting.name);
        expect(out.report).not.toMatch(/outside (?:its|the) market/);
      }),
      RUNS,
    );
  });
});

/** Studies of things only some people need, with user models that are those people, named in any of four languages. */
const CONCERNED = [
  {
    studies: [
      { concept: "A monthly box of infant formula with a call from a nutritionist" },
      { product: "night-time nappies for babies", price_points: [8, 12, 16], currency: "EUR" },
      { messages: ["Your baby's first vaccines are free", "Book the 8-week check for your newborn"] },
    ],
    models: [
      "parents of babies under 12 months",
      "Eltern von Babys",
      "parents de nourrissons",
      "padres de bebés",
      "new mothers",
    ],
  },
  {
    studies: [
      { concept: "Pet insurance that covers dental care for dogs and cats" },
      { product: "a grain-free dog food subscription", price_points: [20, 30, 40], currency: "EUR" },
    ],
    models: ["dog owners", "Hundehalter", "propriétaires de chiens", "dueños de mascotas"],
  },
  {
    studies: [
      { concept: "Car insurance priced by how far you drive each month" },
      { product: "an app that finds parking near the station", price_points: [2, 3, 5], currency: "EUR" },
    ],
    models: ["drivers", "Autofahrer", "automobilistes", "conductores"],
  },
] as const;

describe("a panel that is the audience is never told part of it is outside the market (issue 27, reading i s01)", () => {
  it("should not say a user model whose name or description is the audience has people outside its market", () => {
    fc.assert(
      fc.property(
        fc
          .constantFrom(...CONCERNED)
          .chain((c) => fc.tuple(fc.constantFrom(...c.studies), fc.constantFrom(...c.models), fc.boolean())),
        fc.constantFrom(...COUNTRIES),
        anySeed,
        ([inputs, who, inName], [country, language, people], seed) => {
          const panel = inName
            ? model(3, `${people} ${who}`, `People living in ${country}`, country, language)
            : model(3, `${people} panel`, `${who}, living in ${country}`, country, language);
          const goal = "messages" in inputs ? "message_test" : "concept" in inputs ? "concept_test" : "pricing";
          const out = runResearch(goal, { ...inputs }, [panel], seed);
          expect(out.report, `${goal}: ${who}`).not.toMatch(/outside (?:its|the) market/);
          expect(audienceCheck(out.report)).not.toContain(panel.name);
        },
      ),
      RUNS,
    );
  });
});

/** What a brief says that puts a journey on a phone: tapping, an app, an SMS code, a mobile wallet, in four languages. */
const PHONE_CUES = [
  "Tap 'Join' and enter the code we send you by SMS",
  "Pay the first instalment with M-Pesa",
  "Confirm with GCash and wait for the receipt",
  "Scan the QR code on the leaflet and register",
  "Download the app and add your first card",
  "Tippen Sie auf „Anmelden“ und bestätigen Sie mit Twint",
  "Den Code aus der SMS eingeben",
  "Appuyez sur « Valider » puis payez avec Orange Money",
  "Saisissez le code reçu par SMS",
  "Toca «Unirme» y paga con Bizum",
  "Paga la reserva con Yape",
  "Betal med Vipps og bekreft",
];
const JOURNEY_GOALS = ["usability_test", "conversion_funnel", "first_impression"] as const;

function phoneJourney(goal: (typeof JOURNEY_GOALS)[number], cue: string): Record<string, unknown> {
  const start_url = "https://kooperativa.example/start";
  if (goal === "conversion_funnel") return { start_url, goal_event: cue };
  return { start_url, task: cue };
}

/** Friction that needs a mouse and a large screen. */
const DESKTOP_FRICTION = /hover|mouse|tucked under 'More' in the top menu|right-click/i;

describe("a journey's device follows the brief, and its friction fits the device (issue 27, readings g s08, i s08)", () => {
  it("should walk a journey on a phone when its brief taps, texts or pays by a mobile wallet, with no mouse friction", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...JOURNEY_GOALS),
        fc.constantFrom(...PHONE_CUES),
        fc.constantFrom(...COUNTRIES),
        anySeed,
        (goal, cue, [country, language, people], seed) => {
          const general = model(4, `${people} adults 18+`, `Adults living in ${country}`, country, language);
          const out = runJourney(goal, phoneJourney(goal, cue), [general], seed);
          const device = String(out.plan.journey_task?.device ?? "desktop");
          expect(device, `${goal}: ${cue}`).toMatch(/mobile|phone/);
          for (const m of out.results.by_user_model)
            for (const f of m.friction_points) expect(f.issue, cue).not.toMatch(DESKTOP_FRICTION);
        },
      ),
      RUNS,
    );
  });

  it("should keep the device a brief names, whatever its steps say", () => {
    fc.assert(
      fc.property(fc.constantFrom(...JOURNEY_GOALS), fc.constantFrom(...PHONE_CUES), anySeed, (goal, cue, seed) => {
        const general = model(5, "Dutch adults 18+", "Adults living in NL", "NL", "nl-NL");
        const out = runJourney(goal, { ...phoneJourney(goal, cue), device: "desktop" }, [general], seed);
        expect(out.plan.journey_task?.device).toBe("desktop");
      }),
      RUNS,
    );
  });
});

/** Sign-ups whose brief names how people identify themselves, none of them by email, password or account. */
const CODE_SIGN_UPS = [
  "Sign up for flood alerts for your street and confirm with the 6-digit code we text you",
  "Register for the vaccination reminder with your phone number and the SMS code",
  "Join the loyalty scheme with your mobile number",
  "Sign up for the river-level warnings by SMS",
  "Register your bike with your phone number and the code sent by text message",
  "Join the waiting list with your BankID",
];

describe("journey steps come from the task, and friction from its steps (issue 27, reading g s07)", () => {
  it("should add no email, password or account step or friction to a sign-up the brief makes by code, phone or ID", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("usability_test", "conversion_funnel"),
        fc.constantFrom(...CODE_SIGN_UPS),
        fc.constantFrom(...COUNTRIES),
        anySeed,
        (goal, task, [country, language, people], seed) => {
          const general = model(6, `${people} adults 18+`, `Adults living in ${country}`, country, language);
          const start_url = "https://alerts.example/";
          const lowered = `${task.charAt(0).toLowerCase()}${task.slice(1)}`;
          const inputs = goal === "usability_test" ? { start_url, task } : { start_url, goal_event: lowered };
          const out = runJourney(goal, inputs, [general], seed);
          const steps = (out.plan.journey_task?.steps ?? []) as string[];
          for (const step of steps) expect(step, task).not.toMatch(/e-?mail|password|account/i);
          for (const m of out.results.by_user_model)
            for (const f of m.friction_points) expect(`${f.issue} ${f.quote}`, task).not.toMatch(/password|e-?mail/i);
        },
      ),
      RUNS,
    );
  });
});

describe("who an audience says it is not (issue 27, reading r S9)", () => {
  // "Hungarian adults planning a spa visit, not tourists" was checked as "nothing … says they are tourists".
  const NOT = [
    (who: string, w: string) => `Adults planning a ${w} visit, not ${who}`,
    (who: string, w: string) => `People who use ${w} at home, but not ${who}`,
    (who: string, w: string) => `Residents booking ${w} excluding ${who}`,
    (who: string, w: string) => `Adults who ${w} weekly, except ${who}`,
    // Reading u S10: "not registered" read as "donors".
    (who: string, w: string) => `Adults in ${w} who are not registered as ${who}`,
    (who: string, w: string) => `People near ${w} who have never been ${who}`,
  ];
  it("never flags a panel for not being the people the audience excludes", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...NOT),
        fc.constantFrom("tourists", "students", "farmers", "drivers", "nurses", "teachers"),
        anyWord,
        anySeed,
        (shape, who, w, seed) => {
          const audience = shape(who, w);
          const models = [
            {
              id: "um-1",
              orgId: "org",
              name: "Adults in Hungary",
              description: "Nationally representative adults",
              metadata: { country: "HU", language: "hu-HU", age_range: "18-80" },
              created_at: "2026-01-01T00:00:00Z",
              updated_at: "2026-01-01T00:00:00Z",
            },
          ] as unknown as UserModelRecord[];
          const out = runResearch("concept_test", { concept: `A ${w} pass`, audience }, models, seed);
          const check = out.report
            .split("\n")
            .filter((l) => l.includes("Audience check"))
            .join("\n");
          // The phrase is quoted whole; what is said of the panel never names the people it excludes.
          const said = check.split(`"${audience}"`).join("");
          expect(said, check).not.toContain(who);
        },
      ),
      { numRuns: 12 },
    );
  });
});
