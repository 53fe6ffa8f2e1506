import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { describeSchema, type JsonSchema, satisfies, schemaProblem } from "./input-schema.js";

describe("schemaProblem: the JSON Schema subset goal inputs may use", () => {
  it("should accept every packaged goal's input schema", () => {
    const goals = JSON.parse(readFileSync(new URL("../../fixtures/goals.json", import.meta.url), "utf8")) as Record<
      string,
      Array<{ id: string; input_schema: unknown }>
    >;
    for (const goal of Object.values(goals).flat())
      expect([goal.id, schemaProblem(goal.input_schema)]).toEqual([goal.id, undefined]);
  });

  it.each([
    [
      { type: "object", properties: { a: { oneOf: [{ type: "string" }] } } },
      ["properties", "a", "oneOf"],
      /'oneOf' is not supported/,
    ],
    [{ type: "object", properties: { a: { $ref: "#/x" } } }, ["properties", "a", "$ref"], /'\$ref' is not supported/],
    [{ type: "object", patternProperties: {} }, ["patternProperties"], /not supported/],
    [{ type: "object", properties: { a: { type: ["string", "null"] } } }, ["properties", "a", "type"], /not supported/],
    [
      { type: "object", properties: { a: { type: "number", minLength: 1 } } },
      ["properties", "a", "minLength"],
      /does not apply to type number/,
    ],
    [
      { type: "object", properties: { a: { type: "string", pattern: "(" } } },
      ["properties", "a", "pattern"],
      /not a valid regular expression/,
    ],
    [
      { type: "object", properties: { a: { type: "array", items: { type: "integer", minimum: "1" } } } },
      ["properties", "a", "items", "minimum"],
      /should be a number/,
    ],
    [
      { type: "object", additionalProperties: { type: "string", if: {} } },
      ["additionalProperties", "if"],
      /not supported/,
    ],
    [
      { type: "object", properties: { a: { type: "array", minItems: -1 } } },
      ["properties", "a", "minItems"],
      /whole number/,
    ],
  ])("should refuse %j at %j", (schema, path, message) => {
    const problem = schemaProblem(schema);
    expect(problem?.path).toEqual(path);
    expect(problem?.message).toMatch(message);
  });
});

describe("satisfies: every keyword of the subset is enforced", () => {
  it.each<[JsonSchema, unknown[], unknown[]]>([
    [{ type: "number", minimum: 1, maximum: 5 }, [1, 5, 2.5], [0.99, 6, "3", null]],
    [{ type: "number", exclusiveMinimum: 0, exclusiveMaximum: 1 }, [0.5], [0, 1]],
    [{ type: "integer", multipleOf: 5 }, [10, 0, -5, 10.0], [7, 2.5]],
    [{ type: "number", multipleOf: 0.1 }, [0.3, 1.2], [0.25]],
    [{ type: "string", minLength: 2, maxLength: 3 }, ["ab", "é😀x"], ["a", "abcd"]],
    [{ type: "string", pattern: "^[A-Z]{3}$" }, ["GBP"], ["gbp", "GBPX"]],
    [{ type: "array", items: { type: "string" }, uniqueItems: true }, [["a", "b"], []], [["a", "a"]]],
    [
      { type: "array", items: { type: "object" }, uniqueItems: true },
      [[{ a: 1 }, { a: 2 }]],
      [
        [
          { a: 1, b: 2 },
          { b: 2, a: 1 },
        ],
      ],
    ],
    [{ const: "yes" }, ["yes"], ["no"]],
    [{ type: "boolean" }, [true, false], [0, "true"]],
    [
      {
        type: "object",
        properties: { n: { type: "integer", minimum: 0 } },
        required: ["n"],
        additionalProperties: false,
      },
      [{ n: 0 }],
      [{}, { n: -1 }, { n: 1, extra: true }, [], "x"],
    ],
    [{ type: "object", additionalProperties: { type: "number" } }, [{ a: 1 }, {}], [{ a: "1" }]],
  ])("should hold %j: accept %j, refuse %j", (schema, good, bad) => {
    expect(schemaProblem(schema)).toBeUndefined();
    for (const value of good) expect([value, satisfies(value, schema)]).toEqual([value, true]);
    for (const value of bad) expect([value, satisfies(value, schema)]).toEqual([value, false]);
  });
});

describe("describeSchema", () => {
  it.each<[JsonSchema, string]>([
    [{ type: "number", minimum: 1, maximum: 10 }, "a number (1 to 10)"],
    [{ type: "integer", minimum: 0 }, "an integer (at least 0)"],
    [{ type: "number", exclusiveMinimum: 0 }, "a positive number"],
    [{ type: "string", minLength: 1 }, "a non-empty string"],
    [{ type: "string", maxLength: 80 }, "a string (at most 80 characters)"],
    [
      { type: "array", items: { type: "string", minLength: 1 }, minItems: 2 },
      "an array of non-empty strings (at least 2 entries)",
    ],
    [{ type: "array", items: { type: "string" }, uniqueItems: true }, "an array of strings (no two the same)"],
    [
      { type: "object", properties: { a: {}, b: {} }, additionalProperties: false },
      "an object with only the keys a, b",
    ],
  ])("should describe %j as %s", (schema, words) => {
    expect(describeSchema(schema)).toBe(words);
  });
});
