/**
 * The few Python string operations Starlette and python-multipart apply to headers, paths and form fields, so that
 * the mock reads them the way the real service does.
 */

/** Every code point Python's `str.isspace()` (and so `strip()`) treats as whitespace. */
const PY_WHITESPACE = new Set([
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003,
  0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
]);

const isPyWhitespace = (s: string, i: number) => PY_WHITESPACE.has(s.charCodeAt(i));

/** Python's `s.strip()` (JS `trim()` differs: it keeps U+0085 and U+001C..U+001F, and strips U+FEFF). */
export function pyStrip(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && isPyWhitespace(s, start)) start++;
  while (end > start && isPyWhitespace(s, end - 1)) end--;
  return start === 0 && end === s.length ? s : s.slice(start, end);
}

export function pyLstrip(s: string): string {
  let start = 0;
  while (start < s.length && isPyWhitespace(s, start)) start++;
  return s.slice(start);
}

export function pyRstrip(s: string): string {
  let end = s.length;
  while (end > 0 && isPyWhitespace(s, end - 1)) end--;
  return s.slice(0, end);
}

/** Bytes as Python's `bytes.decode("latin-1")`: one code point per byte. */
export function latin1(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < bytes.length; i += 8192) {
    out += String.fromCharCode(...bytes.subarray(i, i + 8192));
  }
  return out;
}

/** Python's `str.encode("latin-1")` for text known to hold code points below 256 only. */
export function latin1Bytes(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i) & 0xff;
  return out;
}

const utf8Lenient = new TextDecoder("utf-8", { ignoreBOM: true });
const utf8Strict = new TextDecoder("utf-8", { ignoreBOM: true, fatal: true });

/** `bytes.decode("utf-8", "replace")`: the BOM kept, each bad sequence one U+FFFD (the same rule WHATWG uses). */
export function utf8Replace(bytes: Uint8Array): string {
  return utf8Lenient.decode(bytes);
}

/** `bytes.decode("utf-8")`, or undefined where Python raises UnicodeDecodeError. */
export function utf8OrUndefined(bytes: Uint8Array): string | undefined {
  try {
    return utf8Strict.decode(bytes);
  } catch {
    return undefined;
  }
}

const HEX = /^[0-9a-fA-F]{2}$/;

/** Percent escapes of one ASCII run to bytes, a bad escape kept as it is (`urllib.parse.unquote_to_bytes`). */
function unquoteToBytes(run: string): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < run.length; i++) {
    const code = run.charCodeAt(i);
    if (code === 0x25 && HEX.test(run.slice(i + 1, i + 3))) {
      out.push(Number.parseInt(run.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      out.push(code);
    }
  }
  return Uint8Array.from(out);
}

/**
 * `urllib.parse.unquote(s)`: percent escapes in runs of ASCII decoded as UTF-8 with errors replaced (`%ff` is
 * U+FFFD); other characters are kept. uvicorn decodes the request path with it before Starlette routes.
 */
export function pyUnquote(s: string): string {
  if (!s.includes("%")) return s;
  let out = "";
  let runStart = 0;
  for (let i = 0; i <= s.length; i++) {
    if (i < s.length && s.charCodeAt(i) <= 0x7f) continue;
    const run = s.slice(runStart, i);
    out += run.includes("%") ? utf8Replace(unquoteToBytes(run)) : run;
    if (i < s.length) out += s[i];
    runStart = i + 1;
  }
  return out;
}

/** `urllib.parse.unquote_plus(s)`: as unquote, `+` read as a space first (form-urlencoded fields). */
export function pyUnquotePlus(s: string): string {
  return pyUnquote(s.replaceAll("+", " "));
}

/** `encodings.normalize_encoding` followed by the alias lookup, for the codecs a form can name and Python knows. */
function codecOf(label: string): "utf-8" | "latin-1" | undefined {
  const name = label
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, "_")
    .replace(/^_+|_+$/g, "");
  if (["utf_8", "utf8", "u8", "utf", "utf8_ucs2", "utf8_ucs4", "cp65001"].includes(name)) return "utf-8";
  // ASCII decodes exactly the bytes Latin-1 decodes the same way, and falls back to Latin-1 for the rest.
  if (
    [
      "latin_1",
      "latin1",
      "latin",
      "l1",
      "iso_8859_1",
      "iso8859_1",
      "8859",
      "cp819",
      "ibm819",
      "iso_ir_100",
      "csisolatin1",
      "ascii",
      "us_ascii",
      "us",
      "646",
      "cp367",
      "ibm367",
      "csascii",
      "iso646_us",
      "iso_ir_6",
    ].includes(name)
  ) {
    return "latin-1";
  }
  return undefined;
}

/**
 * Starlette's `_user_safe_decode(bytes, charset)`: the form's charset, falling back to Latin-1 when the bytes do not
 * decode or Python knows no such codec. Charsets other than UTF-8, Latin-1 and ASCII read as Latin-1 here
 * (docs/decisions/fastapi-behaviour.md#deliberate-differences).
 */
export function userSafeDecode(bytes: Uint8Array, charset: string): string {
  if (codecOf(charset) === "utf-8") {
    const text = utf8OrUndefined(bytes);
    if (text !== undefined) return text;
  }
  return latin1(bytes);
}
