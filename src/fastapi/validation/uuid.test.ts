import { describe, expect, it } from "vitest";
import { hyphenate, parseUuid } from "./uuid.js";

const U = "3fa85f64-5717-4562-b3fc-2c963f66afa6";
const errorOf = (s: string): string => {
  const r = parseUuid(s);
  if (r.ok) throw new Error(`${s} parsed`);
  return r.error;
};

describe("parseUuid: accepted forms (docs/decisions/fastapi-behaviour.md#uuid-forms)", () => {
  it.each([U, U.toUpperCase(), U.replaceAll("-", ""), `{${U}}`, `urn:uuid:${U}`])("should accept %s", (s) => {
    const r = parseUuid(s);
    expect(r.ok && hyphenate(r.hex)).toBe(U);
  });

  it("should accept the nil UUID", () => {
    const r = parseUuid("00000000-0000-0000-0000-000000000000");
    expect(r.ok).toBe(true);
  });
});

describe("parseUuid: error text (uuid crate >= 1.23)", () => {
  // The verified table of docs/decisions/fastapi-behaviour.md#uuid-error-texts.
  it.each([
    ["not-a-uuid", "invalid character: found `n` at 1"],
    ["123", "invalid length: expected length 32 for simple format, found 3"],
    ["", "invalid length: expected length 32 for simple format, found 0"],
    ["a".repeat(33), "invalid length: expected length 32 for simple format, found 33"],
    [U.slice(0, -1), "invalid group length in group 4: expected 12, found 11"],
    [`3fa85f6-45717-4562-b3fc-2c963f66afa6`, "invalid group length in group 0: expected 8, found 7"],
    [`${U}-`, "invalid group count: expected 5, found 6"],
    [`{${U.replaceAll("-", "")}}`, "invalid group count: expected 5, found 1"],
    ["urn:uuid:zz", "invalid character: found `z` at 10"],
    ["{zz}", "invalid character: found `z` at 2"],
    [`URN:UUID:${U}`, "invalid character: found `U` at 1"],
    // The quirks the spec lists as verified.
    [`{${U}a}`, "invalid group length in group 4: expected 12, found 15"],
    [`urn:uuid:${U}ab`, "invalid group length in group 4: expected 12, found 23"],
    [`{${U}`, "invalid character: found `{` at 1"],
  ])("should explain %j as %j", (s, msg) => {
    expect(errorOf(s)).toBe(msg);
  });

  // Checked against pydantic 2.13.4 (pydantic-core 2.46.4): a 38-byte braced or 45-byte urn input is
  // diagnosed from its inner 36 characters (step 0 of the spec's algorithm).
  it.each([
    [`{${U.slice(0, -1)}Z}`, "invalid character: found `Z` at 36"],
    [`urn:uuid:${U.slice(0, -1)}Z`, "invalid character: found `Z` at 36"],
    [`{${"a".repeat(36)}}`, "invalid length: expected length 32 for simple format, found 36"],
    [`{aaaaaaaa-${"a".repeat(27)}}`, "invalid group count: expected 5, found 2"],
    [`{${U.slice(0, -2)}é}`, "invalid character: found `é` at 35"],
    ["ééé", "invalid character: found `é` at 1"],
    [`${"a".repeat(31)}é`, "invalid character: found `é` at 32"],
    [` ${U}`, "invalid character: found ` ` at 1"],
  ])("should explain %j as %j (inner-36 quirk and non-ASCII)", (s, msg) => {
    expect(errorOf(s)).toBe(msg);
  });
});
