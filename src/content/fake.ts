import type { Faker, LocaleDefinition } from "@faker-js/faker";

/** faker's locale of each country whose names journeys quote (ISO 3166 alpha-2); English names when unknown. */
const LOCALES: Record<string, string> = {
  GB: "en_GB",
  US: "en_US",
  AU: "en_AU",
  CA: "en_CA",
  DE: "de",
  AT: "de",
  FR: "fr",
  ES: "es",
  IT: "it",
  NL: "nl",
};

type FirstNameList = NonNullable<LocaleDefinition["person"]>["first_name"];
type FirstNames = Record<string, FirstNameList> & { en: FirstNameList };
let firstNamesRead: FirstNames | undefined;

/**
 * faker's `person.first_name` of those locales that have their own (first-names.json, written by
 * scripts/first-names.mjs): the only locale data the content reads. Importing faker's locales whole put ~600 KB of
 * data into the bundle, evaluated on every start; this ~80 KB is read on first use, with faker itself.
 */
function firstNames(): FirstNames {
  firstNamesRead ??= require("./first-names.json") as FirstNames;
  return firstNamesRead;
}

/**
 * A faker instance seeded from the same parts as a `Random` stream (seed, then what the text is for, e.g. a
 * simulation id), so names are as reproducible as the rest of the generated content, with the first names people
 * have in `country`. It holds first names only: a locale in faker's chain without names of its own (en_GB, en_US,
 * en_CA) falls back to English, as faker's [local, en, base] chain does.
 */
export function localFakerFor(country: string | null | undefined, ...parts: Array<string | number>): Faker {
  const names = (country ? firstNames()[LOCALES[country] ?? ""] : undefined) ?? firstNames().en;
  const faker = new (fakerClass())({ locale: { person: { first_name: names } } });
  faker.seed(seedOf(parts.join("\u0000")));
  return faker;
}

let fakerConstructor: typeof Faker | undefined;

/**
 * faker's Faker class, its module evaluated on first use rather than at every start (~3 % of a cold start's CPU; only
 * journeys name their participants). esbuild bundles this require() as a module initialised when first required; in
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
