/**
 * HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/) for recorded traffic: the proxy's --har file and the mock
 * journal's export. Credentials never reach a file: `authorization` and `proxy-authorization` become a pseudonym per
 * distinct value ("redacted caller 1", …, so `bss-mock check` still tells callers apart), cookies are dropped.
 */

export interface HarExchange {
  readonly method: string;
  /** Absolute URL of the request. */
  readonly url: string;
  readonly requestHeaders: Readonly<Record<string, string | undefined>>;
  /** The body's text, or null when it was not read (too large). */
  readonly requestBody: string | null;
  readonly status: number;
  readonly responseHeaders: Readonly<Record<string, string | undefined>>;
  readonly responseBody: string | null;
  /** Start (ms since the epoch) and duration. */
  readonly started: number;
  readonly ms: number;
}

const CREDENTIALS = new Set(["authorization", "proxy-authorization"]);
const COOKIES = new Set(["cookie", "set-cookie"]);

/** Replaces credentials by a stable pseudonym per distinct value (bounded: past `max` values they share one). */
export class Redactor {
  readonly #names = new Map<string, string>();

  constructor(private readonly max = 10_000) {}

  credential(value: string): string {
    const known = this.#names.get(value);
    if (known) return known;
    if (this.#names.size >= this.max) return "redacted caller (one of many)";
    const name = `redacted caller ${this.#names.size + 1}`;
    this.#names.set(value, name);
    return name;
  }

  headers(headers: Readonly<Record<string, string | undefined>>): Array<{ name: string; value: string }> {
    return Object.entries(headers).flatMap(([name, value]) => {
      if (value === undefined || COOKIES.has(name.toLowerCase())) return [];
      return [{ name, value: CREDENTIALS.has(name.toLowerCase()) ? this.credential(value) : value }];
    });
  }
}

const header = (headers: Readonly<Record<string, string | undefined>>, name: string) =>
  Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];

const NOT_READ = "not read: longer than the recorder keeps";

/** One HAR entry. */
export function harEntry(exchange: HarExchange, redactor: Redactor): Record<string, unknown> {
  const url = new URL(exchange.url);
  const requestType = header(exchange.requestHeaders, "content-type");
  const responseType = header(exchange.responseHeaders, "content-type") ?? "";
  const size = (text: string | null) => (text === null ? -1 : Buffer.byteLength(text));
  return {
    startedDateTime: new Date(exchange.started).toISOString(),
    time: exchange.ms,
    request: {
      method: exchange.method,
      url: exchange.url,
      httpVersion: "HTTP/1.1",
      cookies: [],
      headers: redactor.headers(exchange.requestHeaders),
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
      ...(exchange.requestBody === ""
        ? {}
        : {
            postData: {
              mimeType: requestType ?? "",
              ...(exchange.requestBody === null ? { comment: NOT_READ } : { text: exchange.requestBody }),
            },
          }),
      headersSize: -1,
      bodySize: size(exchange.requestBody),
    },
    response: {
      status: exchange.status,
      statusText: "",
      httpVersion: "HTTP/1.1",
      cookies: [],
      headers: redactor.headers(exchange.responseHeaders),
      content: {
        size: size(exchange.responseBody),
        mimeType: responseType,
        ...(exchange.responseBody === null ? { comment: NOT_READ } : { text: exchange.responseBody }),
      },
      redirectURL: header(exchange.responseHeaders, "location") ?? "",
      headersSize: -1,
      bodySize: size(exchange.responseBody),
    },
    cache: {},
    timings: { send: 0, wait: exchange.ms, receive: 0 },
  };
}

/** The text before the first entry and after the last: entries go between, joined by ",\n". */
export function harFrame(version: string): { readonly open: string; close(comment?: string): string } {
  const creator = { name: "bss-mock", version };
  return {
    open: `{"log":{"version":"1.2","creator":${JSON.stringify(creator)},"entries":[\n`,
    close: (comment) => `\n]${comment ? `,"comment":${JSON.stringify(comment)}` : ""}}}\n`,
  };
}
