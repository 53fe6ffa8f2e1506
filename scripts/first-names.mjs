// Writes src/content/first-names.json: faker's `person.first_name` of each locale the journeys quote participants in,
// the only locale data the generated content reads. Bundling faker's locales whole put ~600 KB into every start for
// that (src/content/fake.ts). `node scripts/first-names.mjs` after a faker upgrade; src/content/fake.test.ts fails
// when the file drifts from the installed faker.
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { de, es, fr, it, nl } from "@faker-js/faker";

export const FIRST_NAMES_FILE = "src/content/first-names.json";

/**
 * Locales whose names journeys use (fake.ts maps countries to them). English-speaking countries are named from
 * src/content/english-first-names.json instead (faker's English names are US baby names of every era and origin).
 */
const NAME_LOCALES = { de, fr, es, it, nl };

/** `{ locale: first_name }` of those locales. */
export function firstNamesText() {
  const names = {};
  for (const [locale, definitions] of Object.entries(NAME_LOCALES)) {
    const own = definitions.person?.first_name;
    if (own) names[locale] = own;
  }
  return `${JSON.stringify(names)}\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  writeFileSync(FIRST_NAMES_FILE, firstNamesText());
  process.stdout.write(`wrote ${FIRST_NAMES_FILE}\n`);
}
