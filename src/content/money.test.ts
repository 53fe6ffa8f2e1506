import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { amountIn, formatMoney, moneyStyle } from "./money.js";

const CURRENCIES = Intl.supportedValuesOf("currency");
/** Countries as user models name them: any two upper-case letters Intl takes as a region. */
const anyCountry = fc
  .tuple(fc.integer({ min: 65, max: 90 }), fc.integer({ min: 65, max: 90 }))
  .map(([a, b]) => String.fromCharCode(a, b));

describe("money written for any currency and any participants' country reads back as money", () => {
  it("should read the amount of every price it writes", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CURRENCIES),
        anyCountry,
        fc.integer({ min: 1, max: 99_999 }),
        (currency, country, amount) => {
          const text = formatMoney(amount, moneyStyle(currency, [country]), 0);
          expect(amountIn(text), text).toBeCloseTo(amount, 0);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("should read a Caribbean guilder price written for Canada (Intl writes 'Cg', not 'Cg.')", () => {
    const text = formatMoney(6500, moneyStyle("XCG", ["CA"]), 0);
    expect(amountIn(text), text).toBe(6500);
  });
});
