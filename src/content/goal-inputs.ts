import type { Goal } from "./goals.js";

type JsonSchema = Record<string, unknown>;

function describeType(schema: JsonSchema): string {
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map((v) => JSON.stringify(v)).join(", ")}`;
  const type = schema.type;
  if (type === "array") {
    const items = (schema.items ?? {}) as JsonSchema;
    const bounds = [
      typeof schema.minItems === "number" ? `at least ${schema.minItems}` : "",
      typeof schema.maxItems === "number" ? `at most ${schema.maxItems}` : "",
    ]
      .filter(Boolean)
      .join(" and ");
    // "a non-empty string" → "non-empty strings": drop the article, make the noun plural.
    const each = describeType(items).replace(/^(?:an?|one of) /, "");
    const plural = /^(?:non-empty string|string|positive number|number|integer|boolean|value|http\(s\) URL)$/.test(each)
      ? `${each}s`
      : `values (each ${describeType(items)})`;
    return `an array of ${plural}${bounds ? ` (${bounds} entries)` : ""}`;
  }
  if (type === "string") {
    if (typeof schema.pattern === "string" && schema.pattern.startsWith("^https?")) return "an http(s) URL";
    return typeof schema.minLength === "number" && schema.minLength > 0 ? "a non-empty string" : "a string";
  }
  if (type === "number") return typeof schema.exclusiveMinimum === "number" ? "a positive number" : "a number";
  if (type === "integer") return "an integer";
  if (type === "boolean") return "a boolean";
  return "a value";
}

/** Does `value` satisfy the subset of JSON Schema the goal fixtures use? */
function satisfies(value: unknown, schema: JsonSchema): boolean {
  if (Array.isArray(schema.enum)) return schema.enum.some((v) => v === value);
  switch (schema.type) {
    case "string":
      return (
        typeof value === "string" &&
        (typeof schema.minLength !== "number" || [...value].length >= schema.minLength) &&
        (typeof schema.pattern !== "string" || new RegExp(schema.pattern).test(value))
      );
    case "number":
      return (
        typeof value === "number" &&
        Number.isFinite(value) &&
        (typeof schema.exclusiveMinimum !== "number" || value > schema.exclusiveMinimum)
      );
    case "integer":
      return typeof value === "number" && Number.isInteger(value);
    case "boolean":
      return typeof value === "boolean";
    case "array": {
      if (!Array.isArray(value)) return false;
      if (typeof schema.minItems === "number" && value.length < schema.minItems) return false;
      if (typeof schema.maxItems === "number" && value.length > schema.maxItems) return false;
      const items = (schema.items ?? {}) as JsonSchema;
      return value.every((item) => satisfies(item, items));
    }
    default:
      return true;
  }
}

/**
 * Checks create-simulation inputs against the goal's input schema. Returns the sentence for a 400 naming the input id
 * and what it expects, or undefined when the inputs fit. (The body model keeps `inputs` free-form, so never a 422.)
 */
export function checkGoalInputs(goal: Goal, inputs: Record<string, unknown>): string | undefined {
  const { properties, required } = goal.input_schema;
  for (const id of required) {
    if (!(id in inputs) || inputs[id] === null) {
      const schema = properties[id] ?? {};
      return `Input '${id}' is required for goal '${goal.id}': give ${describeType(schema)}.`;
    }
  }
  for (const [id, value] of Object.entries(inputs)) {
    const schema = properties[id];
    if (!schema || value === null) continue;
    if (!satisfies(value, schema)) {
      return `Input '${id}' of goal '${goal.id}' should be ${describeType(schema)}; got ${JSON.stringify(value)}.`;
    }
  }
  return undefined;
}
