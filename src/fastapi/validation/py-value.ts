/**
 * A Python-like value model: what `json.loads` hands to pydantic inside FastAPI.
 *
 * Keeping int and float apart (and ints as exact decimal text) is what lets a 422 echo `input` exactly as
 * Python would: `1.0` stays `1.0`, `12345678901234567890` stays exact, and dict keys keep insertion order
 * even when they look like integers.
 */

import { inSentOrder } from "../../platform/key-order.js";

export type PyValue =
  | { kind: "none" }
  | { kind: "bool"; value: boolean }
  /** Python int as exact decimal text, normalised like `str(int(x))`: no `+`, no leading zeros, `-0` -> `0`. */
  | { kind: "int"; text: string }
  /** Python float; may be NaN / Infinity / -Infinity (CPython's json accepts them). */
  | { kind: "float"; value: number }
  | { kind: "str"; value: string }
  | { kind: "list"; items: PyValue[] }
  /** Python dict in insertion order. Built from JSON, a duplicate key keeps the first position and the last value. */
  | { kind: "dict"; entries: Array<[string, PyValue]> };

export const PY_NONE: PyValue = Object.freeze({ kind: "none" }) as PyValue;

export function pyStr(s: string): PyValue {
  return { kind: "str", value: s };
}

export function pyBool(b: boolean): PyValue {
  return { kind: "bool", value: b };
}

export function pyFloat(x: number): PyValue {
  return { kind: "float", value: x };
}

/** A Python int from a JS integer, a bigint or decimal text (`"+007"` -> `7`). Throws on non-integers. */
export function pyInt(n: number | bigint | string): PyValue {
  if (typeof n === "number") {
    if (!Number.isInteger(n)) throw new RangeError(`pyInt: not an integer: ${n}`);
    return { kind: "int", text: BigInt(n).toString() };
  }
  if (typeof n === "bigint") return { kind: "int", text: n.toString() };
  if (!/^[+-]?\d+$/.test(n)) throw new RangeError(`pyInt: not an integer literal: ${n}`);
  return { kind: "int", text: BigInt(n).toString() };
}

export function pyList(items: PyValue[]): PyValue {
  return { kind: "list", items };
}

/** A dict from entries; later duplicates overwrite the value but keep the first position (Python semantics). */
export function pyDict(entries: Array<[string, PyValue]>): PyValue {
  const out: Array<[string, PyValue]> = [];
  const pos = new Map<string, number>();
  for (const [k, v] of entries) {
    const at = pos.get(k);
    if (at === undefined) {
      pos.set(k, out.length);
      out.push([k, v]);
    } else {
      out[at] = [k, v];
    }
  }
  return { kind: "dict", entries: out };
}

export function isPyValue(v: unknown): v is PyValue {
  if (typeof v !== "object" || v === null) return false;
  const k = (v as { kind?: unknown }).kind;
  switch (k) {
    case "none":
      return true;
    case "bool":
      return typeof (v as { value?: unknown }).value === "boolean";
    case "int":
      return typeof (v as { text?: unknown }).text === "string";
    case "float":
      return typeof (v as { value?: unknown }).value === "number";
    case "str":
      return typeof (v as { value?: unknown }).value === "string";
    case "list":
      return Array.isArray((v as { items?: unknown }).items);
    case "dict":
      return Array.isArray((v as { entries?: unknown }).entries);
    default:
      return false;
  }
}

/** Python int text -> JS number. Exact up to 2^53; beyond that the nearest double (precision is lost). */
export function pyIntToNumber(text: string): number {
  return Number(text);
}

type Frame = { src: PyValue; out: unknown[] | Record<string, unknown>; i: number };

const keysOf = (dict: Extract<PyValue, { kind: "dict" }>): string[] => dict.entries.map(([key]) => key);

function scalarToJs(v: PyValue): unknown {
  switch (v.kind) {
    case "none":
      return null;
    case "bool":
      return v.value;
    case "int":
      return pyIntToNumber(v.text);
    case "float":
      return v.value;
    case "str":
      return v.value;
    default:
      return undefined;
  }
}

/** Sets an own data property; "__proto__" goes through defineProperty so it cannot replace the prototype. */
export function defineProp(obj: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__")
    Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
}

/**
 * Plain JS for handlers. None -> null; bool -> boolean; str -> string; float -> number (NaN / ±Infinity kept);
 * int -> number (exact up to 2^53, the nearest double beyond: we chose type stability over exactness);
 * list -> array; dict -> plain object (own data properties, so "__proto__" is safe) listing its keys in the order sent
 * (key-order.ts: JS would list integer-like keys first). Iterative: deeply nested input cannot overflow the JS stack.
 */
export function toJs(v: PyValue): unknown {
  if (v.kind !== "list" && v.kind !== "dict") return scalarToJs(v);
  const root: unknown[] | Record<string, unknown> = v.kind === "list" ? [] : {};
  const stack: Frame[] = [{ src: v, out: root, i: 0 }];
  const result = v.kind === "dict" ? inSentOrder(root as Record<string, unknown>, keysOf(v)) : root;
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    const src = top.src;
    const len = src.kind === "list" ? src.items.length : src.kind === "dict" ? src.entries.length : 0;
    if (top.i >= len) {
      stack.pop();
      continue;
    }
    const idx = top.i++;
    let child: PyValue;
    let key: string | null = null;
    if (src.kind === "list") {
      child = src.items[idx]!;
    } else if (src.kind === "dict") {
      const e = src.entries[idx]!;
      key = e[0];
      child = e[1];
    } else {
      continue;
    }
    let childOut: unknown;
    if (child.kind === "list" || child.kind === "dict") {
      const container: unknown[] | Record<string, unknown> = child.kind === "list" ? [] : {};
      // Filled as a plain object; the parent holds it keeping the order sent.
      childOut = child.kind === "dict" ? inSentOrder(container as Record<string, unknown>, keysOf(child)) : container;
      stack.push({ src: child, out: container, i: 0 });
    } else {
      childOut = scalarToJs(child);
    }
    if (key === null) (top.out as unknown[]).push(childOut);
    else defineProp(top.out as Record<string, unknown>, key, childOut);
  }
  return result;
}

/**
 * Plain JS -> PyValue (for defaults, fixtures, tests). Integral finite numbers become ints, other numbers floats;
 * bigint -> int; undefined -> None; arrays -> list; other objects -> dict of their own enumerable keys.
 */
export function fromJs(v: unknown, depth = 0): PyValue {
  if (depth > 10_000) throw new RangeError("fromJs: value nested too deeply");
  if (v === null || v === undefined) return PY_NONE;
  if (typeof v === "boolean") return pyBool(v);
  if (typeof v === "bigint") return pyInt(v);
  if (typeof v === "number") return Number.isInteger(v) ? pyInt(v) : pyFloat(v);
  if (typeof v === "string") return pyStr(v);
  if (Array.isArray(v)) return pyList(v.map((x) => fromJs(x, depth + 1)));
  if (isPyValue(v)) return v;
  if (typeof v === "object") {
    return { kind: "dict", entries: Object.entries(v).map(([k, x]) => [k, fromJs(x, depth + 1)] as [string, PyValue]) };
  }
  return pyStr(String(v));
}

// ---------------------------------------------------------------------------------------------------------------
// Python repr() / str(), used where pydantic puts a Python repr into a message (literal `expected`, union tags).

const NON_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

/** Python `repr(str)`: single quotes unless the text has `'` and no `"`; escapes as CPython's unicode_repr. */
export function pyReprStr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (ch === quote || ch === "\\") out += `\\${ch}`;
    else if (ch === "\t") out += "\\t";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (cp < 0x20 || cp === 0x7f) out += `\\x${cp.toString(16).padStart(2, "0")}`;
    else if (cp < 0x7f) out += ch;
    else if (ch !== " " && NON_PRINTABLE.test(ch)) {
      if (cp <= 0xff) out += `\\x${cp.toString(16).padStart(2, "0")}`;
      else if (cp <= 0xffff) out += `\\u${cp.toString(16).padStart(4, "0")}`;
      else out += `\\U${cp.toString(16).padStart(8, "0")}`;
    } else out += ch;
  }
  return out + quote;
}

/** Python `repr(float)` (shortest round-trip digits, exponent when the exponent is < -4 or >= 16). */
export function pyFloatRepr(x: number): string {
  if (Number.isNaN(x)) return "nan";
  if (x === Number.POSITIVE_INFINITY) return "inf";
  if (x === Number.NEGATIVE_INFINITY) return "-inf";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const sign = x < 0 ? "-" : "";
  const [mant, expStr] = Math.abs(x).toExponential().split("e") as [string, string];
  const digits = mant.replace(".", "");
  const exp10 = Number.parseInt(expStr, 10);
  const decpt = exp10 + 1; // value = 0.<digits> * 10^decpt
  if (decpt <= -4 || decpt > 16) {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const e = exp10 < 0 ? `-${String(-exp10).padStart(2, "0")}` : `+${String(exp10).padStart(2, "0")}`;
    return `${sign}${m}e${e}`;
  }
  if (decpt <= 0) return `${sign}0.${"0".repeat(-decpt)}${digits}`;
  if (decpt >= digits.length) return `${sign}${digits}${"0".repeat(decpt - digits.length)}.0`;
  return `${sign}${digits.slice(0, decpt)}.${digits.slice(decpt)}`;
}

/** Rust `format!("{}", f64)`: shortest round-trip digits, never an exponent (`1` for 1.0, `0.0001`, `inf`, `NaN`). */
export function rustFloatDisplay(x: number): string {
  if (Number.isNaN(x)) return "NaN";
  if (x === Number.POSITIVE_INFINITY) return "inf";
  if (x === Number.NEGATIVE_INFINITY) return "-inf";
  if (x === 0) return Object.is(x, -0) ? "-0" : "0";
  const sign = x < 0 ? "-" : "";
  const [mant, expStr] = Math.abs(x).toExponential().split("e") as [string, string];
  const digits = mant.replace(".", "");
  const decpt = Number.parseInt(expStr, 10) + 1;
  if (decpt <= 0) return `${sign}0.${"0".repeat(-decpt)}${digits}`;
  if (decpt >= digits.length) return `${sign}${digits}${"0".repeat(decpt - digits.length)}`;
  return `${sign}${digits.slice(0, decpt)}.${digits.slice(decpt)}`;
}

/** Python `repr(value)` for a PyValue (recursive; only used on small values such as discriminator tags). */
export function pyRepr(v: PyValue): string {
  switch (v.kind) {
    case "none":
      return "None";
    case "bool":
      return v.value ? "True" : "False";
    case "int":
      return v.text;
    case "float":
      return pyFloatRepr(v.value);
    case "str":
      return pyReprStr(v.value);
    case "list":
      return `[${v.items.map(pyRepr).join(", ")}]`;
    case "dict":
      return `{${v.entries.map(([k, x]) => `${pyReprStr(k)}: ${pyRepr(x)}`).join(", ")}}`;
  }
}

/** Python `str(value)`: like repr except that a top-level str is itself. */
export function pyStrOf(v: PyValue): string {
  return v.kind === "str" ? v.value : pyRepr(v);
}
