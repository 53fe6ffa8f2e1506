/**
 * `bss-mock check`: recorded traffic as the judge's exchanges, in the order their answers ended (the order a proxy
 * judges them in), each marked when a write of the same caller was still in flight as it ended.
 */
import { callerOf, type Exchange } from "./judge.js";

type Json = Record<string, unknown>;

export interface Judged {
  readonly exchange: Exchange;
  readonly concurrentWrite: boolean;
}

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function headersOf(list: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!Array.isArray(list)) return out;
  for (const header of list) {
    if (!isObject(header) || typeof header.name !== "string" || typeof header.value !== "string") continue;
    const name = header.name.toLowerCase();
    out[name] = out[name] === undefined ? header.value : `${out[name]}, ${header.value}`;
  }
  return out;
}

/** A HAR body's text: "" for none, null when the recorder did not keep it. */
function harText(body: unknown): string | null {
  if (!isObject(body)) return "";
  if (typeof body.text !== "string") return body.comment !== undefined || Number(body.size) > 0 ? null : "";
  return body.encoding === "base64" ? Buffer.from(body.text, "base64").toString("utf8") : body.text;
}

function fromHar(entries: unknown[]): Exchange[] {
  return entries.filter(isObject).flatMap((entry): Exchange[] => {
    const request = entry.request;
    const response = entry.response;
    if (!isObject(request) || !isObject(response) || typeof request.url !== "string") return [];
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return [];
    }
    return [
      {
        method: String(request.method ?? "GET").toUpperCase(),
        url: `${url.pathname}${url.search}`,
        requestHeaders: headersOf(request.headers),
        requestBody: request.postData === undefined ? "" : harText(request.postData),
        status: Number(response.status),
        responseHeaders: headersOf(response.headers),
        responseBody: harText(response.content),
        started: Date.parse(String(entry.startedDateTime)) || 0,
        ms: Math.max(0, Number(entry.time) || 0),
      },
    ];
  });
}

/** A journal body as the journal shows it: JSON values re-serialised, the journal's "(… not kept …)" as not read. */
function journalText(body: unknown): string | null {
  if (body === null || body === undefined) return "";
  if (typeof body === "string") return /^\((\d+ bytes, not recorded|not kept: .*)\)$/.test(body) ? null : body;
  return JSON.stringify(body);
}

/**
 * A mock's journal (`GET /__mock/requests`): oldest first, on the mock's clock (which a test may hold still), so its
 * entries are taken as one after another, never overlapping.
 */
function fromJournal(requests: unknown[]): Exchange[] {
  let end = 0;
  return requests.filter(isObject).flatMap((entry): Exchange[] => {
    if (typeof entry.status !== "number" || typeof entry.path !== "string") return [];
    const query = isObject(entry.query) ? new URLSearchParams(entry.query as Record<string, string>).toString() : "";
    const ms = Math.max(0, Number(entry.ms) || 0);
    const started = Math.max(Date.parse(String(entry.at)) || 0, end + 1);
    end = started + ms;
    const json = { "content-type": "application/json" };
    const requestBody = journalText(entry.request_body);
    return [
      {
        method: String(entry.method ?? "GET").toUpperCase(),
        url: query ? `${entry.path}?${query}` : entry.path,
        requestHeaders: {
          ...(typeof entry.caller === "string" && entry.caller !== "" ? { authorization: entry.caller } : {}),
          ...(requestBody ? json : {}),
        },
        requestBody,
        status: entry.status,
        responseHeaders: json,
        responseBody: journalText(entry.response_body),
        started,
        ms,
      },
    ];
  });
}

const end = (e: Exchange) => e.started + e.ms;
const isWrite = (e: Exchange) => !["GET", "HEAD", "OPTIONS"].includes(e.method);

/** The exchanges of a HAR file or a journal export, in the order judged; undefined for neither. */
export function exchangesOf(content: unknown): Judged[] | undefined {
  let exchanges: Exchange[];
  if (isObject(content) && isObject(content.log) && Array.isArray(content.log.entries))
    exchanges = fromHar(content.log.entries);
  else if (isObject(content) && Array.isArray(content.requests)) exchanges = fromJournal(content.requests);
  else return undefined;
  exchanges.sort((a, b) => end(a) - end(b) || a.started - b.started);
  const writes = new Map<string, Exchange[]>();
  for (const exchange of exchanges.filter(isWrite)) {
    const caller = callerOf(exchange.requestHeaders.authorization);
    const list = writes.get(caller) ?? [];
    list.push(exchange);
    writes.set(caller, list);
  }
  return exchanges.map((exchange) => {
    const mine = writes.get(callerOf(exchange.requestHeaders.authorization)) ?? [];
    const concurrentWrite = mine.some((w) => w !== exchange && w.started < end(exchange) && end(w) > end(exchange));
    return { exchange, concurrentWrite };
  });
}
