import { describe, expect, it } from "vitest";
import { z } from "zod";
import { valueErrorIssue } from "./messages.js";
import { PY_NONE, type PyValue, pyFloat, pyStr } from "./py-value.js";
import {
  issueJson,
  jsonInvalidIssue,
  type Validated,
  type ValidationIssue,
  validate,
  validateBody,
  validateParams,
  validationErrorBody,
  withModelValidator,
} from "./pydantic.js";
import { decodeJsonBody } from "./python-json.js";

/** Parses a JSON body exactly as the edge layer will (CPython json.loads semantics). */
function body(json: string): PyValue {
  const r = decodeJsonBody(new TextEncoder().encode(json));
  if (r.kind !== "ok") throw new Error(`bad fixture: ${json}`);
  return r.value;
}

function issuesOf(r: Validated<unknown>): ValidationIssue[] {
  if (r.ok) throw new Error(`expected a failure, got ${JSON.stringify(r.value)}`);
  return r.issues;
}

function okValue<T>(r: Validated<T>): T {
  if (!r.ok) throw new Error(`expected success, got ${validationErrorBody(r.issues)}`);
  return r.value;
}

/** The single detail item a body produces, serialised as FastAPI would. */
function only(schema: z.ZodType, json: string): string {
  const issues = issuesOf(validateBody(schema, body(json), true));
  expect(issues).toHaveLength(1);
  return issueJson(issues[0]!);
}

const Step = z.object({ title: z.string() });
const CreateSim = z.strictObject({
  name: z.string().min(1).max(5),
  mode: z.enum(["research", "journey"]),
  tags: z.array(z.string()).min(1).max(3),
  parent_id: z.uuid().nullable().default(null),
  count: z.int().default(20),
  flag: z.boolean().default(false),
  nothing: z.null().optional(),
  metadata: z.record(z.string(), z.unknown()).default({}),
  steps: z.array(Step).default([]),
  description: z.string().nullable().optional(),
});
const validSim = '"name":"abc","mode":"research","tags":["a"]';

describe("docs/decisions/fastapi-behaviour.md#error-types: complete detail items, byte for byte", () => {
  it("should report missing inside a model with the whole object as input, then the rest in order", () => {
    const r = validateBody(CreateSim, body('{"zzz":1,"tags":[],"name":5,"aaa":2}'), true);
    expect(validationErrorBody(issuesOf(r))).toBe(
      '{"detail":[' +
        '{"type":"string_type","loc":["body","name"],"msg":"Input should be a valid string","input":5},' +
        '{"type":"missing","loc":["body","mode"],"msg":"Field required","input":{"zzz":1,"tags":[],"name":5,"aaa":2}},' +
        '{"type":"too_short","loc":["body","tags"],"msg":"List should have at least 1 item after validation, not 0","input":[],"ctx":{"field_type":"List","min_length":1,"actual_length":0}},' +
        '{"type":"extra_forbidden","loc":["body","zzz"],"msg":"Extra inputs are not permitted","input":1},' +
        '{"type":"extra_forbidden","loc":["body","aaa"],"msg":"Extra inputs are not permitted","input":2}' +
        "]}",
    );
  });

  it("should report a missing body as missing at ['body'] with input null", () => {
    expect(validationErrorBody(issuesOf(validateBody(CreateSim, undefined, true)))).toBe(
      '{"detail":[{"type":"missing","loc":["body"],"msg":"Field required","input":null}]}',
    );
  });

  it.each([
    [
      `{${validSim},"unknown":1}`,
      '{"type":"extra_forbidden","loc":["body","unknown"],"msg":"Extra inputs are not permitted","input":1}',
    ],
    [
      '{"name":123,"mode":"research","tags":["a"]}',
      '{"type":"string_type","loc":["body","name"],"msg":"Input should be a valid string","input":123}',
    ],
    [
      '{"name":"","mode":"research","tags":["a"]}',
      '{"type":"string_too_short","loc":["body","name"],"msg":"String should have at least 1 character","input":"","ctx":{"min_length":1}}',
    ],
    [
      '{"name":"abcdefg","mode":"research","tags":["a"]}',
      '{"type":"string_too_long","loc":["body","name"],"msg":"String should have at most 5 characters","input":"abcdefg","ctx":{"max_length":5}}',
    ],
    [
      '{"name":"a","mode":"research","tags":[]}',
      '{"type":"too_short","loc":["body","tags"],"msg":"List should have at least 1 item after validation, not 0","input":[],"ctx":{"field_type":"List","min_length":1,"actual_length":0}}',
    ],
    [
      '{"name":"a","mode":"research","tags":["a","b","c","d"]}',
      '{"type":"too_long","loc":["body","tags"],"msg":"List should have at most 3 items after validation, not 4","input":["a","b","c","d"],"ctx":{"field_type":"List","max_length":3,"actual_length":4}}',
    ],
    [
      '{"name":"a","mode":"research","tags":"abc"}',
      '{"type":"list_type","loc":["body","tags"],"msg":"Input should be a valid list","input":"abc"}',
    ],
    [
      `{${validSim},"metadata":[1,2]}`,
      '{"type":"dict_type","loc":["body","metadata"],"msg":"Input should be a valid dictionary","input":[1,2]}',
    ],
    [
      `{${validSim},"steps":[{"title":"a"},{"title":"b"},{"title":"c"},"str"]}`,
      '{"type":"model_attributes_type","loc":["body","steps",3],"msg":"Input should be a valid dictionary or object to extract fields from","input":"str"}',
    ],
    [
      `{${validSim},"parent_id":123}`,
      '{"type":"uuid_type","loc":["body","parent_id"],"msg":"UUID input should be a string, bytes or UUID object","input":123}',
    ],
    [
      `{${validSim},"count":null}`,
      '{"type":"int_type","loc":["body","count"],"msg":"Input should be a valid integer","input":null}',
    ],
    [
      `{${validSim},"count":20.5}`,
      '{"type":"int_from_float","loc":["body","count"],"msg":"Input should be a valid integer, got a number with a fractional part","input":20.5}',
    ],
    [
      '{"name":"a","mode":"other","tags":["a"]}',
      '{"type":"literal_error","loc":["body","mode"],"msg":"Input should be \'research\' or \'journey\'","input":"other","ctx":{"expected":"\'research\' or \'journey\'"}}',
    ],
    [
      `{${validSim},"flag":null}`,
      '{"type":"bool_type","loc":["body","flag"],"msg":"Input should be a valid boolean","input":null}',
    ],
    [
      `{${validSim},"nothing":1}`,
      '{"type":"none_required","loc":["body","nothing"],"msg":"Input should be None","input":1}',
    ],
  ])("should answer %s with %s", (json, item) => {
    expect(only(CreateSim, json)).toBe(item);
  });

  it("should answer a non-object body with model_attributes_type at ['body']", () => {
    expect(only(CreateSim, "[1,2]")).toBe(
      '{"type":"model_attributes_type","loc":["body"],"msg":"Input should be a valid dictionary or object to extract fields from","input":[1,2]}',
    );
  });

  it("should build path uuid errors with the uuid crate's text", () => {
    const Path = z.object({ simulation_id: z.uuid() });
    expect(validationErrorBody(issuesOf(validateParams(Path, { simulation_id: "not-a-uuid" }, "path")))).toBe(
      '{"detail":[{"type":"uuid_parsing","loc":["path","simulation_id"],"msg":"Input should be a valid UUID, invalid character: found `n` at 1","input":"not-a-uuid","ctx":{"error":"invalid character: found `n` at 1"}}]}',
    );
    expect(validationErrorBody(issuesOf(validateParams(Path, { simulation_id: "123" }, "path")))).toBe(
      '{"detail":[{"type":"uuid_parsing","loc":["path","simulation_id"],"msg":"Input should be a valid UUID, invalid length: expected length 32 for simple format, found 3","input":"123","ctx":{"error":"invalid length: expected length 32 for simple format, found 3"}}]}',
    );
  });

  it("should build query int and bool errors with the raw string as input", () => {
    const Query = z.object({ limit: z.int().min(1).max(100).default(20), active: z.boolean().optional() });
    expect(validationErrorBody(issuesOf(validateParams(Query, { limit: "abc" }, "query")))).toBe(
      '{"detail":[{"type":"int_parsing","loc":["query","limit"],"msg":"Input should be a valid integer, unable to parse string as an integer","input":"abc"}]}',
    );
    expect(validationErrorBody(issuesOf(validateParams(Query, { active: "maybe" }, "query")))).toBe(
      '{"detail":[{"type":"bool_parsing","loc":["query","active"],"msg":"Input should be a valid boolean, unable to interpret input","input":"maybe"}]}',
    );
    expect(validationErrorBody(issuesOf(validateParams(Query, { limit: "0" }, "query")))).toBe(
      '{"detail":[{"type":"greater_than_equal","loc":["query","limit"],"msg":"Input should be greater than or equal to 1","input":"0","ctx":{"ge":1}}]}',
    );
  });

  it("should serialise json_invalid as FastAPI builds it", () => {
    expect(validationErrorBody([jsonInvalidIssue("Expecting property name enclosed in double quotes", 1)])).toBe(
      '{"detail":[{"type":"json_invalid","loc":["body",1],"msg":"JSON decode error","input":{},"ctx":{"error":"Expecting property name enclosed in double quotes"}}]}',
    );
  });

  it("should serialise value_error with ctx.error as {}", () => {
    expect(issueJson(valueErrorIssue(["body", "code"], pyStr("abc"), "code must start with X"))).toBe(
      '{"type":"value_error","loc":["body","code"],"msg":"Value error, code must start with X","input":"abc","ctx":{"error":{}}}',
    );
  });
});

describe("docs/decisions/fastapi-behaviour.md#error-order: ordering", () => {
  it("should replace item errors with a single too_long once item max+1 is reached", () => {
    const S = z.object({ tags: z.array(z.string()).max(3) });
    expect(validationErrorBody(issuesOf(validateBody(S, body('{"tags":[1,2,3,4]}'), true)))).toBe(
      '{"detail":[{"type":"too_long","loc":["body","tags"],"msg":"List should have at most 3 items after validation, not 4","input":[1,2,3,4],"ctx":{"field_type":"List","max_length":3,"actual_length":4}}]}',
    );
  });

  it("should check too_short only when every item was valid", () => {
    const S = z.object({ tags: z.array(z.string()).min(2) });
    expect(validationErrorBody(issuesOf(validateBody(S, body('{"tags":[1]}'), true)))).toBe(
      '{"detail":[{"type":"string_type","loc":["body","tags",0],"msg":"Input should be a valid string","input":1}]}',
    );
  });

  it("should collect item errors in index order with the index in loc", () => {
    const S = z.array(z.object({ x: z.int() }));
    const issues = issuesOf(validateBody(S, body('[{"x":1},{"x":"a"},{"y":2},{"x":true}]'), true));
    expect(issues.map((i) => [i.type, i.loc])).toEqual([
      ["int_parsing", ["body", 1, "x"]],
      ["missing", ["body", 2, "x"]],
    ]);
  });

  it("should give one error per string: type, then min, then max", () => {
    const S = z.string().min(3).max(1);
    expect(issuesOf(validate(S, pyStr("ab"), ["q"])).map((i) => i.type)).toEqual(["string_too_short"]);
    expect(issuesOf(validate(S, pyStr("abcd"), ["q"])).map((i) => i.type)).toEqual(["string_too_long"]);
  });
});

describe("docs/decisions/fastapi-behaviour.md#lax-coercions: lax coercions and code points", () => {
  it("should count string length in code points ('éééé😀' has length 5)", () => {
    expect(okValue(validate(z.string().min(5).max(5), pyStr("éééé😀"), []))).toBe("éééé😀");
    // pydantic 2.13.4: "String should have at most 4 characters"
    expect(issueJson(issuesOf(validate(z.string().max(4), pyStr("éééé😀"), ["body"]))[0]!)).toBe(
      '{"type":"string_too_long","loc":["body"],"msg":"String should have at most 4 characters","input":"éééé😀","ctx":{"max_length":4}}',
    );
  });

  it("should coerce body ints as pydantic lax mode does", () => {
    const S = z.object({ count: z.int() });
    expect(okValue(validateBody(S, body('{"count":20.0}'), true))).toEqual({ count: 20 });
    expect(okValue(validateBody(S, body('{"count":true}'), true))).toEqual({ count: 1 });
    expect(okValue(validateBody(S, body('{"count":" 20 "}'), true))).toEqual({ count: 20 });
    expect(issuesOf(validateBody(S, body('{"count":"20.5"}'), true))[0]!.type).toBe("int_parsing");
    expect(issuesOf(validateBody(S, body('{"count":""}'), true))[0]!.type).toBe("int_parsing");
    expect(issuesOf(validateBody(S, body('{"count":[1]}'), true))[0]!.type).toBe("int_type");
    expect(issuesOf(validateBody(S, body('{"count":{}}'), true))[0]!.type).toBe("int_type");
  });

  it("should reject non-finite floats for int fields with finite_number", () => {
    const issues = issuesOf(validate(z.int(), pyFloat(Number.NaN), ["body"]));
    expect(issues[0]!.type).toBe("finite_number");
    expect(issues[0]!.msg).toBe("Input should be a finite number");
    expect(issueJson(issues[0]!)).toContain('"input":null'); // deliberate: Python would 500 on NaN here
  });

  it.each([
    ["true", true],
    ["false", false],
    ['"YES"', true],
    ['"off"', false],
    ["1", true],
    ["0", false],
    ["1.0", true],
    ["0.0", false],
  ])("should accept %s as the bool %s", (json, v) => {
    expect(okValue(validate(z.boolean(), body(json), []))).toBe(v);
  });

  it.each([
    ['""', "bool_parsing"],
    ['"maybe"', "bool_parsing"],
    ["2", "bool_parsing"],
    ["0.5", "bool_type"],
    ["null", "bool_type"],
    ["[]", "bool_type"],
  ])("should reject %s as a bool with %s", (json, type) => {
    expect(issuesOf(validate(z.boolean(), body(json), []))[0]!.type).toBe(type);
  });

  it("should never coerce numbers to strings", () => {
    expect(issuesOf(validate(z.string(), body("5"), []))[0]!.type).toBe("string_type");
    expect(issuesOf(validate(z.string(), body("true"), []))[0]!.type).toBe("string_type");
  });

  it("should echo float inputs with Python's float repr", () => {
    expect(issueJson(issuesOf(validate(z.string(), body("1e5"), ["body", "name"]))[0]!)).toBe(
      '{"type":"string_type","loc":["body","name"],"msg":"Input should be a valid string","input":100000.0}',
    );
  });

  it("should normalise UUIDs to lower-case hyphenated", () => {
    const U = "3fa85f64-5717-4562-b3fc-2c963f66afa6";
    expect(okValue(validate(z.uuid(), pyStr(U.toUpperCase()), []))).toBe(U);
    expect(okValue(validate(z.uuid(), pyStr(`urn:uuid:${U}`), []))).toBe(U);
    expect(okValue(validate(z.uuid(), pyStr(U.replaceAll("-", "")), []))).toBe(U);
  });

  it("should validate other values of Optional[X] as X at the same loc", () => {
    expect(only(CreateSim, `{${validSim},"description":5}`)).toBe(
      '{"type":"string_type","loc":["body","description"],"msg":"Input should be a valid string","input":5}',
    );
  });

  it("should require a nullable field that has no default", () => {
    const S = z.object({ desc: z.string().nullable() });
    expect(okValue(validateBody(S, body('{"desc":null}'), true))).toEqual({ desc: null });
    expect(only(S, "{}")).toBe('{"type":"missing","loc":["body","desc"],"msg":"Field required","input":{}}');
  });
});

describe("literal_error wording (docs/decisions/fastapi-behaviour.md#literal-error)", () => {
  it.each([
    [z.literal("research"), '"Research"', "Input should be 'research'"],
    [z.enum(["research", "journey"]), '"x"', "Input should be 'research' or 'journey'"],
    [z.enum(["a", "b", "c"]), '"d"', "Input should be 'a', 'b' or 'c'"],
    [z.literal([1, "x"]), '"1"', "Input should be 1 or 'x'"],
  ])("should render %#", (schema, json, msg) => {
    const issue = issuesOf(validate(schema, body(json), []))[0]!;
    expect(issue.type).toBe("literal_error");
    expect(issue.msg).toBe(msg);
    expect(issue.ctx).toEqual({ expected: msg.slice("Input should be ".length) });
  });

  it("should match exactly, without case folding or null", () => {
    expect(issuesOf(validate(z.enum(["research"]), PY_NONE, []))[0]!.type).toBe("literal_error");
    expect(okValue(validate(z.enum(["research"]).nullable(), PY_NONE, []))).toBeNull();
  });
});

describe("output values for handlers", () => {
  it("should apply defaults, omit absent optional keys and drop unknown keys of plain objects", () => {
    const S = z.object({
      a: z.string(),
      b: z.int().default(7),
      c: z.string().optional(),
      d: z.array(z.string()).default([]),
    });
    const out = okValue(validateBody(S, body('{"a":"x","zz":1}'), true)) as Record<string, unknown>;
    expect(out).toEqual({ a: "x", b: 7, d: [] });
    expect(Object.hasOwn(out, "c")).toBe(false);
    expect(Object.hasOwn(out, "zz")).toBe(false);
  });

  it("should keep null for a present nullable key so handlers can tell it from absent", () => {
    const S = z.object({ c: z.string().nullable().optional() });
    expect(okValue(validateBody(S, body('{"c":null}'), true))).toEqual({ c: null });
    expect(Object.hasOwn(okValue(validateBody(S, body("{}"), true)) as object, "c")).toBe(false);
  });

  it("should give free-form dicts as plain JS", () => {
    const S = z.object({ inputs: z.record(z.string(), z.unknown()) });
    expect(okValue(validateBody(S, body('{"inputs":{"n":1,"f":1.5,"l":[null,true]}}'), true))).toEqual({
      inputs: { n: 1, f: 1.5, l: [null, true] },
    });
  });
});

describe("validateParams", () => {
  const Query = z.object({
    q: z.string(),
    limit: z.int().min(1).max(100).default(20),
    cursor: z.string().optional(),
    active: z.boolean().nullable().default(null),
  });

  it("should report an absent required param as missing with input null", () => {
    expect(validationErrorBody(issuesOf(validateParams(Query, {}, "query")))).toBe(
      '{"detail":[{"type":"missing","loc":["query","q"],"msg":"Field required","input":null}]}',
    );
  });

  it("should apply defaults and omit absent optional params", () => {
    const out = okValue(validateParams(Query, { q: "x", cursor: undefined }, "query"));
    expect(out).toEqual({ q: "x", limit: 20, active: null });
    expect(Object.hasOwn(out, "cursor")).toBe(false);
  });

  it("should coerce present params from their strings", () => {
    expect(okValue(validateParams(Query, { q: "x", limit: " 050 ", active: "on" }, "query"))).toEqual({
      q: "x",
      limit: 50,
      active: true,
    });
  });

  it("should pass an empty value through (?limit= gives int_parsing with input '')", () => {
    expect(issueJson(issuesOf(validateParams(Query, { q: "x", limit: "" }, "query"))[0]!)).toBe(
      '{"type":"int_parsing","loc":["query","limit"],"msg":"Input should be a valid integer, unable to parse string as an integer","input":""}',
    );
  });

  it("should report every param in shape order", () => {
    const issues = issuesOf(validateParams(Query, { limit: "101", active: "maybe" }, "query"));
    expect(issues.map((i) => [i.type, i.loc, i.msg])).toEqual([
      ["missing", ["query", "q"], "Field required"],
      ["less_than_equal", ["query", "limit"], "Input should be less than or equal to 100"],
      ["bool_parsing", ["query", "active"], "Input should be a valid boolean, unable to interpret input"],
    ]);
  });

  it("should not treat inherited object keys as present", () => {
    const S = z.object({ constructor: z.string() });
    expect(issuesOf(validateParams(S, {}, "query"))[0]!.type).toBe("missing");
  });
});

describe("validateBody", () => {
  it("should accept an absent optional body as undefined or its default", () => {
    expect(validateBody(CreateSim, undefined, false)).toEqual({ ok: true, value: undefined });
    const WithDefault = z
      .object({ name: z.string().nullable().default("New project") })
      .default({ name: "New project" });
    expect(validateBody(WithDefault, undefined, false)).toEqual({ ok: true, value: { name: "New project" } });
  });
});

describe("withModelValidator (model_validator(mode='after'))", () => {
  const Artefact = withModelValidator(
    z.object({
      name: z.string().nullable().default(null),
      text: z.string().nullable().default(null),
      url: z.string().nullable().default(null),
    }),
    (v) => ((v.text === null) === (v.url === null) ? "exactly one of text or url is required" : undefined),
  );

  it("should return the same schema", () => {
    const S = z.object({});
    expect(withModelValidator(S, () => undefined)).toBe(S);
  });

  it("should report value_error at the object's loc with the object as received", () => {
    expect(validationErrorBody(issuesOf(validateBody(Artefact, body('{"url":"u","text":"t","x":1}'), true)))).toBe(
      '{"detail":[{"type":"value_error","loc":["body"],"msg":"Value error, exactly one of text or url is required","input":{"url":"u","text":"t","x":1},"ctx":{"error":{}}}]}',
    );
  });

  it("should run only when every field validated", () => {
    expect(issuesOf(validateBody(Artefact, body('{"text":5}'), true)).map((i) => i.type)).toEqual(["string_type"]);
    expect(okValue(validateBody(Artefact, body('{"text":"t"}'), true))).toEqual({ name: null, text: "t", url: null });
  });
});

// Expected items below were produced by pydantic 2.13.4 (TypeAdapter.validate_python, errors(include_url=False)).
describe("more pydantic types", () => {
  it("should render float bounds as floats in ctx and Rust Display in msg", () => {
    expect(validationErrorBody(issuesOf(validate(z.number().min(0).max(1.5), body("-1"), ["body"])))).toBe(
      '{"detail":[{"type":"greater_than_equal","loc":["body"],"msg":"Input should be greater than or equal to 0","input":-1,"ctx":{"ge":0.0}}]}',
    );
    expect(validationErrorBody(issuesOf(validate(z.number().gt(0.25), pyStr("0.1"), ["body"])))).toBe(
      '{"detail":[{"type":"greater_than","loc":["body"],"msg":"Input should be greater than 0.25","input":"0.1","ctx":{"gt":0.25}}]}',
    );
  });

  it("should check multiple_of before the bounds", () => {
    expect(validationErrorBody(issuesOf(validate(z.int().gt(0).lt(10).multipleOf(3), pyStr("10"), ["body"])))).toBe(
      '{"detail":[{"type":"multiple_of","loc":["body"],"msg":"Input should be a multiple of 3","input":"10","ctx":{"multiple_of":3}}]}',
    );
  });

  it("should report a regex mismatch as string_pattern_mismatch", () => {
    expect(validationErrorBody(issuesOf(validate(z.string().regex(/^X/), pyStr("abc"), ["body"])))).toBe(
      `{"detail":[{"type":"string_pattern_mismatch","loc":["body"],"msg":"String should match pattern '^X'","input":"abc","ctx":{"pattern":"^X"}}]}`,
    );
  });

  it("should report dict key errors at [key, '[key]'] before the value error", () => {
    const S = z.record(z.enum(["a", "b"]), z.int());
    expect(validationErrorBody(issuesOf(validate(S, body('{"a":1,"c":"x"}'), ["body"])))).toBe(
      `{"detail":[{"type":"literal_error","loc":["body","c","[key]"],"msg":"Input should be 'a' or 'b'","input":"c","ctx":{"expected":"'a' or 'b'"}},{"type":"int_parsing","loc":["body","c"],"msg":"Input should be a valid integer, unable to parse string as an integer","input":"x"}]}`,
    );
  });

  it("should validate extras of a catchall object and report them after the fields", () => {
    const S = z.object({ a: z.int().default(0) }).catchall(z.int());
    expect(validationErrorBody(issuesOf(validate(S, body('{"z":"x","a":"y"}'), ["body"])))).toBe(
      '{"detail":[{"type":"int_parsing","loc":["body","a"],"msg":"Input should be a valid integer, unable to parse string as an integer","input":"y"},{"type":"int_parsing","loc":["body","z"],"msg":"Input should be a valid integer, unable to parse string as an integer","input":"x"}]}',
    );
  });

  it("should give int_parsing_size for floats beyond i64 and bool_parsing/bool_type for odd numbers", () => {
    expect(issueJson(issuesOf(validate(z.int(), body("1e20"), ["body"]))[0]!)).toBe(
      '{"type":"int_parsing_size","loc":["body"],"msg":"Unable to parse input string as an integer, exceeded maximum size","input":1e+20}',
    );
    expect(issuesOf(validate(z.boolean(), body("2"), []))[0]!.type).toBe("bool_parsing");
    expect(issuesOf(validate(z.boolean(), body("0.5"), []))[0]!.type).toBe("bool_type");
  });

  it("should check the UUID version of z.uuidv4()", () => {
    expect(
      validationErrorBody(issuesOf(validate(z.uuidv4(), pyStr("3fa85f64-5717-1562-b3fc-2c963f66afa6"), ["body"]))),
    ).toBe(
      '{"detail":[{"type":"uuid_version","loc":["body"],"msg":"UUID version 4 expected","input":"3fa85f64-5717-1562-b3fc-2c963f66afa6","ctx":{"expected_version":4}}]}',
    );
    expect(okValue(validate(z.uuid(), pyStr("3fa85f64-5717-1562-b3fc-2c963f66afa6"), []))).toBe(
      "3fa85f64-5717-1562-b3fc-2c963f66afa6",
    );
  });
});

describe("unions (pydantic 2.13.4 output)", () => {
  const Cat = z.object({ kind: z.literal("cat"), meows: z.int() });
  const Dog = z.object({ kind: z.literal("dog"), barks: z.boolean() });
  const Pet = z.discriminatedUnion("kind", [Cat, Dog]);

  it("should label smart-union errors with pydantic's choice names", () => {
    expect(validationErrorBody(issuesOf(validate(z.union([z.int(), z.string()]), body("1.5"), ["body"])))).toBe(
      '{"detail":[{"type":"int_from_float","loc":["body","int"],"msg":"Input should be a valid integer, got a number with a fractional part","input":1.5},{"type":"string_type","loc":["body","str"],"msg":"Input should be a valid string","input":1.5}]}',
    );
    expect(
      validationErrorBody(issuesOf(validate(z.union([z.uuid(), z.literal("latest")]), pyStr("nope"), ["body"]))),
    ).toBe(
      `{"detail":[{"type":"uuid_parsing","loc":["body","uuid"],"msg":"Input should be a valid UUID, invalid character: found \`n\` at 1","input":"nope","ctx":{"error":"invalid character: found \`n\` at 1"}},{"type":"literal_error","loc":["body","literal['latest']"],"msg":"Input should be 'latest'","input":"nope","ctx":{"expected":"'latest'"}}]}`,
    );
  });

  it("should prefer the exact member of a smart union", () => {
    expect(okValue(validate(z.union([z.int(), z.string()]), pyStr("7"), []))).toBe("7");
    expect(okValue(validate(z.union([z.string(), z.int()]), body("7"), []))).toBe(7);
  });

  it("should report tagged-union errors", () => {
    expect(validationErrorBody(issuesOf(validate(Pet, body('{"kind":"cow"}'), ["body"])))).toBe(
      `{"detail":[{"type":"union_tag_invalid","loc":["body"],"msg":"Input tag 'cow' found using 'kind' does not match any of the expected tags: 'cat', 'dog'","input":{"kind":"cow"},"ctx":{"discriminator":"'kind'","tag":"cow","expected_tags":"'cat', 'dog'"}}]}`,
    );
    expect(validationErrorBody(issuesOf(validate(Pet, body('{"meows":1}'), ["body"])))).toBe(
      `{"detail":[{"type":"union_tag_not_found","loc":["body"],"msg":"Unable to extract tag using discriminator 'kind'","input":{"meows":1},"ctx":{"discriminator":"'kind'"}}]}`,
    );
    expect(validationErrorBody(issuesOf(validate(Pet, body('{"kind":"cat","meows":"x"}'), ["body"])))).toBe(
      '{"detail":[{"type":"int_parsing","loc":["body","cat","meows"],"msg":"Input should be a valid integer, unable to parse string as an integer","input":"x"}]}',
    );
  });
});

describe("recursive models", () => {
  const Tree: z.ZodType = z.object({
    name: z.string().default("n"),
    get children() {
      return z.array(Tree).default([]);
    },
  });
  const nest = (n: number): string => `${'{"children":['.repeat(n)}{}${"]}".repeat(n)}`;

  it("should validate up to pydantic's recursion limit", () => {
    expect(validate(Tree, body(nest(254)), ["body"]).ok).toBe(true);
  });

  it("should stop at the 256th nested model with recursion_loop (pydantic 2.13.4)", () => {
    const issues = issuesOf(validate(Tree, body(nest(300)), []));
    expect(issues).toHaveLength(1);
    expect(issues[0]!.type).toBe("recursion_loop");
    expect(issues[0]!.msg).toBe("Recursion error - cyclic reference detected");
    expect(issues[0]!.loc).toHaveLength(510);
  });
});
