/**
 * The part of JSON Schema 2020-12 a goal's `input_schema` may use: every keyword listed here is enforced on a
 * simulation's `inputs`, and a fixture that uses any other keyword is refused at start-up (a keyword the mock would
 * silently ignore would let through inputs the fixture author meant to refuse). `format` is an annotation, as 2020-12
 * makes it by default: not checked.
 */

export type JsonSchema = Readonly<Record<string, unknown>>;

const TYPES = ["string", "number", "integer", "boolean", "array", "object"] as const;
type SchemaType = (typeof TYPES)[number];

const ANNOTATIONS = [
  "$schema",
  "$id",
  "$comment",
  "title",
  "description",
  "default",
  "examples",
  "deprecated",
  "readOnly",
  "writeOnly",
  "format",
];
const ANY_TYPE = ["type", "enum", "const"];
const NUMERIC = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"];
const BY_TYPE: Record<SchemaType, readonly string[]> = {
  string: ["minLength", "maxLength", "pattern"],
  number: NUMERIC,
  integer: NUMERIC,
  boolean: [],
  array: ["items", "minItems", "maxItems", "uniqueItems"],
  object: ["properties", "required", "additionalProperties"],
};

/** The keywords an input schema may use, for the start-up refusal. */
export const SUPPORTED_KEYWORDS: readonly string[] = [...ANY_TYPE, ...new Set(Object.values(BY_TYPE).flat())];

export interface SchemaProblem {
  readonly path: ReadonlyArray<string | number>;
  readonly message: string;
}

const isRecord = (v: unknown): v is JsonSchema => typeof v === "object" && v !== null && !Array.isArray(v);
const isScalar = (v: unknown) => v === null || ["string", "number", "boolean"].includes(typeof v);
const isCount = (v: unknown) => typeof v === "number" && Number.isInteger(v) && v >= 0;
const isFiniteNumber = (v: unknown) => typeof v === "number" && Number.isFinite(v);

function keywordValueProblem(keyword: string, value: unknown): string | undefined {
  switch (keyword) {
    case "minLength":
    case "maxLength":
    case "minItems":
    case "maxItems":
      return isCount(value) ? undefined : "should be a whole number, 0 or more";
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
      return isFiniteNumber(value) ? undefined : "should be a number";
    case "multipleOf":
      return isFiniteNumber(value) && (value as number) > 0 ? undefined : "should be a number above 0";
    case "uniqueItems":
      return typeof value === "boolean" ? undefined : "should be true or false";
    case "pattern":
      if (typeof value !== "string") return "should be a regular expression";
      try {
        new RegExp(value, "u");
        return undefined;
      } catch (error) {
        return `is not a valid regular expression (${(error as Error).message})`;
      }
    case "enum":
      return Array.isArray(value) && value.length > 0 && value.every(isScalar)
        ? undefined
        : "should be a non-empty array of strings, numbers, booleans or null";
    case "const":
      return isScalar(value) ? undefined : "should be a string, number, boolean or null";
    case "required":
      return Array.isArray(value) && value.every((v) => typeof v === "string")
        ? undefined
        : "should be an array of names";
    default:
      return undefined;
  }
}

/** The first thing in `schema` the mock cannot enforce, or undefined when all of it is in the subset. */
export function schemaProblem(schema: unknown, path: ReadonlyArray<string | number> = []): SchemaProblem | undefined {
  if (!isRecord(schema)) return { path, message: "a schema should be an object" };
  const type = schema.type;
  if (type !== undefined && !TYPES.includes(type as SchemaType)) {
    return {
      path: [...path, "type"],
      message: `type ${JSON.stringify(type)} is not supported; use one of ${TYPES.join(", ")}`,
    };
  }
  const allowed = new Set([...ANNOTATIONS, ...ANY_TYPE, ...(type ? BY_TYPE[type as SchemaType] : [])]);
  for (const [keyword, value] of Object.entries(schema)) {
    if (!allowed.has(keyword)) {
      const applies = SUPPORTED_KEYWORDS.includes(keyword);
      return {
        path: [...path, keyword],
        message: applies
          ? `JSON Schema keyword '${keyword}' does not apply to ${type ? `type ${type}` : "a schema without a type"}`
          : `JSON Schema keyword '${keyword}' is not supported in goal inputs; use ${SUPPORTED_KEYWORDS.join(", ")}`,
      };
    }
    const problem = keywordValueProblem(keyword, value);
    if (problem) return { path: [...path, keyword], message: `'${keyword}' ${problem}` };
  }
  if (schema.items !== undefined) {
    const problem = schemaProblem(schema.items, [...path, "items"]);
    if (problem) return problem;
  }
  if (schema.properties !== undefined) {
    if (!isRecord(schema.properties))
      return { path: [...path, "properties"], message: "'properties' should be an object" };
    for (const [name, property] of Object.entries(schema.properties)) {
      const problem = schemaProblem(property, [...path, "properties", name]);
      if (problem) return problem;
    }
  }
  const additional = schema.additionalProperties;
  if (additional !== undefined && typeof additional !== "boolean") {
    return schemaProblem(additional, [...path, "additionalProperties"]);
  }
  return undefined;
}

/** JSON equality (object keys in any order), for enum, const and uniqueItems. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (isRecord(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

function numberFits(value: number, schema: JsonSchema): boolean {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf } = schema;
  if (typeof minimum === "number" && value < minimum) return false;
  if (typeof maximum === "number" && value > maximum) return false;
  if (typeof exclusiveMinimum === "number" && value <= exclusiveMinimum) return false;
  if (typeof exclusiveMaximum === "number" && value >= exclusiveMaximum) return false;
  if (typeof multipleOf === "number") {
    const quotient = value / multipleOf;
    if (Math.abs(quotient - Math.round(quotient)) > 1e-9) return false;
  }
  return true;
}

/** Does `value` satisfy `schema` (a schema that passed schemaProblem)? */
export function satisfies(value: unknown, schema: JsonSchema): boolean {
  if (Array.isArray(schema.enum) && !schema.enum.some((v) => canonical(v) === canonical(value))) return false;
  if ("const" in schema && canonical(schema.const) !== canonical(value)) return false;
  switch (schema.type) {
    case "string": {
      if (typeof value !== "string") return false;
      const length = [...value].length;
      if (typeof schema.minLength === "number" && length < schema.minLength) return false;
      if (typeof schema.maxLength === "number" && length > schema.maxLength) return false;
      return typeof schema.pattern !== "string" || new RegExp(schema.pattern, "u").test(value);
    }
    case "number":
      return typeof value === "number" && Number.isFinite(value) && numberFits(value, schema);
    case "integer":
      return typeof value === "number" && Number.isInteger(value) && numberFits(value, schema);
    case "boolean":
      return typeof value === "boolean";
    case "array": {
      if (!Array.isArray(value)) return false;
      if (typeof schema.minItems === "number" && value.length < schema.minItems) return false;
      if (typeof schema.maxItems === "number" && value.length > schema.maxItems) return false;
      if (schema.uniqueItems === true && new Set(value.map(canonical)).size !== value.length) return false;
      const items = (schema.items ?? {}) as JsonSchema;
      return value.every((item) => satisfies(item, items));
    }
    case "object":
      return isRecord(value) && objectProblem(value, schema) === undefined;
    default:
      return true;
  }
}

/** The first key of `value` that breaks the object schema: a missing required one, a bad one, or an extra one. */
export function objectProblem(
  value: JsonSchema,
  schema: JsonSchema,
): { key: string; kind: "missing" | "invalid" | "extra" } | undefined {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  for (const key of (schema.required ?? []) as string[]) {
    if (!Object.hasOwn(value, key)) return { key, kind: "missing" };
  }
  for (const [key, item] of Object.entries(value)) {
    const property = Object.hasOwn(properties, key) ? properties[key] : undefined;
    if (property) {
      if (!satisfies(item, property)) return { key, kind: "invalid" };
    } else if (schema.additionalProperties === false) {
      return { key, kind: "extra" };
    } else if (isRecord(schema.additionalProperties) && !satisfies(item, schema.additionalProperties)) {
      return { key, kind: "invalid" };
    }
  }
  return undefined;
}

const range = (low: number | undefined, high: number | undefined, unit = "") =>
  low !== undefined && high !== undefined
    ? `${low} to ${high}${unit}`
    : low !== undefined
      ? `at least ${low}${unit}`
      : `at most ${high}${unit}`;

function describeNumber(noun: string, schema: JsonSchema): string {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf } = schema as Record<string, number>;
  if (exclusiveMinimum === 0 && [minimum, maximum, exclusiveMaximum, multipleOf].every((v) => v === undefined)) {
    return `a positive ${noun}`;
  }
  const parts: string[] = [];
  if (minimum !== undefined || maximum !== undefined) parts.push(range(minimum, maximum));
  if (exclusiveMinimum !== undefined) parts.push(`above ${exclusiveMinimum}`);
  if (exclusiveMaximum !== undefined) parts.push(`below ${exclusiveMaximum}`);
  if (multipleOf !== undefined) parts.push(`a multiple of ${multipleOf}`);
  const article = noun === "integer" ? "an" : "a";
  return parts.length ? `${article} ${noun} (${parts.join(", ")})` : `${article} ${noun}`;
}

function describeString(schema: JsonSchema): string {
  if (typeof schema.pattern === "string" && schema.pattern.startsWith("^https?")) return "an http(s) URL";
  const min = typeof schema.minLength === "number" ? schema.minLength : undefined;
  const max = typeof schema.maxLength === "number" ? schema.maxLength : undefined;
  const base = min === 1 && max === undefined ? "a non-empty string" : "a string";
  const parts: string[] = [];
  if ((min !== undefined && min > 1) || max !== undefined) parts.push(range(min, max, " characters"));
  if (typeof schema.pattern === "string") parts.push(`matching /${schema.pattern}/`);
  return parts.length ? `${base} (${parts.join(", ")})` : base;
}

/** What a value for `schema` should be, in words, for a 400. */
export function describeSchema(schema: JsonSchema): string {
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map((v) => JSON.stringify(v)).join(", ")}`;
  if ("const" in schema) return `exactly ${JSON.stringify(schema.const)}`;
  switch (schema.type) {
    case "array": {
      const items = (schema.items ?? {}) as JsonSchema;
      const bounds = [
        typeof schema.minItems === "number" ? `at least ${schema.minItems}` : "",
        typeof schema.maxItems === "number" ? `at most ${schema.maxItems}` : "",
      ]
        .filter(Boolean)
        .join(" and ");
      // "a non-empty string" -> "non-empty strings": drop the article, make the noun plural.
      const each = describeSchema(items).replace(/^(?:an?|one of) /, "");
      const plural = /^(?:non-empty string|string|positive number|number|integer|boolean|value|http\(s\) URL)$/.test(
        each,
      )
        ? `${each}s`
        : `values (each ${describeSchema(items)})`;
      const unique = schema.uniqueItems === true ? ", no two the same" : "";
      return `an array of ${plural}${bounds ? ` (${bounds} entries${unique})` : unique ? ` (${unique.slice(2)})` : ""}`;
    }
    case "string":
      return describeString(schema);
    case "number":
      return describeNumber("number", schema);
    case "integer":
      return describeNumber("integer", schema);
    case "boolean":
      return "a boolean";
    case "object": {
      const required = (schema.required ?? []) as string[];
      const closed = schema.additionalProperties === false;
      const keys = closed ? Object.keys((schema.properties ?? {}) as object) : required;
      if (keys.length === 0) return closed ? "an empty object" : "an object";
      return `an object with ${closed ? "only the keys" : "the keys"} ${keys.join(", ")}`;
    }
    default:
      return "a value";
  }
}
