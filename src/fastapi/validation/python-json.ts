/**
 * `json.loads(body_bytes)` as CPython 3.12 does it (Starlette's `Request.json()`), including the exact
 * `JSONDecodeError` message and 0-based code-point position that FastAPI turns into a `json_invalid` 422.
 *
 * Ported from CPython `Lib/json/__init__.py` (`detect_encoding`, `loads`), `Lib/json/decoder.py` (`decode`,
 * `raw_decode`) and the C scanner `Modules/_json.c` (`scan_once_unicode`, `_parse_object_unicode`,
 * `_parse_array_unicode`, `scanstring_unicode`, `_match_number_unicode`), with the <=3.12 trailing-comma behaviour
 * (no "Illegal trailing comma" message).
 *
 * The parser is iterative (explicit stack), so deeply nested input cannot overflow the JS stack. CPython raises
 * RecursionError (-> FastAPI 400 "There was an error parsing the body") as soon as the scanner opens one list or dict
 * more than the interpreter's recursion budget has room for, whatever follows; we report `undecodable` there (see
 * MAX_NESTING). Other non-JSONDecodeError failures that CPython has, and that also map to
 * `undecodable`: a UnicodeDecodeError while decoding the bytes, and an int literal with more than 4300 digits
 * (ValueError from `sys.get_int_max_str_digits()`).
 */

import type { PyValue } from "./py-value.js";

export type JsonDecodeResult =
  | { kind: "ok"; value: PyValue }
  | { kind: "json_invalid"; msg: string; pos: number }
  | { kind: "undecodable" };

/**
 * The deepest a body's lists and dicts may nest (the body itself is level 1) before the answer is `undecodable`.
 * CPython's scanner counts each one against the recursion limit (1000), shared with the Python frames under
 * `json.loads`: FastAPI 0.142 with Starlette's CORSMiddleware on CPython 3.11 parses 963 levels and answers 400 from
 * 964, an unclosed body too (recorded: contract-tests/oracle/fastapi-depth.json).
 */
export const MAX_NESTING = 963;
/** CPython's default `sys.get_int_max_str_digits()`. */
const INT_MAX_STR_DIGITS = 4300;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

class DecodeFailure extends Error {
  override readonly name = "DecodeFailure";
}

// ---------------------------------------------------------------------------------------------------------------
// bytes -> code points (json.detect_encoding + bytes.decode(encoding, "surrogatepass"))

function decodeUtf8(b: Uint8Array, start: number): Uint32Array {
  const out = new Uint32Array(b.length - start);
  let n = 0;
  let i = start;
  const len = b.length;
  const cont = (j: number): number => {
    if (j >= len) throw new DecodeFailure("truncated");
    const c = b[j]!;
    if ((c & 0xc0) !== 0x80) throw new DecodeFailure("bad continuation");
    return c & 0x3f;
  };
  while (i < len) {
    const c = b[i]!;
    if (c < 0x80) {
      out[n++] = c;
      i += 1;
    } else if (c >= 0xc2 && c <= 0xdf) {
      out[n++] = ((c & 0x1f) << 6) | cont(i + 1);
      i += 2;
    } else if (c >= 0xe0 && c <= 0xef) {
      if (i + 1 >= len) throw new DecodeFailure("truncated");
      const c1 = b[i + 1]!;
      // Overlongs are rejected; surrogates (ED A0..BF) are let through: Python decodes with "surrogatepass".
      if (c === 0xe0 && (c1 < 0xa0 || c1 > 0xbf)) throw new DecodeFailure("overlong");
      out[n++] = ((c & 0x0f) << 12) | (cont(i + 1) << 6) | cont(i + 2);
      i += 3;
    } else if (c >= 0xf0 && c <= 0xf4) {
      if (i + 1 >= len) throw new DecodeFailure("truncated");
      const c1 = b[i + 1]!;
      if (c === 0xf0 && (c1 < 0x90 || c1 > 0xbf)) throw new DecodeFailure("overlong");
      if (c === 0xf4 && (c1 < 0x80 || c1 > 0x8f)) throw new DecodeFailure("out of range");
      out[n++] = ((c & 0x07) << 18) | (cont(i + 1) << 12) | (cont(i + 2) << 6) | cont(i + 3);
      i += 4;
    } else {
      throw new DecodeFailure("invalid start byte");
    }
  }
  return out.subarray(0, n);
}

function decodeUtf16(b: Uint8Array, start: number, littleEndian: boolean): Uint32Array {
  if ((b.length - start) % 2 !== 0) throw new DecodeFailure("truncated data");
  const units = (b.length - start) / 2;
  const out = new Uint32Array(units);
  let n = 0;
  const unit = (k: number): number => {
    const p = start + 2 * k;
    return littleEndian ? b[p]! | (b[p + 1]! << 8) : (b[p]! << 8) | b[p + 1]!;
  };
  for (let k = 0; k < units; k++) {
    const u = unit(k);
    if (u >= 0xd800 && u <= 0xdbff && k + 1 < units) {
      const u2 = unit(k + 1);
      if (u2 >= 0xdc00 && u2 <= 0xdfff) {
        out[n++] = 0x10000 + ((u - 0xd800) << 10) + (u2 - 0xdc00);
        k++;
        continue;
      }
    }
    out[n++] = u; // lone surrogates pass ("surrogatepass")
  }
  return out.subarray(0, n);
}

function decodeUtf32(b: Uint8Array, start: number, littleEndian: boolean): Uint32Array {
  if ((b.length - start) % 4 !== 0) throw new DecodeFailure("truncated data");
  const count = (b.length - start) / 4;
  const out = new Uint32Array(count);
  for (let k = 0; k < count; k++) {
    const p = start + 4 * k;
    const cp = littleEndian
      ? (b[p]! | (b[p + 1]! << 8) | (b[p + 2]! << 16) | (b[p + 3]! << 24)) >>> 0
      : ((b[p]! << 24) | (b[p + 1]! << 16) | (b[p + 2]! << 8) | b[p + 3]!) >>> 0;
    if (cp > 0x10ffff) throw new DecodeFailure("code point not in range");
    out[k] = cp;
  }
  return out;
}

/** `json.detect_encoding(b)` followed by `b.decode(enc, "surrogatepass")`. */
export function decodeBodyText(b: Uint8Array): Uint32Array {
  const at = (i: number): number => b[i] ?? -1;
  // BOMs: utf-32 (checked first: FF FE 00 00 also starts with the utf-16 LE BOM), utf-16, utf-8-sig.
  if (at(0) === 0x00 && at(1) === 0x00 && at(2) === 0xfe && at(3) === 0xff) return decodeUtf32(b, 4, false);
  if (at(0) === 0xff && at(1) === 0xfe && at(2) === 0x00 && at(3) === 0x00) return decodeUtf32(b, 4, true);
  if (at(0) === 0xfe && at(1) === 0xff) return decodeUtf16(b, 2, false);
  if (at(0) === 0xff && at(1) === 0xfe) return decodeUtf16(b, 2, true);
  if (at(0) === 0xef && at(1) === 0xbb && at(2) === 0xbf) return decodeUtf8(b, 3);
  if (b.length >= 4) {
    if (at(0) === 0) return at(1) !== 0 ? decodeUtf16(b, 0, false) : decodeUtf32(b, 0, false);
    if (at(1) === 0) return at(2) !== 0 || at(3) !== 0 ? decodeUtf16(b, 0, true) : decodeUtf32(b, 0, true);
  } else if (b.length === 2) {
    if (at(0) === 0) return decodeUtf16(b, 0, false);
    if (at(1) === 0) return decodeUtf16(b, 0, true);
  }
  return decodeUtf8(b, 0);
}

// ---------------------------------------------------------------------------------------------------------------
// The scanner

class JsonError extends Error {
  override readonly name = "JsonError";
  constructor(
    readonly jsonMsg: string,
    readonly pos: number,
  ) {
    super(jsonMsg);
  }
}

function isWs(c: number | undefined): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

function cpsToString(cps: Uint32Array, from: number, to: number): string {
  let s = "";
  const CHUNK = 8192;
  for (let i = from; i < to; i += CHUNK) {
    s += String.fromCodePoint(...cps.subarray(i, Math.min(to, i + CHUNK)));
  }
  return s;
}

function hexVal(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x61 && c <= 0x66) return c - 0x61 + 10;
  if (c >= 0x41 && c <= 0x46) return c - 0x41 + 10;
  return -1;
}

/** `scanstring_unicode(s, end, strict=True)`: `end` is the index after the opening quote. Returns [str, next]. */
function scanString(s: Uint32Array, end: number): [string, number] {
  const len = s.length;
  const begin = end - 1;
  const parts: string[] = [];
  for (;;) {
    let next = end;
    let c = 0;
    for (; next < len; next++) {
      c = s[next]!;
      if (c === QUOTE || c === BACKSLASH) break;
      if (c <= 0x1f) throw new JsonError("Invalid control character at", next);
    }
    if (next >= len) throw new JsonError("Unterminated string starting at", begin);
    if (next !== end) parts.push(cpsToString(s, end, next));
    next++;
    if (c === QUOTE) {
      end = next;
      break;
    }
    if (next === len) throw new JsonError("Unterminated string starting at", begin);
    c = s[next]!;
    if (c !== 0x75 /* u */) {
      end = next + 1;
      let ch: string | null;
      switch (c) {
        case QUOTE:
          ch = '"';
          break;
        case BACKSLASH:
          ch = "\\";
          break;
        case 0x2f:
          ch = "/";
          break;
        case 0x62:
          ch = "\b";
          break;
        case 0x66:
          ch = "\f";
          break;
        case 0x6e:
          ch = "\n";
          break;
        case 0x72:
          ch = "\r";
          break;
        case 0x74:
          ch = "\t";
          break;
        default:
          ch = null;
      }
      if (ch === null) throw new JsonError("Invalid \\escape", end - 2);
      parts.push(ch);
    } else {
      let cp = 0;
      next++;
      end = next + 4;
      if (end >= len) throw new JsonError("Invalid \\uXXXX escape", next - 1);
      for (; next < end; next++) {
        const d = hexVal(s[next]!);
        if (d < 0) throw new JsonError("Invalid \\uXXXX escape", end - 5);
        cp = (cp << 4) | d;
      }
      // Surrogate pair: C evaluates `s[next++] == '\\' && s[next++] == 'u'` only when the first two hold.
      if (cp >= 0xd800 && cp <= 0xdbff && end + 6 < len && s[next] === BACKSLASH && s[next + 1] === 0x75) {
        next += 2;
        let c2 = 0;
        end += 6;
        for (; next < end; next++) {
          const d = hexVal(s[next]!);
          if (d < 0) throw new JsonError("Invalid \\uXXXX escape", end - 5);
          c2 = (c2 << 4) | d;
        }
        if (c2 >= 0xdc00 && c2 <= 0xdfff) cp = 0x10000 + ((cp - 0xd800) << 10) + (c2 - 0xdc00);
        else end -= 6;
      }
      parts.push(String.fromCodePoint(cp));
    }
  }
  return [parts.join(""), end];
}

const LIT_NULL = [0x6e, 0x75, 0x6c, 0x6c];
const LIT_TRUE = [0x74, 0x72, 0x75, 0x65];
const LIT_FALSE = [0x66, 0x61, 0x6c, 0x73, 0x65];
const LIT_NAN = [0x4e, 0x61, 0x4e];
const LIT_INF = [0x49, 0x6e, 0x66, 0x69, 0x6e, 0x69, 0x74, 0x79];
const LIT_NEG_INF = [0x2d, 0x49, 0x6e, 0x66, 0x69, 0x6e, 0x69, 0x74, 0x79];

function matchLit(s: Uint32Array, idx: number, lit: number[]): boolean {
  // C: `(idx + k < length)` with k = len(lit) - 1, then compares each character.
  if (idx + lit.length - 1 >= s.length) return false;
  for (let k = 1; k < lit.length; k++) if (s[idx + k] !== lit[k]) return false;
  return true;
}

const isDigit = (c: number | undefined): boolean => c !== undefined && c >= 0x30 && c <= 0x39;

/** `_match_number_unicode`. Returns null where C raises StopIteration (-> "Expecting value" at `start`). */
function matchNumber(s: Uint32Array, start: number): [PyValue, number] | null {
  const endIdx = s.length - 1;
  let idx = start;
  let isFloat = false;
  if (s[idx] === 0x2d) {
    idx++;
    if (idx > endIdx) return null;
  }
  const c0 = s[idx]!;
  if (c0 >= 0x31 && c0 <= 0x39) {
    idx++;
    while (idx <= endIdx && isDigit(s[idx])) idx++;
  } else if (c0 === 0x30) {
    idx++;
  } else {
    return null;
  }
  if (idx < endIdx && s[idx] === 0x2e && isDigit(s[idx + 1])) {
    isFloat = true;
    idx += 2;
    while (idx <= endIdx && isDigit(s[idx])) idx++;
  }
  if (idx < endIdx && (s[idx] === 0x65 || s[idx] === 0x45)) {
    const eStart = idx;
    idx++;
    if (idx < endIdx && (s[idx] === 0x2d || s[idx] === 0x2b)) idx++;
    while (idx <= endIdx && isDigit(s[idx])) idx++;
    if (isDigit(s[idx - 1])) isFloat = true;
    else idx = eStart;
  }
  const text = cpsToString(s, start, idx);
  if (isFloat) return [{ kind: "float", value: Number.parseFloat(text) }, idx];
  const negative = text.startsWith("-");
  const digits = negative ? text.slice(1) : text;
  if (digits.length > INT_MAX_STR_DIGITS) throw new DecodeFailure("int too large to convert");
  return [{ kind: "int", text: negative && digits === "0" ? "0" : text }, idx];
}

type Frame =
  | { kind: "list"; items: PyValue[] }
  | { kind: "dict"; entries: Array<[string, PyValue]>; index: Map<string, number>; key: string };

function setItem(f: Extract<Frame, { kind: "dict" }>, key: string, value: PyValue): void {
  const at = f.index.get(key);
  if (at === undefined) {
    f.index.set(key, f.entries.length);
    f.entries.push([key, value]);
  } else {
    f.entries[at] = [key, value];
  }
}

/** Parses the decoded text like `JSONDecoder.decode`; throws JsonError / DecodeFailure. */
function parse(s: Uint32Array): PyValue {
  const len = s.length;
  const skipWs = (i: number): number => {
    while (i < len && isWs(s[i])) i++;
    return i;
  };
  const stack: Frame[] = [];
  let i = skipWs(0);

  /** After `{`+ws or `,`+ws inside an object: read `"key"` ws `:` ws; returns the index of the value. */
  const readKey = (at: number): [string, number] => {
    if (at >= len || s[at] !== QUOTE) throw new JsonError("Expecting property name enclosed in double quotes", at);
    const [key, afterKey] = scanString(s, at + 1);
    let j = skipWs(afterKey);
    if (j >= len || s[j] !== 0x3a) throw new JsonError("Expecting ':' delimiter", j);
    j = skipWs(j + 1);
    return [key, j];
  };

  for (;;) {
    // --- scan_once_unicode at i: produce `value` (or open a container and continue) ---
    let value: PyValue;
    if (i >= len) throw new JsonError("Expecting value", i);
    const c = s[i]!;
    if (c === QUOTE) {
      const [str, next] = scanString(s, i + 1);
      value = { kind: "str", value: str };
      i = next;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (stack.length >= MAX_NESTING) throw new DecodeFailure("maximum recursion depth exceeded");
      const j = skipWs(i + 1);
      if (c === 0x7b) {
        if (j < len && s[j] === 0x7d) {
          value = { kind: "dict", entries: [] };
          i = j + 1;
        } else {
          const [key, vi] = readKey(j);
          stack.push({ kind: "dict", entries: [], index: new Map(), key });
          i = vi;
          continue;
        }
      } else if (j < len && s[j] === 0x5d) {
        value = { kind: "list", items: [] };
        i = j + 1;
      } else {
        stack.push({ kind: "list", items: [] });
        i = j;
        continue;
      }
    } else if (c === 0x6e && matchLit(s, i, LIT_NULL)) {
      value = { kind: "none" };
      i += 4;
    } else if (c === 0x74 && matchLit(s, i, LIT_TRUE)) {
      value = { kind: "bool", value: true };
      i += 4;
    } else if (c === 0x66 && matchLit(s, i, LIT_FALSE)) {
      value = { kind: "bool", value: false };
      i += 5;
    } else if (c === 0x4e && matchLit(s, i, LIT_NAN)) {
      value = { kind: "float", value: Number.NaN };
      i += 3;
    } else if (c === 0x49 && matchLit(s, i, LIT_INF)) {
      value = { kind: "float", value: Number.POSITIVE_INFINITY };
      i += 8;
    } else if (c === 0x2d && matchLit(s, i, LIT_NEG_INF)) {
      value = { kind: "float", value: Number.NEGATIVE_INFINITY };
      i += 9;
    } else {
      const num = matchNumber(s, i);
      if (num === null) throw new JsonError("Expecting value", i);
      [value, i] = num;
    }

    // --- attach `value` to the enclosing containers, closing as many as possible ---
    for (;;) {
      const top = stack[stack.length - 1];
      if (top === undefined) {
        // JSONDecoder.decode: skip trailing whitespace; anything left is "Extra data".
        const end = skipWs(i);
        if (end !== len) throw new JsonError("Extra data", end);
        return value;
      }
      if (top.kind === "list") top.items.push(value);
      else setItem(top, top.key, value);
      i = skipWs(i);
      const closer = top.kind === "list" ? 0x5d : 0x7d;
      if (i < len && s[i] === closer) {
        stack.pop();
        value = top.kind === "list" ? { kind: "list", items: top.items } : { kind: "dict", entries: top.entries };
        i += 1;
        continue;
      }
      if (i >= len || s[i] !== 0x2c) throw new JsonError("Expecting ',' delimiter", i);
      i = skipWs(i + 1);
      // CPython <= 3.12: no trailing-comma check; a `]` here fails as "Expecting value", a `}` as
      // "Expecting property name enclosed in double quotes", both at the closer.
      if (top.kind === "dict") {
        const [key, vi] = readKey(i);
        top.key = key;
        i = vi;
      }
      break;
    }
  }
}

/**
 * Emulates `json.loads(body)` on CPython 3.12 for a request body. Callers should treat a zero-length body as
 * "no body" before calling (FastAPI never parses empty bodies); given one, this returns "Expecting value" at 0.
 */
export function decodeJsonBody(bytes: Uint8Array): JsonDecodeResult {
  let text: Uint32Array;
  try {
    text = decodeBodyText(bytes);
  } catch (e) {
    if (e instanceof DecodeFailure) return { kind: "undecodable" };
    throw e;
  }
  try {
    return { kind: "ok", value: parse(text) };
  } catch (e) {
    if (e instanceof JsonError) return { kind: "json_invalid", msg: e.jsonMsg, pos: e.pos };
    if (e instanceof DecodeFailure) return { kind: "undecodable" };
    throw e;
  }
}
