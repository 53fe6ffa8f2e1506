import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { UserModelRecord } from "../store/records.js";
import { anyModels, anySeed, COMMERCIAL_CONCEPTS, defined, PUBLIC_CONCEPTS } from "./__fixtures__/random-study.js";
import { brandCategoryOf } from "./brand-category.js";
import { defaultFixturesDir } from "./fixture-files.js";
import { findGoal, loadGoals } from "./goals.js";
import { generatePlan, studyDomain } from "./plans.js";

/**
 * Issue 27, readings g (S5), h (S10) and i (S1, S3, S4, S5): a study names its subject as the brief gives it. Over
 * random studies of every research goal, with invented product names (brackets, digits, dashes, one-letter words) and
 * categories in English, German, French and Spanish given only in the title or only in the notes: the product's name
 * is never dropped or cut, a brand's category is named where a question needs it (quoted when not English), rivals
 * are never hidden behind "and 1 other", and template wording fits the field.
 */

const RUNS = { numRuns: 40 };
const goals = loadGoals(defaultFixturesDir());
const research = (id: string) => findGoal(goals, "research", id)!;

/** Invented names, none an English word: a bare name, a letter or number after it, a dashed part. */
const anyProperName = fc
  .tuple(
    fc.constantFrom("Kovra", "Zellia", "Brimo", "Tanvo", "Ostrel", "Quenby", "Lumad", "Vesk", "Oru", "Dafni"),
    fc.constantFrom("", " B", " X", " 9", " 360", " 2027", "-Go", "-Nord", " Q-7"),
  )
  .map(([base, tail]) => `${base}${tail}`);

const DESCRIPTORS = [
  "driving licence course",
  "weekend ticket",
  "monthly meal box",
  "family swim lessons",
  "3-day general admission ticket",
  "home insurance add-on",
];
const PLACES = ["Medellín", "Leeds", "Porto", "Brno"];

/**
 * A product as a client writes it, with what its sentences must hold: the whole text where it is a name with a
 * bracket inside ("Complete B (car) driving licence course"), else its proper name.
 */
const anyProduct = fc
  .tuple(
    anyProperName,
    fc.constantFrom(...DESCRIPTORS),
    fc.constantFrom(...PLACES),
    fc.constantFrom("car", "2026", "A", "full"),
    fc.integer({ min: 0, max: 4 }),
  )
  .map(([name, descriptor, place, tag, shape]) => {
    switch (shape) {
      case 0:
        return { text: `${name} (${tag}) ${descriptor}`, expected: `${name} (${tag}) ${descriptor}` };
      case 1:
        return { text: `${name}, a ${descriptor} in ${place} with free parking and a café`, expected: name };
      case 2:
        return {
          text: `The ${descriptor} for ${name}, ${place}, including camping and lockers for all three days`,
          expected: name,
        };
      case 3:
        return { text: `${descriptor} to ${name}, ${place}, sold online only`, expected: name };
      default:
        return { text: `${name} ${descriptor}`, expected: `${name} ${descriptor}` };
    }
  });

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function plan(goal: string, inputs: Record<string, unknown>, seed: number, models: UserModelRecord[], title?: string) {
  const simulation = {
    id: `sim-${seed}`,
    mode: "research" as const,
    inputs,
    survey_design: null,
    title: title ?? null,
  };
  return { simulation, ...generatePlan(simulation, research(goal), undefined, seed, { models }) };
}

const anyNamedStudy = fc.oneof(
  fc.record({
    goal: fc.constant("concept_test"),
    product: anyProduct,
    concept: fc.constantFrom(...COMMERCIAL_CONCEPTS),
  }),
  fc.record({ goal: fc.constant("pricing"), product: anyProduct, concept: fc.constant(undefined) }),
  fc.record({ goal: fc.constant("feature_prioritisation"), product: anyProduct, concept: fc.constant(undefined) }),
);

function inputsOf(goal: string, product: string, concept: string | undefined): Record<string, unknown> {
  if (goal === "concept_test") return defined({ concept, product_name: product });
  if (goal === "pricing") return { product, currency: "EUR", price_points: [120, 150, 180, 220] };
  return { product, features: ["Online booking", "Pay in instalments", "Free cancellation"] };
}

describe("a study's subject is named as the brief gives it", () => {
  it("should keep the product's name whole in the title and research question, never cut or dropped, and never as a place", () => {
    fc.assert(
      fc.property(anyNamedStudy, anyModels, anySeed, ({ goal, product, concept }, models, seed) => {
        const { plan: p, title } = plan(goal, inputsOf(goal, product.text, concept), seed, models);
        expect(title, product.text).toContain(product.expected);
        expect(p.question_text, product.text).toContain(product.expected);
        // "Which features matter most to people in Nisba?": a product is no place people are in.
        expect(p.question_text).not.toMatch(new RegExp(` in (?:the )?${escapeRegExp(product.expected)}`));
      }),
      RUNS,
    );
  });
});

/** Categories as a client writes them, in the four languages read. */
const CATEGORIES = {
  en: ["craft beer", "used-car inspection", "dog grooming", "vegan cheese", "ferry travel", "bike repair"],
  de: ["Handwerksbäckerei", "Gebrauchtwagenprüfung", "Fahrradreparatur", "Hundefriseur"],
  fr: ["bière artisanale", "contrôle technique", "location de vélos", "toilettage canin"],
  es: ["cerveza artesanal", "inspección de autos usados", "peluquería canina", "reparación de bicicletas"],
} as const;
type Lang = keyof typeof CATEGORIES;
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Titles that alone say the category, in each language and several shapes. */
const TITLES: Record<Lang, Array<(name: string, cat: string) => string>> = {
  en: [
    (n, c) => `${n} ${c} brand perception`,
    (n, c) => `${capital(c)}: how people see ${n}`,
    (n, c) => `Brand health of ${n}, a ${c} brand`,
  ],
  de: [
    (n, c) => `${n} ${capital(c)}: Markenwahrnehmung`,
    (n, c) => `Markenstudie ${n} (${capital(c)})`,
    (n, c) => `Wie sehen die Kunden ${n}? ${capital(c)}`,
  ],
  fr: [
    (n, c) => `${n}, ${c} : perception de la marque`,
    (n, c) => `Image de marque de ${n} (${c})`,
    (n, c) => `${capital(c)} ${n} : notoriété et image`,
  ],
  es: [
    (n, c) => `${capital(c)} ${n}: percepción de marca`,
    (n, c) => `Imagen de marca de ${n} (${c})`,
    (n, c) => `Estudio de marca: ${n}, ${c}`,
  ],
};

/** Notes that alone say the category. */
const NOTES: Record<Lang, Array<(name: string, cat: string) => string>> = {
  en: [
    (n, c) => `${n} is a ${c} brand from the north, twelve years old.`,
    (n, c) => `We run ${n}, a ${c} business with 12 sites. Budget is tight.`,
  ],
  de: [
    (n, c) => `${n} ist ein Anbieter für ${capital(c)} aus Bremen.`,
    (n, c) => `Wir sind ${n} (${capital(c)}), seit 2009 in Köln.`,
  ],
  fr: [(n, c) => `${n} est une marque de ${c} basée à Lyon.`, (n, c) => `Nous sommes ${n}, ${c} à Nantes depuis 2015.`],
  es: [(n, c) => `${n} es una marca de ${c} de Rosario.`, (n, c) => `Somos ${n}, ${c} en Córdoba desde 2012.`],
};

const anyCategorised = fc
  .tuple(
    fc.constantFrom<Lang>("en", "de", "fr", "es"),
    anyProperName,
    fc.nat(),
    fc.nat(),
    fc.boolean(),
    fc.uniqueArray(fc.constantFrom("Quilmes", "Berlina", "ContactCars Check", "Local mechanic", "Pet Lovers Ltd"), {
      maxLength: 4,
    }),
  )
  .map(([lang, brand, c, shape, inTitle, competitors]) => {
    const cats = CATEGORIES[lang];
    const category = cats[c % cats.length] as string;
    const shapes = inTitle ? TITLES[lang] : NOTES[lang];
    const said = (shapes[shape % shapes.length] as (n: string, c: string) => string)(brand, category);
    return {
      lang,
      brand,
      category,
      title: inTitle ? said : undefined,
      inputs: defined({
        brand,
        competitors: competitors.length ? competitors : undefined,
        notes: inTitle ? undefined : said,
      }),
    };
  });

describe("a brand's category is named where a question needs it", () => {
  it("should name the category the title or notes give, quoted when not English, and never ask about 'something it offers'", () => {
    fc.assert(
      fc.property(anyCategorised, anyModels, anySeed, (study, models, seed) => {
        const { plan: p } = plan("brand_perception", study.inputs, seed, models, study.title);
        const texts = (p.survey_questions ?? []).map((q) => q.question_text);
        for (const t of texts) expect(t).not.toMatch(/\bsomething .* offers\b/);
        // A category the brand vocabulary knows ("bière artisanale") is said in its English words ("beer").
        const known = study.lang === "en" ? undefined : brandCategoryOf([study.category])?.english;
        const said = known ?? study.category;
        const naming = texts.filter((t) => t.toLowerCase().includes(said.toLowerCase()));
        expect(naming.length, `${study.title ?? study.inputs.notes}\n${texts.join("\n")}`).toBeGreaterThan(0);
        if (study.lang !== "en" && !known) {
          // Another language's words are quoted, never spliced into an English sentence.
          const bare = new RegExp(`(?<!")${escapeRegExp(study.category)}(?!")`, "i");
          for (const t of naming) expect(t).not.toMatch(bare);
        }
      }),
      RUNS,
    );
  });

  it("should name no category where the notes give none: rivals, dates and claims are no category", () => {
    const anyUncategorised = fc
      .tuple(
        anyProperName,
        fc.constantFrom("Quilmes", "Berlina", "ContactCars Check"),
        fc.constantFrom("Pet Lovers Ltd", "Local mechanic"),
        fc.constantFrom(...PLACES),
        fc.nat(),
      )
      .map(([brand, a, b, place, shape]) => {
        const notes = [
          `${brand}, ${a} and ${b} compete in ${place}.`,
          `${brand} is the best choice for students in ${place}.`,
          `${brand}, founded 1998, has 12 sites around ${place}.`,
          `${brand} ist die Nummer eins in ${place}.`,
          `${brand} es la mejor opción de ${place}.`,
          `${brand}, ${a} et ${b} sont présents à ${place}.`,
        ];
        return { brand, competitors: [a, b], notes: notes[shape % notes.length] as string };
      });
    fc.assert(
      fc.property(anyUncategorised, anyModels, anySeed, (inputs, models, seed) => {
        const { plan: p } = plan("brand_perception", inputs, seed, models);
        for (const q of p.survey_questions ?? []) expect(q.question_text, inputs.notes).not.toMatch(/When it comes to/);
      }),
      RUNS,
    );
  });

  it("should never hide a rival behind 'and 1 other' in the title", () => {
    fc.assert(
      fc.property(anyCategorised, anyModels, anySeed, (study, models, seed) => {
        const { title } = plan("brand_perception", study.inputs, seed, models);
        expect(title).not.toMatch(/\band 1 other\b/);
        const competitors = (study.inputs.competitors as string[] | undefined) ?? [];
        if (/\bvs\b/.test(title))
          for (const c of competitors.length <= 3 ? competitors : competitors.slice(0, 2)) expect(title).toContain(c);
      }),
      RUNS,
    );
  });
});

describe("template wording fits the field", () => {
  const anyRecommending = fc.oneof(
    fc.record({
      goal: fc.constant("concept_test"),
      inputs: fc.record({
        concept: fc.constantFrom(
          ...COMMERCIAL_CONCEPTS,
          ...PUBLIC_CONCEPTS,
          "Infant formula monthly box with a nutritionist call",
          "Project management software for small agencies, per seat",
        ),
      }),
    }),
    fc.record({ goal: fc.constant("brand_perception"), inputs: anyCategorised.map((s) => s.inputs) }),
  );

  it("should ask about recommending to a colleague only in a field of work", () => {
    fc.assert(
      fc.property(anyRecommending, anyModels, anySeed, ({ goal, inputs }, models, seed) => {
        const { plan: p, simulation } = plan(goal, inputs, seed, models);
        const field = studyDomain(simulation, undefined);
        for (const q of p.survey_questions ?? [])
          if (/\bcolleague\b/.test(q.question_text))
            expect(["software", "workplace"], q.question_text).toContain(field);
      }),
      RUNS,
    );
  });
});
