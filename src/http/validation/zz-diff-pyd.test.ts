import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { z } from "zod";
import type { PyValue } from "./py-value.js";
import { validate, validationErrorBody, withModelValidator } from "./pydantic.js";

type T = { t: string; v?: any };
function fromTr(t: T): PyValue {
  switch (t.t) {
    case "none":
      return { kind: "none" };
    case "bool":
      return { kind: "bool", value: t.v };
    case "int":
      return { kind: "int", text: t.v };
    case "float":
      return {
        kind: "float",
        value: t.v === "nan" ? Number.NaN : t.v === "inf" ? Infinity : t.v === "-inf" ? -Infinity : Number(t.v),
      };
    case "str":
      return { kind: "str", value: t.v };
    case "list":
      return { kind: "list", items: t.v.map(fromTr) };
    default:
      return { kind: "dict", entries: t.v.map(([k, x]: [string, T]) => [k, fromTr(x)]) };
  }
}
function normJs(v: unknown): unknown {
  if (v === null || typeof v === "boolean" || typeof v === "string") return v;
  if (typeof v === "number") {
    if (Number.isNaN(v)) return { num: "nan" };
    if (v === Infinity) return { num: "inf" };
    if (v === -Infinity) return { num: "-inf" };
    return { num: v };
  }
  if (Array.isArray(v)) return v.map(normJs);
  return Object.fromEntries(Object.entries(v as object).map(([k, x]) => [k, normJs(x)]));
}
function normPy(v: any): unknown {
  if (v === null || typeof v === "boolean" || typeof v === "string") return v;
  if (Array.isArray(v)) return v.map(normPy);
  if (typeof v === "object" && "num" in v && Object.keys(v).length === 1 && typeof v.num === "string") {
    return { num: v.num === "nan" || v.num === "inf" || v.num === "-inf" ? v.num : Number(v.num) };
  }
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, normPy(x)]));
}
const Step = z.object({ title: z.string(), n: z.int().default(0) }).meta({ title: "Step" });
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
const Extras = z.object({ a: z.int().default(0) }).catchall(z.int());
const Node = z.strictObject({
  id: z.uuid(),
  children: z.array(z.int()).default([]),
  meta: z.record(z.string(), z.int()).nullable().default(null),
});
const Tree = z.object({
  name: z.string().default("n"),
  get children() {
    return z.array(Tree).default([]);
  },
});
const SCHEMAS: Record<string, z.ZodType> = {
  tree: Tree,
  str_strip: z.string().trim().min(2),
  union_models: z.union([Cat, Dog]),
  union_int_liststr: z.union([z.int(), z.array(z.string())]),
  opt_union: z.union([z.int(), z.string()]).nullable(),
  lit_true: z.literal(true),
  lit_none_a: z.literal([null, "a"]),
  list_union: z.array(z.union([z.int(), z.string()])),
  dict_int: z.record(z.string(), z.int()),
  float_ge0: z.number().min(0),
  list_uuid: z.array(z.uuid()),
  extras: Extras,
  node: Node,
  list_lit: z.array(z.enum(["x", "y"])).max(2),
  union_float_int: z.union([z.number(), z.int()]),
  union_str_uuid: z.union([z.string(), z.uuid()]),
  union_uuid_str: z.union([z.uuid(), z.string()]),
  int: z.int(),
  int_ge_le: z.int().min(1).max(100),
  int_gt_lt: z.int().gt(0).lt(10),
  int_mult: z.int().multipleOf(5),
  float: z.number(),
  float_gt: z.number().gt(0).lte(1.5),
  float_mult: z.number().multipleOf(0.5),
  bool: z.boolean(),
  str: z.string(),
  str_len: z.string().min(2).max(4),
  str_pat: z.string().regex(/^a+$/),
  uuid: z.uuid(),
  uuid4: z.uuidv4(),
  lit3: z.enum(["a", "b", "c"]),
  lit1: z.literal("only"),
  litmix: z.literal([1, "x"]),
  list_int: z.array(z.int()).min(2).max(3),
  list_any: z.array(z.unknown()).min(1).max(2),
  dict_any: z.record(z.string(), z.unknown()),
  dict_lit: z.record(z.enum(["a", "b"]), z.int()),
  opt_int: z.int().nullable(),
  union_int_str: z.union([z.int(), z.string()]),
  union_str_int: z.union([z.string(), z.int()]),
  union_bool_int: z.union([z.boolean(), z.int()]),
  union_list: z.union([z.array(z.int()), z.string()]),
  none: z.null(),
  create: Create,
  artefact: Artefact,
  step_list: z.array(Step),
  pet: z.discriminatedUnion("kind", [Cat, Dog]),
  loose: z.looseObject({ a: z.int() }),
  union_uuid_lit: z.union([z.uuid(), z.literal("latest")]),
};
it("should match pydantic 2.13", () => {
  const cases = JSON.parse(readFileSync("/tmp/oracle/pyd_cases.json", "utf8")) as any[];
  const bad: unknown[] = [];
  for (const c of cases) {
    const schema = SCHEMAS[c.schema]!;
    const input = fromTr(c.input);
    let got: unknown;
    try {
      const r = validate(schema, input, []);
      got = r.ok ? { ok: true, out: normJs(r.value) } : { ok: false, body: validationErrorBody(r.issues) };
    } catch (e) {
      got = { error: String(e) };
    }
    const exp = c.ok ? { ok: true, out: normPy(c.out) } : { ok: false, body: c.body };
    if (JSON.stringify(got) !== JSON.stringify(exp))
      bad.push({ schema: c.schema, input: JSON.stringify(c.input).slice(0, 200), got, exp });
  }
  console.log("mismatches", bad.length, "of", cases.length);
  expect(bad.slice(0, 8)).toEqual([]);
});
