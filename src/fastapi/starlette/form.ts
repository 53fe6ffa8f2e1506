/**
 * Starlette's `request.form()` (starlette/formparsers.py, requests.py) over python-multipart, read as a stream: only
 * multipart and urlencoded bodies are forms; a part must be named; text parts are capped at 1 MiB, fields and files
 * at 1,000 each; any parser error is "Invalid multipart data.". Of the form, only the last value of one field is
 * kept (FastAPI's `form.get(name)`), and a file is counted rather than stored, so memory stays small whatever is sent.
 */
import { FormParserError, MultipartParser, parseOptionsHeader, QuerystringParser } from "./python-multipart.js";
import { latin1, latin1Bytes, pyUnquotePlus, userSafeDecode } from "./python-text.js";

/** An uploaded file as FastAPI's UploadFile describes it (its bytes are counted, not kept). */
export interface FormFile {
  readonly filename: string;
  /** The part's own Content-Type header, null without one. */
  readonly contentType: string | null;
  readonly size: number;
}

export type FormValue = string | FormFile;

export type FormRead =
  | { kind: "form"; value: FormValue | undefined }
  | { kind: "refused"; status: 400; detail: string }
  | { kind: "too_large" };

const MAX_PART_SIZE = 1024 * 1024;
const MAX_FIELDS = 1000;
const MAX_FILES = 1000;

/** Starlette's MultiPartException: its message becomes a 400 detail as it stands. */
class FormRefusal extends Error {
  override readonly name = "FormRefusal";
}
class TooLarge extends Error {
  override readonly name = "TooLarge";
}

export interface FormLimits {
  /** Most bytes one file may have; beyond it reading stops and the answer is 413. */
  readonly maxFileBytes: number;
  /** Most bytes the whole body may have (the file plus room for the multipart envelope). */
  readonly maxBodyBytes: number;
}

interface FormSink {
  write(chunk: Uint8Array): void;
  end(): void;
  readonly value: FormValue | undefined;
}

type Body = () => ReadableStream<Uint8Array> | null;

async function feed(bodyOf: Body, sink: FormSink, limits: FormLimits): Promise<FormRead> {
  try {
    const body = bodyOf();
    if (body) {
      const reader = body.getReader();
      let total = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        total += value.byteLength;
        // Stop reading (without cancelling: that would reset the connection before the answer is written).
        if (total > limits.maxBodyBytes) return { kind: "too_large" };
        sink.write(value);
      }
    }
    sink.end();
    return { kind: "form", value: sink.value };
  } catch (error) {
    if (error instanceof TooLarge) return { kind: "too_large" };
    if (error instanceof FormRefusal) return { kind: "refused", status: 400, detail: error.message };
    if (error instanceof FormParserError) return { kind: "refused", status: 400, detail: "Invalid multipart data." };
    throw error;
  }
}

function multipartSink(boundary: string, charset: string, field: string, limits: FormLimits): FormSink {
  let value: FormValue | undefined;
  let headerName = "";
  let headerValue = "";
  let disposition: string | undefined;
  let partHeaders: Array<[string, string]> = [];
  let name = "";
  let file: { filename: string; contentType: string | null; size: number } | null = null;
  let textSize = 0;
  let text: Uint8Array[] = [];
  let fields = 0;
  let files = 0;

  const parser = new MultipartParser(latin1Bytes(boundary), {
    onPartBegin() {
      disposition = undefined;
      partHeaders = [];
      name = "";
      file = null;
      textSize = 0;
      text = [];
    },
    onHeaderField(data, start, end) {
      headerName += latin1(data.subarray(start, end));
    },
    onHeaderValue(data, start, end) {
      headerValue += latin1(data.subarray(start, end));
    },
    onHeaderEnd() {
      const lower = headerName.toLowerCase();
      if (lower === "content-disposition") disposition = headerValue;
      partHeaders.push([lower, headerValue]);
      headerName = "";
      headerValue = "";
    },
    onHeadersFinished() {
      const { options } = parseOptionsHeader(disposition);
      const rawName = options.get("name");
      if (rawName === undefined) throw new FormRefusal('The Content-Disposition header field "name" must be provided.');
      name = userSafeDecode(latin1Bytes(rawName), charset);
      const rawFilename = options.get("filename");
      if (rawFilename !== undefined) {
        files += 1;
        if (files > MAX_FILES) throw new FormRefusal(`Too many files. Maximum number of files is ${MAX_FILES}.`);
        const contentType = partHeaders.find(([key]) => key === "content-type")?.[1] ?? null;
        file = { filename: userSafeDecode(latin1Bytes(rawFilename), charset), contentType, size: 0 };
      } else {
        fields += 1;
        if (fields > MAX_FIELDS) throw new FormRefusal(`Too many fields. Maximum number of fields is ${MAX_FIELDS}.`);
      }
    },
    onPartData(data, start, end) {
      const length = end - start;
      if (file) {
        file.size += length;
        if (file.size > limits.maxFileBytes) throw new TooLarge();
        return;
      }
      if (textSize + length > MAX_PART_SIZE) {
        throw new FormRefusal(`Part exceeded maximum size of ${MAX_PART_SIZE / 1024}KB.`);
      }
      textSize += length;
      // Only the field the endpoint reads is kept; the others are counted for Starlette's limits.
      if (name === field) text.push(data.slice(start, end));
    },
    onPartEnd() {
      if (name !== field) return;
      if (file) {
        value = { ...file };
        return;
      }
      const bytes = new Uint8Array(textSize);
      let at = 0;
      for (const piece of text) {
        bytes.set(piece, at);
        at += piece.length;
      }
      value = userSafeDecode(bytes, charset);
    },
    onEnd() {},
  });
  return {
    write: (chunk) => parser.write(chunk),
    // python-multipart's finalize() checks nothing: a body without its closing boundary keeps the parts it ended.
    end: () => {},
    get value() {
      return value;
    },
  };
}

function urlencodedSink(field: string): FormSink {
  let value: string | undefined;
  let fieldSize = 0;
  let fields = 0;
  let name: Uint8Array[] = [];
  let data: Uint8Array[] = [];
  const text = (pieces: Uint8Array[]) => pieces.map(latin1).join("");
  const grow = (length: number) => {
    fieldSize += length;
    if (fieldSize > MAX_PART_SIZE) throw new FormRefusal(`Field exceeded maximum size of ${MAX_PART_SIZE / 1024}KB.`);
  };
  const parser = new QuerystringParser({
    onFieldStart() {
      fieldSize = 0;
      name = [];
      data = [];
    },
    onFieldName(chunk, start, end) {
      grow(end - start);
      name.push(chunk.slice(start, end));
    },
    onFieldData(chunk, start, end) {
      grow(end - start);
      data.push(chunk.slice(start, end));
    },
    onFieldEnd() {
      fields += 1;
      if (fields > MAX_FIELDS) throw new FormRefusal(`Too many fields. Maximum number of fields is ${MAX_FIELDS}.`);
      if (pyUnquotePlus(text(name)) === field) value = pyUnquotePlus(text(data));
    },
  });
  return {
    write: (chunk) => parser.write(chunk),
    end: () => parser.finalize(),
    get value() {
      return value;
    },
  };
}

/**
 * Reads the form a FastAPI `File(...)`/`Form(...)` endpoint would see and returns the last value of `field`.
 * `contentType` is the request's first Content-Type header. Bodies of other types are not read at all (Starlette
 * hands the endpoint an empty form).
 */
export async function readStarletteForm(
  contentType: string | undefined,
  body: Body,
  field: string,
  limits: FormLimits,
): Promise<FormRead> {
  const { type, options } = parseOptionsHeader(contentType);
  if (type === "application/x-www-form-urlencoded") return feed(body, urlencodedSink(field), limits);
  if (type !== "multipart/form-data") return { kind: "form", value: undefined };
  const boundary = options.get("boundary");
  if (boundary === undefined) return { kind: "refused", status: 400, detail: "Missing boundary in multipart." };
  let sink: FormSink;
  try {
    sink = multipartSink(boundary, options.get("charset") ?? "utf-8", field, limits);
  } catch (error) {
    if (error instanceof FormParserError) return { kind: "refused", status: 400, detail: "Invalid multipart data." };
    throw error;
  }
  return feed(body, sink, limits);
}
