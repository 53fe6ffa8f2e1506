import { readFileSync } from "node:fs";
import { base, de, es, Faker, fr, it as itLocale } from "@faker-js/faker";
import { describe, expect, it } from "vitest";
import { FIRST_NAMES_FILE, firstNamesText, isFirstName, placeWords } from "../../scripts/first-names.mjs";
import englishNames from "./english-first-names.json" with { type: "json" };
import { type People, peopleOf } from "./fake.js";
import firstNames from "./first-names.json" with { type: "json" };

const LOCALE_OF: Record<string, string> = { DE: "de", AT: "de", FR: "fr", ES: "es", IT: "it" };

/**
 * The countries and languages as `language` names them ("Đức" is Germany in Vietnamese): the part of `placeWords`
 * that a given name of that country could collide with, without its slower nationality forms.
 */
function placeNamesIn(language: string): Set<string> {
  const letters = [..."abcdefghijklmnopqrstuvwxyz"];
  const codes = letters.flatMap((a) => letters.map((b) => a + b));
  const regions = new Intl.DisplayNames([language], { type: "region", fallback: "none" });
  const languages = new Intl.DisplayNames([language], { type: "language", fallback: "none" });
  return new Set(
    codes
      .flatMap((code) => [regions.of(code.toUpperCase()), languages.of(code)])
      .filter((name): name is string => name !== undefined)
      .map((name) => name.toLocaleLowerCase(language)),
  );
}

/** What the journeys draw for each participant: an age, then a first name. */
function draws(people: People): Array<string | number> {
  const out: Array<string | number> = [];
  for (let i = 0; i < 4; i++) {
    const age = people.age(18, 75);
    out.push(age, people.firstName(age));
  }
  return out;
}

const bandOf = (age: number) => (age < 35 ? "18-34" : age < 55 ? "35-54" : "55+");
const namesOf = (country: "uk" | "us", age: number) => {
  const band = englishNames[country][bandOf(age)];
  return [...band.female, ...band.male];
};

describe("peopleOf", () => {
  it("should draw what faker draws from the country's locale's names, cleaned of words that are not names", () => {
    const chains = { DE: de, AT: de, FR: fr, ES: es, IT: itLocale };
    for (const [country, local] of Object.entries(chains)) {
      const language = LOCALE_OF[country] as keyof typeof firstNames;
      const raw = Object.values(local.person?.first_name ?? {}).flat();
      for (const id of ["a", "b", "c"]) {
        const parts = [1, "participants", id, country];
        const reference = new Faker({ locale: [{ person: { first_name: firstNames[language] } }, base] });
        reference.seed(localFakerSeed(parts));
        const expected: Array<string | number> = [];
        for (let i = 0; i < 4; i++)
          expected.push(reference.number.int({ min: 18, max: 75 }), reference.person.firstName());
        const drawn = draws(peopleOf(country, ...parts));
        expect(drawn, `${country} ${id}`).toEqual(expected);
        for (const name of drawn.filter((d) => typeof d === "string")) expect(raw, name).toContain(name);
      }
    }
  });

  it("should name no one with a place, a nationality or a language, in English or the list's own language", () => {
    const lists: Array<[string, string, string[]]> = [
      ...Object.entries(firstNames).map(([language, kinds]): [string, string, string[]] => [
        language,
        language,
        Object.values(kinds).flat(),
      ]),
      ...Object.entries(englishNames).map(([country, bands]): [string, string, string[]] => [
        country,
        "en",
        Object.values(bands).flatMap((band) => [...band.female, ...band.male]),
      ]),
    ];
    for (const [list, language, names] of lists) {
      const notNames = new Set([...placeWords("en"), ...placeWords(language)]);
      for (const name of names) {
        expect(notNames.has(name.toLocaleLowerCase(language)), `${list} ${name}`).toBe(false);
        expect(name, list).toMatch(/^\p{Lu}[\p{L} -]*$/u);
      }
      expect(names.length, list).toBeGreaterThan(100);
    }
  });

  it("should know a place, a nationality or a language when it sees one", () => {
    const words = placeWords("en");
    for (const word of ["German", "Asia", "France", "Georgia", "Kenyan", "Italian", "Chinese", "British", "Swiss"])
      expect(words.has(word.toLowerCase()), word).toBe(true);
    for (const name of ["Lukas", "Malin", "Christian", "Adrian", "Emily", "Ömer"])
      expect(words.has(name.toLowerCase()), name).toBe(false);
    expect(placeWords("it").has("italia")).toBe(true);
    expect(placeWords("fr").has("maurice")).toBe(true);
    expect(isFirstName("Jeanne d’Arc", "fr")).toBe(false);
    expect(isFirstName("María del Carmen", "es")).toBe(true);
  });

  it("should name people of English-speaking countries from their country's names for their age", () => {
    const lists = { GB: "uk", IE: "uk", AU: "uk", NZ: "uk", US: "us", CA: "us", "": "us" } as const;
    for (const [country, list] of Object.entries(lists)) {
      const seen = new Set<string>();
      for (let id = 0; id < 200; id++) {
        const people = peopleOf(country || null, 1, "participants", String(id));
        for (const age of [19, 34, 35, 54, 55, 80]) {
          const name = people.firstName(age);
          expect(namesOf(list, age), `${country} ${age}`).toContain(name);
          seen.add(name);
        }
      }
      expect(seen.size, country).toBeGreaterThan(100);
    }
    // The quote that was reported: "Julio, 48, UK" (faker's US list); faker's "German" and "Baby" were names too.
    const uk = new Set(Object.values(englishNames.uk).flatMap((band) => [...band.female, ...band.male]));
    for (const odd of ["Julio", "German", "Baby", "Florida"]) expect(uk.has(odd), odd).toBe(false);
  });

  it("should name people of Japan by Japanese names and, where the mock has no list, not pretend with English ones", () => {
    const english = new Set(
      Object.values(englishNames).flatMap((bands) => Object.values(bands).flatMap((b) => [...b.female, ...b.male])),
    );
    const japanese = new Set<string>();
    for (let id = 0; id < 50; id++) japanese.add(peopleOf("JP", 1, "participants", String(id)).firstName(70));
    expect([...japanese].filter((name) => english.has(name))).toEqual([]);
    expect(japanese.has("Hiroshi") || japanese.has("Keiko") || japanese.has("Yoko")).toBe(true);
    const unlisted = peopleOf("MN", 1, "participants", "x");
    expect([unlisted.firstName(30), unlisted.firstName(40)]).toEqual(["Participant 1", "Participant 2"]);
  });

  it("should name the people of every country a study commonly runs in, never 'Participant 1' (issue 27, reading g)", () => {
    const english = placeWords("en");
    // The countries of the world's larger research markets and every one a reading used.
    const countries = [
      ..."GB IE US CA AU NZ DE AT CH FR BE NL LU ES PT IT GR PL CZ SK HU RO UA RU".split(" "),
      ..."SE NO DK FI TR IL EG MA SA AE KE NG GH ZA ET TZ UG SN IN PK BD CN JP KR".split(" "),
      ..."TW HK SG MY ID PH VN TH BR MX AR CO CL PE".split(" "),
    ];
    for (const country of countries) {
      const names = new Set<string>();
      for (let id = 0; id < 40; id++) names.add(peopleOf(country, 1, "participants", String(id)).firstName(40));
      const language = new Intl.Locale(`und-${country}`).maximize().language;
      const notNames = new Set([...english, ...placeNamesIn(language)]);
      for (const name of names) {
        expect(name, country).not.toMatch(/^Participant\b/);
        expect(name, country).toMatch(/^\p{Lu}[\p{L} -]*$/u);
        expect(notNames.has(name.toLocaleLowerCase(language)), `${country} ${name}`).toBe(false);
      }
      expect(names.size, country).toBeGreaterThanOrEqual(5);
    }
  });

  it("should give the same names for the same parts and different names for other parts", () => {
    for (const country of ["DE", "GB"]) {
      const names = (...parts: Array<string | number>) => draws(peopleOf(country, ...parts));
      expect(names(1, "demo", "a")).toEqual(names(1, "demo", "a"));
      expect(names(1, "demo", "a")).not.toEqual(names(2, "demo", "a"));
      expect(names(1, "demo", "a")).not.toEqual(names(1, "demo", "b"));
    }
  });

  it("should keep each English list of names free of repeats", () => {
    for (const bands of Object.values(englishNames)) {
      for (const { female, male } of Object.values(bands)) {
        expect(new Set(female).size).toBe(female.length);
        expect(new Set(male).size).toBe(male.length);
      }
    }
  });

  it("should read first names that match the installed faker's (node scripts/first-names.mjs rewrites them)", () => {
    expect(readFileSync(FIRST_NAMES_FILE, "utf8")).toBe(firstNamesText());
  });
});

/** fake.ts's seed of a list of parts (FNV-1a of the parts joined by NUL). */
function localFakerSeed(parts: Array<string | number>): number {
  const text = parts.join("\u0000");
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
