/**
 * A pydantic v2 (2.13, lax Python mode, as FastAPI 0.142 drives it) interpreter for zod 4 schemas.
 *
 * It walks `schema._zod.def` and validates a PyValue (what `json.loads` produced, or a raw path/query string),
 * returning either plain JS for handlers or the exact `detail` items FastAPI would send in a 422. zod's own
 * parser is never used. Mapping (zod -> pydantic):
 *
 * - z.object            -> BaseModel, extra="ignore" (unknown keys dropped)
 *   z.strictObject      -> extra="forbid" (one `extra_forbidden` per unknown key, after all field errors)
 *   z.looseObject / .catchall(X) -> extra="allow" (extras kept; validated against X unless X is unknown/any)
 * - .optional() not required (absent key omitted from the output); .nullable() = Optional[X] (still required
 *   unless also optional/default); .default(v) used when the key is absent (not validated, as pydantic)
 * - z.string() (+ min/max/length, .regex() -> pattern, .trim()/.toLowerCase() overwrites applied first) -> str
 * - z.uuid() / z.guid() / z.string().uuid() -> UUID (z.uuidv4() etc. -> UUID4 ...); output lower-case hyphenated
 * - z.int() / z.number().int() -> int;  z.number() -> float (NaN / inf accepted, pydantic's allow_inf_nan);
 *   .min/.max/.gt/.lt/.positive()/... -> ge/le/gt/lt; .multipleOf -> multiple_of
 * - z.boolean() -> bool;  z.null() -> None;  z.literal / z.enum -> Literal[...] (`literal_error`)
 * - z.array(T) (+ min/max/length) -> list[T];  z.record(K, V) -> dict[K, V];  z.unknown() / z.any() -> Any
 * - z.union -> smart Union (errors labelled by pydantic choice names); z.discriminatedUnion -> tagged union
 * - z.lazy, .readonly(), .catch(), pipes/transforms are followed; other types throw (a programming error).
 */

import type { z } from "zod";
import { inSentOrder } from "../../platform/key-order.js";
import { type DatetimeParse, datetimeFromNumber, datetimeIso, parseDatetime } from "./datetime.js";
import { strAsBool, strAsFloat, strAsInt } from "./lax.js";
import { type Loc, makeIssue, type ValidationIssue, valueErrorIssue } from "./messages.js";
import { pyJsonDumps, pyJsonFloat, pyJsonString } from "./py-json-dumps.js";
import { defineProp, fromJs, isPyValue, PY_NONE, type PyValue, pyReprStr, pyStr, pyStrOf, toJs } from "./py-value.js";
import { hyphenate, isRfc4122Variant, parseUuid, uuidVersion } from "./uuid.js";
import {
  type CheckDef,
  checksOf,
  child,
  defOf,
  isDatetimeFormat,
  isIntNumber,
  literalValues,
  type SchemaDef,
  schemaTitle,
  shapeOf,
  uuidFormat,
  type ZodLike,
} from "./zod-def.js";

export type { Loc, ValidationIssue } from "./messages.js";

export type Validated<T> = { ok: true; value: T } | { ok: false; issues: ValidationIssue[] };

type Result = Validated<unknown>;

/** pydantic's `Exactness` (used to pick a member of a smart union). */
const LAX = 0;
const STRICT = 1;
const EXACT = 2;

interface State {
  exactness: number;
  fieldsSet: number | undefined;
  /** Entries into recursive object schemas on the current path (pydantic's RecursionGuard depth). */
  recursion: number;
}

/** pydantic-core `RECURSION_GUARD_LIMIT`: the 256th nested entry into a recursive model is `recursion_loop`. */
const RECURSION_GUARD_LIMIT = 255;

const ok = (value: unknown): Result => ({ ok: true, value });
const fail = (issues: ValidationIssue[]): Result => ({ ok: false, issues });
const fail1 = (type: string, loc: Loc, input: PyValue, ctx?: Record<string, unknown>): Result =>
  fail([makeIssue(type, loc, input, ctx)]);

function floor(st: State, e: number): void {
  if (e < st.exactness) st.exactness = e;
}

// ---------------------------------------------------------------------------------------------------------------
// model_validator(mode="after")

type ModelCheck = (value: never) => string | undefined;
const MODEL_VALIDATORS = new WeakMap<object, ModelCheck[]>();

/**
 * Registers a pydantic `model_validator(mode="after")` on an object schema. It runs only when every field of
 * that object validated; a returned string becomes `{type:"value_error", loc:<object's loc>, msg:"Value error, "+s,
 * input:<the object as received>, ctx:{error:{}}}`. Several checks run in registration order; the first message
 * wins. The registration is keyed by this schema instance (zod methods that copy the schema drop it).
 */
export function withModelValidator<T extends z.ZodObject>(
  schema: T,
  check: (value: z.output<T>) => string | undefined,
): T {
  const list = MODEL_VALIDATORS.get(schema) ?? [];
  list.push(check as ModelCheck);
  MODEL_VALIDATORS.set(schema, list);
  return schema;
}

// ---------------------------------------------------------------------------------------------------------------
// absent keys

type Absent = { kind: "missing" } | { kind: "omit" } | { kind: "default"; value: unknown };

/** What an absent key means for this field schema: required (`missing`), omitted, or a default value. */
function absentOutcome(schema: ZodLike): Absent {
  let s = schema;
  for (let guard = 0; guard < 1000; guard++) {
    const d = defOf(s);
    switch (d.type) {
      case "default":
      case "prefault":
        return { kind: "default", value: d.defaultValue };
      case "optional":
        return { kind: "omit" };
      case "catch": {
        const catchValue = d.catchValue as (ctx: unknown) => unknown;
        return { kind: "default", value: catchValue({ value: undefined, issues: [], error: { issues: [] } }) };
      }
      case "nullable":
      case "readonly":
        s = child(d, "innerType");
        continue;
      case "lazy":
        s = (d.getter as () => ZodLike)();
        continue;
      case "pipe":
        s = child(d, "in");
        continue;
      default:
        return { kind: "missing" };
    }
  }
  return { kind: "missing" };
}

// ---------------------------------------------------------------------------------------------------------------
// recursive schemas (pydantic turns them into definition references guarded by a depth limit)

function childSchemas(schema: ZodLike): ZodLike[] {
  const d = defOf(schema);
  switch (d.type) {
    case "object": {
      const shape = shapeOf(d);
      const out = Object.keys(shape).map((k) => shape[k]!);
      if (d.catchall !== undefined) out.push(d.catchall as ZodLike);
      return out;
    }
    case "array":
      return [child(d, "element")];
    case "record":
      return [child(d, "keyType"), child(d, "valueType")];
    case "lazy":
      return [(d.getter as () => ZodLike)()];
    case "pipe":
      return [child(d, "in"), child(d, "out")];
    case "union":
      return d.options as ZodLike[];
    default:
      return d.innerType !== undefined ? [child(d, "innerType")] : [];
  }
}

const RECURSIVE = new WeakMap<object, boolean>();

/** Whether an object schema can reach itself through its fields (a recursive pydantic model). */
function isRecursive(schema: ZodLike): boolean {
  const known = RECURSIVE.get(schema);
  if (known !== undefined) return known;
  const seen = new Set<ZodLike>();
  const todo = childSchemas(schema);
  let found = false;
  // The cap only matters for pathological schemas whose getters mint new wrapper schemas forever.
  for (let steps = 0; todo.length > 0 && !found; steps++) {
    if (steps > 100_000) {
      found = true;
      break;
    }
    const s = todo.pop()!;
    if (s === schema) found = true;
    else if (!seen.has(s)) {
      seen.add(s);
      todo.push(...childSchemas(s));
    }
  }
  RECURSIVE.set(schema, found);
  return found;
}

// ---------------------------------------------------------------------------------------------------------------
// the interpreter

function run(schema: ZodLike, input: PyValue, loc: Loc, st: State): Result {
  const d = defOf(schema);
  switch (d.type) {
    case "string": {
      if (isDatetimeFormat(d)) return runDatetime(input, loc, st);
      const version = uuidFormat(d);
      return version === null ? runString(d, input, loc, st) : runUuid(version, input, loc, st);
    }
    case "number":
      return isIntNumber(d) ? runInt(d, input, loc, st) : runFloat(d, input, loc, st);
    case "boolean":
      return runBool(input, loc, st);
    case "null":
      return input.kind === "none" ? ok(null) : fail1("none_required", loc, input);
    case "literal":
    case "enum":
      return runLiteral(schema, input, loc, st);
    case "array":
      return runArray(d, input, loc, st);
    case "record":
      return runRecord(d, input, loc, st);
    case "object":
      return runObject(schema, d, input, loc, st);
    case "unknown":
    case "any":
      return ok(toJs(input));
    case "optional":
    case "nonoptional":
    case "readonly":
    case "default":
    case "prefault":
      return run(child(d, "innerType"), input, loc, st);
    case "nullable":
      return input.kind === "none" ? ok(null) : run(child(d, "innerType"), input, loc, st);
    case "catch": {
      const r = run(child(d, "innerType"), input, loc, st);
      if (r.ok) return r;
      const catchValue = d.catchValue as (ctx: unknown) => unknown;
      const js = toJs(input);
      return ok(catchValue({ value: js, input: js, issues: [], error: { issues: [] } }));
    }
    case "lazy":
      return run((d.getter as () => ZodLike)(), input, loc, st);
    case "pipe":
      return runPipe(d, input, loc, st);
    case "transform":
      return ok(applyTransform(d, toJs(input)));
    case "union":
      return typeof d.discriminator === "string"
        ? runTaggedUnion(d, d.discriminator, input, loc, st)
        : runUnion(d, input, loc, st);
    default:
      throw new Error(`pydantic emulation: unsupported zod schema type "${d.type}"`);
  }
}

function applyTransform(d: SchemaDef, value: unknown): unknown {
  const fn = d.transform as (v: unknown, ctx: unknown) => unknown;
  const out = fn(value, { value, issues: [] });
  if (out instanceof Promise) throw new Error("pydantic emulation: async transforms are not supported");
  return out;
}

function runPipe(d: SchemaDef, input: PyValue, loc: Loc, st: State): Result {
  const inner = child(d, "in");
  const out = child(d, "out");
  let value: unknown;
  if (defOf(inner).type === "transform") {
    value = applyTransform(defOf(inner), toJs(input));
  } else {
    const r = run(inner, input, loc, st);
    if (!r.ok) return r;
    value = r.value;
  }
  const outDef = defOf(out);
  if (outDef.type === "transform") return ok(applyTransform(outDef, value));
  return run(out, fromJs(value), loc, st);
}

// --- str -------------------------------------------------------------------------------------------------------

function lengthBounds(checks: CheckDef[]): { min?: number; max?: number } {
  const b: { min?: number; max?: number } = {};
  for (const c of checks) {
    if (c.check === "min_length") b.min = Number(c.minimum);
    else if (c.check === "max_length") b.max = Number(c.maximum);
    else if (c.check === "length_equals") {
      b.min = Number(c.length);
      b.max = Number(c.length);
    }
  }
  return b;
}

function runString(d: SchemaDef, input: PyValue, loc: Loc, st: State): Result {
  if (input.kind !== "str") return fail1("string_type", loc, input);
  floor(st, EXACT);
  const checks = checksOf(d);
  let s = input.value;
  for (const c of checks) {
    if (c.check === "overwrite") s = String((c.tx as (v: string) => unknown)(s));
  }
  const { min, max } = lengthBounds(checks);
  if (min !== undefined || max !== undefined) {
    let len = 0;
    for (const _ of s) len++; // code points, as Rust's chars().count()
    if (min !== undefined && len < min) return fail1("string_too_short", loc, input, { min_length: min });
    if (max !== undefined && len > max) return fail1("string_too_long", loc, input, { max_length: max });
  }
  for (const c of checks) {
    if (c.check === "string_format" && c.format === "regex" && c.pattern instanceof RegExp) {
      const re = c.pattern;
      re.lastIndex = 0;
      if (!re.test(s)) return fail1("string_pattern_mismatch", loc, input, { pattern: re.source });
    }
  }
  return ok(s);
}

// --- UUID ------------------------------------------------------------------------------------------------------

/** The form ids are written in; such a string validates to itself (a path id on every request: skip the parse). */
const CANONICAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function runUuid(version: number, input: PyValue, loc: Loc, st: State): Result {
  if (input.kind !== "str") return fail1("uuid_type", loc, input);
  if (version === 0 && CANONICAL_UUID.test(input.value)) {
    floor(st, LAX);
    return ok(input.value);
  }
  const p = parseUuid(input.value);
  if (!p.ok) return fail1("uuid_parsing", loc, input, { error: p.error });
  if (version !== 0 && (uuidVersion(p.hex) !== version || !isRfc4122Variant(p.hex))) {
    return fail1("uuid_version", loc, input, { expected_version: version });
  }
  floor(st, LAX); // Python mode: str -> UUID is a coercion
  return ok(hyphenate(p.hex));
}

// --- datetime --------------------------------------------------------------------------------------------------

/** pydantic lax `datetime` (datetime.ts); the handler gets the instant as an ISO 8601 UTC string. */
function runDatetime(input: PyValue, loc: Loc, st: State): Result {
  let p: DatetimeParse;
  if (input.kind === "str") p = parseDatetime(input.value);
  else if (input.kind === "int" || input.kind === "float")
    p = datetimeFromNumber(input.kind === "int" ? Number(input.text) : input.value);
  else return fail1("datetime_type", loc, input);
  if (!p.ok) return fail1(p.type, loc, input, { error: p.error });
  floor(st, LAX); // a str or number becoming a datetime is a coercion
  return ok(datetimeIso(p));
}

// --- int -------------------------------------------------------------------------------------------------------

const I64_LIMIT = 2 ** 63;

interface Bounds {
  multipleOf?: number;
  le?: number;
  lt?: number;
  ge?: number;
  gt?: number;
}

function numericBounds(d: SchemaDef): Bounds {
  const b: Bounds = {};
  for (const c of checksOf(d)) {
    const v = Number(c.value);
    if (c.check === "greater_than") {
      if (c.inclusive) b.ge = v;
      else b.gt = v;
    } else if (c.check === "less_than") {
      if (c.inclusive) b.le = v;
      else b.lt = v;
    } else if (c.check === "multiple_of") {
      b.multipleOf = v;
    }
  }
  return b;
}

/** Compares an exact int with a JS-number bound (exact when the bound is an integer). */
function cmpInt(x: bigint, bound: number): number {
  if (Number.isInteger(bound)) {
    const b = BigInt(bound);
    return x < b ? -1 : x > b ? 1 : 0;
  }
  const xn = Number(x);
  return xn < bound ? -1 : xn > bound ? 1 : 0;
}

function runInt(d: SchemaDef, input: PyValue, loc: Loc, st: State): Result {
  let value: bigint;
  switch (input.kind) {
    case "int":
      value = BigInt(input.text);
      floor(st, EXACT);
      break;
    case "bool":
      value = input.value ? 1n : 0n;
      floor(st, LAX);
      break;
    case "str": {
      const p = strAsInt(input.value);
      if (!p.ok) return fail1(p.error, loc, input);
      value = p.value;
      floor(st, LAX);
      break;
    }
    case "float": {
      const x = input.value;
      if (!Number.isFinite(x)) return fail1("finite_number", loc, input);
      if (x % 1 !== 0) return fail1("int_from_float", loc, input);
      if (!(x > -I64_LIMIT && x < I64_LIMIT)) return fail1("int_parsing_size", loc, input);
      value = BigInt(x);
      floor(st, LAX);
      break;
    }
    default:
      return fail1("int_type", loc, input);
  }
  const b = numericBounds(d);
  if (b.multipleOf !== undefined && b.multipleOf !== 0) {
    const m = b.multipleOf;
    const isMultiple = Number.isInteger(m) ? value % BigInt(m) === 0n : Number(value) % m === 0;
    if (!isMultiple) return fail1("multiple_of", loc, input, { multiple_of: m });
  }
  if (b.le !== undefined && cmpInt(value, b.le) > 0) return fail1("less_than_equal", loc, input, { le: b.le });
  if (b.lt !== undefined && cmpInt(value, b.lt) >= 0) return fail1("less_than", loc, input, { lt: b.lt });
  if (b.ge !== undefined && cmpInt(value, b.ge) < 0) return fail1("greater_than_equal", loc, input, { ge: b.ge });
  if (b.gt !== undefined && cmpInt(value, b.gt) <= 0) return fail1("greater_than", loc, input, { gt: b.gt });
  return ok(Number(value));
}

// --- float -----------------------------------------------------------------------------------------------------

const asFloat = (x: number): PyValue => ({ kind: "float", value: x });

function runFloat(d: SchemaDef, input: PyValue, loc: Loc, st: State): Result {
  let x: number;
  switch (input.kind) {
    case "float":
      x = input.value;
      floor(st, EXACT);
      break;
    case "str": {
      const p = strAsFloat(input.value);
      if (p === null) return fail1("float_parsing", loc, input);
      x = p;
      floor(st, LAX);
      break;
    }
    case "int":
      x = Number(input.text);
      if (!Number.isFinite(x)) return fail1("float_type", loc, input); // int too large to convert to float
      floor(st, STRICT);
      break;
    case "bool":
      x = input.value ? 1 : 0;
      floor(st, LAX);
      break;
    default:
      return fail1("float_type", loc, input);
  }
  const b = numericBounds(d);
  if (b.multipleOf !== undefined) {
    const m = b.multipleOf;
    const rounded = Math.round(x / m);
    if (Math.abs(x - rounded * m) > 1e-9) return fail1("multiple_of", loc, input, { multiple_of: asFloat(m) });
  }
  if (b.le !== undefined && !(x <= b.le)) return fail1("less_than_equal", loc, input, { le: asFloat(b.le) });
  if (b.lt !== undefined && !(x < b.lt)) return fail1("less_than", loc, input, { lt: asFloat(b.lt) });
  if (b.ge !== undefined && !(x >= b.ge)) return fail1("greater_than_equal", loc, input, { ge: asFloat(b.ge) });
  if (b.gt !== undefined && !(x > b.gt)) return fail1("greater_than", loc, input, { gt: asFloat(b.gt) });
  return ok(x);
}

// --- bool ------------------------------------------------------------------------------------------------------

function runBool(input: PyValue, loc: Loc, st: State): Result {
  switch (input.kind) {
    case "bool":
      floor(st, EXACT);
      return ok(input.value);
    case "str": {
      const b = strAsBool(input.value);
      if (b === null) return fail1("bool_parsing", loc, input);
      floor(st, LAX);
      return ok(b);
    }
    case "int": {
      const v = BigInt(input.text);
      if (v >= -(2n ** 63n) && v < 2n ** 63n) {
        if (v === 0n || v === 1n) {
          floor(st, LAX);
          return ok(v === 1n);
        }
        return fail1("bool_parsing", loc, input);
      }
      return fail1("bool_type", loc, input); // beyond i64: float_as_int fails -> bool_type
    }
    case "float": {
      const x = input.value;
      if (Number.isFinite(x) && x % 1 === 0 && x > -I64_LIMIT && x < I64_LIMIT) {
        if (x === 0 || x === 1) {
          floor(st, LAX);
          return ok(x === 1);
        }
        return fail1("bool_parsing", loc, input);
      }
      return fail1("bool_type", loc, input);
    }
    default:
      return fail1("bool_type", loc, input);
  }
}

// --- Literal ---------------------------------------------------------------------------------------------------

/** Exact match as pydantic's specialised lookups do it (bool, int, str, None; ints compare exactly). */
function literalMatches(expected: unknown, input: PyValue): boolean {
  switch (typeof expected) {
    case "string":
      return input.kind === "str" && input.value === expected;
    case "boolean":
      return input.kind === "bool" && input.value === expected;
    case "bigint":
      return input.kind === "int" && BigInt(input.text) === expected;
    case "number":
      if (Number.isInteger(expected)) return input.kind === "int" && BigInt(input.text) === BigInt(expected);
      return input.kind === "float" && input.value === expected;
    case "object":
      return expected === null && input.kind === "none";
    default:
      return false;
  }
}

/** Python `==` between a numeric input (bool / int / float) and a bool / int literal (`True == 1 == 1.0`). */
function numericEquals(expected: unknown, input: PyValue): boolean {
  let e: bigint;
  if (typeof expected === "boolean") e = expected ? 1n : 0n;
  else if (typeof expected === "bigint") e = expected;
  else if (typeof expected === "number" && Number.isInteger(expected)) e = BigInt(expected);
  else return false;
  switch (input.kind) {
    case "bool":
      return (input.value ? 1n : 0n) === e;
    case "int":
      return BigInt(input.text) === e;
    case "float":
      return Number.isFinite(input.value) && input.value % 1 === 0 && BigInt(input.value) === e;
    default:
      return false;
  }
}

const isI64 = (v: bigint): boolean => v >= -(2n ** 63n) && v < 2n ** 63n;
const isIntLiteral = (v: unknown): boolean =>
  (typeof v === "number" && Number.isInteger(v) && isI64(BigInt(v))) || (typeof v === "bigint" && isI64(v));

type LiteralLookup = { found: true; value: unknown } | { found: false; error?: "int_parsing_size" };

/**
 * `LiteralLookup::validate` (pydantic-core literal.rs): exact bool, then exact int (an int input beyond i64 is
 * `int_parsing_size` when the Literal has ints), then exact str, then None, then the "primitives" fallback, a
 * Python dict lookup, so `True` and `1.0` match `1`.
 */
function literalLookup(values: unknown[], input: PyValue): LiteralLookup {
  if (input.kind === "bool") {
    const v = values.find((x) => typeof x === "boolean" && x === input.value);
    if (v !== undefined) return { found: true, value: v };
  }
  if (input.kind === "int" && values.some(isIntLiteral)) {
    const n = BigInt(input.text);
    if (!isI64(n)) return { found: false, error: "int_parsing_size" };
    const hit = values.find((x) => isIntLiteral(x) && BigInt(x as number | bigint) === n);
    if (hit !== undefined) return { found: true, value: hit };
  }
  for (const v of values) if (literalMatches(v, input)) return { found: true, value: v };
  let last: LiteralLookup = { found: false };
  for (const v of values) if (numericEquals(v, input)) last = { found: true, value: v };
  return last;
}

function literalRepr(v: unknown): string {
  if (typeof v === "string") return pyReprStr(v);
  if (v === null) return "None";
  if (typeof v === "boolean") return v ? "True" : "False";
  return pyStrOf(fromJs(v));
}

/** pydantic `expected_repr_name`: reprs joined with ", " and " or " before the last. */
function expectedRepr(values: unknown[]): string {
  const reprs = values.map(literalRepr);
  const last = reprs.pop();
  if (last === undefined) return "";
  return reprs.length === 0 ? last : `${reprs.join(", ")} or ${last}`;
}

function runLiteral(schema: ZodLike, input: PyValue, loc: Loc, st: State): Result {
  const values = literalValues(schema).filter((v) => v !== undefined);
  const r = literalLookup(values, input);
  if (r.found) {
    floor(st, EXACT);
    return ok(r.value);
  }
  if (r.error !== undefined) return fail1(r.error, loc, input);
  return fail1("literal_error", loc, input, { expected: expectedRepr(values) });
}

// --- list ------------------------------------------------------------------------------------------------------

function isAnySchema(schema: ZodLike): boolean {
  const t = defOf(schema).type;
  return t === "unknown" || t === "any";
}

function runArray(d: SchemaDef, input: PyValue, loc: Loc, st: State): Result {
  if (input.kind !== "list") return fail1("list_type", loc, input);
  const element = child(d, "element");
  const { min, max } = lengthBounds(checksOf(d));
  const items = input.items;
  const tooShort = (): Result =>
    fail1("too_short", loc, input, { field_type: "List", min_length: min, actual_length: items.length });
  const tooLong = (): Result =>
    fail1("too_long", loc, input, { field_type: "List", max_length: max, actual_length: items.length });
  if (isAnySchema(element)) {
    // pydantic skips item validation for list[Any] and checks min, then max, up front.
    if (min !== undefined && items.length < min) return tooShort();
    if (max !== undefined && items.length > max) return tooLong();
    return ok(items.map((x) => toJs(x)));
  }
  const out: unknown[] = [];
  const issues: ValidationIssue[] = [];
  for (let i = 0; i < items.length; i++) {
    const r = run(element, items[i]!, [...loc, i], st);
    // MaxLengthCheck: the (max+1)-th item raises too_long, which replaces any item errors collected so far.
    if (max !== undefined && i + 1 > max) return tooLong();
    if (r.ok) out.push(r.value);
    else issues.push(...r.issues);
  }
  if (issues.length > 0) return fail(issues);
  if (min !== undefined && out.length < min) return tooShort();
  return ok(out);
}

// --- dict ------------------------------------------------------------------------------------------------------

function runRecord(d: SchemaDef, input: PyValue, loc: Loc, st: State): Result {
  if (input.kind !== "dict") return fail1("dict_type", loc, input);
  const keyType = child(d, "keyType");
  const valueType = child(d, "valueType");
  const keyIsPlainStr = defOf(keyType).type === "string" && checksOf(defOf(keyType)).length === 0;
  const out: Record<string, unknown> = {};
  const keys: string[] = [];
  const issues: ValidationIssue[] = [];
  for (const [k, v] of input.entries) {
    let outKey: string | undefined = k;
    if (!keyIsPlainStr) {
      const kr = run(keyType, pyStr(k), [...loc, k, "[key]"], st);
      if (kr.ok) outKey = String(kr.value);
      else {
        issues.push(...kr.issues);
        outKey = undefined;
      }
    }
    const vr = run(valueType, v, [...loc, k], st);
    if (!vr.ok) issues.push(...vr.issues);
    else if (outKey !== undefined) {
      defineProp(out, outKey, vr.value);
      keys.push(outKey);
    }
  }
  // A dict keeps the order it was sent in (a client's free-form `inputs` are echoed as sent).
  return issues.length > 0 ? fail(issues) : ok(inSentOrder(out, keys));
}

// --- model -----------------------------------------------------------------------------------------------------

function runObject(schema: ZodLike, d: SchemaDef, input: PyValue, loc: Loc, st: State): Result {
  if (!isRecursive(schema)) return runModel(schema, d, input, loc, st);
  if (st.recursion >= RECURSION_GUARD_LIMIT) return fail1("recursion_loop", loc, input);
  st.recursion++;
  try {
    return runModel(schema, d, input, loc, st);
  } finally {
    st.recursion--;
  }
}

function runModel(schema: ZodLike, d: SchemaDef, input: PyValue, loc: Loc, st: State): Result {
  // FastAPI validates with from_attributes=True, so a non-dict is model_attributes_type (not model_type).
  if (input.kind !== "dict") return fail1("model_attributes_type", loc, input);
  const shape = shapeOf(d);
  const byKey = new Map<string, PyValue>(input.entries);
  const out: Record<string, unknown> = {};
  const issues: ValidationIssue[] = [];
  let fieldsSet = 0;
  for (const key of Object.keys(shape)) {
    const fieldSchema = shape[key]!;
    const value = byKey.get(key);
    if (value !== undefined) {
      const r = run(fieldSchema, value, [...loc, key], st);
      if (r.ok) {
        defineProp(out, key, r.value);
        fieldsSet++;
      } else issues.push(...r.issues);
      continue;
    }
    const absent = absentOutcome(fieldSchema);
    if (absent.kind === "missing") issues.push(makeIssue("missing", [...loc, key], input));
    else if (absent.kind === "default") defineProp(out, key, absent.value);
  }
  const catchall = d.catchall as ZodLike | undefined;
  if (catchall !== undefined) {
    const catchallType = defOf(catchall).type;
    for (const [k, v] of input.entries) {
      if (Object.hasOwn(shape, k)) continue;
      if (catchallType === "never") issues.push(makeIssue("extra_forbidden", [...loc, k], v));
      else if (catchallType === "unknown" || catchallType === "any") defineProp(out, k, toJs(v));
      else {
        const r = run(catchall, v, [...loc, k], st);
        if (r.ok) defineProp(out, k, r.value);
        else issues.push(...r.issues);
      }
    }
  }
  if (issues.length > 0) return fail(issues);
  for (const check of MODEL_VALIDATORS.get(schema) ?? []) {
    const message = (check as (v: unknown) => string | undefined)(out);
    if (typeof message === "string") return fail([valueErrorIssue(loc, input, message)]);
  }
  floor(st, LAX); // a dict becoming a model instance is a lax match
  st.fieldsSet = (st.fieldsSet ?? 0) + fieldsSet;
  return ok(out);
}

// --- unions ----------------------------------------------------------------------------------------------------

/** pydantic-core validator `get_name()` of the schema a zod schema maps to (union error labels). */
function choiceName(schema: ZodLike): string {
  const d = defOf(schema);
  switch (d.type) {
    case "string": {
      if (uuidFormat(d) !== null) return "uuid";
      if (isDatetimeFormat(d)) return "datetime";
      const constrained = checksOf(d).some(
        (c) =>
          ["min_length", "max_length", "length_equals", "overwrite"].includes(c.check) ||
          (c.check === "string_format" && c.format === "regex"),
      );
      return constrained ? "constrained-str" : "str";
    }
    case "number": {
      const constrained = checksOf(d).some((c) => ["greater_than", "less_than", "multiple_of"].includes(c.check));
      const base = isIntNumber(d) ? "int" : "float";
      return constrained ? `constrained-${base}` : base;
    }
    case "boolean":
      return "bool";
    case "null":
      return "none";
    case "literal":
    case "enum":
      return `literal[${literalValues(schema)
        .filter((v) => v !== undefined)
        .map(literalRepr)
        .join(",")}]`;
    case "array":
      return isAnySchema(child(d, "element")) ? "list[any]" : `list[${choiceName(child(d, "element"))}]`;
    case "record":
      return `dict[${choiceName(child(d, "keyType"))},${choiceName(child(d, "valueType"))}]`;
    case "unknown":
    case "any":
      return "any";
    case "object":
      return schemaTitle(schema) ?? "Model";
    case "nullable":
      return `nullable[${choiceName(child(d, "innerType"))}]`;
    case "optional":
    case "nonoptional":
    case "readonly":
    case "default":
    case "prefault":
    case "catch":
      return choiceName(child(d, "innerType"));
    case "lazy":
      return choiceName((d.getter as () => ZodLike)());
    case "pipe":
      return choiceName(child(d, "in"));
    case "union": {
      const opts = (d.options as ZodLike[]).map(choiceName).join(",");
      return typeof d.discriminator === "string" ? `tagged-union[${opts}]` : `union[${opts}]`;
    }
    default:
      return d.type;
  }
}

/** Smart-mode union (`pydantic-core/src/validators/union.rs` `validate_smart`). A z.null() member = Optional. */
function runUnion(d: SchemaDef, input: PyValue, loc: Loc, st: State): Result {
  const all = d.options as ZodLike[];
  const choices = all.filter((o) => defOf(o).type !== "null");
  if (choices.length < all.length && input.kind === "none") {
    floor(st, EXACT);
    return ok(null);
  }
  if (choices.length === 1) return run(choices[0]!, input, loc, st);
  let best: { value: unknown; exactness: number; fieldsSet: number | undefined } | null = null;
  const issues: ValidationIssue[] = [];
  for (const choice of choices) {
    const sub: State = { exactness: EXACT, fieldsSet: undefined, recursion: st.recursion };
    const r = run(choice, input, [...loc, choiceName(choice)], sub);
    if (r.ok) {
      if (sub.exactness === EXACT && sub.fieldsSet === undefined) return r;
      const better =
        best === null ||
        (best.fieldsSet !== undefined && sub.fieldsSet !== undefined && best.fieldsSet !== sub.fieldsSet
          ? best.fieldsSet < sub.fieldsSet
          : best.exactness < sub.exactness);
      if (better) best = { value: r.value, exactness: sub.exactness, fieldsSet: sub.fieldsSet };
    } else if (best === null) {
      issues.push(...r.issues);
    }
  }
  if (best !== null) {
    floor(st, best.exactness);
    if (best.fieldsSet !== undefined) st.fieldsSet = (st.fieldsSet ?? 0) + best.fieldsSet;
    return ok(best.value);
  }
  return fail(issues);
}

/** The literal values of an option's discriminator field (unwrapping optional/nullable/default wrappers). */
function discriminatorValues(option: ZodLike, key: string): unknown[] {
  const d = defOf(option);
  if (d.type !== "object") return [];
  let s: ZodLike | undefined = shapeOf(d)[key];
  while (s !== undefined) {
    const sd = defOf(s);
    if (sd.type === "literal" || sd.type === "enum") return literalValues(s);
    if (sd.type === "lazy") s = (sd.getter as () => ZodLike)();
    else if (sd.innerType !== undefined) s = child(sd, "innerType");
    else return [];
  }
  return [];
}

/** z.discriminatedUnion -> pydantic tagged union (`TaggedUnionValidator`, lookup-key discriminator). */
function runTaggedUnion(d: SchemaDef, key: string, input: PyValue, loc: Loc, st: State): Result {
  if (input.kind !== "dict") return fail1("model_attributes_type", loc, input);
  const discriminator = pyReprStr(key);
  const entry = input.entries.find(([k]) => k === key);
  if (entry === undefined) return fail1("union_tag_not_found", loc, input, { discriminator });
  const tag = entry[1];
  const tags: unknown[] = [];
  const owners: ZodLike[] = [];
  for (const option of d.options as ZodLike[]) {
    for (const v of discriminatorValues(option, key)) {
      if (v === undefined) continue;
      tags.push(v);
      owners.push(option);
    }
  }
  const hit = literalLookup(tags, tag);
  if (hit.found) {
    const v = hit.value;
    const option = owners[tags.indexOf(v)]!;
    const label = typeof v === "number" || typeof v === "string" ? v : literalRepr(v);
    return run(option, input, [...loc, label], st);
  }
  return fail1("union_tag_invalid", loc, input, {
    discriminator,
    tag: pyStrOf(tag),
    expected_tags: tags.map(literalRepr).join(", "),
  });
}

// ---------------------------------------------------------------------------------------------------------------
// public API

const freshState = (): State => ({ exactness: EXACT, fieldsSet: undefined, recursion: 0 });

/** Validates a value against a zod schema with pydantic lax Python-mode semantics; `loc` prefixes every error. */
export function validate(schema: z.ZodType, input: PyValue, loc: Loc): Validated<unknown> {
  return run(schema as unknown as ZodLike, input, loc, freshState());
}

/**
 * Top-level FastAPI path / query parameters, one per key of `shape` (in shape order), each from its raw string
 * (`undefined` = absent). Absent + required -> `{type:"missing", loc:[where,name], msg:"Field required",
 * input:None}`; absent + default -> the default; absent + optional -> key omitted. Present values are validated
 * as strings (pydantic lax: "20" is an int, "true" a bool, ...), with loc `[where, name]`.
 */
export function validateParams(
  shape: z.ZodObject,
  raw: Record<string, string | undefined>,
  where: "path" | "query",
): Validated<Record<string, unknown>> {
  const fields = shapeOf(defOf(shape as unknown as ZodLike));
  const out: Record<string, unknown> = {};
  const issues: ValidationIssue[] = [];
  for (const name of Object.keys(fields)) {
    const fieldSchema = fields[name]!;
    const value = Object.hasOwn(raw, name) ? raw[name] : undefined;
    if (value === undefined) {
      const absent = absentOutcome(fieldSchema);
      if (absent.kind === "missing") issues.push(makeIssue("missing", [where, name], PY_NONE));
      else if (absent.kind === "default") defineProp(out, name, absent.value);
      continue;
    }
    const r = run(fieldSchema, pyStr(value), [where, name], freshState());
    if (r.ok) defineProp(out, name, r.value);
    else issues.push(...r.issues);
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value: out };
}

/**
 * The body of a single non-embedded model (loc prefix "body"). `body === undefined` means FastAPI saw `None`
 * (no bytes, or a JSON `null`): required -> `missing` at ["body"] with input null; not required -> the schema's
 * `.default()` value if it has one, else `undefined`.
 */
export function validateBody(schema: z.ZodType, body: PyValue | undefined, required: boolean): Validated<unknown> {
  if (body === undefined) {
    if (required) return { ok: false, issues: [makeIssue("missing", ["body"], PY_NONE)] };
    const absent = absentOutcome(schema as unknown as ZodLike);
    return { ok: true, value: absent.kind === "default" ? absent.value : undefined };
  }
  return run(schema as unknown as ZodLike, body, ["body"], freshState());
}

/** FastAPI's 422 item for a body `json.loads` rejected (`fastapi/routing.py`): loc ["body", pos], input {}. */
export function jsonInvalidIssue(msg: string, pos: number): ValidationIssue {
  return makeIssue("json_invalid", ["body", pos], { kind: "dict", entries: [] }, { error: msg });
}

function ctxValueJson(v: unknown, depth = 0): string {
  if (depth > 100) return "null";
  if (typeof v === "string") return pyJsonString(v);
  if (typeof v === "number") return Number.isInteger(v) ? BigInt(v).toString() : pyJsonFloat(v);
  if (typeof v === "bigint") return v.toString();
  if (typeof v === "boolean") return v ? "true" : "false";
  if (v === null || v === undefined) return "null";
  if (isPyValue(v)) return pyJsonDumps(v);
  if (Array.isArray(v)) return `[${v.map((x) => ctxValueJson(x, depth + 1)).join(",")}]`;
  if (typeof v === "object") {
    const parts = Object.entries(v).map(([k, x]) => `${pyJsonString(k)}:${ctxValueJson(x, depth + 1)}`);
    return `{${parts.join(",")}}`;
  }
  return pyJsonString(String(v));
}

/** One detail item, keys in pydantic's order: type, loc, msg, input, ctx (ctx only when present). */
export function issueJson(issue: ValidationIssue): string {
  const loc = issue.loc.map((x) => (typeof x === "number" ? String(x) : pyJsonString(x))).join(",");
  let s = `{"type":${pyJsonString(issue.type)},"loc":[${loc}],"msg":${pyJsonString(issue.msg)},"input":${pyJsonDumps(issue.input)}`;
  if (issue.ctx !== undefined) s += `,"ctx":${ctxValueJson(issue.ctx)}`;
  return `${s}}`;
}

/** The 422 body FastAPI sends: `{"detail":[...]}`, compact, raw UTF-8 (Starlette's JSONResponse rendering). */
export function validationErrorBody(issues: ValidationIssue[]): string {
  return `{"detail":[${issues.map(issueJson).join(",")}]}`;
}
