import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { RoundRecord, SimulationRecord } from "../../store/records.js";
import { roundTitle } from "./projects.js";

const round = { number: 1, callerTitle: null } as RoundRecord;
const titled = (title: string) => ({ title }) as SimulationRecord;

describe("a round's automatic title", () => {
  it("should stay within the spec's 200 characters however long its simulations' titles are", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1, maxLength: 240 }), { minLength: 1, maxLength: 6 }), (titles) => {
        const title = roundTitle(round, titles.map(titled));
        expect(title.length).toBeGreaterThan(0);
        expect(title.length).toBeLessThanOrEqual(200);
      }),
    );
  });

  it("should keep two short titles whole", () => {
    expect(roundTitle(round, [titled("Concept test"), titled("Price test"), titled("Usability")])).toBe(
      "Concept test · Price test +1 more",
    );
  });
});
