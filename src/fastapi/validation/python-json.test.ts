import { describe, expect, it } from "vitest";
import { pyJsonDumps } from "./py-json-dumps.js";
import { decodeJsonBody, MAX_NESTING } from "./python-json.js";

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const loads = (s: string) => decodeJsonBody(enc(s));
const err = (msg: string, pos: number) => ({ kind: "json_invalid", msg, pos });
/** Parses and re-dumps, so a test can state the expected Python value as Python would print it. */
const roundTrip = (s: string | Uint8Array): string => {
  const r = typeof s === "string" ? loads(s) : decodeJsonBody(s);
  if (r.kind !== "ok") throw new Error(`not ok: ${JSON.stringify(r)}`);
  return pyJsonDumps(r.value);
};

describe("decodeJsonBody: docs/decisions/fastapi-behaviour.md#json-decode-errors verified pairs (CPython 3.11/3.12)", () => {
  it.each([
    ['{"name": "abc",}', 15, "Expecting property name enclosed in double quotes"],
    ["{name: 1}", 1, "Expecting property name enclosed in double quotes"],
    ['{"name": "abc"', 14, "Expecting ',' delimiter"],
    ['{"a":1}}', 7, "Extra data"],
    ['{"a" 1}', 5, "Expecting ':' delimiter"],
    ['{"a": tru}', 6, "Expecting value"],
  ])("should report %j at %i as %j", (body, pos, msg) => {
    expect(loads(body)).toEqual(err(msg, pos));
  });

  it("should report a whitespace-only body as Expecting value at its length", () => {
    expect(loads(" \t\r\n ")).toEqual(err("Expecting value", 5));
  });

  it("should count positions in code points, not bytes or UTF-16 units", () => {
    // "é" is 2 UTF-8 bytes and "😀" 2 UTF-16 units; each is one character for Python.
    expect(loads('{"é😀": 1,}')).toEqual(err("Expecting property name enclosed in double quotes", 9));
    expect(loads('["😀😀" x]')).toEqual(err("Expecting ',' delimiter", 6));
  });
});

describe("decodeJsonBody: CPython Lib/test/test_json/test_fail.py (<= 3.12 trailing-comma rules)", () => {
  it.each([
    ["", "Expecting value", 0],
    ["[", "Expecting value", 1],
    ["[42", "Expecting ',' delimiter", 3],
    ["[42,", "Expecting value", 4],
    ['["', "Unterminated string starting at", 1],
    ['["spam', "Unterminated string starting at", 1],
    ['["spam"', "Expecting ',' delimiter", 7],
    ['["spam",', "Expecting value", 8],
    ["{", "Expecting property name enclosed in double quotes", 1],
    ['{"', "Unterminated string starting at", 1],
    ['{"spam', "Unterminated string starting at", 1],
    ['{"spam"', "Expecting ':' delimiter", 7],
    ['{"spam":', "Expecting value", 8],
    ['{"spam":42', "Expecting ',' delimiter", 10],
    ['{"spam":42,', "Expecting property name enclosed in double quotes", 11],
    ['"', "Unterminated string starting at", 0],
    ['"spam', "Unterminated string starting at", 0],
  ])("test_truncated_input: %j -> %s at %i", (doc, msg, pos) => {
    expect(loads(doc)).toEqual(err(msg, pos));
  });

  it.each([
    ["[,", "Expecting value", 1],
    ['{"spam":[}', "Expecting value", 9],
    ["[42:", "Expecting ',' delimiter", 3],
    ['[42 "spam"', "Expecting ',' delimiter", 4],
    ["[42,]", "Expecting value", 4], // 3.13: Illegal trailing comma before end of array, 3
    ['{"spam":[42}', "Expecting ',' delimiter", 11],
    ['["]', "Unterminated string starting at", 1],
    ['["spam":', "Expecting ',' delimiter", 7],
    ['["spam",]', "Expecting value", 8], // 3.13: Illegal trailing comma ..., 7
    ["{:", "Expecting property name enclosed in double quotes", 1],
    ["{,", "Expecting property name enclosed in double quotes", 1],
    ["{42", "Expecting property name enclosed in double quotes", 1],
    ["[{]", "Expecting property name enclosed in double quotes", 2],
    ['{"spam",', "Expecting ':' delimiter", 7],
    ['{"spam"}', "Expecting ':' delimiter", 7],
    ['[{"spam"]', "Expecting ':' delimiter", 8],
    ['{"spam":}', "Expecting value", 8],
    ['[{"spam":]', "Expecting value", 9],
    ['{"spam":42 "ham"', "Expecting ',' delimiter", 11],
    ['[{"spam":42]', "Expecting ',' delimiter", 11],
    ['{"spam":42,}', "Expecting property name enclosed in double quotes", 11], // 3.13: ... object, 10
    ['{"spam":42 , }', "Expecting property name enclosed in double quotes", 13], // 3.13: ..., 11
    ["[123  , ]", "Expecting value", 8], // 3.13: Illegal trailing comma ..., 6
  ])("test_unexpected_data: %j -> %s at %i", (doc, msg, pos) => {
    expect(loads(doc)).toEqual(err(msg, pos));
  });

  it.each([
    ["[]]", 2],
    ["{}}", 2],
    ["[],[]", 2],
    ["{},{}", 2],
    ['42,"spam"', 2],
    ['"spam",42', 6],
    ["[1, 2, 3]5", 9],
  ])("test_extra_data: %j -> Extra data at %i", (doc, pos) => {
    expect(loads(doc)).toEqual(err("Extra data", pos));
  });

  it.each([
    ["!", 0],
    [" !", 1],
    ["\n!", 1],
    ["\n  \n\n     !", 10],
  ])("test_linecol: %j -> Expecting value at %i", (doc, pos) => {
    expect(loads(doc)).toEqual(err("Expecting value", pos));
  });
});

// Expectations below that are not in the spec or in CPython's tests were checked against CPython 3.11.7 json.loads.
describe("decodeJsonBody: strings (C scanstring_unicode)", () => {
  it("should report a raw control character at its position", () => {
    expect(loads('["A\u001fZ control"]')).toEqual(err("Invalid control character at", 3));
    expect(loads('["line\nbreak"]')).toEqual(err("Invalid control character at", 6));
    expect(loads('["\ttab"]')).toEqual(err("Invalid control character at", 2));
  });

  it("should report a bad escape at the backslash with the C scanner's wording", () => {
    expect(loads('["Illegal backslash escape: \\x15"]')).toEqual(err("Invalid \\escape", 28));
    expect(loads('"\\q"')).toEqual(err("Invalid \\escape", 1));
  });

  it("should report a bad \\u escape at the u", () => {
    expect(loads('"\\u12x4"')).toEqual(err("Invalid \\uXXXX escape", 2));
    expect(loads('"\\u12"')).toEqual(err("Invalid \\uXXXX escape", 2));
    // Four hex digits but nothing after them: C requires a character after the escape.
    expect(loads('"\\u0041')).toEqual(err("Invalid \\uXXXX escape", 2));
    expect(loads('"\\ud834\\u"')).toEqual(err("Invalid \\uXXXX escape", 8));
  });

  it("should join surrogate-pair escapes into one character", () => {
    const r = loads('"\\ud834\\udd1e"');
    expect(r).toEqual({ kind: "ok", value: { kind: "str", value: "𝄞" } });
  });

  it("should decode the simple escapes", () => {
    expect(loads('"\\"\\\\\\/\\b\\f\\n\\r\\t"')).toEqual({
      kind: "ok",
      value: { kind: "str", value: '"\\/\b\f\n\r\t' },
    });
  });

  it("should report an unterminated string at its opening quote", () => {
    expect(loads('{"a": "abc')).toEqual(err("Unterminated string starting at", 6));
    expect(loads('"abc\\')).toEqual(err("Unterminated string starting at", 0));
  });
});

describe("decodeJsonBody: numbers and constants", () => {
  it("should accept NaN, Infinity and -Infinity as floats", () => {
    const r = loads("[NaN, Infinity, -Infinity]");
    expect(r.kind).toBe("ok");
    if (r.kind !== "ok" || r.value.kind !== "list") return;
    expect(r.value.items.map((v) => (v.kind === "float" ? v.value : null))).toEqual([
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
    ]);
  });

  it("should keep ints exact and floats as floats", () => {
    expect(roundTrip("[1.0, 1e5, 12345678901234567890123, -0, -0.0, 1E400]")).toBe(
      "[1.0,100000.0,12345678901234567890123,0,-0.0,null]",
    );
  });

  it.each([
    ["013", "Extra data", 1],
    ["0x14", "Extra data", 1],
    ["[0e]", "Expecting ',' delimiter", 2],
    ["[0e+]", "Expecting ',' delimiter", 2],
    ["[0e+-1]", "Expecting ',' delimiter", 2],
    ["1.", "Extra data", 1],
    ["-", "Expecting value", 0],
    ["-a", "Expecting value", 0],
    ["nul", "Expecting value", 0],
    ["['single quote']", "Expecting value", 1],
    ["[\\naked]", "Expecting value", 1],
    ['{"Illegal expression": 1 + 2}', "Expecting ',' delimiter", 25],
  ])("should reject %j with %s at %i", (doc, msg, pos) => {
    expect(loads(doc)).toEqual(err(msg, pos));
  });

  it("should treat an int with more than 4300 digits as undecodable (CPython ValueError -> 400)", () => {
    expect(loads("1".repeat(4301))).toEqual({ kind: "undecodable" });
    expect(loads(`-${"1".repeat(4300)}`).kind).toBe("ok");
  });
});

describe("decodeJsonBody: dicts", () => {
  it("should keep the first position and the last value of a duplicate key", () => {
    expect(roundTrip('{"a": 1, "b": 2, "a": 3}')).toBe('{"a":3,"b":2}');
  });

  it("should keep integer-like keys in input order", () => {
    expect(roundTrip('{"b": 1, "2": 2, "a": 3, "1": 4}')).toBe('{"b":1,"2":2,"a":3,"1":4}');
  });
});

describe("decodeJsonBody: bytes and encodings (json.loads(bytes) + detect_encoding)", () => {
  it("should accept a UTF-8 BOM and count positions after it", () => {
    expect(roundTrip(new Uint8Array([0xef, 0xbb, 0xbf, ...enc('{"a": 1}')]))).toBe('{"a":1}');
    expect(decodeJsonBody(new Uint8Array([0xef, 0xbb, 0xbf, ...enc("[1,]")]))).toEqual(err("Expecting value", 3));
  });

  it("should report invalid UTF-8 as undecodable (FastAPI answers 400)", () => {
    expect(decodeJsonBody(new Uint8Array([0x22, 0xff, 0x22]))).toEqual({ kind: "undecodable" });
    expect(decodeJsonBody(new Uint8Array([0x22, 0xc0, 0x80, 0x22]))).toEqual({ kind: "undecodable" });
    expect(decodeJsonBody(new Uint8Array([0x22, 0xe2, 0x82]))).toEqual({ kind: "undecodable" });
  });

  it("should decode UTF-16 and UTF-32 bodies as json.loads does", () => {
    const utf16le = Buffer.from('\ufeff{"a": [1, "é"]}', "utf16le");
    expect(roundTrip(new Uint8Array(utf16le))).toBe('{"a":[1,"é"]}');
    const noBom = Buffer.from('{"a": 1}', "utf16le");
    expect(roundTrip(new Uint8Array(noBom))).toBe('{"a":1}');
  });

  it("should treat a BOM character inside a UTF-8 text as data (Expecting value)", () => {
    expect(loads("[\ufeff1]")).toEqual(err("Expecting value", 1));
  });
});

describe("decodeJsonBody: nesting", () => {
  it("should parse deep nesting within the limit without recursion", () => {
    const depth = MAX_NESTING;
    const r = loads(`${"[".repeat(depth)}${"]".repeat(depth)}`);
    expect(r.kind).toBe("ok");
  });

  it("should answer undecodable beyond the limit instead of overflowing the stack", () => {
    expect(loads("[".repeat(200_000))).toEqual({ kind: "undecodable" });
    expect(loads(`${'{"a":'.repeat(MAX_NESTING + 1)}1${"}".repeat(MAX_NESTING + 1)}`)).toEqual({
      kind: "undecodable",
    });
  });

  it("should still report syntax errors found before the nesting limit", () => {
    expect(loads('[[[[[[[[[[[[[[[[[[[["Too deep"]]]]]]]]]]]]]]]]]]]]').kind).toBe("ok");
    expect(loads("[[1,]]")).toEqual(err("Expecting value", 4));
  });
});
