import { base, en, Faker } from "@faker-js/faker";

/**
 * A faker instance seeded from the same parts as a `Random` stream (seed, then what the text is for, e.g. a
 * simulation id), so names and companies are as reproducible as the rest of the generated content. Faker gives
 * people, companies, places and dates; the domain's own sentences come from our templates, never from lorem ipsum.
 */
export function fakerFor(...parts: Array<string | number>): Faker {
  const faker = new Faker({ locale: [en, base] });
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
