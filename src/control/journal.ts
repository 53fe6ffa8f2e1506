import type { MiddlewareHandler } from "hono";
import type { Clock } from "../clock/clock.js";
import { isoTimestamp } from "../clock/clock.js";
import { tenantOfToken } from "../domain/callers.js";
import { tokenFromAuthorization } from "../http/authorization.js";
import { textOf } from "../http/responses.js";
import { exchangeOf } from "../http/scenario-edge.js";
import type { AppliedRule } from "../scenarios/engine.js";

/**
 * The request journal (WireMock's name): the last requests to the API with what was answered, so a test can assert
 * what its client sent. A bounded ring (`--journal-size` entries, bodies capped), so memory stays flat however many
 * requests pass; recording costs a few field copies, and everything readable is derived only when the journal is read.
 */

/** Bodies longer than this are recorded as their size only. */
export const MAX_RECORDED_BODY = 64 * 1024;
/** All recorded bodies together; the oldest entries go first when it is exceeded. */
export const MAX_RECORDED_BYTES = 32 * 1024 * 1024;

interface Recorded {
  readonly id: number;
  readonly at: number;
  readonly method: string;
  readonly url: string;
  readonly authorization: string | undefined;
  readonly template: string | undefined;
  readonly requestType: string | undefined;
  /** Raw bytes (at most MAX_RECORDED_BODY), a byte count when larger, undefined without a body. */
  readonly requestBody: ArrayBuffer | number | undefined;
  readonly status: number | null;
  readonly responseType: string | null;
  readonly responseText: string | number | undefined;
  readonly ms: number;
  readonly applied: AppliedRule[] | undefined;
  readonly fault: string | undefined;
  readonly size: number;
}

export interface JournalFilter {
  method?: string | undefined;
  /** The concrete path, e.g. /v1/simulations/6f…/run. */
  path?: string | undefined;
  /** The path template, e.g. /v1/simulations/{simulation_id}/run. */
  template?: string | undefined;
  /** The token as sent (without "Bearer "); "" for requests without authorization. */
  caller?: string | undefined;
  organisation?: string | undefined;
  status?: number | undefined;
  /** Entries after this entry id, or at or after this ISO time (mock clock). */
  since?: string | number | undefined;
  /** The last n matching entries. */
  limit?: number | undefined;
}

export interface JournalEntry {
  id: number;
  at: string;
  method: string;
  path: string;
  template: string | null;
  query: Record<string, string>;
  caller: string | null;
  organisation: string | null;
  request_body: unknown;
  status: number | null;
  response_body: unknown;
  ms: number;
  scenarios: AppliedRule[];
  fault: string | null;
}

const decoder = new TextDecoder();

function readable(type: string | null | undefined, body: ArrayBuffer | string | number | undefined): unknown {
  if (body === undefined) return null;
  if (typeof body === "number") return `(${body} bytes, not recorded)`;
  const text = typeof body === "string" ? body : decoder.decode(body);
  if (type?.includes("json")) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return type?.startsWith("text/") || type === undefined || type === null ? text : `(${type}, ${text.length} bytes)`;
}

export class RequestJournal {
  readonly #ring: Array<Recorded | undefined>;
  #start = 0;
  #count = 0;
  #bytes = 0;
  #nextId = 1;

  constructor(readonly capacity: number) {
    this.#ring = new Array(Math.max(0, capacity));
  }

  get size(): number {
    return this.#count;
  }

  record(entry: Omit<Recorded, "id" | "size">): void {
    if (this.capacity === 0) return;
    const size =
      (typeof entry.requestBody === "object" ? entry.requestBody.byteLength : 0) +
      (typeof entry.responseText === "string" ? entry.responseText.length : 0);
    const recorded: Recorded = { ...entry, id: this.#nextId++, size };
    if (this.#count === this.capacity) this.#dropOldest();
    this.#ring[(this.#start + this.#count) % this.capacity] = recorded;
    this.#count++;
    this.#bytes += size;
    while (this.#bytes > MAX_RECORDED_BYTES && this.#count > 1) this.#dropOldest();
  }

  #dropOldest(): void {
    const oldest = this.#ring[this.#start];
    this.#bytes -= oldest?.size ?? 0;
    this.#ring[this.#start] = undefined;
    this.#start = (this.#start + 1) % this.capacity;
    this.#count--;
  }

  clear(): void {
    this.#ring.fill(undefined);
    this.#start = 0;
    this.#count = 0;
    this.#bytes = 0;
  }

  *#entries(): Generator<Recorded> {
    for (let i = 0; i < this.#count; i++) yield this.#ring[(this.#start + i) % this.capacity] as Recorded;
  }

  #matching(filter: JournalFilter): Recorded[] {
    const since = filter.since;
    const sinceId =
      typeof since === "number" ? since : since !== undefined && /^\d+$/.test(since) ? Number(since) : undefined;
    const sinceAt = sinceId === undefined && typeof since === "string" ? Date.parse(since) : undefined;
    const method = filter.method?.toUpperCase();
    const out: Recorded[] = [];
    for (const entry of this.#entries()) {
      if (method !== undefined && entry.method !== method) continue;
      if (filter.template !== undefined && entry.template !== filter.template) continue;
      if (filter.status !== undefined && entry.status !== filter.status) continue;
      if (sinceId !== undefined && entry.id <= sinceId) continue;
      if (sinceAt !== undefined && entry.at < sinceAt) continue;
      if (filter.path !== undefined && new URL(entry.url).pathname !== filter.path) continue;
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
    return this.#matching(filter).map(view);
  }

  count(filter: JournalFilter = {}): number {
    return this.#matching({ ...filter, limit: undefined }).length;
  }
}

function view(entry: Recorded): JournalEntry {
  const url = new URL(entry.url);
  const token = tokenFromAuthorization(entry.authorization);
  const tenant = tenantOfToken(token);
  return {
    id: entry.id,
    at: isoTimestamp(entry.at),
    method: entry.method,
    path: url.pathname,
    template: entry.template ?? null,
    query: Object.fromEntries(url.searchParams),
    caller: token ?? null,
    organisation: tenant.kind === "shared" ? tenant.org : null,
    request_body: readable(entry.requestType, entry.requestBody),
    status: entry.status,
    response_body: readable(entry.responseType, entry.responseText),
    ms: entry.ms,
    scenarios: entry.applied ?? [],
    fault: entry.fault ?? null,
  };
}

type BodyCache = { arrayBuffer?: Promise<ArrayBuffer> };

async function requestBodyOf(pending: Promise<ArrayBuffer>, contentType: string | undefined) {
  if (contentType?.toLowerCase().startsWith("multipart/")) return undefined;
  const bytes = await pending.catch(() => undefined);
  if (!bytes || bytes.byteLength === 0) return undefined;
  return bytes.byteLength > MAX_RECORDED_BODY ? bytes.byteLength : bytes;
}

/** Records every request outside /__mock once it is answered. */
export function journalMiddleware(journal: RequestJournal, clock: Clock): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.path.startsWith("/__mock")) return next();
    const started = performance.now();
    const at = clock.now();
    await next();
    const response = c.res;
    const exchange = exchangeOf(c.req.raw);
    const requestType = c.req.header("content-type");
    // Only a body the edge has read is recorded (touching the raw body would cost every GET a full web Request).
    const cache = c.req.bodyCache as BodyCache;
    const requestBody = cache.arrayBuffer ? await requestBodyOf(cache.arrayBuffer, requestType) : undefined;
    const fault = exchange?.fault;
    const dropped = fault === "connection_reset" || fault === "empty_response";
    const text = dropped ? undefined : textOf(response);
    journal.record({
      at,
      method: c.req.method,
      url: c.req.url,
      authorization: c.req.header("authorization"),
      template: exchange?.template,
      requestType,
      requestBody,
      status: dropped ? null : response.status,
      responseType: dropped ? null : response.headers.get("content-type"),
      responseText: text === undefined ? undefined : text.length > MAX_RECORDED_BODY ? text.length : text,
      ms: Math.round((performance.now() - started) * 10) / 10,
      applied: exchange?.applied,
      fault,
    });
  };
}
