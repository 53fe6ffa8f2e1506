import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { UserModelRecord } from "../store/records.js";
import { favourableOptions, shapeOf, tendenciesOf, topicOf, traitsOf } from "./segments.js";

const populations = JSON.parse(readFileSync(new URL("../../fixtures/populations.json", import.meta.url), "utf8"))
  .populations as Array<Pick<UserModelRecord, "id" | "name" | "description" | "metadata">>;
const named = (part: string) => {
  const found = populations.find((p) => p.name.includes(part));
  if (!found) throw new Error(`no fixture population named like ${part}`);
  return found;
};

const consumerApp = topicOf(["A phone app that plans your meals"], {});

describe("traitsOf", () => {
  // Owning a thing is not owning a business: a panel of dog, caravan or car owners answers as consumers, while shop,
  // salon or small-business owners answer as business buyers, however the name is put together.
  const consumerThings = [
    "dog",
    "cat",
    "horse",
    "car",
    "caravan",
    "boat",
    "e-scooter",
    "motorbike",
    "allotment",
    "pool",
    "smartphone",
    "holiday home",
  ];
  const businessThings = [
    "small business",
    "shop",
    "restaurant",
    "salon",
    "café",
    "company",
    "independent store",
    "start-up",
  ];
  const places = ["", " in Chile", " in rural Norway", ", aged 25-60", " (urban)"];
  const anyName = (things: string[]) =>
    fc
      .tuple(fc.constantFrom(...things), fc.constantFrom(...places), fc.integer({ min: 0, max: 2 }), fc.boolean())
      .map(([thing, place, shape, plural]) => {
        const things = plural ? thing.replace(/y$/, "ie").replace(/s$/, "se").concat("s") : thing;
        if (shape === 0) return `${thing[0]?.toUpperCase()}${thing.slice(1)} owners${place}`;
        if (shape === 1) return `Owners of ${plural ? things : `a ${thing}`}${place}`;
        return `First-time ${thing} owners${place}`;
      });

  it("should read owners of a consumer thing as consumers and owners of a business as business buyers", () => {
    fc.assert(
      fc.property(anyName(consumerThings), (name) => {
        expect(traitsOf({ name, description: "Panel members", metadata: {} }).business, name).toBe(false);
      }),
    );
    fc.assert(
      fc.property(anyName(businessThings), (name) => {
        expect(traitsOf({ name, description: "Panel members", metadata: {} }).business, name).toBe(true);
      }),
    );
  });

  it("should read age, country and role from a fixture population's metadata", () => {
    const genZ = traitsOf(named("Gen Z"));
    const owners = traitsOf(named("German small-business"));
    expect(genZ.age).toBeLessThan(30);
    expect(genZ.country).toBe("US");
    expect(genZ.business).toBe(false);
    expect(owners.country).toBe("DE");
    expect(owners.business).toBe(true);
    expect(owners.age).toBeGreaterThan(genZ.age as number);
  });

  it("should fall back to the name and description when an organisation's model has no metadata", () => {
    const traits = traitsOf({ name: "Retired homeowners in rural Wales", description: "Pensioners", metadata: {} });
    expect(traits.age).toBeGreaterThan(60);
    expect(traits.country).toBe("GB");
    expect(traits.urban).toBeLessThan(0);
    const blank = traitsOf({ name: "Panel B", description: "Our customers", metadata: {} });
    expect(blank).toMatchObject({ age: null, country: null, business: false, income: 0, urban: 0 });
    for (const value of Object.values(tendenciesOf(blank, consumerApp))) expect(Number.isFinite(value)).toBe(true);
  });

  it("should make a young segment more open to novelty than an older one, and grocery shoppers more price sensitive", () => {
    const young = tendenciesOf(traitsOf(named("Gen Z")), consumerApp);
    const adults = tendenciesOf(traitsOf(named("UK adults")), consumerApp);
    expect(young.novelty).toBeGreaterThan(adults.novelty);
    expect(young.digital).toBeGreaterThan(adults.digital);
    expect(traitsOf(named("grocery")).priceSensitivity).toBeGreaterThan(traitsOf(named("UK adults")).priceSensitivity);
  });

  it("should make a B2B study more relevant to business buyers than to consumers", () => {
    // Business words count when the study asks business people (its user models), never from the words alone.
    expect(topicOf(["Invoicing software for small businesses"], {}, [named("Gen Z")]).b2b).toBe(false);
    const b2b = topicOf(["Invoicing software for small businesses"], {}, [
      named("German small-business"),
      named("Gen Z"),
    ]);
    expect(b2b.b2b).toBe(true);
    expect(tendenciesOf(traitsOf(named("German small-business")), b2b).relevance).toBeGreaterThan(
      tendenciesOf(traitsOf(named("Gen Z")), b2b).relevance,
    );
  });
});

describe("shapeOf", () => {
  it("should read scales running either way, price ladders and nominal lists", () => {
    expect(shapeOf(["Not at all appealing", "Not very appealing", "Quite appealing", "Very appealing"])).toEqual({
      kind: "ordered",
      order: [0, 1, 2, 3],
    });
    expect(shapeOf(["Replace what I use", "Use it alongside", "Try it once", "Not use it"])).toEqual({
      kind: "ordered",
      order: [3, 2, 1, 0],
    });
    expect(shapeOf(["£9.99", "£4.99", "£14.99"])).toMatchObject({ kind: "price", order: [1, 0, 2] });
    expect(shapeOf(["Acme", "Globex", "None of these"]).kind).toBe("nominal");
    expect(shapeOf(["£7.99 a month or more", "Less than £2.99 a month", "None of these prices"])).toMatchObject({
      kind: "price",
      order: [1, 0],
    });
    expect(
      shapeOf([
        "Does not describe it at all",
        "Describes it a little",
        "Describes it fairly well",
        "Describes it very well",
      ]),
    ).toEqual({ kind: "ordered", order: [0, 1, 2, 3] });
    expect(
      shapeOf([
        "Never cook on a weeknight again with our planner",
        "Dinner sorted in five minutes, every single day",
        "Fresh food at your door on a budget you choose",
      ]).kind,
    ).toBe("nominal");
  });

  it("should give the top two of a five-point scale and the top one of a three-point one", () => {
    expect(favourableOptions(["Very unlikely", "Unlikely", "Neither", "Likely", "Very likely"])).toEqual([
      "Very likely",
      "Likely",
    ]);
    expect(favourableOptions(["No", "Not sure", "Yes"])).toEqual(["Yes"]);
    expect(favourableOptions(["Acme", "Globex", "None of these"])).toEqual([]);
  });
});

describe("relevance follows who the model is and what the product is for", () => {
  const cnc = topicOf(
    [
      "Torqly listens to the vibration of every CNC spindle on your floor and texts your maintenance lead up to 3 weeks before a bearing fails",
      "$450 per machine per year",
    ],
    {},
    [named("IT decision makers"), named("US adults")],
  );
  const nappies = topicOf(["A reusable nappy subscription delivered weekly", "£14.99 a week"]);

  it("should make a factory maintenance tool relevant to IT buyers and not to the public", () => {
    expect(cnc.b2b).toBe(true);
    const buyers = tendenciesOf(traitsOf(named("IT decision makers")), cnc).relevance;
    const publicAtLarge = tendenciesOf(traitsOf(named("US adults")), cnc).relevance;
    expect(buyers).toBeGreaterThan(0);
    expect(publicAtLarge).toBeLessThan(-2);
  });

  it("should make nappies relevant to parents and to few of all adults", () => {
    expect(nappies.babies).toBe(true);
    const adults = tendenciesOf(traitsOf(named("UK adults")), nappies).relevance;
    const parents = tendenciesOf(
      traitsOf({
        name: "UK parents of under-3s",
        description: "Parents with a baby or toddler at home.",
        metadata: {},
      }),
      nappies,
    ).relevance;
    expect(adults).toBeLessThan(-1.5);
    expect(parents).toBeGreaterThan(0.5);
  });
});
