import { describe, expect, it } from "vitest";
import { fakerFor } from "./fake.js";

describe("fakerFor", () => {
  it("should give the same names for the same parts and different names for other parts", () => {
    const names = (...parts: Array<string | number>) => {
      const faker = fakerFor(...parts);
      return [faker.person.fullName(), faker.company.name(), faker.location.city()];
    };
    expect(names(1, "demo", "a")).toEqual(names(1, "demo", "a"));
    expect(names(1, "demo", "a")).not.toEqual(names(2, "demo", "a"));
    expect(names(1, "demo", "a")).not.toEqual(names(1, "demo", "b"));
  });
});
