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

/** Who a segment's people are, beyond their country: the language they answer in (a BCP 47 tag) and one sex, if so. */
export interface Who {
  language?: unknown;
  sex?: "female" | "male" | null;
}

/** The language a country's own list of names is in, where another language's list can stand in for it. */
const OWN_LANGUAGE: Record<string, string> = { NL: "nl", PT: "pt", BR: "pt" };

/** Where names come from: a list of its own (GIVEN_NAMES), faker's locale, the English lists, or none. */
type Source =
  | { kind: "given"; names: { female: readonly string[]; male: readonly string[] } }
  | { kind: "faker"; locale: string }
  | { kind: "english"; country: EnglishCountry }
  | { kind: "unnamed" };

function countrySource(country: string | null | undefined): Source {
  const locale = country ? LOCALES[country] : undefined;
  if (locale !== undefined) return { kind: "faker", locale };
  const given = country ? GIVEN_NAMES[country] : undefined;
  if (given) return { kind: "given", names: given };
  // A country with no list at all gets numbered participants rather than English names that pretend to be local.
  if (country != null && !ENGLISH_SPEAKING.has(country)) return { kind: "unnamed" };
  return { kind: "english", country: ENGLISH[country ?? ""] ?? "us" };
}

/**
 * The names of the language a segment answers in, where it is not its country's own and a list is in that language:
 * French-speaking Belgians and Swiss get French names, Flemish ones Dutch names, Quebec French ones. English, a
 * language no list is in (Swahili in Kenya), the country's own language, or any language of a country with names of its
 * own (French in Senegal) keep the country's names.
 */
/** Countries whose language groups carry their language's names: Belgium, Switzerland, Canada, Luxembourg, the US. */
const PEOPLES_BY_LANGUAGE = new Set(["BE", "CH", "CA", "LU", "US"]);

function sourceOf(country: string | null | undefined, language: unknown): Source {
  const own = countrySource(country);
  const tag = typeof language === "string" ? language.trim() : "";
  const [code, region] = tag.split(/[-_]/);
  const lang = code?.toLowerCase();
  if (!lang || lang === "en" || !country) return own;
  const ownLanguage = LOCALES[country] ?? OWN_LANGUAGE[country];
  if (lang === ownLanguage) return own;
  // A country with names of its own keeps them, whatever language its panel answers in (French in Senegal or
  // Madagascar), except where each language group carries its language's names (Belgium's French and Dutch speakers).
  if (own.kind === "given" && !PEOPLES_BY_LANGUAGE.has(country)) return own;
  const dutch = GIVEN_NAMES.NL;
  if (lang === "nl" && dutch) return { kind: "given", names: dutch };
  if (lang === "pt") return countrySource(region?.toUpperCase() === "BR" ? "BR" : "PT");
  if (["de", "fr", "es", "it"].includes(lang)) return { kind: "faker", locale: lang };
  return own;
}

/**
 * The participants of a country, seeded from the same parts as a `Random` stream (seed, then what the text is for,
 * e.g. a simulation id), so names are as reproducible as the rest of the generated content. GIVEN_NAMES where the
 * country has them, else faker's names for the LOCALES, else an English list by country and age band; in the language
 * the segment answers in where a list is (`sourceOf`); a woman's or a man's name in equal shares, or only one where
 * the user model's people are all women or all men. A country with none of these gets numbered participants.
 */
export function peopleOf(country: string | null | undefined, ...parts: Array<string | number>): People {
  return peopleFor(country, {}, ...parts);
}

export function peopleFor(country: string | null | undefined, who: Who, ...parts: Array<string | number>): People {
  const source = sourceOf(country, who.language);
  const faker = fakerWith(source.kind === "faker" ? firstNames()[source.locale] : undefined, parts);
  const english = source.kind === "english" ? englishNames()[source.country] : undefined;
  const sex = who.sex ?? null;
  let numbered = 0;
  /** One sex's list where the model says which, else either in equal shares. */
  const pick = (lists: { female: readonly string[]; male: readonly string[] }) => {
    const female = faker.datatype.boolean();
    return faker.helpers.arrayElement(lists[sex ?? (female ? "female" : "male")]);
  };
  return {
    age: (min, max) => faker.number.int({ min, max }),
    firstName: (age) => {
      switch (source.kind) {
        case "given":
          return pick(source.names);
        case "unnamed":
          return `Participant ${++numbered}`;
        case "faker":
          // faker's own pick for a sex mixes in its names for either ("Maxime", "Claude"): its list of that sex only.
          return sex ? faker.helpers.arrayElement(firstNames()[source.locale]?.[sex] ?? []) : faker.person.firstName();
        case "english":
          return pick((english as AgeBands)[age < 35 ? "18-34" : age < 55 ? "35-54" : "55+"]);
      }
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
