/**
 * fast-check arbitraries from an OpenAPI document's request schemas: values a schema accepts (with its boundary values
 * weighted in: shortest and longest strings, smallest and largest lists, both ends of a range) and values it refuses
 * (one field of the wrong type, a required field left out, a bound crossed, an unknown field where unknown fields are
 * forbidden). `known` supplies real values by property name (ids of things the caller owns) so accepted bodies reach
 * the handlers' success paths and not only their 404s.
 */
import fc from "fast-check";

export type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
};

export interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, Schema> };
}

export interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema?: Schema;
}

export interface OperationObject {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
  deprecated?: boolean;
}

export type Known = Record<string, unknown>;

export function resolver(doc: OpenApiDocument) {
  return function resolve(schema: Schema | undefined): Schema {
    let s = schema ?? {};
    for (let i = 0; i < 20 && s.$ref; i++)
      s = doc.components?.schemas?.[s.$ref.replace("#/components/schemas/", "")] ?? {};
    if (s.allOf?.length === 1) return resolve({ ...s, allOf: undefined, ...resolve(s.allOf[0]) });
    return s;
  };
}

/** The schema's type other than null, and whether null is allowed. */
function typeOf(s: Schema): { type: string | undefined; nullable: boolean } {
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  const type = types.find((t) => t !== "null") ?? (s.properties ? "object" : undefined);
  return { type, nullable: types.includes("null") };
}

const MAX_DEPTH = 5;

/** Values the schema accepts, boundaries weighted in. */
export function validArbitrary(doc: OpenApiDocument, known: Known = {}) {
  const resolve = resolver(doc);
  const arb = (schema: Schema | undefined, name: string, depth: number): fc.Arbitrary<unknown> => {
    if (name in known && depth > 0) return fc.constant(known[name]);
    const s = resolve(schema);
    const alternatives = s.anyOf ?? s.oneOf;
    if (alternatives) return fc.oneof(...alternatives.map((alt) => arb(alt, name, depth)));
    if (s.const !== undefined) return fc.constant(s.const);
    if (s.enum?.length) return fc.constantFrom(...s.enum);
    const { type, nullable } = typeOf(s);
    if (type === undefined && nullable) return fc.constant(null);
    const withNull = (a: fc.Arbitrary<unknown>) =>
      nullable ? fc.oneof({ weight: 4, arbitrary: a }, fc.constant(null)) : a;
    switch (type) {
      case "string": {
        if (s.format === "uuid") return withNull(fc.uuid());
        if (s.format === "date-time") return withNull(fc.date({ noInvalidDate: true }).map((d) => d.toISOString()));
        if (s.format === "uri" || s.format === "url" || name === "url") {
          return withNull(fc.webUrl({ validSchemes: ["https", "http"] }));
        }
        const min = s.minLength ?? 0;
        const max = Math.min(s.maxLength ?? 40, min + 40);
        const text = fc.string({ minLength: Math.max(min, 1), maxLength: Math.max(max, 1), unit: "grapheme" });
        const edges = [fc.string({ minLength: min, maxLength: min, unit: "grapheme-ascii" })];
        if (s.maxLength !== undefined) edges.push(fc.string({ minLength: s.maxLength, maxLength: s.maxLength }));
        return withNull(fc.oneof({ weight: 3, arbitrary: text }, ...edges));
      }
      case "integer":
      case "number": {
        const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -1000);
        const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : 1000);
        const value =
          type === "integer" ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
        return withNull(fc.oneof({ weight: 3, arbitrary: value }, fc.constantFrom(min, max)));
      }
      case "boolean":
        return withNull(fc.boolean());
      case "array": {
        const minLength = s.minItems ?? 0;
        const maxLength = Math.min(s.maxItems ?? minLength + 3, minLength + 5);
        if (depth > MAX_DEPTH) return fc.constant([]);
        const item = arb(s.items, name, depth + 1);
        return withNull(
          fc.oneof(
            fc.array(item, { minLength, maxLength }),
            fc.array(item, { minLength: maxLength, maxLength }),
            fc.array(item, { minLength, maxLength: minLength }),
          ),
        );
      }
      case "object": {
        if (depth > MAX_DEPTH || !s.properties) return withNull(fc.constant({}));
        const required = Object.fromEntries(
          Object.entries(s.properties)
            .filter(([key]) => s.required?.includes(key))
            .map(([key, prop]) => [key, arb(prop, key, depth + 1)]),
        );
        const optional = Object.fromEntries(
          Object.entries(s.properties)
            .filter(([key]) => !s.required?.includes(key))
            .map(([key, prop]) => [key, arb(prop, key, depth + 1)]),
        );
        return withNull(
          fc.tuple(fc.record(required), fc.record(optional, { requiredKeys: [] })).map(([a, b]) => ({ ...b, ...a })),
        );
      }
      default:
        return fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean());
    }
  };
  return (schema: Schema | undefined, name = "body") => arb(schema, name, 0);
}

/** A value of another JSON type than the schema's (never null where null is allowed). */
function wrongType(s: Schema): fc.Arbitrary<unknown> {
  const { type, nullable } = typeOf(s);
  const all: Record<string, fc.Arbitrary<unknown>> = {
    string: fc.string({ maxLength: 8 }),
    number: fc.double({ noNaN: true, noDefaultInfinity: true }),
    integer: fc.integer(),
    boolean: fc.boolean(),
    array: fc.array(fc.integer(), { maxLength: 2 }),
    object: fc.dictionary(fc.string({ minLength: 1, maxLength: 4 }), fc.integer(), { maxKeys: 2 }),
  };
  if (s.enum) return fc.string({ minLength: 1, maxLength: 12 }).filter((v) => !s.enum?.includes(v));
  if (type === "string" && s.format === "uuid") {
    return fc.oneof(fc.integer(), fc.constantFrom("not-a-uuid", "123", "", "zz-zz"));
  }
  const others = Object.entries(all)
    .filter(([t]) => t !== type && !(type === "number" && t === "integer") && !(type === "integer" && t === "number"))
    .map(([, a]) => a);
  return nullable ? fc.oneof(...others) : fc.oneof(fc.constant(null), ...others);
}

/** A value that crosses one of the schema's bounds, when it has one. */
function outOfBounds(s: Schema): fc.Arbitrary<unknown> | undefined {
  const { type } = typeOf(s);
  if (type === "string" && s.minLength !== undefined && s.minLength > 0)
    return fc.constant("".padEnd(s.minLength - 1, "x"));
  if (type === "string" && s.maxLength !== undefined) return fc.constant("x".repeat(s.maxLength + 1));
  if (type === "array" && s.minItems !== undefined && s.minItems > 0) return fc.constant([]);
  if ((type === "integer" || type === "number") && s.minimum !== undefined) return fc.constant(s.minimum - 1);
  if ((type === "integer" || type === "number") && s.maximum !== undefined) return fc.constant(s.maximum + 1);
  return undefined;
}

/**
 * Bodies the schema refuses: a valid body with one property broken (wrong type, a bound crossed), a required property
 * left out, or an unknown one added where unknown properties are forbidden. Each comes with what was broken.
 */
export function invalidBody(
  doc: OpenApiDocument,
  schema: Schema | undefined,
  known: Known = {},
  options: { bounds: boolean } = { bounds: true },
) {
  const resolve = resolver(doc);
  const s = resolve(schema);
  const valid = validArbitrary(doc, known);
  const props = Object.entries(s.properties ?? {});
  const breakers: Array<fc.Arbitrary<{ body: unknown; broken: string }>> = [];
  const base = valid(schema) as fc.Arbitrary<Record<string, unknown>>;
  for (const [key, prop] of props) {
    const p = resolve(prop);
    breakers.push(
      fc
        .tuple(base, wrongType(p))
        .map(([body, value]) => ({ body: { ...body, [key]: value }, broken: `${key}: wrong type` })),
    );
    const crossed = options.bounds ? outOfBounds(p) : undefined;
    if (crossed) {
      breakers.push(
        fc.tuple(base, crossed).map(([body, value]) => ({ body: { ...body, [key]: value }, broken: `${key}: bound` })),
      );
    }
  }
  for (const key of s.required ?? []) {
    breakers.push(
      base.map((body) => {
        const { [key]: _left, ...rest } = body;
        return { body: rest, broken: `${key}: missing` };
      }),
    );
  }
  if (s.additionalProperties === false && options.bounds) {
    breakers.push(base.map((body) => ({ body: { ...body, zz_unknown: 1 }, broken: "unknown property" })));
  }
  breakers.push(
    fc.constantFrom(
      { body: [], broken: "an array body" },
      { body: "text", broken: "a string body" },
      { body: 42, broken: "a number body" },
    ),
  );
  return fc.oneof(...breakers);
}
