import { describe, expect, it } from "vitest";
import { rustTrim, strAsBool, strAsFloat, strAsInt } from "./lax.js";

describe("strAsInt (pydantic int from str)", () => {
  // docs/decisions/fastapi-behaviour.md#lax-coercions: accepted query strings and their values.
  it.each([
    ["20", 20n],
    [" 20 ", 20n],
    ["+5", 5n],
    ["020", 20n],
    ["1_000", 1000n],
    ["20.0", 20n],
    ["20.00", 20n],
    // Checked against pydantic 2.13.4:
    ["-0", 0n],
    ["00.000", 0n],
    ["0_0", 0n],
    ["1_0.0", 10n],
    ["-0_1", -1n],
    ["0-1", -1n],
    ["\u00a020", 20n],
    ["\u008520", 20n],
    ["-007", -7n],
    ["12345678901234567890123", 12345678901234567890123n],
  ])("should accept %j as %s", (s, v) => {
    expect(strAsInt(s)).toEqual({ ok: true, value: v });
  });

  // docs/decisions/fastapi-behaviour.md#lax-coercions: rejected strings; then extra ones checked against pydantic 2.13.4.
  it.each([
    "abc",
    "",
    "2.5",
    "1e3",
    "--1",
    "+-1",
    "_1",
    "1__0",
    "20.5",
    "1.",
    ".0",
    "1.0_0",
    "-_1",
    "0x10",
    "- 1",
    "+ 1",
    " ",
    "-",
    "+",
    "１２",
    "٣",
    "\ufeff20",
    "1-1",
  ])("should reject %j with int_parsing", (s) => {
    expect(strAsInt(s)).toEqual({ ok: false, error: "int_parsing" });
  });

  it("should give int_parsing_size above 4300 digits (pydantic 2.13.4)", () => {
    expect(strAsInt("1".repeat(4301))).toEqual({ ok: false, error: "int_parsing_size" });
    expect(strAsInt("1".repeat(4300)).ok).toBe(true);
    expect(strAsInt("0".repeat(5000))).toEqual({ ok: true, value: 0n });
  });
});

describe("strAsBool (pydantic bool from str)", () => {
  it.each(["0", "f", "F", "n", "no", "NO", "off", "false", "FALSE"])("should read %j as false", (s) => {
    expect(strAsBool(s)).toBe(false);
  });
  it.each(["1", "t", "y", "yes", "Yes", "on", "true", "TRUE", "tRuE"])("should read %j as true", (s) => {
    expect(strAsBool(s)).toBe(true);
  });
  it.each(["", "maybe", " true", "2", "\u212aS"])("should reject %j", (s) => {
    expect(strAsBool(s)).toBeNull();
  });
});

describe("strAsFloat (pydantic float from str, checked against pydantic 2.13.4)", () => {
  it.each([
    ["1.5", 1.5],
    [" 1.5 ", 1.5],
    ["1_000.5", 1000.5],
    ["inf", Number.POSITIVE_INFINITY],
    ["-Infinity", Number.NEGATIVE_INFINITY],
    [".5", 0.5],
    ["5.", 5],
    ["1e3", 1000],
    ["+1.5", 1.5],
  ])("should accept %j", (s, v) => {
    expect(strAsFloat(s)).toBe(v);
  });
  it("should accept NaN", () => {
    expect(strAsFloat("NaN")).toBeNaN();
  });
  it.each(["1__0", "abc", "", "0x10", " 1_0 ", "1.5e"])("should reject %j", (s) => {
    expect(strAsFloat(s)).toBeNull();
  });
});

describe("rustTrim", () => {
  it("should strip Unicode White_Space but not U+FEFF", () => {
    expect(rustTrim("\u0085\u00a0\u3000 x \t\n")).toBe("x");
    expect(rustTrim("\ufeffx")).toBe("\ufeffx");
  });
});
