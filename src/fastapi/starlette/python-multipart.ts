/**
 * A port of python-multipart 0.0.32 (`python_multipart/multipart.py`), the parser Starlette reads forms with:
 * `parse_options_header`, the streaming `MultipartParser` and the `QuerystringParser`. The state machines are kept
 * statement for statement (names included) so that every body, well-formed or not, and however it is split into
 * chunks, is read exactly as the real service reads it. Only the callbacks Starlette registers are kept.
 */
import { pyLstrip, pyRstrip, pyStrip } from "./python-text.js";

/** python-multipart's FormParserError family: Starlette answers any of them with "Invalid multipart data." */
export class FormParserError extends Error {
  override readonly name = "FormParserError";
}

// ---------------------------------------------------------------------------------------------------------------------
// parse_options_header

/** `str.count(sub, start, end)` with Python's index normalisation (negative from the end, clamped, empty if crossed). */
function pyCount(s: string, sub: string, start: number, end: number): number {
  const norm = (i: number) => (i < 0 ? Math.max(0, i + s.length) : Math.min(i, s.length));
  const from = norm(start);
  const to = norm(end);
  let count = 0;
  for (let i = s.indexOf(sub, from); i !== -1 && i + sub.length <= to; i = s.indexOf(sub, i + sub.length)) count++;
  return count;
}

/** `str.find(sub, start, end)`. */
function pyFind(s: string, sub: string, start: number, end = s.length): number {
  const at = s.indexOf(sub, Math.max(0, start));
  return at !== -1 && at + sub.length <= end ? at : -1;
}

/** python-multipart's vendored `_parseparam`: `;`-separated parts, a `;` inside quotes not a separator. */
function parseParams(value: string): string[] {
  const s = `;${value}`;
  const plist: string[] = [];
  let start = 0;
  while (pyFind(s, ";", start) === start) {
    start += 1;
    let end = pyFind(s, ";", start);
    let ind = start;
    let diff = 0;
    while (end > 0) {
      diff += pyCount(s, '"', ind, end) - pyCount(s, '\\"', ind, end);
      if (diff % 2 === 0) break;
      [end, ind] = [ind, pyFind(s, ";", end + 1)];
    }
    if (end < 0) end = s.length;
    const i = pyFind(s, "=", start, end);
    const f =
      i === -1 ? s.slice(start, end) : `${pyRstrip(s.slice(start, i)).toLowerCase()}=${pyLstrip(s.slice(i + 1, end))}`;
    plist.push(pyStrip(f));
    start = end;
  }
  return plist;
}

/**
 * `parse_options_header(value)` -> (type, options), with values as Latin-1 strings standing for bytes. Note the
 * quirk the real service has: the type is lower-cased only when there are no parameters, so
 * `Multipart/Form-Data; boundary=x` is not `multipart/form-data`.
 */
export function parseOptionsHeader(value: string | undefined): { type: string; options: Map<string, string> } {
  const options = new Map<string, string>();
  if (!value) return { type: "", options };
  if (!value.includes(";")) return { type: pyStrip(value.toLowerCase()), options };
  const [type = "", ...segments] = parseParams(value);
  for (const segment of segments) {
    const eq = segment.indexOf("=");
    const key = eq === -1 ? segment : segment.slice(0, eq);
    let val = eq === -1 ? "" : segment.slice(eq + 1);
    // RFC 7578 forbids the extended `key*=` syntax in forms: the plain key stays authoritative.
    if (key.includes("*")) continue;
    if (val.length >= 2 && val[0] === '"' && val[val.length - 1] === '"') {
      val = val.slice(1, -1).replaceAll("\\\\", "\\").replaceAll('\\"', '"');
    }
    // IE6 sent the whole path of the file.
    if (key === "filename" && (val.slice(1, 3) === ":\\" || val.slice(0, 2) === "\\\\")) {
      val = val.split("\\").at(-1) ?? "";
    }
    options.set(key, val);
  }
  return { type, options };
}

// ---------------------------------------------------------------------------------------------------------------------
// MultipartParser

export interface MultipartCallbacks {
  onPartBegin(): void;
  onPartData(data: Uint8Array, start: number, end: number): void;
  onPartEnd(): void;
  onHeaderField(data: Uint8Array, start: number, end: number): void;
  onHeaderValue(data: Uint8Array, start: number, end: number): void;
  onHeaderEnd(): void;
  onHeadersFinished(): void;
  onEnd(): void;
}

enum State {
  START,
  START_BOUNDARY,
  HEADER_FIELD_START,
  HEADER_FIELD,
  HEADER_VALUE_START,
  HEADER_VALUE,
  HEADER_VALUE_ALMOST_DONE,
  HEADERS_ALMOST_DONE,
  PART_DATA_START,
  PART_DATA,
  PART_DATA_END,
  END_BOUNDARY,
  END,
}

const FLAG_PART_BOUNDARY = 1;
const FLAG_LAST_BOUNDARY = 2;
const CR = 13;
const LF = 10;
const COLON = 58;
const SPACE = 32;
const HYPHEN = 45;

const TOKEN_CHARS = new Uint8Array(256);
for (const ch of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#$%&'*+-.^_`|~") {
  TOKEN_CHARS[ch.charCodeAt(0)] = 1;
}

const DEFAULT_MAX_HEADER_COUNT = 8;
const DEFAULT_MAX_HEADER_SIZE = 4096 + 128;
const MAX_BOUNDARY_LENGTH = 256;

type DataCallback = "header_field" | "header_value" | "part_data";

function indexOfBytes(data: Uint8Array, needle: Uint8Array, from: number, to: number): number {
  const first = needle[0] as number;
  const last = to - needle.length;
  for (let i = data.indexOf(first, from); i !== -1 && i <= last; i = data.indexOf(first, i + 1)) {
    let j = 1;
    while (j < needle.length && data[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
  }
  return -1;
}

function lastIndexOfByte(data: Uint8Array, byte: number, from: number, to: number): number {
  for (let i = to - 1; i >= from; i--) if (data[i] === byte) return i;
  return -1;
}

function startsWith(haystack: Uint8Array, data: Uint8Array, start: number, end: number): boolean {
  if (end - start > haystack.length) return false;
  for (let i = start; i < end; i++) if (data[i] !== haystack[i - start]) return false;
  return true;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

export class MultipartParser {
  private state = State.START;
  private index = 0;
  private flags = 0;
  private currentHeaderCount = 0;
  private currentHeaderSize = 0;
  private readonly marks = new Map<DataCallback, number>();
  private readonly boundary: Uint8Array;

  constructor(
    boundary: Uint8Array,
    private readonly callbacks: MultipartCallbacks,
  ) {
    if (boundary.length > MAX_BOUNDARY_LENGTH) {
      throw new FormParserError(`Boundary length ${boundary.length} exceeds maximum of ${MAX_BOUNDARY_LENGTH}`);
    }
    this.boundary = concat(Uint8Array.of(CR, LF, HYPHEN, HYPHEN), boundary);
  }

  private dataCallback(name: DataCallback, data: Uint8Array, start: number, end: number) {
    if (start === end) return;
    if (name === "header_field") this.callbacks.onHeaderField(data, start, end);
    else if (name === "header_value") this.callbacks.onHeaderValue(data, start, end);
    else this.callbacks.onPartData(data, start, end);
  }

  write(data: Uint8Array): void {
    const length = data.length;
    const boundary = this.boundary;
    const boundaryLength = boundary.length;
    const marks = this.marks;
    const callbacks = this.callbacks;
    const entryFlags = this.flags;
    let state = this.state;
    let index = this.index;
    let flags = this.flags;
    let currentHeaderCount = this.currentHeaderCount;
    let currentHeaderSize = this.currentHeaderSize;
    let i = 0;

    const advanceHeaderSize = (amount = 1) => {
      currentHeaderSize += amount;
      if (currentHeaderSize > DEFAULT_MAX_HEADER_SIZE) throw new FormParserError("Maximum header size exceeded");
    };

    const emit = (name: DataCallback, endI: number, remaining = false) => {
      const markedIndex = marks.get(name);
      if (markedIndex === undefined) return;
      if (endI <= markedIndex) {
        // Nothing more to send.
      } else if (markedIndex >= 0) {
        this.dataCallback(name, data, markedIndex, endI);
      } else {
        // Part of the data is a partial boundary match carried over from the previous chunk.
        const lookbehindLength = -markedIndex;
        if (lookbehindLength <= boundaryLength) {
          this.dataCallback(name, boundary, 0, lookbehindLength);
        } else if (entryFlags & FLAG_PART_BOUNDARY) {
          this.dataCallback(name, concat(boundary, Uint8Array.of(CR, LF)), 0, lookbehindLength);
        } else if (entryFlags & FLAG_LAST_BOUNDARY) {
          this.dataCallback(name, concat(boundary, Uint8Array.of(HYPHEN, HYPHEN, CR, LF)), 0, lookbehindLength);
        }
        if (endI > 0) this.dataCallback(name, data, 0, endI);
      }
      if (remaining) marks.set(name, endI - length);
      else marks.delete(name);
    };

    while (i < length) {
      let c = data[i] as number;

      if (state === State.START) {
        // Skip leading newlines.
        if (c === CR || c === LF) {
          i = data.indexOf(HYPHEN, i);
          if (i === -1) {
            i = length;
            break;
          }
          continue;
        }
        index = 0;
        state = State.START_BOUNDARY;
        i -= 1;
      } else if (state === State.START_BOUNDARY) {
        if (index === boundaryLength - 2) {
          if (c === HYPHEN) state = State.END_BOUNDARY;
          else if (c !== CR) throw new FormParserError(`Did not find CR at end of boundary (${i})`);
          index += 1;
        } else if (index === boundaryLength - 1) {
          if (c !== LF) throw new FormParserError(`Did not find LF at end of boundary (${i})`);
          index = 0;
          callbacks.onPartBegin();
          currentHeaderCount = 0;
          currentHeaderSize = 0;
          state = State.HEADER_FIELD_START;
        } else {
          if (c !== boundary[index + 2]) throw new FormParserError(`Expected boundary character at index ${index + 2}`);
          index += 1;
        }
      } else if (state === State.HEADER_FIELD_START) {
        index = 0;
        if (c !== CR) {
          currentHeaderCount += 1;
          if (currentHeaderCount > DEFAULT_MAX_HEADER_COUNT) throw new FormParserError("Maximum header count exceeded");
          currentHeaderSize = 0;
        }
        marks.set("header_field", i);
        state = State.HEADER_FIELD;
        i -= 1;
      } else if (state === State.HEADER_FIELD) {
        if (c === CR && index === 0) {
          marks.delete("header_field");
          state = State.HEADERS_ALMOST_DONE;
          i += 1;
          continue;
        }
        const colonAt = data.indexOf(COLON, i);
        const colon = colonAt !== -1 && colonAt < length ? colonAt : -1;
        const end = colon !== -1 ? colon : length;
        advanceHeaderSize(colon === -1 ? end - i : end - i + 1);
        for (let k = i; k < end; k++) {
          if (!TOKEN_CHARS[data[k] as number]) throw new FormParserError(`Found invalid character in header at ${k}`);
        }
        index += end - i;
        if (colon === -1) {
          i = length;
        } else {
          if (index === 0) throw new FormParserError(`Found 0-length header at ${i}`);
          i = colon;
          emit("header_field", i);
          state = State.HEADER_VALUE_START;
        }
      } else if (state === State.HEADER_VALUE_START) {
        if (c === SPACE) {
          advanceHeaderSize();
          i += 1;
          continue;
        }
        marks.set("header_value", i);
        state = State.HEADER_VALUE;
        i -= 1;
      } else if (state === State.HEADER_VALUE) {
        const crAt = data.indexOf(CR, i);
        const cr = crAt !== -1 && crAt < length ? crAt : -1;
        const end = cr !== -1 ? cr : length;
        advanceHeaderSize(end - i);
        if (cr !== -1) {
          i = cr;
          emit("header_value", i);
          callbacks.onHeaderEnd();
          currentHeaderSize = 0;
          state = State.HEADER_VALUE_ALMOST_DONE;
        } else {
          i = length;
        }
      } else if (state === State.HEADER_VALUE_ALMOST_DONE) {
        if (c !== LF) throw new FormParserError("Did not find LF character at end of header");
        state = State.HEADER_FIELD_START;
      } else if (state === State.HEADERS_ALMOST_DONE) {
        if (c !== LF) throw new FormParserError("Did not find LF at end of headers");
        callbacks.onHeadersFinished();
        state = State.PART_DATA_START;
      } else if (state === State.PART_DATA_START) {
        marks.set("part_data", i);
        state = State.PART_DATA;
        i -= 1;
      } else if (state === State.PART_DATA) {
        let prevIndex = index;
        if (index === 0) {
          const i0 = indexOfBytes(data, boundary, i, length);
          if (i0 >= 0) {
            index = boundaryLength - 1;
            i = i0 + boundaryLength - 1;
            c = data[i] as number;
          } else {
            // The tail may hold the start of a boundary that completes in the next chunk; it starts with CR, which a
            // boundary holds nowhere else.
            const k = lastIndexOfByte(data, CR, Math.max(i, length - boundaryLength + 1), length);
            if (k !== -1 && startsWith(boundary, data, k, length)) index = length - k;
            i = length;
            continue;
          }
        }
        if (index < boundaryLength) {
          if (boundary[index] === c) index += 1;
          else index = 0;
        } else if (index === boundaryLength) {
          index += 1;
          if (c === CR) flags |= FLAG_PART_BOUNDARY;
          else if (c === HYPHEN) flags |= FLAG_LAST_BOUNDARY;
          else index = 0;
        } else if (index === boundaryLength + 1) {
          if (flags & FLAG_PART_BOUNDARY) {
            if (c === LF) {
              flags &= ~FLAG_PART_BOUNDARY;
              emit("part_data", i - index);
              callbacks.onPartEnd();
              callbacks.onPartBegin();
              currentHeaderCount = 0;
              currentHeaderSize = 0;
              index = 0;
              state = State.HEADER_FIELD_START;
              i += 1;
              continue;
            }
            index = 0;
            flags &= ~FLAG_PART_BOUNDARY;
          } else if (flags & FLAG_LAST_BOUNDARY) {
            if (c === HYPHEN) {
              emit("part_data", i - index);
              callbacks.onPartEnd();
              callbacks.onEnd();
              state = State.END;
            } else {
              index = 0;
            }
          }
        }
        if (index === 0 && prevIndex > 0) {
          prevIndex = 0;
          // Reconsider this byte: it may start the boundary itself.
          i -= 1;
        }
      } else if (state === State.END_BOUNDARY) {
        if (index === boundaryLength - 1) {
          if (c !== HYPHEN) throw new FormParserError(`Did not find - at end of boundary (${i})`);
          index += 1;
          callbacks.onEnd();
          state = State.END;
        }
      } else if (state === State.END) {
        // An epilogue after the closing boundary is discarded (RFC 2046 5.1.1).
        i = length;
        break;
      }
      i += 1;
    }

    emit("header_field", length, true);
    emit("header_value", length, true);
    emit("part_data", length - index, true);

    this.state = state;
    this.index = index;
    this.flags = flags;
    this.currentHeaderCount = currentHeaderCount;
    this.currentHeaderSize = currentHeaderSize;
  }
}

// ---------------------------------------------------------------------------------------------------------------------
// QuerystringParser (application/x-www-form-urlencoded)

export interface QuerystringCallbacks {
  onFieldStart(): void;
  onFieldName(data: Uint8Array, start: number, end: number): void;
  onFieldData(data: Uint8Array, start: number, end: number): void;
  onFieldEnd(): void;
}

const AMPERSAND = 38;
const EQUALS = 61;

enum QsState {
  BEFORE_FIELD,
  FIELD_NAME,
  FIELD_DATA,
}

/** Non-strict parsing, as Starlette uses it: `&&` is skipped, a field without `=` is a name with no value. */
export class QuerystringParser {
  private state = QsState.BEFORE_FIELD;

  constructor(private readonly callbacks: QuerystringCallbacks) {}

  private data(kind: "name" | "data", data: Uint8Array, start: number, end: number) {
    if (start === end) return;
    if (kind === "name") this.callbacks.onFieldName(data, start, end);
    else this.callbacks.onFieldData(data, start, end);
  }

  write(data: Uint8Array): void {
    const length = data.length;
    let state = this.state;
    let i = 0;
    const find = (byte: number, from: number, to: number) => {
      const at = data.indexOf(byte, from);
      return at !== -1 && at < to ? at : -1;
    };
    while (i < length) {
      const ch = data[i];
      if (state === QsState.BEFORE_FIELD) {
        // Separators between fields (repeated ones too) are skipped.
        if (ch !== AMPERSAND) {
          this.callbacks.onFieldStart();
          i -= 1;
          state = QsState.FIELD_NAME;
        }
      } else {
        // A name runs to `=` (then data follows) or to `&` (a field without a value); data runs to `&`.
        const kind = state === QsState.FIELD_NAME ? "name" : "data";
        const sepPos = find(AMPERSAND, i, length);
        const equalsPos = kind === "name" ? find(EQUALS, i, sepPos !== -1 ? sepPos : length) : -1;
        if (equalsPos !== -1) {
          this.data("name", data, i, equalsPos);
          i = equalsPos;
          state = QsState.FIELD_DATA;
        } else if (sepPos !== -1) {
          this.data(kind, data, i, sepPos);
          this.callbacks.onFieldEnd();
          i = sepPos - 1;
          state = QsState.BEFORE_FIELD;
        } else {
          this.data(kind, data, i, length);
          i = length;
        }
      }
      i += 1;
    }
    this.state = state;
  }

  finalize(): void {
    if (this.state === QsState.FIELD_DATA || this.state === QsState.FIELD_NAME) this.callbacks.onFieldEnd();
  }
}
