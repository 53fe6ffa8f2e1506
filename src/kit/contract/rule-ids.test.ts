import { describe, expect, it } from "vitest";
import { closestIds } from "./rule-ids.js";

const IDS = [
  "SIM-GET",
  "SIM-LIST-LIMIT",
  "SIM-LIST-LIMIT-DEFAULT-20",
  "SIM-LIST-NEWEST-FIRST",
  "SIM-LIST-OWN",
  "SIM-RUN-200-PLANNED",
  "R-ONE",
  "R-TWO",
];

describe("the ids --only suggests", () => {
  it("should offer the pattern of ids that share a word prefix near what was typed, before a whole id further away", () => {
    expect(closestIds("SIM-LST", IDS)[0]).toBe("SIM-LIST-*");
    expect(closestIds("sim-list-own", IDS)[0]).toBe("SIM-LIST-OWN");
  });

  it("should count two letters swapped as one edit", () => {
    expect(closestIds("R-TOW", IDS)[0]).toBe("R-TWO");
    expect(closestIds("NOTHING-LIKE-IT", IDS)).toEqual([]);
  });
});
