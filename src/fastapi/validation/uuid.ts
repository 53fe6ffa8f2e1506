/**
 * `uuid::Uuid::parse_str` (Rust uuid crate >= 1.23, bundled by pydantic >= 2.13) as pydantic's UUID validator
 * uses it: the accepted forms and, for a bad string, the crate's `Display` text that becomes `ctx.error`.
 * Algorithm: docs/decisions/fastapi-behaviour.md#uuid-error-texts (uuid crate `src/parser.rs` `try_parse`, `src/error.rs` `into_err`).
 */

import { utf8ByteLength } from "../../platform/utf8.js";

export type UuidParse = { ok: true; hex: string } | { ok: false; error: string };

const HEX = /^[0-9a-fA-F]+$/;

/** `try_parse`: 32 hex; 36 hyphenated; 38 `{hyphenated}`; 45 `urn:uuid:hyphenated` (lengths in bytes). */
function tryParse(input: string): string | null {
  const len = utf8ByteLength(input);
  let hyph: string | null = null;
  if (len === 32) return HEX.test(input) ? input.toLowerCase() : null;
  if (len === 36) hyph = input;
  else if (len === 38 && input.startsWith("{") && input.endsWith("}")) hyph = input.slice(1, -1);
  else if (len === 45 && input.startsWith("urn:uuid:")) hyph = input.slice(9);
  if (hyph === null || hyph.length !== 36) return null;
  if (hyph[8] !== "-" || hyph[13] !== "-" || hyph[18] !== "-" || hyph[23] !== "-") return null;
  const hex = hyph.slice(0, 8) + hyph.slice(9, 13) + hyph.slice(14, 18) + hyph.slice(19, 23) + hyph.slice(24);
  return HEX.test(hex) ? hex.toLowerCase() : null;
}

/** `InvalidUuid::into_err` + `Display`, per the spec's port (including the "inner 36 characters" quirk). */
function errorText(input: string): string {
  let full = input;
  // Step 0: a 38-byte braced or 45-byte urn input is diagnosed from its inner 36 characters.
  const fullBytes = utf8ByteLength(full);
  if (fullBytes === 38 && full.startsWith("{") && full.endsWith("}")) full = full.slice(1, -1);
  else if (fullBytes === 45 && full.startsWith("urn:uuid:")) full = full.slice(9);

  let s = full;
  let offset = 0;
  let simple = true;
  if (s.length >= 2 && s.startsWith("{") && s.endsWith("}")) {
    s = s.slice(1, -1);
    offset = 1;
    simple = false;
  } else if (s.startsWith("urn:uuid:")) {
    s = s.slice(9);
    offset = 9;
    simple = false;
  }
  let hyphens = 0;
  const bounds: number[] = [];
  let index = 0; // byte index; every character before the first bad one is ASCII, so it equals the char index
  for (const ch of s) {
    if (ch === "-") {
      if (hyphens < 4) bounds.push(index);
      hyphens++;
    } else if (!/^[0-9a-fA-F]$/.test(ch)) {
      return `invalid character: found \`${ch}\` at ${index + offset + 1}`;
    }
    index += 1;
  }
  if (hyphens === 0 && simple)
    return `invalid length: expected length 32 for simple format, found ${utf8ByteLength(full)}`;
  if (hyphens !== 4) return `invalid group count: expected 5, found ${hyphens + 1}`;
  const starts = [0, 9, 14, 19, 24];
  const expect = [8, 4, 4, 4, 12];
  for (let g = 0; g < 4; g++) {
    if (bounds[g] !== starts[g + 1]! - 1) {
      return `invalid group length in group ${g}: expected ${expect[g]}, found ${bounds[g]! - starts[g]!}`;
    }
  }
  return `invalid group length in group 4: expected 12, found ${utf8ByteLength(full) - 24}`;
}

/** Parses like pydantic's UUID validator; on success `hex` is the 32 lower-case hex digits. */
export function parseUuid(input: string): UuidParse {
  const hex = tryParse(input);
  if (hex !== null) return { ok: true, hex };
  return { ok: false, error: errorText(input) };
}

/** 32 hex digits -> canonical lower-case hyphenated form. */
export function hyphenate(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Version nibble of a parsed UUID (hex digit 12). */
export function uuidVersion(hex: string): number {
  return Number.parseInt(hex[12]!, 16);
}

/** RFC 4122 / 9562 variant: the top two bits of byte 8 are `10`. */
export function isRfc4122Variant(hex: string): boolean {
  const n = Number.parseInt(hex[16]!, 16);
  return n >= 8 && n <= 11;
}
