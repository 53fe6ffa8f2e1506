import type { Faker, LocaleDefinition } from "@faker-js/faker";
import { GIVEN_NAMES } from "./given-names.js";

/** faker's locale of each country whose people faker names well (ISO 3166 alpha-2). */
const LOCALES: Record<string, string> = {
  DE: "de",
  AT: "de",
  FR: "fr",
  LU: "fr",
  ES: "es",
  IT: "it",
  CH: "de",
  MX: "es",
  AR: "es",
  CO: "es",
  CL: "es",
  PE: "es",
  VE: "es",
  EC: "es",
  UY: "es",
  PY: "es",
  BO: "es",
  CR: "es",
  PA: "es",
  GT: "es",
  HN: "es",
  SV: "es",
  NI: "es",
  DO: "es",
  CU: "es",
  PR: "es",
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
 * e.g. a simulation id), so names are as reproducible as the rest of the generated content. GIVEN_NAMES where the
 * country has them, else faker's names for the LOCALES, else an English list by country and age band; a woman's or a
 * man's name in equal shares. A country with none of these gets numbered participants.
 */
export function peopleOf(country: string | null | undefined, ...parts: Array<string | number>): People {
  const locale = country ? LOCALES[country] : undefined;
  const faker = fakerWith(locale === undefined ? undefined : firstNames()[locale], parts);
  const given = country ? GIVEN_NAMES[country] : undefined;
  // A country with no list at all gets numbered participants rather than English names that pretend to be local.
  const unnamed = country != null && locale === undefined && given === undefined && !ENGLISH_SPEAKING.has(country);
  let numbered = 0;
  const english =
    locale === undefined && given === undefined && !unnamed
      ? englishNames()[ENGLISH[country ?? ""] ?? "us"]
      : undefined;
  return {
    age: (min, max) => faker.number.int({ min, max }),
    firstName: (age) => {
      if (given) return faker.helpers.arrayElement(faker.datatype.boolean() ? given.female : given.male);
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
