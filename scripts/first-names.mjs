// Writes src/content/first-names.json: faker's `person.first_name` of each locale the journeys quote participants in,
// the only locale data the generated content reads. Bundling faker's locales whole put ~600 KB into every start for
// that (src/content/fake.ts). `node scripts/first-names.mjs` after a faker or Node (ICU) upgrade;
// src/content/fake.test.ts fails when the file drifts from what this writes.
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { de, es, fr, it } from "@faker-js/faker";

export const FIRST_NAMES_FILE = "src/content/first-names.json";

/**
 * Locales whose names journeys use (fake.ts maps countries to them). English-speaking countries are named from
 * src/content/english-first-names.json instead (faker's English names are US baby names of every era and origin).
 */
const NAME_LOCALES = { de, fr, es, it };

/**
 * `{ locale: first_name }` of those locales, each list cleaned once here so that everything quoting a participant
 * ("Lukas, 44, Germany") gets names that read as names (`isFirstName`).
 */
export function firstNamesText() {
  const names = {};
  for (const [locale, definitions] of Object.entries(NAME_LOCALES)) {
    const own = definitions.person?.first_name;
    if (!own) continue;
    const notNames = new Set([...placeWords("en"), ...placeWords(locale)]);
    names[locale] = Object.fromEntries(
      Object.entries(own).map(([kind, list]) => [
        kind,
        [...new Set(list)].filter((name) => isFirstName(name, locale, notNames)),
      ]),
    );
  }
  return `${JSON.stringify(names)}\n`;
}

/**
 * Whether `name` reads as a person's first name to a reader of the English report or a speaker of `language`: not a
 * country, region, language or nationality in either ("German, 43, UK", Italian "Asia", French "France"), not a
 * figure's whole name ("Jeanne d’Arc"), only letters, spaces and hyphens.
 */
export function isFirstName(name, language, notNames = new Set([...placeWords("en"), ...placeWords(language)])) {
  const key = name.toLocaleLowerCase(language);
  return /^\p{Lu}[\p{L} -]*$/u.test(name) && !notNames.has(key);
}

const LETTERS = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"];
const placeWordsOf = new Map();

/**
 * Lower-cased words of `language` (a BCP 47 tag) that name a place or a people, from the ICU data Node carries
 * (Intl.DisplayNames): every country and territory, every UN M.49 area ("Asia", "Europe"), every ISO 639-1 language
 * ("German", "Dutch"), the nationalities in its regional language names ("American English", "Swiss French"), and in
 * English the usual demonym forms of one-word places ("Kenyan", "Italian", "Chinese", "Polish").
 */
export function placeWords(language) {
  const known = placeWordsOf.get(language);
  if (known) return known;
  const words = new Set();
  const add = (text) => words.add(text.toLocaleLowerCase(language));
  const regionNames = new Intl.DisplayNames([language], { type: "region", fallback: "none" });
  const languageNames = new Intl.DisplayNames([language], { type: "language", fallback: "none" });
  const countries = LETTERS.flatMap((a) => LETTERS.map((b) => a + b)).filter((code) => regionNames.of(code));
  const areas = Array.from({ length: 999 }, (_, i) => String(i + 1).padStart(3, "0")).filter((code) =>
    regionNames.of(code),
  );
  for (const code of [...countries, ...areas]) {
    const place = regionNames.of(code);
    add(place);
    if (language !== "en" || place.includes(" ")) continue;
    const stem = place.replace(/[aeiouy]$/, "");
    const forms = [`${place}an`, `${place}ian`, `${stem}an`, `${stem}ian`, `${stem}ese`, `${stem}ish`, `${stem}i`];
    for (const form of place.endsWith("a") ? [`${place}n`, ...forms] : forms) add(form);
  }
  for (const code of LETTERS.flatMap((a) => LETTERS.map((b) => (a + b).toLowerCase()))) {
    const name = languageNames.of(code);
    if (!name) continue;
    add(name);
    const own = name.split(/\s+/);
    for (const country of countries) {
      const regional = languageNames.of(`${code}-${country}`);
      if (regional && !regional.includes("("))
        add(
          regional
            .split(/\s+/)
            .filter((word) => !own.includes(word))
            .join(" "),
        );
    }
  }
  placeWordsOf.set(language, words);
  return words;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  writeFileSync(FIRST_NAMES_FILE, firstNamesText());
  process.stdout.write(`wrote ${FIRST_NAMES_FILE}\n`);
}
