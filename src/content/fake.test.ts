import { readFileSync } from "node:fs";
import { base, de, en, en_AU, en_CA, en_GB, en_US, es, Faker, fr, it as itLocale, nl } from "@faker-js/faker";
import { describe, expect, it } from "vitest";
import { FIRST_NAMES_FILE, firstNamesText } from "../../scripts/first-names.mjs";
import { localFakerFor } from "./fake.js";

/** What the journeys draw from a participant's faker: ages and first names, in turn. */
function draws(faker: Faker): Array<string | number> {
  const out: Array<string | number> = [];
  for (let i = 0; i < 4; i++) out.push(faker.number.int({ min: 18, max: 75 }), faker.person.firstName());
  return out;
}

describe("localFakerFor", () => {
  it("should draw exactly what faker with the country's whole locale chain draws", () => {
    const chains = { GB: en_GB, US: en_US, AU: en_AU, CA: en_CA, DE: de, AT: de, FR: fr, ES: es, IT: itLocale, NL: nl };
    for (const country of [...Object.keys(chains), "JP", null]) {
      const local = country ? chains[country as keyof typeof chains] : undefined;
      for (const id of ["a", "b", "c"]) {
        const parts = [1, "participants", id, country ?? "-"];
        const reference = new Faker({ locale: local ? [local, en, base] : [en, base] });
        reference.seed(localFakerSeed(parts));
        expect(draws(localFakerFor(country, ...parts)), `${country} ${id}`).toEqual(draws(reference));
      }
    }
  });

  it("should give the same names for the same parts and different names for other parts", () => {
    const names = (...parts: Array<string | number>) => draws(localFakerFor("DE", ...parts));
    expect(names(1, "demo", "a")).toEqual(names(1, "demo", "a"));
    expect(names(1, "demo", "a")).not.toEqual(names(2, "demo", "a"));
    expect(names(1, "demo", "a")).not.toEqual(names(1, "demo", "b"));
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
