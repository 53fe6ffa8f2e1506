/**
 * Differential tests against behaviour recorded from the real thing: CPython's `json.loads`, pydantic's UUID parser
 * and pydantic's lax Python-mode validation (as FastAPI calls it). The recordings (oracle/*.json.gz) are produced by
 * oracle/generate.py; the zod twins of its SCHEMAS are defined below. A mismatch prints the first few differences.
 */
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { type PyValue, pyFloatRepr } from "./py-value.js";
import { validate, validationErrorBody, withModelValidator } from "./pydantic.js";
import { decodeJsonBody } from "./python-json.js";
import { hyphenate, parseUuid } from "./uuid.js";

function load<T>(name: string): T {
  const url = new URL(`./oracle/${name}`, import.meta.url);
  return JSON.parse(gunzipSync(readFileSync(url)).toString("utf8")) as T;
}

/** The typed rendering generate.py uses (`tr`): ints as text, floats as repr, strings verbatim. */
type Tr =
  | { t: "none" }
  | { t: "bool"; v: boolean }
  | { t: "int"; v: string }
  | { t: "float"; v: string }
  | { t: "str"; v: string }
  | { t: "list"; v: Tr[] }
  | { t: "dict"; v: Array<[string, Tr]> };

function fromTr(t: Tr): PyValue {
  switch (t.t) {
    case "none":
      return { kind: "none" };
    case "bool":
      return { kind: "bool", value: t.v };
    case "int":
      return { kind: "int", text: t.v };
    case "float": {
      const special: Record<string, number> = { nan: Number.NaN, inf: Infinity, "-inf": -Infinity };
      return { kind: "float", value: special[t.v] ?? Number(t.v) };
    }
    case "str":
      return { kind: "str", value: t.v };
    case "list":
      return { kind: "list", items: t.v.map(fromTr) };
    case "dict":
      return { kind: "dict", entries: t.v.map(([k, x]) => [k, fromTr(x)] as [string, PyValue]) };
  }
}

function toTr(v: PyValue): Tr {
  switch (v.kind) {
    case "none":
      return { t: "none" };
    case "bool":
      return { t: "bool", v: v.value };
    case "int":
      return { t: "int", v: v.text };
    case "float":
      return { t: "float", v: Number.isNaN(v.value) ? "nan" : pyFloatRepr(v.value) };
    case "str":
      return { t: "str", v: v.value };
    case "list":
      return { t: "list", v: v.items.map(toTr) };
    case "dict":
      return { t: "dict", v: v.entries.map(([k, x]) => [k, toTr(x)] as [string, Tr]) };
  }
}

/** Handler output compared loosely on numbers (JS has one number type): `{num: x}` as in generate.py `out_json`. */
function normalise(v: unknown): unknown {
  if (v === null || typeof v === "boolean" || typeof v === "string") return v;
  if (typeof v === "number") {
    if (Number.isNaN(v)) return { num: "nan" };
    if (v === Infinity) return { num: "inf" };
    if (v === -Infinity) return { num: "-inf" };
    return { num: v };
  }
  if (Array.isArray(v)) return v.map(normalise);
  if (typeof v === "object") {
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o);
    if (keys.length === 1 && keys[0] === "num" && typeof o.num === "string") {
      return { num: ["nan", "inf", "-inf"].includes(o.num) ? o.num : Number(o.num) };
    }
    return Object.fromEntries(keys.map((k) => [k, normalise(o[k])]));
  }
  return v;
}

describe("oracle: CPython json.loads(bytes)", () => {
  const data = load<{ cases: Array<{ b64: string; expect: unknown }> }>("cpython-json.json.gz");

  it(`should decode all ${data.cases.length} recorded bodies exactly as CPython`, () => {
    const bad: unknown[] = [];
    for (const c of data.cases) {
      const bytes = new Uint8Array(Buffer.from(c.b64, "base64"));
      const r = decodeJsonBody(bytes);
      const got = r.kind === "ok" ? { kind: "ok", value: toTr(r.value) } : r;
      if (JSON.stringify(got) !== JSON.stringify(c.expect)) bad.push({ body: c.b64, got, expected: c.expect });
    }
    expect(bad.slice(0, 5)).toEqual([]);
  });
});

describe("oracle: pydantic UUID parsing", () => {
  const data = load<{ cases: Array<{ s: string; ok?: string; err?: string }> }>("uuid.json.gz");

  it(`should parse or explain all ${data.cases.length} recorded strings exactly as pydantic`, () => {
    const bad = data.cases.filter((c) => {
      const r = parseUuid(c.s);
      return r.ok ? hyphenate(r.hex) !== c.ok : r.error !== c.err;
    });
    expect(bad.slice(0, 5).map((c) => ({ ...c, got: parseUuid(c.s) }))).toEqual([]);
  });
});

// --- zod twins of generate.py's SCHEMAS -----------------------------------------------------------------------

const Step = z.object({ title: z.string(), n: z.int().default(0) });
const Create = z.strictObject({
  name: z.string().min(1).max(5),
  mode: z.enum(["research", "journey"]),
  tags: z.array(z.string()).min(2).max(3),
  parent_id: z.uuid().nullable().default(null),
  count: z.int().min(1).max(100).default(20),
  ratio: z.number().gt(0).lte(1.5).default(0.5),
  flag: z.boolean().default(false),
  metadata: z.record(z.string(), z.unknown()).default({}),
  steps: z.array(Step).default([]),
  desc: z.string().nullable(),
});
const Artefact = withModelValidator(
  z.object({
    name: z.string().nullable().default(null),
    text: z.string().nullable().default(null),
    url: z.string().nullable().default(null),
  }),
  (v) => ((v.text === null) === (v.url === null) ? "exactly one of text or url is required" : undefined),
);
const Cat = z.object({ kind: z.literal("cat"), meows: z.int() }).meta({ title: "Cat" });
const Dog = z.object({ kind: z.literal("dog"), barks: z.boolean() }).meta({ title: "Dog" });
const Tree: z.ZodType = z.object({
  name: z.string().default("n"),
  get children() {
    return z.array(Tree).default([]);
  },
});

const SCHEMAS: Record<string, z.ZodType> = {
  int: z.int(),
  int_ge_le: z.int().min(1).max(100),
  int_gt_lt: z.int().gt(0).lt(10),
  int_mult: z.int().multipleOf(5),
  float: z.number(),
  float_gt: z.number().gt(0).lte(1.5),
  float_mult: z.number().multipleOf(0.5),
  float_ge0: z.number().min(0),
  bool: z.boolean(),
  str: z.string(),
  str_len: z.string().min(2).max(4),
  str_pat: z.string().regex(/^a+$/),
  str_strip: z.string().trim().min(2),
  uuid: z.uuid(),
  uuid4: z.uuidv4(),
  lit3: z.enum(["a", "b", "c"]),
  lit1: z.literal("only"),
  litmix: z.literal([1, "x"]),
  lit_true: z.literal(true),
  lit_none_a: z.literal([null, "a"]),
  list_int: z.array(z.int()).min(2).max(3),
  list_any: z.array(z.unknown()).min(1).max(2),
  list_union: z.array(z.union([z.int(), z.string()])),
  list_uuid: z.array(z.uuid()),
  list_lit: z.array(z.enum(["x", "y"])).max(2),
  dict_any: z.record(z.string(), z.unknown()),
  dict_int: z.record(z.string(), z.int()),
  dict_lit: z.record(z.enum(["a", "b"]), z.int()),
  opt_int: z.int().nullable(),
  union_int_str: z.union([z.int(), z.string()]),
  union_str_int: z.union([z.string(), z.int()]),
  union_bool_int: z.union([z.boolean(), z.int()]),
  union_list: z.union([z.array(z.int()), z.string()]),
  union_int_liststr: z.union([z.int(), z.array(z.string())]),
  opt_union: z.union([z.int(), z.string()]).nullable(),
  union_float_int: z.union([z.number(), z.int()]),
  union_str_uuid: z.union([z.string(), z.uuid()]),
  union_uuid_str: z.union([z.uuid(), z.string()]),
  union_uuid_lit: z.union([z.uuid(), z.literal("latest")]),
  union_models: z.union([Cat, Dog]),
  pet: z.discriminatedUnion("kind", [Cat, Dog]),
  none: z.null(),
  create: Create,
  artefact: Artefact,
  step_list: z.array(Step),
  loose: z.looseObject({ a: z.int() }),
  extras: z.object({ a: z.int().default(0) }).catchall(z.int()),
  node: z.strictObject({
    id: z.uuid(),
    children: z.array(z.int()).default([]),
    meta: z.record(z.string(), z.int()).nullable().default(null),
  }),
  tree: Tree,
};

describe("oracle: pydantic 2.13 lax validation", () => {
  type Expected = { ok: true; out: unknown } | { ok: false; body: string };
  const data = load<{ inputs: Tr[]; results: Record<string, Array<[number, Expected]>> }>("pydantic.json.gz");
  const inputs = data.inputs.map(fromTr);

  it("should have a zod twin for every recorded schema", () => {
    expect(Object.keys(data.results).sort()).toEqual(Object.keys(SCHEMAS).sort());
  });

  it.each(Object.keys(data.results))("should validate every recorded input of %s exactly as pydantic", (name) => {
    const schema = SCHEMAS[name]!;
    const bad: unknown[] = [];
    for (const [i, expected] of data.results[name]!) {
      const r = validate(schema, inputs[i]!, []);
      const got = r.ok ? { ok: true, out: normalise(r.value) } : { ok: false, body: validationErrorBody(r.issues) };
      const want = expected.ok ? { ok: true, out: normalise(expected.out) } : expected;
      if (JSON.stringify(got) !== JSON.stringify(want)) {
        bad.push({ input: JSON.stringify(data.inputs[i]).slice(0, 300), got, want });
      }
    }
    expect(bad.slice(0, 3)).toEqual([]);
  });
});
