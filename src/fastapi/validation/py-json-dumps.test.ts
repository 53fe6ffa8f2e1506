import { describe, expect, it } from "vitest";
import { pyJsonDumps, pyJsonString } from "./py-json-dumps.js";
import { PY_NONE, type PyValue, pyDict, pyFloat, pyInt, pyList, pyStr } from "./py-value.js";

// Expected strings are Python's own output: json.dumps(v, ensure_ascii=False, separators=(",", ":")) on CPython 3.11.
describe("pyJsonDumps", () => {
  it("should write floats as Python repr", () => {
    const floats = [
      1.0, 100000.0, 1e16, 1.5e-5, 1e15, 0.0001, 0.00001, 123.456, -0, 1e22, 5e-324, 1.7976931348623157e308,
    ];
    expect(pyJsonDumps(pyList([...floats, 0.1 + 0.2, 2.5e-7, 12345678901234568].map(pyFloat)))).toBe(
      "[1.0,100000.0,1e+16,1.5e-05,1000000000000000.0,0.0001,1e-05,123.456,-0.0,1e+22,5e-324,1.7976931348623157e+308,0.30000000000000004,2.5e-07,1.2345678901234568e+16]",
    );
  });

  it("should write ints from their exact text", () => {
    expect(pyJsonDumps(pyList([pyInt("12345678901234567890123"), pyInt(-5), pyInt("-0")]))).toBe(
      "[12345678901234567890123,-5,0]",
    );
  });

  it("should escape strings as Python does with ensure_ascii=False", () => {
    expect(pyJsonString('q"b\\s/\b\f\n\r\t\x00\x1f\x7f é😀\u2028')).toBe(
      '"q\\"b\\\\s/\\b\\f\\n\\r\\t\\u0000\\u001f\x7f é😀\u2028"',
    );
  });

  it("should write compact containers in dict order", () => {
    const v: PyValue = pyDict([
      ["zzz", pyInt(1)],
      ["tags", pyList([])],
      ["name", pyInt(5)],
      ["2", { kind: "bool", value: true }],
      ["n", PY_NONE],
    ]);
    expect(pyJsonDumps(v)).toBe('{"zzz":1,"tags":[],"name":5,"2":true,"n":null}');
  });

  it("should write NaN and infinities as null instead of failing (deliberate: Python would answer 500)", () => {
    expect(pyJsonDumps(pyList([pyFloat(Number.NaN), pyFloat(Number.POSITIVE_INFINITY), pyFloat(-Infinity)]))).toBe(
      "[null,null,null]",
    );
  });

  it("should dump very deep values without overflowing the stack", () => {
    let v: PyValue = pyStr("x");
    for (let i = 0; i < 100_000; i++) v = pyList([v]);
    const s = pyJsonDumps(v);
    expect(s.length).toBe(200_003);
    expect(s.slice(99_998, 100_005)).toBe('[["x"]]');
  });
});
