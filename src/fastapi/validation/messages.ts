/**
 * pydantic-core's Python-mode message templates (`pydantic-core/src/errors/types.rs`, `message_template_python`
 * and `render_message`), for the error types this module emits. FastAPI validates Python objects, so the JSON-mode
 * variants ("Input should be a valid array", "Input should be an object", ...) never appear.
 */

import { isPyValue, type PyValue, rustFloatDisplay } from "./py-value.js";

export type Loc = Array<string | number>;

/**
 * One detail item of a 422. `ctx` values are JS strings, JS numbers (integral numbers render as Python ints,
 * others as Python floats), PyValues (e.g. `{kind:"float",value:0}` to render `0.0`), or `{}` (value_error).
 */
export interface ValidationIssue {
  type: string;
  loc: Loc;
  msg: string;
  input: PyValue;
  ctx?: Record<string, unknown>;
}

const plural = (n: unknown): string => (Number(n) === 1 ? "" : "s");

/** Display of a ctx number inside a message: Rust `Display` (ints as is, floats without exponent: `0`, `0.5`). */
function num(v: unknown): string {
  if (isPyValue(v)) {
    if (v.kind === "float") return rustFloatDisplay(v.value);
    if (v.kind === "int") return v.text;
    if (v.kind === "str") return v.value;
  }
  if (typeof v === "number") return Number.isInteger(v) ? String(v) : rustFloatDisplay(v);
  return String(v);
}

const TEMPLATES: Record<string, (ctx: Record<string, unknown>) => string> = {
  missing: () => "Field required",
  extra_forbidden: () => "Extra inputs are not permitted",
  string_type: () => "Input should be a valid string",
  string_too_short: (c) => `String should have at least ${num(c.min_length)} character${plural(c.min_length)}`,
  string_too_long: (c) => `String should have at most ${num(c.max_length)} character${plural(c.max_length)}`,
  string_pattern_mismatch: (c) => `String should match pattern '${String(c.pattern)}'`,
  too_short: (c) =>
    `${String(c.field_type)} should have at least ${num(c.min_length)} item${plural(c.min_length)} after validation, not ${num(c.actual_length)}`,
  too_long: (c) =>
    `${String(c.field_type)} should have at most ${num(c.max_length)} item${plural(c.max_length)} after validation, not ${num(c.actual_length)}`,
  list_type: () => "Input should be a valid list",
  dict_type: () => "Input should be a valid dictionary",
  model_attributes_type: () => "Input should be a valid dictionary or object to extract fields from",
  uuid_parsing: (c) => `Input should be a valid UUID, ${String(c.error)}`,
  uuid_type: () => "UUID input should be a string, bytes or UUID object",
  uuid_version: (c) => `UUID version ${num(c.expected_version)} expected`,
  int_parsing: () => "Input should be a valid integer, unable to parse string as an integer",
  int_parsing_size: () => "Unable to parse input string as an integer, exceeded maximum size",
  int_type: () => "Input should be a valid integer",
  int_from_float: () => "Input should be a valid integer, got a number with a fractional part",
  float_type: () => "Input should be a valid number",
  float_parsing: () => "Input should be a valid number, unable to parse string as a number",
  finite_number: () => "Input should be a finite number",
  datetime_type: () => "Input should be a valid datetime",
  datetime_parsing: (c) => `Input should be a valid datetime, ${String(c.error)}`,
  datetime_from_date_parsing: (c) => `Input should be a valid datetime or date, ${String(c.error)}`,
  bool_type: () => "Input should be a valid boolean",
  bool_parsing: () => "Input should be a valid boolean, unable to interpret input",
  none_required: () => "Input should be None",
  literal_error: (c) => `Input should be ${String(c.expected)}`,
  enum: (c) => `Input should be ${String(c.expected)}`,
  greater_than: (c) => `Input should be greater than ${num(c.gt)}`,
  greater_than_equal: (c) => `Input should be greater than or equal to ${num(c.ge)}`,
  less_than: (c) => `Input should be less than ${num(c.lt)}`,
  less_than_equal: (c) => `Input should be less than or equal to ${num(c.le)}`,
  multiple_of: (c) => `Input should be a multiple of ${num(c.multiple_of)}`,
  union_tag_invalid: (c) =>
    `Input tag '${String(c.tag)}' found using ${String(c.discriminator)} does not match any of the expected tags: ${String(c.expected_tags)}`,
  union_tag_not_found: (c) => `Unable to extract tag using discriminator ${String(c.discriminator)}`,
  recursion_loop: () => "Recursion error - cyclic reference detected",
  json_invalid: () => "JSON decode error", // FastAPI's fixed text (fastapi/routing.py), not pydantic's template
  value_error: () => "Value error, ", // the error text is appended by valueErrorIssue
};

/** Builds an issue with pydantic's message for `type` (ctx omitted when not given). */
export function makeIssue(type: string, loc: Loc, input: PyValue, ctx?: Record<string, unknown>): ValidationIssue {
  const tmpl = TEMPLATES[type];
  if (tmpl === undefined) throw new Error(`no message template for error type ${type}`);
  const issue: ValidationIssue = { type, loc, msg: tmpl(ctx ?? {}), input };
  if (ctx !== undefined) issue.ctx = ctx;
  return issue;
}

/** `value_error` as raised by a `ValueError(message)` in a validator: ctx.error serialises as `{}` (FastAPI). */
export function valueErrorIssue(loc: Loc, input: PyValue, message: string): ValidationIssue {
  return { type: "value_error", loc, msg: `Value error, ${message}`, input, ctx: { error: {} } };
}
