import { describe, expect, it } from "vitest";
import { datetimeFromNumber, datetimeIso, parseDatetime } from "./datetime.js";

const iso = (text: string) => {
  const p = parseDatetime(text);
  return p.ok ? datetimeIso(p) : `${p.type}: ${p.error}`;
};

// Cases from pydantic's own tests (pydantic-core tests/validators/test_datetime.py, tests/test_datetime.py).
describe("parseDatetime (pydantic lax datetime from str)", () => {
  it.each([
    ["2022-01-01", "2022-01-01T00:00:00.000Z"],
    ["2022-06-08T12:13:14", "2022-06-08T12:13:14.000Z"],
    ["2022-06-08 12:13:14Z", "2022-06-08T12:13:14.000Z"],
    ["2022-06-08t12:13", "2022-06-08T12:13:00.000Z"],
    ["2022-06-08T12:13:14+12:15", "2022-06-07T23:58:14.000Z"],
    ["2022-06-08T12:13:14-0130", "2022-06-08T13:43:14.000Z"],
    ["2022-06-08T12:13:14\u221201:30", "2022-06-08T13:43:14.000Z"],
    ["2022-06-08T12:13:14.1234567Z", "2022-06-08T12:13:14.123456Z"],
    ["2022-06-08T12:13:14,5Z", "2022-06-08T12:13:14.500Z"],
    ["1000000000000", "2001-09-09T01:46:40.000Z"],
    ["1654646400", "2022-06-08T00:00:00.000Z"],
    ["1654646400.1234568", "2022-06-08T00:00:00.123457Z"],
    ["0001-01-01T00:00:00.000000Z", "0001-01-01T00:00:00.000Z"],
  ])("should read %j as %s", (text, expected) => {
    expect(iso(text)).toBe(expected);
  });

  it.each([
    ["garbage", "input is too short"],
    ["-", "input is too short"],
    ["infinity", "input is too short"],
    ["2022-02-30", "day value is outside expected range"],
    ["2012-4-9 4:8:16", "invalid character in month"],
    ["x20120423091500", "invalid character in year"],
    ["2012-04-56T09:15:90", "day value is outside expected range"],
    ["2012-04-23T11:05:00-25:00", "unexpected extra characters at the end of the input"],
    ["2022-06-08T12:13:14+24:00", "unexpected extra characters at the end of the input"],
    ["2022-13-08", "month value is outside expected range of 1-12"],
    ["2022/06/08", "invalid date separator, expected `-`"],
    ["2022-06-0x", "invalid character in day"],
    ["99999999999999999", "dates after 9999 are not supported as unix timestamps"],
  ])("should refuse %j as datetime_from_date_parsing: %s", (text, error) => {
    expect(parseDatetime(text)).toEqual({ ok: false, type: "datetime_from_date_parsing", error });
  });

  it("should refuse year 0 as datetime_parsing", () => {
    for (const text of ["0000-12-31T23:59:59.999999Z", "0000-01-01"]) {
      expect(parseDatetime(text)).toEqual({ ok: false, type: "datetime_parsing", error: "year 0 is out of range" });
    }
  });
});

describe("datetimeFromNumber (int_as_datetime / float_as_datetime)", () => {
  it("should read seconds, milliseconds over 2e10, and refuse NaN and out-of-range numbers", () => {
    expect(datetimeFromNumber(1655205632)).toEqual({ ok: true, seconds: 1655205632, micros: 0 });
    expect(datetimeFromNumber(1655205632.331557)).toMatchObject({ ok: true, seconds: 1655205632, micros: 331557 });
    expect(datetimeFromNumber(1654646400123)).toEqual({ ok: true, seconds: 1654646400, micros: 123000 });
    expect(datetimeFromNumber(Number.NaN)).toEqual({
      ok: false,
      type: "datetime_parsing",
      error: "NaN values not permitted",
    });
    expect(datetimeFromNumber(253_402_300_800_000)).toMatchObject({
      error: "dates after 9999 are not supported as unix timestamps",
    });
    expect(datetimeFromNumber(-80_000_000_000_000)).toMatchObject({
      error: "dates before 0000 are not supported as unix timestamps",
    });
  });
});
