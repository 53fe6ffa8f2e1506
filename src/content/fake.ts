import {
  base,
  de,
  en,
  en_AU,
  en_CA,
  en_GB,
  en_US,
  es,
  Faker,
  fr,
  it,
  type LocaleDefinition,
  nl,
} from "@faker-js/faker";

/**
 * A faker instance seeded from the same parts as a `Random` stream (seed, then what the text is for, e.g. a
 * simulation id), so names and companies are as reproducible as the rest of the generated content. Faker gives
 * people, companies, places and dates; the domain's own sentences come from our templates, never from lorem ipsum.
 */
export function fakerFor(...parts: Array<string | number>): Faker {
  return localFakerFor(undefined, ...parts);
}

const LOCALES: Record<string, LocaleDefinition> = {
  GB: en_GB,
  US: en_US,
  AU: en_AU,
  CA: en_CA,
  DE: de,
  AT: de,
  FR: fr,
  ES: es,
  IT: it,
  NL: nl,
};

/** The same, with the names people have in a country (ISO 3166 alpha-2; English names when unknown). */
export function localFakerFor(country: string | null | undefined, ...parts: Array<string | number>): Faker {
  const local = country ? LOCALES[country] : undefined;
  const faker = new Faker({ locale: local ? [local, en, base] : [en, base] });
  faker.seed(seedOf(parts.join("\u0000")));
  return faker;
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
