import { describe, expect, it } from "vitest";
import {
  fromJs,
  PY_NONE,
  type PyValue,
  pyDict,
  pyFloat,
  pyFloatRepr,
  pyInt,
  pyList,
  pyReprStr,
  pyStr,
  rustFloatDisplay,
  toJs,
} from "./py-value.js";

describe("toJs", () => {
  it("should convert every kind to plain JS", () => {
    const v = pyDict([
      ["n", PY_NONE],
      ["b", { kind: "bool", value: false }],
      ["i", pyInt(42)],
      ["f", pyFloat(1.5)],
      ["s", pyStr("é")],
      ["l", pyList([pyInt(1), pyList([])])],
    ]);
    expect(toJs(v)).toEqual({ n: null, b: false, i: 42, f: 1.5, s: "é", l: [1, []] });
  });

  it("should keep a __proto__ key as an own property", () => {
    const out = toJs(pyDict([["__proto__", pyDict([["polluted", pyInt(1)]])]])) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.hasOwn(out, "__proto__")).toBe(true);
    expect((out as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it("should give big ints as the nearest double", () => {
    expect(toJs(pyInt("12345678901234567890"))).toBe(12345678901234567000);
  });

  it("should convert very deep values without overflowing the stack", () => {
    let v: PyValue = pyInt(1);
    for (let i = 0; i < 100_000; i++) v = pyList([v]);
    let out = toJs(v);
    let depth = 0;
    while (Array.isArray(out)) {
      out = out[0];
      depth++;
    }
    expect(depth).toBe(100_000);
    expect(out).toBe(1);
  });
});

describe("pyInt / pyDict / fromJs", () => {
  it("should normalise int text like Python int()", () => {
    expect(pyInt("-0")).toEqual({ kind: "int", text: "0" });
    expect(pyInt("+007")).toEqual({ kind: "int", text: "7" });
  });

  it("should keep the first position and last value for duplicate keys", () => {
    expect(
      pyDict([
        ["a", pyInt(1)],
        ["b", pyInt(2)],
        ["a", pyInt(3)],
      ]),
    ).toEqual({
      kind: "dict",
      entries: [
        ["a", pyInt(3)],
        ["b", pyInt(2)],
      ],
    });
  });

  it("should map integral numbers to ints and others to floats", () => {
    expect(fromJs({ a: [1, 1.5, null, "x", true] })).toEqual(
      pyDict([["a", pyList([pyInt(1), pyFloat(1.5), PY_NONE, pyStr("x"), { kind: "bool", value: true }])]]),
    );
  });
});

describe("Python and Rust number text", () => {
  it("should match Python repr(float)", () => {
    expect([1.0, 1e16, 1e15, 1.5e-5, 0.0001, -0, Number.NaN].map(pyFloatRepr)).toEqual([
      "1.0",
      "1e+16",
      "1000000000000000.0",
      "1.5e-05",
      "0.0001",
      "-0.0",
      "nan",
    ]);
  });

  it("should match Rust's Display for f64 (used in ge/le messages of float fields)", () => {
    expect([0, 1, 0.5, 1e21, 1e-7, -2.5].map(rustFloatDisplay)).toEqual([
      "0",
      "1",
      "0.5",
      "1000000000000000000000",
      "0.0000001",
      "-2.5",
    ]);
  });

  it("should match Python repr(str)", () => {
    // From CPython 3.11: repr("it's"), repr('a"b\'c'), repr('\x00\n\t\\ é\u200b\xa0😀')
    expect(pyReprStr("it's")).toBe(`"it's"`);
    expect(pyReprStr("a\"b'c")).toBe(`'a"b\\'c'`);
    expect(pyReprStr("\x00\n\t\\ é\u200b\u00a0😀")).toBe("'\\x00\\n\\t\\\\ é\\u200b\\xa0😀'");
  });
});
