import type { Context } from "hono";
import {
  bodyOf,
  closesBeforeAnswer,
  connectionFault,
  decodeJsonBody,
  firstHeader,
  parseDatetime,
  sentPath,
  strAsInt,
  toJs,
  tokenFromAuthorization,
} from "../../fastapi/index.js";
import { harEntry, Redactor } from "../../platform/har.js";
import { isArrayIndex } from "../../platform/key-order.js";
import { isoTimestamp } from "../clock/clock.js";
import { tenantOfToken } from "../domain/callers.js";
import { type Exchange, exchangeOf } from "../scenarios/edge.js";
import type { AppliedRule } from "../scenarios/engine.js";

/**
 * The request journal (WireMock's name): the last requests to the API with what was answered, so a test can assert
 * what its client sent. A bounded ring (`--journal-size` entries) of small records, and the bodies in one fixed byte
 * buffer beside it (BodyRing), so memory stays flat however many requests pass. Keeping bodies as strings would have
 * every response body outlive the young generation and cost each request a copy into the old one; in the byte
 * buffer they cost one UTF-8 encode and no garbage. Everything readable is derived
 * only when the journal is read.
 */

/** Bodies longer than this (in UTF-8 bytes) are recorded as their size only. */
export const MAX_RECORDED_BODY = 64 * 1024;
/** The bodies of the newest requests, together; an older body written over is shown as not kept. */
export const BODY_BUFFER_BYTES = 16 * 1024 * 1024;

/** Where a body is in the BodyRing (absolute byte position and length), or a size too large to keep. */
type BodyRef = { readonly at: number; readonly length: number } | { readonly tooLarge: number };

/**
 * A ring of bytes: bodies are written one after another and wrap to the start when the end is reached; a body stays
 * readable until the writing has come round to it again. The buffer is allocated once, outside the JS heap.
 */
export class BodyRing {
  readonly #bytes: Uint8Array;
  readonly #encoder = new TextEncoder();
  readonly #decoder = new TextDecoder();
  /** Absolute position of the buffer's first byte in the current lap, and where the next body goes in it. */
  #lapStart = 0;
  #offset = 0;

  constructor(readonly capacity: number = BODY_BUFFER_BYTES) {
    this.#bytes = new Uint8Array(capacity);
  }

  #newLap(): void {
    this.#lapStart += this.capacity;
    this.#offset = 0;
  }

  writeText(text: string): BodyRef {
    if (text.length > MAX_RECORDED_BODY) return { tooLarge: this.#encoder.encode(text).length };
    let written = this.#encoder.encodeInto(text, this.#bytes.subarray(this.#offset));
    if (written.read < text.length) {
      this.#newLap();
      written = this.#encoder.encodeInto(text, this.#bytes);
    }
    if (written.written > MAX_RECORDED_BODY) return { tooLarge: written.written };
    return this.#advance(written.written);
  }

  writeBytes(bytes: Uint8Array): BodyRef {
    if (bytes.length > MAX_RECORDED_BODY) return { tooLarge: bytes.length };
    if (this.#offset + bytes.length > this.capacity) this.#newLap();
    this.#bytes.set(bytes, this.#offset);
    return this.#advance(bytes.length);
  }

  /**
   * Bytes that are shared between answers and never change (a cached simulation, polled again and again): copied once,
   * then the same copy is referred to while the ring still holds it. A poller's GETs cost no copy, and the ring keeps
   * more distinct bodies.
   */
  writeShared(bytes: Uint8Array): BodyRef {
    const copied = this.#shared.get(bytes);
    if (copied !== undefined && this.#holds(copied)) return copied;
    const ref = this.writeBytes(bytes);
    if ("at" in ref) this.#shared.set(bytes, ref);
    return ref;
  }

  readonly #shared = new WeakMap<Uint8Array, { at: number; length: number }>();

  #holds(ref: { at: number; length: number }): boolean {
    return this.#lapStart + this.#offset <= ref.at + this.capacity;
  }

  #advance(length: number): BodyRef {
    const ref = { at: this.#lapStart + this.#offset, length };
    this.#offset += length;
    return ref;
  }

  /** The body's text, or undefined once the ring has written over it. */
  read(ref: { at: number; length: number }): string | undefined {
    if (!this.#holds(ref)) return undefined;
    const start = ref.at % this.capacity;
    return this.#decoder.decode(this.#bytes.subarray(start, start + ref.length));
  }

  /**
   * Forgets every body: the next write starts a lap two laps on, so every earlier body reads as written over, and a
   * lap still starts at a multiple of the capacity (where `read` looks for a body's bytes).
   */
  clear(): void {
    this.#lapStart += 2 * this.capacity;
    this.#offset = 0;
  }
}

export interface Recorded {
  id: number;
  at: number;
  method: string;
  /** The path as sent (request-path.ts sentPath): the one routed, dot segments and escapes kept. */
  path: string;
  /** The request's URL, for its query. */
  url: string;
  authorization: string | undefined;
  template: string | undefined;
  requestType: string | undefined;
  requestBody: BodyRef | undefined;
  status: number | null;
  responseType: string | null;
  responseBody: BodyRef | undefined;
  ms: number;
  applied: AppliedRule[] | undefined;
  fault: string | undefined;
}

export interface JournalFilter {
  method?: string | undefined;
  /** The concrete path as sent, e.g. /v1/simulations/6f…/run. */
  path?: string | undefined;
  /** The path template, e.g. /v1/simulations/{simulation_id}/run. */
  template?: string | undefined;
  /** The token as sent (without "Bearer "); "" for requests without authorization. */
  caller?: string | undefined;
  organisation?: string | undefined;
  status?: number | undefined;
  /** Entries after this entry id, or at or after this date-time (mock clock; a naive one is UTC): journalSince. */
  since?: string | number | undefined;
  /** The last n matching entries. */
  limit?: number | undefined;
}

/**
 * What a `since` means, read as the route reads its `int | datetime` query parameter: an entry id (entries after it),
 * else a date-time (entries at or after it, in whole ms of the mock clock), else null: refused, never "everything".
 */
export function journalSince(since: string | number): { id: number } | { at: number } | null {
  if (typeof since === "number") return { id: since };
  const id = strAsInt(since);
  if (id.ok) return { id: Number(id.value) };
  const time = parseDatetime(since);
  if (!time.ok) return null;
  // An entry at a whole ms is at or after a time with microseconds only from the next ms on.
  return { at: time.seconds * 1000 + Math.ceil(time.micros / 1000) };
}

export interface JournalEntry {
  id: number;
  at: string;
  method: string;
  path: string;
  template: string | null;
  query: Record<string, string>;
  /** The token as sent (without "Bearer "); "" for a request without authorization. */
  caller: string;
  organisation: string | null;
  request_body: unknown;
  status: number | null;
  response_body: unknown;
  ms: number;
  scenarios: AppliedRule[];
  fault: string | null;
}

const OVERWRITTEN = "(not kept: newer bodies have taken its place in the journal's buffer)";

function readable(bodies: BodyRing, type: string | null | undefined, ref: BodyRef | undefined): unknown {
  if (ref === undefined) return null;
  if ("tooLarge" in ref) return `(${ref.tooLarge} bytes, not recorded)`;
  const text = bodies.read(ref);
  if (text === undefined) return OVERWRITTEN;
  if (type?.includes("json")) {
    try {
      return parseInSentOrder(text);
    } catch {
      return text;
    }
  }
  return type?.startsWith("text/") || type === undefined || type === null ? text : `(${type}, ${text.length} bytes)`;
}

/**
 * A recorded JSON body as JSON.parse reads it (the same values, the same refusals), its objects listing their keys in
 * the order of the text: a client's `{"b":1,"2":2}` is shown as sent, not `{"2":2,"b":1}` (key-order.ts).
 */
export function parseInSentOrder(text: string): unknown {
  const value: unknown = JSON.parse(text);
  if (!hasIndexKey(value)) return value;
  const decoded = decodeJsonBody(new TextEncoder().encode(text));
  return decoded.kind === "ok" ? toJs(decoded.value) : value;
}

/** Whether any object in `value` has an integer-like key: only those can be listed in another order than sent. */
function hasIndexKey(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (item === null || typeof item !== "object") continue;
    if (Array.isArray(item)) pending.push(...item);
    else
      for (const [key, child] of Object.entries(item)) {
        if (isArrayIndex(key)) return true;
        pending.push(child);
      }
  }
  return false;
}

export class RequestJournal {
  readonly #ring: Array<Recorded | undefined>;
  readonly bodies: BodyRing;
  #start = 0;
  #count = 0;
  #nextId = 1;

  constructor(
    readonly capacity: number,
    bodyBytes: number = BODY_BUFFER_BYTES,
  ) {
    this.#ring = new Array(Math.max(0, capacity));
    this.bodies = new BodyRing(capacity === 0 ? 0 : bodyBytes);
  }

  get size(): number {
    return this.#count;
  }

  /** Records an entry (its `id` is given here). */
  record(recorded: Recorded): void {
    if (this.capacity === 0) return;
    recorded.id = this.#nextId++;
    if (this.#count === this.capacity) {
      this.#ring[this.#start] = undefined;
      this.#start = (this.#start + 1) % this.capacity;
      this.#count--;
    }
    this.#ring[(this.#start + this.#count) % this.capacity] = recorded;
    this.#count++;
  }

  clear(): void {
    this.#ring.fill(undefined);
    this.bodies.clear();
    this.#start = 0;
    this.#count = 0;
  }

  *#entries(): Generator<Recorded> {
    for (let i = 0; i < this.#count; i++) yield this.#ring[(this.#start + i) % this.capacity] as Recorded;
  }

  #matching(filter: JournalFilter): Recorded[] {
    const since = filter.since === undefined ? undefined : journalSince(filter.since);
    if (since === null) throw new RangeError(`since: not an entry id or a date-time: ${String(filter.since)}`);
    const sinceId = since !== undefined && "id" in since ? since.id : undefined;
    const sinceAt = since !== undefined && "at" in since ? since.at : undefined;
    const method = filter.method?.toUpperCase();
    const out: Recorded[] = [];
    for (const entry of this.#entries()) {
      if (method !== undefined && entry.method !== method) continue;
      if (filter.template !== undefined && entry.template !== filter.template) continue;
      if (filter.status !== undefined && entry.status !== filter.status) continue;
      if (sinceId !== undefined && entry.id <= sinceId) continue;
      if (sinceAt !== undefined && entry.at < sinceAt) continue;
      if (filter.path !== undefined && entry.path !== filter.path) continue;
      if (filter.caller !== undefined || filter.organisation !== undefined) {
        const token = tokenFromAuthorization(entry.authorization);
        if (filter.caller !== undefined && (token ?? "") !== filter.caller) continue;
        const tenant = tenantOfToken(token);
        if (filter.organisation !== undefined && (tenant.kind !== "shared" || tenant.org !== filter.organisation))
          continue;
      }
      out.push(entry);
    }
    return filter.limit === undefined ? out : out.slice(Math.max(0, out.length - filter.limit));
  }

  /** Matching entries, oldest first (with `limit`, the last ones). */
  list(filter: JournalFilter = {}): JournalEntry[] {
    return this.#matching(filter).map((entry) => view(this.bodies, entry));
  }

  /**
   * Matching entries as HAR 1.2 (`GET /__mock/requests/har`), oldest first, for `bss-mock check` or any HAR viewer:
   * credentials replaced by a pseudonym per caller, bodies as recorded (a body not kept has none). A request a fault
   * left unanswered is left out (HAR has no entry without a response).
   */
  har(filter: JournalFilter = {}): {
    log: { version: string; creator: { name: string; version: string }; entries: unknown[] };
  } {
    const redactor = new Redactor();
    const text = (ref: BodyRef | undefined) =>
      ref === undefined ? "" : "tooLarge" in ref ? null : (this.bodies.read(ref) ?? null);
    const entries = this.#matching(filter).flatMap((entry) => {
      if (entry.status === null) return [];
      const type = (value: string | null | undefined) => (value ? { "content-type": value } : {});
      return [
        harEntry(
          {
            method: entry.method,
            url: entry.url,
            requestHeaders: { authorization: entry.authorization, ...type(entry.requestType) },
            requestBody: text(entry.requestBody),
            status: entry.status,
            responseHeaders: type(entry.responseType),
            responseBody: text(entry.responseBody),
            started: entry.at,
            ms: entry.ms,
          },
          redactor,
        ),
      ];
    });
    return { log: { version: "1.2", creator: { name: "bss-mock", version: "journal" }, entries } };
  }

  count(filter: JournalFilter = {}): number {
    return this.#matching({ ...filter, limit: undefined }).length;
  }
}

function view(bodies: BodyRing, entry: Recorded): JournalEntry {
  const url = new URL(entry.url);
  const token = tokenFromAuthorization(entry.authorization);
  const tenant = tenantOfToken(token);
  return {
    id: entry.id,
    at: isoTimestamp(entry.at),
    method: entry.method,
    path: entry.path,
    template: entry.template ?? null,
    query: Object.fromEntries(url.searchParams),
    // As the `caller` filter finds it (`?caller=` with nothing after it).
    caller: token ?? "",
    organisation: tenant.kind === "shared" ? tenant.org : null,
    request_body: readable(bodies, entry.requestType, entry.requestBody),
    status: entry.status,
    response_body: readable(bodies, entry.responseType, entry.responseBody),
    ms: entry.ms,
    scenarios: entry.applied ?? [],
    fault: entry.fault ?? null,
  };
}

type BodyCache = { arrayBuffer?: Promise<ArrayBuffer> };

async function requestBodyOf(bodies: BodyRing, pending: Promise<ArrayBuffer>, contentType: string | undefined) {
  if (contentType?.toLowerCase().startsWith("multipart/")) return undefined;
  const bytes = await pending.catch(() => undefined);
  if (!bytes || bytes.byteLength === 0) return undefined;
  return bodies.writeBytes(new Uint8Array(bytes));
}

/**
 * Records a request once it is answered. Called by the edge's one middleware (assembly/middleware.ts) with the time it started, so
 * the journal adds no middleware layer of its own; requests to /__mock are not recorded. Synchronous unless the
 * request had a body to read: most requests (polling GETs) cost no promise here.
 */
export function recordRequest(
  journal: RequestJournal,
  c: Context,
  started: number,
  at: number,
): Promise<void> | undefined {
  // Only a body the edge has read is recorded (touching the raw body would cost every GET a full web Request).
  const cache = c.req.bodyCache as BodyCache;
  const exchange = exchangeOf(c);
  const fault = connectionFault(c);
  const written = closesBeforeAnswer(fault) ? undefined : bodyOf(c.res);
  // A body the mock's helpers did not write (the /docs page, the reference's script) is read from a copy.
  const unread = fault === undefined && written === undefined && c.res.body !== null;
  if (!cache.arrayBuffer && !unread) {
    record(journal, c, exchange, started, at, undefined, written && responseBodyOf(journal.bodies, written));
    return undefined;
  }
  return Promise.all([
    cache.arrayBuffer && requestBodyOf(journal.bodies, cache.arrayBuffer, c.req.header("content-type")),
    unread ? unreadBodyOf(journal.bodies, c.res) : written && responseBodyOf(journal.bodies, written),
  ]).then(([requestBody, responseBody]) => record(journal, c, exchange, started, at, requestBody, responseBody));
}

type RecordedBody = { ref: BodyRef; type: string };

function responseBodyOf(bodies: BodyRing, { body, type }: { body: string | Uint8Array; type: string }): RecordedBody {
  // Bytes on a response are a cached answer, shared and never written into (responses.ts jsonBytes).
  return { ref: typeof body === "string" ? bodies.writeText(body) : bodies.writeShared(body), type };
}

async function unreadBodyOf(bodies: BodyRing, response: Response): Promise<RecordedBody | undefined> {
  const bytes = new Uint8Array(await response.clone().arrayBuffer());
  if (bytes.byteLength === 0) return undefined;
  return { ref: bodies.writeBytes(bytes), type: response.headers.get("content-type") ?? "application/octet-stream" };
}

function record(
  journal: RequestJournal,
  c: Context,
  exchange: Exchange | undefined,
  started: number,
  at: number,
  requestBody: BodyRef | undefined,
  responseBody: RecordedBody | undefined,
) {
  const response = c.res;
  const requestType = c.req.header("content-type");
  const fault = connectionFault(c);
  const dropped = closesBeforeAnswer(fault);
  journal.record({
    id: 0,
    at,
    method: c.req.method,
    path: sentPath(c.req.raw, c.env),
    url: c.req.url,
    authorization: firstHeader(c, "authorization"),
    template: exchange?.template,
    requestType,
    requestBody,
    status: dropped ? null : response.status,
    responseType: responseBody?.type ?? null,
    responseBody: responseBody?.ref,
    ms: Math.round((performance.now() - started) * 10) / 10,
    applied: exchange?.applied,
    fault,
  });
}
