/**
 * pydantic's lax `datetime` from a string, as FastAPI reads a `datetime` query parameter (pydantic-core 2.46,
 * speedate 0.17, `microseconds_precision="truncate"`, `val_temporal_unit="infer"`):
 *
 * 1. speedate `DateTime::parse_bytes_with_config`: RFC 3339 (`YYYY-MM-DD`, `T`/`t`/space/`_`, `HH:MM[:SS[.f…]]`,
 *    then `Z`/`z` or `±HH[:]MM`); else the text as a unix timestamp (an int, or a float when the first non-digit is
 *    `.`), in seconds, or in milliseconds when its size is over 2e10.
 * 2. On failure, `datetime_from_date` (validators/datetime.rs): speedate `Date::parse_bytes_with_config` (exactly
 *    `YYYY-MM-DD`, or an int timestamp that is a whole day) gives midnight; its error, if any, is the one reported,
 *    as `datetime_from_date_parsing` with speedate's error documentation as `ctx.error`.
 * 3. A result in year 0 is `datetime_parsing`, "year 0 is out of range" (EitherDateTime::try_into_py).
 *
 * Offsets come from the text; a naive date-time is read as UTC, the mock clock's timeline.
 */

export type DatetimeParse =
  | { ok: true /** Unix seconds (an integer). */; seconds: number /** 0..999_999 */; micros: number }
  | { ok: false; type: "datetime_from_date_parsing" | "datetime_parsing"; error: string };

/** speedate `ParseError` documentation strings (what `get_documentation()` gives pydantic). */
const ERRORS = {
  TooShort: "input is too short",
  ExtraCharacters: "unexpected extra characters at the end of the input",
  InvalidCharDateSep: "invalid date separator, expected `-`",
  InvalidCharYear: "invalid character in year",
  InvalidCharMonth: "invalid character in month",
  InvalidCharDay: "invalid character in day",
  OutOfRangeMonth: "month value is outside expected range of 1-12",
  OutOfRangeDay: "day value is outside expected range",
  DateTooSmall: "dates before 0000 are not supported as unix timestamps",
  DateTooLarge: "dates after 9999 are not supported as unix timestamps",
} as const;

type Failure = { error: string };
const failure = (error: string): Failure => ({ error });

const MS_WATERSHED = 20_000_000_000;
const UNIX_0000 = -62_167_219_200;
const UNIX_0001 = -62_135_596_800;
const UNIX_9999 = 253_402_300_799;
const I64_MAX = 2n ** 63n - 1n;

const digitAt = (bytes: Uint8Array, i: number): number | null => {
  const b = bytes[i];
  return b !== undefined && b >= 0x30 && b <= 0x39 ? b - 0x30 : null;
};

/** Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

const isLeap = (year: number) => (year % 100 === 0 ? year % 400 === 0 : year % 4 === 0);

/** speedate `Date::parse_bytes_partial`: `YYYY-MM-DD` at the start, checked against the calendar. */
function datePartial(bytes: Uint8Array): { year: number; month: number; day: number } | Failure {
  if (bytes.length < 10) return failure(ERRORS.TooShort);
  let year = 0;
  for (let i = 0; i < 4; i++) {
    const d = digitAt(bytes, i);
    if (d === null) return failure(ERRORS.InvalidCharYear);
    year = year * 10 + d;
  }
  if (bytes[4] !== 0x2d) return failure(ERRORS.InvalidCharDateSep);
  const m1 = digitAt(bytes, 5);
  const m2 = digitAt(bytes, 6);
  if (m1 === null || m2 === null) return failure(ERRORS.InvalidCharMonth);
  if (bytes[7] !== 0x2d) return failure(ERRORS.InvalidCharDateSep);
  const d1 = digitAt(bytes, 8);
  const d2 = digitAt(bytes, 9);
  if (d1 === null || d2 === null) return failure(ERRORS.InvalidCharDay);
  const month = m1 * 10 + m2;
  const day = d1 * 10 + d2;
  if (month < 1 || month > 12) return failure(ERRORS.OutOfRangeMonth);
  const maxDays = month === 2 ? (isLeap(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
  if (day < 1 || day > maxDays) return failure(ERRORS.OutOfRangeDay);
  return { year, month, day };
}

/** A parsed instant; `year0` when Python's datetime would be in year 0 (its own date, before any offset). */
type Instant = { seconds: number; micros: number; year0: boolean };

/** speedate `Time::parse_bytes_offset` from byte 11: the time of day and offset, or null (its error is never shown). */
function timeAndOffset(bytes: Uint8Array): { seconds: number; micros: number; offset: number } | null {
  const at = 11;
  if (bytes.length - at < 5) return null;
  const h1 = digitAt(bytes, at);
  const h2 = digitAt(bytes, at + 1);
  const n1 = digitAt(bytes, at + 3);
  const n2 = digitAt(bytes, at + 4);
  if (h1 === null || h2 === null || bytes[at + 2] !== 0x3a || n1 === null || n2 === null) return null;
  const hour = h1 * 10 + h2;
  const minute = n1 * 10 + n2;
  if (hour > 23 || minute > 59) return null;
  let position = at + 5;
  let second = 0;
  let micros = 0;
  if (bytes[position] === 0x3a) {
    const s1 = digitAt(bytes, position + 1);
    const s2 = digitAt(bytes, position + 2);
    if (s1 === null || s2 === null || s1 * 10 + s2 > 59) return null;
    second = s1 * 10 + s2;
    position += 3;
    if (bytes[position] === 0x2e || bytes[position] === 0x2c) {
      position++;
      const first = position;
      // Digits past the sixth are truncated (microseconds_precision="truncate").
      for (let d = digitAt(bytes, position); d !== null; d = digitAt(bytes, ++position)) {
        if (position - first < 6) micros = micros * 10 + d;
      }
      const digits = position - first;
      if (digits === 0) return null;
      if (digits < 6) micros *= 10 ** (6 - digits);
    }
  }
  let offset = 0;
  const sign = bytes[position];
  if (sign !== undefined) {
    position++;
    if (sign !== 0x5a && sign !== 0x7a) {
      let negative = sign === 0x2d;
      if (sign === 0xe2) {
        // U+2212 MINUS SIGN, which ISO 8601 allows for negative offsets.
        if (bytes[position] !== 0x88 || bytes[position + 1] !== 0x92) return null;
        position += 2;
        negative = true;
      } else if (sign !== 0x2b && sign !== 0x2d) return null;
      const oh1 = digitAt(bytes, position);
      const oh2 = digitAt(bytes, position + 1);
      if (oh1 === null || oh2 === null) return null;
      position += bytes[position + 2] === 0x3a ? 3 : 2;
      const om1 = digitAt(bytes, position);
      const om2 = digitAt(bytes, position + 1);
      if (om1 === null || om2 === null || om1 >= 6) return null;
      offset = (oh1 * 10 + oh2) * 3600 + (om1 * 10 + om2) * 60;
      if (offset >= 24 * 3600) return null;
      if (negative) offset = -offset;
      position += 2;
    }
  }
  if (bytes.length > position) return null;
  return { seconds: hour * 3600 + minute * 60 + second, micros, offset };
}

/** speedate `timestamp_watershed` + `from_timestamp_calc`'s range: seconds and extra micros, or the range error. */
function fromTimestamp(timestamp: number, micros: number): Instant | Failure {
  let seconds = timestamp;
  let total = micros;
  if (Math.abs(timestamp) > MS_WATERSHED) {
    seconds = Math.trunc(timestamp / 1000);
    total += (timestamp % 1000) * 1000;
    if (total < micros) {
      seconds -= 1;
      total += 1_000_000;
    }
  }
  seconds += Math.floor(total / 1_000_000);
  total %= 1_000_000;
  if (seconds < UNIX_0000) return failure(ERRORS.DateTooSmall);
  if (seconds > UNIX_9999) return failure(ERRORS.DateTooLarge);
  return { seconds, micros: total, year0: seconds < UNIX_0001 };
}

/** speedate `int_parse_bytes`: an optional sign and ASCII digits, within i64 (as a number: exact up to 2^53). */
function intTimestamp(text: string): number | null {
  if (!/^[+-]?[0-9]+$/.test(text)) return null;
  const value = BigInt(text);
  return value > I64_MAX || -value > I64_MAX ? null : Number(value);
}

/**
 * speedate `float_parse_bytes` when the int parse stopped at a `.` (its digits before it within i64): lexical's
 * standard float grammar.
 */
function floatTimestamp(text: string): number | null {
  const whole = /^[+-]?([0-9]*)\./.exec(text);
  if (whole === null || (whole[1] !== "" && BigInt(whole[1]!) > I64_MAX)) return null;
  return /^[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/.test(text) ? Number(text) : null;
}

/** Rust `f64 as i64` (saturating, NaN -> 0). */
const asI64 = (x: number) => (Number.isNaN(x) ? 0 : Math.max(-(2 ** 63), Math.min(2 ** 63, x)));

/** speedate `DateTime::parse_bytes_with_config`, or null. */
function datetimeOf(text: string, bytes: Uint8Array): Instant | null {
  const date = datePartial(bytes);
  if (!("error" in date) && [0x54, 0x74, 0x20, 0x5f].includes(bytes[10] ?? 0)) {
    const time = timeAndOffset(bytes);
    if (time !== null) {
      const local = daysFromCivil(date.year, date.month, date.day) * 86_400 + time.seconds;
      return { seconds: local - time.offset, micros: time.micros, year0: date.year === 0 };
    }
    return null;
  }
  const int = intTimestamp(text);
  if (int !== null) {
    const instant = fromTimestamp(int, 0);
    return "error" in instant ? null : instant;
  }
  const float = floatTimestamp(text);
  if (float === null) return null;
  const normalised = Math.abs(float) > MS_WATERSHED ? float / 1000 : float;
  const seconds = Math.floor(normalised);
  const instant = fromTimestamp(asI64(seconds), Math.round((normalised - seconds) * 1_000_000));
  return "error" in instant ? null : instant;
}

/** speedate `Date::parse_bytes_with_config` (midnight UTC) after the datetime parse failed, or its error. */
function dateOf(text: string, bytes: Uint8Array): Instant | Failure {
  const date = datePartial(bytes);
  const rfc3339 = "error" in date ? date : bytes.length > 10 ? failure(ERRORS.ExtraCharacters) : date;
  if (!("error" in rfc3339)) {
    const seconds = daysFromCivil(rfc3339.year, rfc3339.month, rfc3339.day) * 86_400;
    return { seconds, micros: 0, year0: rfc3339.year === 0 };
  }
  const int = intTimestamp(text);
  // An int timestamp reaches here only out of range (the datetime path took the rest), so speedate's range error is
  // the answer; its "not an exact date" cannot arise.
  return int === null ? rfc3339 : fromTimestamp(int, 0);
}

const encoder = new TextEncoder();

function parsed(instant: Instant | Failure, type: "datetime_from_date_parsing" | "datetime_parsing"): DatetimeParse {
  if ("error" in instant) return { ok: false, type, error: instant.error };
  if (instant.year0) return { ok: false, type: "datetime_parsing", error: "year 0 is out of range" };
  return { ok: true, seconds: instant.seconds, micros: instant.micros };
}

/** A string, as pydantic's lax `datetime` reads it. */
export function parseDatetime(text: string): DatetimeParse {
  const bytes = encoder.encode(text);
  return parsed(datetimeOf(text, bytes) ?? dateOf(text, bytes), "datetime_from_date_parsing");
}

/**
 * A JSON number (`int_as_datetime` / `float_as_datetime`): a unix timestamp. A date is never tried for a number, so
 * its error stays `datetime_parsing`.
 */
export function datetimeFromNumber(value: number): DatetimeParse {
  if (Number.isNaN(value)) return { ok: false, type: "datetime_parsing", error: "NaN values not permitted" };
  if (Number.isInteger(value) && Math.abs(value) < 2 ** 63) return parsed(fromTimestamp(value, 0), "datetime_parsing");
  // speedate `from_float_with_config`: the fraction's size in micro- or milliseconds, by the watershed.
  const fraction = Math.abs(value % 1) * (Math.abs(value) <= MS_WATERSHED ? 1_000_000 : 1_000);
  return parsed(fromTimestamp(asI64(Math.floor(value)), Math.round(fraction)), "datetime_parsing");
}

/** The instant as an ISO 8601 UTC string: milliseconds, or microseconds when it has them. */
export function datetimeIso({ seconds, micros }: { seconds: number; micros: number }): string {
  const iso = new Date(seconds * 1000 + Math.floor(micros / 1000)).toISOString();
  return micros % 1000 === 0 ? iso : iso.replace(/Z$/, `${String(micros % 1000).padStart(3, "0")}Z`);
}
