/**
 * Python `json.dumps(v, ensure_ascii=False, separators=(",", ":"))`, the way Starlette's JSONResponse renders
 * FastAPI's 422 body: compact, raw UTF-8 (no \u escapes except control characters), floats as Python `repr`.
 *
 * Deliberate deviation: Starlette uses `allow_nan=False`, so a NaN / Infinity echoed in `input` makes the real
 * service answer 500 text/plain. The mock must never 500, so non-finite floats are written as `null` instead.
 */

import { type PyValue, pyFloatRepr } from "./py-value.js";

/** `json.encoder.py_encode_basestring` / C `escape_unicode`: escapes `"`, `\`, and code points below 0x20. */
export function pyJsonString(s: string): string {
  let out = '"';
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x20 && c !== 0x22 && c !== 0x5c) continue;
    if (i > start) out += s.slice(start, i);
    start = i + 1;
    switch (c) {
      case 0x22:
        out += '\\"';
        break;
      case 0x5c:
        out += "\\\\";
        break;
      case 0x08:
        out += "\\b";
        break;
      case 0x0c:
        out += "\\f";
        break;
      case 0x0a:
        out += "\\n";
        break;
      case 0x0d:
        out += "\\r";
        break;
      case 0x09:
        out += "\\t";
        break;
      default:
        out += `\\u00${c.toString(16).padStart(2, "0")}`;
    }
  }
  if (start < s.length) out += s.slice(start);
  return `${out}"`;
}

/** A float as json.dumps writes it (`float.__repr__`), except non-finite values, which become `null` (see top). */
export function pyJsonFloat(x: number): string {
  if (!Number.isFinite(x)) return "null";
  return pyFloatRepr(x);
}

type Frame = { v: PyValue; i: number };

/** Python `json.dumps(v, ensure_ascii=False, separators=(",", ":"))`. Iterative, so any depth is fine. */
export function pyJsonDumps(v: PyValue): string {
  const parts: string[] = [];
  const stack: Frame[] = [];
  let cur: PyValue | null = v;
  for (;;) {
    if (cur !== null) {
      switch (cur.kind) {
        case "none":
          parts.push("null");
          break;
        case "bool":
          parts.push(cur.value ? "true" : "false");
          break;
        case "int":
          parts.push(cur.text);
          break;
        case "float":
          parts.push(pyJsonFloat(cur.value));
          break;
        case "str":
          parts.push(pyJsonString(cur.value));
          break;
        case "list":
          parts.push("[");
          stack.push({ v: cur, i: 0 });
          break;
        case "dict":
          parts.push("{");
          stack.push({ v: cur, i: 0 });
          break;
      }
      cur = null;
    }
    const top = stack[stack.length - 1];
    if (top === undefined) break;
    const c = top.v;
    if (c.kind === "list") {
      if (top.i >= c.items.length) {
        parts.push("]");
        stack.pop();
        continue;
      }
      if (top.i > 0) parts.push(",");
      cur = c.items[top.i++]!;
    } else if (c.kind === "dict") {
      if (top.i >= c.entries.length) {
        parts.push("}");
        stack.pop();
        continue;
      }
      const [k, x] = c.entries[top.i]!;
      parts.push(top.i > 0 ? `,${pyJsonString(k)}:` : `${pyJsonString(k)}:`);
      top.i++;
      cur = x;
    } else {
      stack.pop();
    }
  }
  return parts.join("");
}
