import type { Goal } from "./goals.js";
import { describeSchema, type JsonSchema, satisfies } from "./input-schema.js";

/** A value as the 400 quotes it: JSON, cut short when long (a body may be up to 1 MiB). */
function quoted(value: unknown): string {
  const text = JSON.stringify(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/**
 * Checks create-simulation inputs against the goal's input schema (every keyword of the subset in input-schema.ts).
 * Returns the sentence for a 400 naming the input id and what it expects, or undefined when the inputs fit. (The body
 * model keeps `inputs` free-form, so never a 422.) A null input counts as not given.
 */
export function checkGoalInputs(goal: Goal, inputs: Record<string, unknown>): string | undefined {
  const schema = goal.input_schema;
  const properties = schema.properties as Record<string, JsonSchema>;
  const propertyOf = (id: string) => (Object.hasOwn(properties, id) ? properties[id] : undefined);
  for (const id of schema.required) {
    if (!Object.hasOwn(inputs, id) || inputs[id] === null) {
      return `Input '${id}' is required for goal '${goal.id}': give ${describeSchema(propertyOf(id) ?? {})}.`;
    }
  }
  const additional = schema.additionalProperties;
  for (const [id, value] of Object.entries(inputs)) {
    if (value === null) continue;
    const property = propertyOf(id);
    if (!property && additional === false) {
      return `Goal '${goal.id}' has no input '${id}'; its inputs are: ${Object.keys(properties).join(", ")}.`;
    }
    const expected = property ?? (typeof additional === "object" && additional !== null ? additional : undefined);
    if (expected && !satisfies(value, expected as JsonSchema)) {
      return `Input '${id}' of goal '${goal.id}' should be ${describeSchema(expected as JsonSchema)}; got ${quoted(value)}.`;
    }
  }
  return undefined;
}
