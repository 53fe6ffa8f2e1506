import fc from "fast-check";
import type { ContextRecord, Plan, SimulationRecord, UserModelRecord } from "../../store/records.js";
import { defaultFixturesDir } from "../fixture-files.js";
import { findGoal, loadGoals } from "../goals.js";
import { type JourneyResults, journeyResults } from "../journeys.js";
import { generatePlan } from "../plans.js";
import { journeyReport, journeySynthesis, researchReport, researchSynthesis } from "../reports.js";
import { type ResearchResults, researchResults, studyCurrency, studyLocale } from "../results.js";

/**
 * Random studies for property tests: any goal of either mode, with inputs, prices, currencies, languages and user
 * models drawn at random (within what the API accepts), run through the same pipeline the mock serves: plan, results,
 * synthesis and report.
 */

const goals = loadGoals(defaultFixturesDir());

const COUNTRIES = ["GB", "US", "DE", "FR", "ES", "SE", "JP", "CH", "CA", "AU", "IN", "BR", "NL", "IT", "PL", "MX"];
const LANGUAGE: Record<string, string> = {
  GB: "en-GB",
  US: "en-US",
  DE: "de-DE",
  FR: "fr-FR",
  ES: "es-ES",
  SE: "sv-SE",
  JP: "ja-JP",
  CH: "de-CH",
  CA: "en-CA",
  AU: "en-AU",
  IN: "en-IN",
  BR: "pt-BR",
  NL: "nl-NL",
  IT: "it-IT",
  PL: "pl-PL",
  MX: "es-MX",
};
const PEOPLE = [
  "adults",
  "parents of young children",
  "small-business owners",
  "nurses",
  "students",
  "retired people",
  "IT managers",
  "pet owners",
  "drivers",
  "commuters",
];

/** A user model of any country, age range and kind of people. */
export const anyModel: fc.Arbitrary<UserModelRecord> = fc
  .record({
    n: fc.integer({ min: 1, max: 1_000_000 }),
    country: fc.constantFrom(...COUNTRIES),
    low: fc.integer({ min: 18, max: 60 }),
    span: fc.integer({ min: 8, max: 60 }),
    open: fc.boolean(),
    people: fc.constantFrom(...PEOPLE),
    income: fc.constantFrom(undefined, "low", "middle", "high"),
  })
  .map(({ n, country, low, span, open, people, income }) => {
    const high = Math.min(85, low + span);
    const name = `${new Intl.DisplayNames(["en"], { type: "region" }).of(country)} ${people}`;
    return {
      id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
      name,
      description: `${people} living in ${country}`,
      metadata: {
        country,
        language: LANGUAGE[country],
        age_range: open ? `${low}+` : `${low}-${high}`,
        ...(income ? { income } : {}),
      },
    } as unknown as UserModelRecord;
  });

export const anyModels = fc.uniqueArray(anyModel, { minLength: 1, maxLength: 3, selector: (m) => m.id });

/** Every currency `Intl` knows (ISO 4217). */
export const anyCurrency = fc.constantFrom(...Intl.supportedValuesOf("currency"));

/** A price ladder of 2 to 6 distinct positive prices, whole or with cents, small or large. */
export const anyPrices = fc
  .tuple(
    fc.integer({ min: 0, max: 5 }),
    fc.uniqueArray(fc.integer({ min: 1, max: 400 }), { minLength: 2, maxLength: 6 }),
    fc.boolean(),
  )
  .map(([power, steps, cents]) =>
    steps.map((s) => (cents ? Math.round(s * 10 ** power * 0.99 * 100) / 100 : s * 10 ** power)).sort((a, b) => a - b),
  );

export const anyBilling = fc.constantFrom(
  undefined,
  "one_off",
  "monthly",
  "yearly",
  "weekly",
  "per seat per month",
  "per portion",
  "pro Nutzer und Monat",
);

const WORDS = ["smart", "eco", "family", "local", "instant", "weekly", "premium", "simple", "shared", "secure"];
const THINGS = ["bottle", "app", "plan", "service", "box", "card", "kit", "club", "account", "tracker"];
export const anyName = fc
  .tuple(fc.constantFrom(...WORDS), fc.constantFrom(...THINGS), fc.integer({ min: 1, max: 99 }))
  .map(([w, t, n]) => `${w.charAt(0).toUpperCase()}${w.slice(1)}${t} ${n}`);

/** Messages and concepts of fields where nothing is sold: public health, government, workplace, charity. */
export const PUBLIC_MESSAGES = [
  "Get your flu jab: it protects the people you love",
  "A free vaccine takes ten minutes at your local pharmacy",
  "Book your screening appointment today",
  "Register to vote before the deadline",
  "Your council tax reduction could be waiting for you",
  "Recycle your food waste: it becomes energy for your street",
  "Stop smoking with free support from your GP",
  "Donate today: £10 gives someone a warm bed tonight",
];

export const PUBLIC_CONCEPTS = [
  "A council service that collects bulky waste on a day you choose, booked online",
  "A free NHS app that books your vaccination at a pharmacy near you",
  "A four-day working week pilot for hospital staff, with the same pay",
  "A government passport renewal that checks your photo instantly",
  "A charity helpline that matches volunteers with lonely older neighbours",
];

export const COMMERCIAL_CONCEPTS = [
  "A reusable coffee cup that tracks how much caffeine you drink",
  "A meal kit for two with recipes that take fifteen minutes",
  "Pet insurance add-on that covers dental care with no waiting period",
  "A budgeting app that splits bills between flatmates automatically",
  "Noise-cancelling earbuds for runners with a ten-hour battery",
];

/** Objectives in the four languages the question writer reads, about fields where nothing is sold. */
export const NON_BUYING_OBJECTIVES = [
  "Understand why nurses leave public hospital jobs and what would make them stay",
  "Why do people stop using public transport, and what would bring them back?",
  "Understand how employees feel about hybrid work and returning to the office",
  "Entender por qué los usuarios dejan de usar el transporte público en Madrid y qué les haría volver",
  "Verstehen, warum Mitarbeitende im Homeoffice bleiben wollen und was sie ins Büro zurückholt",
  "Comprendre pourquoi les salariés quittent leur emploi et ce qui les ferait rester",
  "Why do older people not get the flu vaccine, and what would make them book it?",
  "Understand why people stop donating to charity each month",
  "Understand why young people do not vote in local elections",
  "Why don't students register to vote, and what would make them?",
];

/** Products of fields where nothing is sold, whose features are weighed without a price. */
export const PUBLIC_PRODUCTS = [
  "the hospital's patient app",
  "the council's bin collection app",
  "the NHS app",
  "our staff intranet",
  "the city's bus timetable site",
];

/** Objectives in languages the writer does not read: their words are never pasted into a question. */
export const OTHER_LANGUAGE_OBJECTIVES = [
  "Förstå varför svenska pendlare slutar åka kollektivt",
  "Capire perché i clienti abbandonano il carrello",
  "Begrijpen waarom mensen hun abonnement opzeggen",
  "Zrozumieć, dlaczego klienci rezygnują z subskrypcji",
];

export interface Run {
  simulation: Pick<SimulationRecord, "id" | "mode" | "goal" | "inputs" | "survey_design">;
  plan: Plan;
  models: UserModelRecord[];
}

export interface ResearchRun extends Run {
  results: ResearchResults;
  report: string;
  synthesis: string;
}

export interface JourneyRun extends Run {
  results: JourneyResults;
  report: string;
  synthesis: string;
}

/** Plans, answers and reports a research study as the mock does. */
export function runResearch(
  goal: string,
  inputs: Record<string, unknown>,
  models: UserModelRecord[],
  seed: number,
  context?: ContextRecord,
  id = `sim-${seed}`,
  design: SimulationRecord["survey_design"] = null,
): ResearchRun {
  const found = findGoal(goals, "research", goal);
  if (!found) throw new Error(`no goal ${goal}`);
  const simulation = { id, mode: "research" as const, goal, inputs, survey_design: design };
  const { plan, title } = generatePlan(simulation, found, context, seed, { models });
  const results = researchResults(simulation, plan, models, seed);
  const study = {
    goal,
    inputs,
    designed: design !== null,
    languages: models.map((m) => ({ name: m.name, language: String(m.metadata.language ?? "") })),
    locale: studyLocale(inputs, models),
    currency: studyCurrency(inputs, models),
    models,
  };
  return {
    simulation,
    plan,
    models,
    results,
    report: researchReport(title, plan, results, study),
    synthesis: researchSynthesis(title, plan, results, study),
  };
}

/** Plans, walks and reports a journey as the mock does. */
export function runJourney(
  goal: string,
  inputs: Record<string, unknown>,
  models: UserModelRecord[],
  seed: number,
  context?: ContextRecord,
): JourneyRun {
  const found = findGoal(goals, "journey", goal);
  if (!found) throw new Error(`no goal ${goal}`);
  const simulation = { id: `sim-${seed}`, mode: "journey" as const, goal, inputs, survey_design: null };
  const { plan, title } = generatePlan(simulation, found, context, seed, { models });
  const results = journeyResults(simulation, plan, models, seed);
  return {
    simulation,
    plan,
    models,
    results,
    report: journeyReport(title, plan, results, models, inputs),
    synthesis: journeySynthesis(title, plan, results, models, inputs),
  };
}

export const anySeed = fc.integer({ min: 1, max: 100_000 });

/** A concept of either kind, with or without a price (in any currency a client writes). */
export const anyConcept = fc.record({
  concept: fc.constantFrom(...COMMERCIAL_CONCEPTS, ...PUBLIC_CONCEPTS),
  product_name: fc.option(anyName, { nil: undefined }),
  price_point: fc.option(
    fc.constantFrom("£9 a month", "$12 per month", "4,90 € pro Monat", "CHF 49", "¥1,200/月", "29 € par mois"),
    { nil: undefined },
  ),
});

export const anyBrands = fc.record({
  brand: anyName,
  competitors: fc.uniqueArray(fc.constantFrom("Nike", "Tesco", "Arc'teryx", "MEC", "Patagonia", "Sparkasse", "Chase"), {
    minLength: 1,
    maxLength: 4,
  }),
});

export const anyFeatures = fc.uniqueArray(
  fc.constantFrom(
    "Split bills",
    "Round-up savings",
    "Instant card freeze",
    "Spending insights",
    "Climate impact",
    "Joint accounts",
    "Pension overview",
    "Invoice scanning",
    "Dark mode",
    "Offline access",
    "Family sharing",
  ),
  { minLength: 2, maxLength: 11 },
);

/** Only the fields defined: fast-check's options give undefined, which an input never holds. */
export const defined = (inputs: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(inputs).filter(([, v]) => v !== undefined));

/** Words no vocabulary holds: "zorava", "quelion". */
export const anyWord = fc
  .tuple(
    fc.constantFrom("zor", "quel", "vrin", "kesh", "thal", "brom", "yss", "drev", "plom", "gath"),
    fc.constantFrom("ava", "eth", "ion", "umb", "ora", "ik", "and", "usk", "elle"),
  )
  .map(([a, b]) => `${a}${b}`);
export const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
