import { readFileSync } from "node:fs";
import { base, de, es, Faker, fr, it as itLocale, nl } from "@faker-js/faker";
import { describe, expect, it } from "vitest";
import { FIRST_NAMES_FILE, firstNamesText } from "../../scripts/first-names.mjs";
import englishNames from "./english-first-names.json" with { type: "json" };
import { type People, peopleOf } from "./fake.js";

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
  it("should draw exactly what faker with the country's locale draws, where faker names the country", () => {
    const chains = { DE: de, AT: de, FR: fr, ES: es, IT: itLocale, NL: nl };
    for (const [country, local] of Object.entries(chains)) {
      for (const id of ["a", "b", "c"]) {
        const parts = [1, "participants", id, country];
        const reference = new Faker({ locale: [local, base] });
        reference.seed(localFakerSeed(parts));
        const expected: Array<string | number> = [];
        for (let i = 0; i < 4; i++)
          expected.push(reference.number.int({ min: 18, max: 75 }), reference.person.firstName());
        expect(draws(peopleOf(country, ...parts)), `${country} ${id}`).toEqual(expected);
      }
    }
  });

  it("should name people of English-speaking countries from their country's names for their age", () => {
    const lists = { GB: "uk", IE: "uk", AU: "uk", NZ: "uk", US: "us", CA: "us", JP: "us", "": "us" } as const;
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
