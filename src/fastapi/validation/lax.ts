/**
 * pydantic-core's lax (Python-mode) string coercions, ported from `pydantic-core/src/input/shared.rs`
 * (`str_as_bool`, `str_as_int`, `clean_int_str`, `strip_leading_zeros`, `strip_underscores`, `str_as_float`)
 * and jiter's `NumberInt::try_from`.
 */

import { utf8ByteLength } from "../../platform/utf8.js";

/** Rust `char::is_whitespace` (Unicode White_Space), which `str::trim` strips. Differs from JS `trim()`. */
function isRustWhitespace(cp: number): boolean {
  return (
    (cp >= 0x09 && cp <= 0x0d) ||
    cp === 0x20 ||
    cp === 0x85 ||
    cp === 0xa0 ||
    cp === 0x1680 ||
    (cp >= 0x2000 && cp <= 0x200a) ||
    cp === 0x2028 ||
    cp === 0x2029 ||
    cp === 0x202f ||
    cp === 0x205f ||
    cp === 0x3000
  );
}

/** Rust `str::trim()`. */
export function rustTrim(s: string): string {
  let start = 0;
  let end = s.length;
  // All White_Space code points are in the BMP, so UTF-16 units are fine here.
  while (start < end && isRustWhitespace(s.charCodeAt(start))) start++;
  while (end > start && isRustWhitespace(s.charCodeAt(end - 1))) end--;
  return s.slice(start, end);
}

/** `str_as_bool`: exact `0`/`1`, or (ASCII case-insensitive) f n no off false / t y yes on true. No trimming. */
export function strAsBool(s: string): boolean | null {
  if (s === "0") return false;
  if (s === "1") return true;
  // eq_ignore_ascii_case: only ASCII letters fold (JS would also fold e.g. U+212A KELVIN SIGN to "k").
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0x7f) return null;
  const l = s.toLowerCase();
  if (l === "f" || l === "n" || l === "no" || l === "off" || l === "false") return false;
  if (l === "t" || l === "y" || l === "yes" || l === "on" || l === "true") return true;
  return null;
}

const JSON_INT = /^-?(0|[1-9][0-9]*)$/;

export type IntParse = { ok: true; value: bigint } | { ok: false; error: "int_parsing" | "int_parsing_size" };

/** jiter `NumberInt::try_from(bytes)`: a JSON integer literal and nothing else; > 4300 digits is out of range. */
function jsonInt(s: string): IntParse | null {
  if (!JSON_INT.test(s)) return null;
  const digits = s.startsWith("-") ? s.length - 1 : s.length;
  if (digits > 4300) return { ok: false, error: "int_parsing_size" };
  return { ok: true, value: BigInt(s) };
}

function stripUnderscores(s: string): string | null {
  if (s.startsWith("_") || s.endsWith("_") || !s.includes("_") || s.includes("__")) return null;
  return s.replaceAll("_", "");
}

function stripLeadingZeros(s: string): string | null {
  const first = s[0];
  if (first === undefined) return null;
  if (first !== "0") return (first >= "1" && first <= "9") || first === "-" ? s : null;
  for (let i = 1; i < s.length; i++) {
    const c = s[i]!;
    if (c === "0" || c === "_") continue;
    if ((c >= "1" && c <= "9") || c === "-") return s.slice(i);
    if (c === ".") return s.slice(i - 1);
    return null;
  }
  return s.slice(s.length - 1);
}

/** `clean_int_str`: lengths are compared in UTF-8 bytes as in Rust. */
function cleanIntStr(input: string): string | null {
  const lenBefore = utf8ByteLength(input);
  let s = rustTrim(input);
  if (s.startsWith("+")) {
    const suffix = s.slice(1);
    if (suffix.startsWith("-")) return null;
    s = suffix;
  }
  let negative = false;
  if (s.startsWith("-")) {
    const suffix = s.slice(1);
    if (suffix.startsWith("-") || suffix.startsWith("+")) return null;
    negative = true;
    s = suffix;
  }
  const stripped = stripLeadingZeros(s);
  if (stripped === null) return null;
  s = stripped;
  const dot = s.indexOf(".");
  if (dot >= 0) {
    const decimals = s.slice(dot + 1);
    if (decimals.length > 0 && /^0+$/.test(decimals)) s = s.slice(0, dot);
  }
  const noUnderscores = stripUnderscores(s);
  if (noUnderscores !== null) return negative ? `-${noUnderscores}` : noUnderscores;
  if (lenBefore === utf8ByteLength(s)) return null;
  return negative ? `-${s}` : s;
}

/**
 * `str_as_int`: a JSON int literal as is; else the cleaned form (whitespace, `+`, leading zeros, one `_` between
 * digits, a trailing `.0…`) must be one. Failure: `int_parsing` (or `int_parsing_size` above 4300 digits).
 */
export function strAsInt(s: string): IntParse {
  const direct = jsonInt(s);
  if (direct !== null) {
    if (direct.ok || direct.error === "int_parsing_size") return direct;
  }
  const cleaned = cleanIntStr(s);
  if (cleaned === null) return { ok: false, error: "int_parsing" };
  const again = jsonInt(cleaned);
  if (again === null || !again.ok) return { ok: false, error: "int_parsing" };
  return again;
}

/** Rust `f64::from_str` grammar: sign? (inf | infinity | nan | digits[.digits][e sign? digits]), case-insensitive words. */
const RUST_FLOAT = /^[+-]?(?:inf|infinity|nan|(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)$/i;

function rustParseF64(s: string): number | null {
  if (!RUST_FLOAT.test(s)) return null;
  const body = s.replace(/^[+-]/, "").toLowerCase();
  const neg = s.startsWith("-");
  if (body === "inf" || body === "infinity") return neg ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  if (body === "nan") return Number.NaN;
  // JS Number() takes "1.", ".5", "1e5" with correct rounding; it does not take a bare sign, ruled out above.
  const v = Number(s);
  return Number.isNaN(v) ? null : v;
}

/** `str_as_float`: Rust parse of the trimmed text, else of the text without single underscores (not trimmed). */
export function strAsFloat(s: string): number | null {
  const direct = rustParseF64(rustTrim(s));
  if (direct !== null) return direct;
  const stripped = stripUnderscores(s);
  if (stripped === null) return null;
  return rustParseF64(stripped);
}
