/**
 * The form reader against what Starlette 1.7 + python-multipart 0.0.32 really make of thousands of bodies (most of
 * them broken), recorded by oracle/generate.py. Each body is fed whole, a byte at a time and in uneven chunks: the
 * parsers are streaming state machines, and the answer must not depend on how the body arrived.
 */
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { readStarletteForm } from "./form.js";
import { parseOptionsHeader } from "./python-multipart.js";
import { pyStrip, pyUnquote, userSafeDecode } from "./python-text.js";

type Recorded = { filename: string; content_type: string | null; size: number } | string | null;

interface Oracle {
  options: Array<{ s: string; type: string; options: Array<[string, string]> }>;
  forms: Array<{
    content_type: string;
    b64: string;
    error?: string;
    values?: Record<"file" | "note", Recorded>;
  }>;
}

const oracle = JSON.parse(
  gunzipSync(readFileSync(new URL("./oracle/forms.json.gz", import.meta.url))).toString("utf8"),
) as Oracle;

const NO_LIMIT = { maxFileBytes: Number.POSITIVE_INFINITY, maxBodyBytes: Number.POSITIVE_INFINITY };

function streamOf(bytes: Uint8Array, sizes: readonly number[]): () => ReadableStream<Uint8Array> {
  return () => {
    let at = 0;
    let turn = 0;
    return new ReadableStream({
      pull(controller) {
        if (at >= bytes.length) {
          controller.close();
          return;
        }
        const size = sizes[turn++ % sizes.length] as number;
        controller.enqueue(bytes.slice(at, at + size));
        at += size;
      },
    });
  };
}

const WHOLE = [Number.MAX_SAFE_INTEGER];
const UNEVEN = [5, 2, 11, 3, 64];
const BYTE_BY_BYTE = [1];

describe("parse_options_header", () => {
  it("should split every recorded header value as python-multipart does", () => {
    const wrong = oracle.options.filter((c) => {
      const { type, options } = parseOptionsHeader(c.s);
      return type !== c.type || JSON.stringify([...options]) !== JSON.stringify(c.options);
    });
    expect(wrong.slice(0, 5)).toEqual([]);
  });
});

describe("Starlette's request.form()", () => {
  it("should read every recorded body as Starlette does, however it is chunked", async () => {
    const wrong: unknown[] = [];
    for (const [index, c] of oracle.forms.entries()) {
      const bytes = Uint8Array.from(Buffer.from(c.b64, "base64"));
      // A byte at a time for every fourth body only: it is by far the slowest way through.
      for (const sizes of index % 4 === 0 ? [WHOLE, UNEVEN, BYTE_BY_BYTE] : [WHOLE, UNEVEN]) {
        for (const field of ["file", "note"] as const) {
          const read = await readStarletteForm(c.content_type, streamOf(bytes, sizes), field, NO_LIMIT);
          const got =
            read.kind === "refused"
              ? { error: read.detail }
              : read.kind === "form"
                ? {
                    value:
                      read.value === undefined
                        ? null
                        : typeof read.value === "string"
                          ? read.value
                          : {
                              filename: read.value.filename,
                              content_type: read.value.contentType,
                              size: read.value.size,
                            },
                  }
                : { tooLarge: true };
          const want = c.error !== undefined ? { error: c.error } : { value: c.values?.[field] ?? null };
          if (JSON.stringify(got) !== JSON.stringify(want)) wrong.push({ case: c, field, sizes, got, want });
        }
      }
    }
    expect(wrong.slice(0, 3)).toEqual([]);
  });

  /** An endless body of 1,000-byte chunks (after `head`), counting how many chunks were asked for. */
  function endless(head: string, filler: string) {
    const counter = { pulled: 0 };
    const body = () =>
      new ReadableStream<Uint8Array>({
        pull(controller) {
          counter.pulled += 1;
          controller.enqueue(
            new TextEncoder().encode(counter.pulled === 1 && head ? head : filler.repeat(1000 / filler.length)),
          );
        },
      });
    return { body, counter };
  }

  it("should stop reading with too_large once a file passes its limit, whatever follows", async () => {
    const { body, counter } = endless(
      '--b\r\nContent-Disposition: form-data; name="file"; filename="a.md"\r\n\r\n',
      "x",
    );
    const limits = { maxFileBytes: 10_000, maxBodyBytes: 1_000_000 };
    expect(await readStarletteForm("multipart/form-data; boundary=b", body, "file", limits)).toEqual({
      kind: "too_large",
    });
    expect(counter.pulled).toBeLessThan(20);
  });

  it("should stop reading with too_large once the body passes its limit, even without a file", async () => {
    const { body, counter } = endless("", "\r\n");
    const limits = { maxFileBytes: 10, maxBodyBytes: 10_000 };
    expect(await readStarletteForm("multipart/form-data; boundary=b", body, "file", limits)).toEqual({
      kind: "too_large",
    });
    // 10,000 bytes take 10 chunks; the 11th passes the limit (a stream may have asked for one more ahead).
    expect(counter.pulled).toBeLessThanOrEqual(12);
  });

  it("should not read the body of a request that is not a form", async () => {
    const read = await readStarletteForm(
      "application/json",
      () => {
        throw new Error("read");
      },
      "file",
      NO_LIMIT,
    );
    expect(read).toEqual({ kind: "form", value: undefined });
  });
});

describe("Python text helpers", () => {
  it("should strip what Python's str.strip() strips, not what JavaScript's trim() does", () => {
    expect(pyStrip("\x85\x1c application/json \xa0\x1f")).toBe("application/json");
    expect(pyStrip("\ufeffx")).toBe("\ufeffx");
  });

  it("should unquote as urllib.parse.unquote does", () => {
    expect(pyUnquote("a%2Fb")).toBe("a/b");
    expect(pyUnquote("%ff%zz%e2%82%AC%2")).toBe("\ufffd%zz€%2");
    expect(pyUnquote("%ef%bb%bfx")).toBe("\ufeffx");
    expect(pyUnquote("é%41")).toBe("éA");
  });

  it("should decode with the form's charset, falling back to Latin-1", () => {
    const cafe = Uint8Array.from([0x63, 0x61, 0x66, 0xc3, 0xa9]);
    expect(userSafeDecode(cafe, "utf-8")).toBe("café");
    expect(userSafeDecode(cafe, "UTF8")).toBe("café");
    expect(userSafeDecode(cafe, "latin-1")).toBe("cafÃ©");
    expect(userSafeDecode(Uint8Array.from([0xe9]), "utf-8")).toBe("é");
    expect(userSafeDecode(cafe, "klingon")).toBe("cafÃ©");
  });
});
