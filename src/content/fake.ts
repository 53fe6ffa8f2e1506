import type { Faker, LocaleDefinition } from "@faker-js/faker";

/** faker's locale of each country whose people faker names well (ISO 3166 alpha-2). */
const LOCALES: Record<string, string> = {
  DE: "de",
  AT: "de",
  FR: "fr",
  ES: "es",
  IT: "it",
  NL: "nl",
  BE: "nl",
  CH: "de",
  MX: "es",
  AR: "es",
  CO: "es",
  CL: "es",
};

/**
 * Common given names, romanised as an English report would print them, for large countries faker has no usable list
 * for (faker's Japanese and Chinese names are in their own scripts, which an English report would not quote as is).
 */
const ROMANISED: Record<string, { female: readonly string[]; male: readonly string[] }> = {
  JP: {
    female: ["Yoko", "Keiko", "Kazuko", "Michiko", "Yumi", "Akiko", "Naoko", "Emi", "Yuki", "Haruka", "Aoi", "Misaki"],
    male: ["Hiroshi", "Takashi", "Kenji", "Makoto", "Shigeru", "Akira", "Daisuke", "Yuta", "Kenta", "Haruto", "Sota"],
  },
  KR: {
    female: ["Min-ji", "Seo-yeon", "Ji-woo", "Eun-ji", "Young-hee", "Mi-kyung", "Soo-jin", "Hye-jin"],
    male: ["Min-jun", "Seo-jun", "Ji-hoon", "Hyun-woo", "Sung-min", "Jae-ho", "Young-soo", "Dong-hyun"],
  },
  CN: {
    female: ["Li Na", "Wang Fang", "Zhang Min", "Liu Yan", "Chen Jing", "Yang Li", "Zhao Xia", "Huang Mei"],
    male: ["Wang Wei", "Li Qiang", "Zhang Wei", "Liu Yang", "Chen Jie", "Yang Tao", "Zhao Lei", "Wu Gang"],
  },
  IN: {
    female: ["Priya", "Anjali", "Sunita", "Kavya", "Deepa", "Lakshmi", "Pooja", "Neha", "Meera"],
    male: ["Rahul", "Amit", "Vikram", "Suresh", "Arjun", "Rajesh", "Sanjay", "Rohan", "Anil"],
  },
  BR: {
    female: ["Ana", "Maria", "Juliana", "Fernanda", "Camila", "Beatriz", "Larissa", "Patricia"],
    male: ["Jo\u00e3o", "Pedro", "Lucas", "Gabriel", "Rafael", "Carlos", "Marcos", "Paulo"],
  },
  PT: {
    female: ["Maria", "Ana", "In\u00eas", "Sofia", "Beatriz", "Catarina", "Joana", "Marta"],
    male: ["Jo\u00e3o", "Tiago", "Rui", "Miguel", "Nuno", "Pedro", "Ricardo", "Duarte"],
  },
  PL: {
    female: ["Anna", "Katarzyna", "Ma\u0142gorzata", "Agnieszka", "Magdalena", "Joanna", "Zofia", "Ewa"],
    male: ["Piotr", "Krzysztof", "Tomasz", "Pawe\u0142", "Micha\u0142", "Jakub", "Marek", "Andrzej"],
  },
  SE: {
    female: ["Anna", "Eva", "Maria", "Karin", "Sara", "Elin", "Emma", "Ingrid"],
    male: ["Lars", "Anders", "Johan", "Erik", "Per", "Karl", "Mikael", "Oskar"],
  },
};

/**
 * English-speaking countries take their names from english-first-names.json rather than faker: faker's English list
 * is US baby names of every era and origin ("Baby", "Florida", "German", "Julio"), which read wrong next to "UK" and
 * a person's age. Commonwealth countries share the UK's names; Canada the US's. A country with no list of its own
 * (neither here nor in LOCALES) gets the US names.
 */
const ENGLISH: Record<string, EnglishCountry> = { GB: "uk", IE: "uk", AU: "uk", NZ: "uk", US: "us", CA: "us" };

type EnglishCountry = "uk" | "us";
/** Common first names by the age people have now, so a quoted 70-year-old is not named like a teenager. */
type AgeBands = Record<"18-34" | "35-54" | "55+", { female: string[]; male: string[] }>;
type FirstNameList = NonNullable<LocaleDefinition["person"]>["first_name"];

let firstNamesRead: Record<string, FirstNameList> | undefined;
let englishNamesRead: Record<EnglishCountry, AgeBands> | undefined;

/**
 * faker's `person.first_name` of the LOCALES (first-names.json, written by scripts/first-names.mjs, which drops words
 * that do not read as names there: places, nationalities, languages): the only locale data the content reads.
 * Importing faker's locales whole put all their data into the bundle, evaluated on every start; this is read on first
 * use, with faker itself.
 */
function firstNames(): Record<string, FirstNameList> {
  firstNamesRead ??= require("./first-names.json") as Record<string, FirstNameList>;
  return firstNamesRead;
}

function englishNames(): Record<EnglishCountry, AgeBands> {
  englishNamesRead ??= require("./english-first-names.json") as Record<EnglishCountry, AgeBands>;
  return englishNamesRead;
}

/** English-speaking countries (their names come from english-first-names.json). */
const ENGLISH_SPEAKING = new Set(Object.keys(ENGLISH));

/** The people quoted from one segment: a seeded age within a range, and a first name fitting the country and age. */
export interface People {
  age(min: number, max: number): number;
  firstName(age: number): string;
}

/**
 * The participants of a country, seeded from the same parts as a `Random` stream (seed, then what the text is for,
 * e.g. a simulation id), so names are as reproducible as the rest of the generated content. faker's names for the
 * LOCALES; for the others an English list by country and age band, a woman's or a man's name in equal shares.
 */
export function peopleOf(country: string | null | undefined, ...parts: Array<string | number>): People {
  const locale = country ? LOCALES[country] : undefined;
  const faker = fakerWith(locale === undefined ? undefined : firstNames()[locale], parts);
  const romanised = country ? ROMANISED[country] : undefined;
  // A country with no list at all gets numbered participants rather than English names that pretend to be local.
  const unnamed = country != null && locale === undefined && romanised === undefined && !ENGLISH_SPEAKING.has(country);
  let numbered = 0;
  const english =
    locale === undefined && romanised === undefined && !unnamed
      ? englishNames()[ENGLISH[country ?? ""] ?? "us"]
      : undefined;
  return {
    age: (min, max) => faker.number.int({ min, max }),
    firstName: (age) => {
      if (romanised) return faker.helpers.arrayElement(faker.datatype.boolean() ? romanised.female : romanised.male);
      if (unnamed) return `Participant ${++numbered}`;
      if (english === undefined) return faker.person.firstName();
      const band = english[age < 35 ? "18-34" : age < 55 ? "35-54" : "55+"];
      return faker.helpers.arrayElement(faker.datatype.boolean() ? band.female : band.male);
    },
  };
}

/** A faker instance holding only `names` (no other locale data is read), seeded from `parts`. */
function fakerWith(names: FirstNameList | undefined, parts: Array<string | number>): Faker {
  const faker = new (fakerClass())({ locale: names === undefined ? {} : { person: { first_name: names } } });
  faker.seed(seedOf(parts.join("\u0000")));
  return faker;
}

let fakerConstructor: typeof Faker | undefined;

/**
 * faker's Faker class, its module evaluated on first use rather than at every start (only journeys name their
 * participants). esbuild bundles this require() as a module initialised when first required; in
 * tests Node resolves it as usual.
 */
function fakerClass(): typeof Faker {
  fakerConstructor ??= (require("@faker-js/faker") as typeof import("@faker-js/faker")).Faker;
  return fakerConstructor;
}

/** FNV-1a over the parts: a stable 32-bit seed without pulling crypto into every call. */
function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
