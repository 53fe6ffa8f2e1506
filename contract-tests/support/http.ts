/**
 * The suite's HTTP client: fetch underneath (no supertest, so the bundled runner needs nothing at run time), with the
 * chainable shape the tests were written in (`.set(…).send(…)`, `await`, `.expect(status)`). Every exchange is kept
 * in the running test's scope (the report shows the last one of a failed test) and handed to the observers: the
 * OpenAPI conformance check and the record of what the run created.
 */
import { randomUUID } from "node:crypto";
import { bodyText, currentScope, describeExchange, type Exchange } from "../../src/kit/contract/scope.js";
import { connectionFailure } from "../../src/kit/contract/target-info.js";

/** Tries of one request whose kept-alive connection the server had closed (see run()). */
const SOCKET_RETRIES = 5;

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD" | "OPTIONS";

export interface Response {
  readonly status: number;
  /** Header names in lower case. */
  readonly headers: Record<string, string | undefined>;
  readonly text: string;
  /** The parsed JSON body; `{}` when the body is empty or not JSON (as superagent gives it). */
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are checked by the tests' own assertions
  readonly body: any;
}

/** Sees every exchange after it happened; may throw to fail the test (e.g. a response the document does not allow). */
export type Observer = (exchange: Exchange, response: Response, request: { path: string; method: Method }) => void;

interface Attachment {
  readonly field: string;
  readonly data: Uint8Array;
  readonly filename: string;
  readonly contentType: string;
}

/** The spec's list operations: "the caller's simulations", "projects visible to the caller", … */
const LIST_PATHS = /^\/v1\/(simulations|projects|contexts|user-models)(\?|$)/;
const LIST_KEYS = ["items", "data", "results", "simulations", "projects", "contexts", "user_models", "models"];

/**
 * A list operation's answer as a list. The spec says what a list holds and in what order, not its shape: a target may
 * wrap it (`{"items": [...], "limit": 20}`), and the suite reads the list wherever it is, so every test of a list
 * judges the entries, not the wrapper. Anything else is left as it came.
 */
function listOf(method: Method, path: string, body: unknown): unknown {
  if (method !== "GET" || !LIST_PATHS.test(path) || body === null || typeof body !== "object" || Array.isArray(body)) {
    return body;
  }
  const lists = Object.entries(body).filter(([, value]) => Array.isArray(value));
  if (lists.length === 1) return (lists[0] as [string, unknown])[1];
  return lists.find(([key]) => LIST_KEYS.includes(key))?.[1] ?? body;
}

const PROJECT_PATH = /^\/v1\/projects\/[^/?]+(\?|$)/;

/** A round's place in its project when the target gives one: its number, else its creation time. */
function roundKey(round: unknown): number | undefined {
  const r = round as { number?: unknown; created_at?: unknown } | null;
  if (typeof r?.number === "number") return r.number;
  const at = typeof r?.created_at === "string" ? Date.parse(r.created_at) : Number.NaN;
  return Number.isNaN(at) ? undefined : at;
}

/**
 * A project's rounds oldest first. The spec does not show their order; the tests read "round 1, round 2" in the order
 * the rounds were made, so a target that lists them newest first, and numbers them or dates them, is read in that
 * order. Rounds that carry neither stay as they came.
 */
function roundsOldestFirst(method: Method, path: string, body: unknown): unknown {
  if (method !== "GET" || !PROJECT_PATH.test(path) || body === null || typeof body !== "object") return body;
  const rounds = (body as { rounds?: unknown }).rounds;
  if (!Array.isArray(rounds) || rounds.some((round) => roundKey(round) === undefined)) return body;
  const sorted = [...rounds].sort((a, b) => (roundKey(a) as number) - (roundKey(b) as number));
  return { ...body, rounds: sorted };
}

export class HttpRequest implements PromiseLike<Response> {
  private readonly headers: Record<string, string> = {};
  private body: Uint8Array | undefined;
  private readonly attachments: Attachment[] = [];
  private readonly search = new URLSearchParams();
  private expected: number | undefined;
  private checked = true;

  constructor(
    private readonly client: HttpClient,
    private readonly method: Method,
    private readonly path: string,
  ) {}

  /** Sets a request header (names are case-insensitive); `null` removes one the client would send. */
  set(name: string | Record<string, string>, value?: string): this {
    if (typeof name === "object") {
      for (const [key, v] of Object.entries(name)) this.headers[key.toLowerCase()] = v;
    } else if (value !== undefined) {
      this.headers[name.toLowerCase()] = value;
    }
    return this;
  }

  query(values: Record<string, string | number | boolean>): this {
    for (const [key, value] of Object.entries(values)) this.search.append(key, String(value));
    return this;
  }

  /**
   * The body: an object or array is sent as JSON; a string as UTF-8 (JSON content type unless one is set); bytes as
   * they are (with no content type unless one is set).
   */
  send(body: unknown): this {
    if (body instanceof Uint8Array) {
      this.body = body;
    } else if (typeof body === "string") {
      this.body = Buffer.from(body, "utf8");
      this.headers["content-type"] ??= "application/json";
    } else {
      this.body = Buffer.from(JSON.stringify(body), "utf8");
      this.headers["content-type"] ??= "application/json";
    }
    return this;
  }

  /** Adds a file part to a multipart/form-data body. */
  attach(field: string, data: Uint8Array, options: { filename: string; contentType: string }): this {
    this.attachments.push({ field, data, ...options });
    return this;
  }

  /** Redirects are never followed (kept for the tests written for supertest). */
  redirects(_count: number): this {
    return this;
  }

  /** Fails the request unless the target answers this status. */
  expect(status: number): this {
    this.expected = status;
    return this;
  }

  /** Leaves this response out of the OpenAPI conformance check (a request the document cannot describe). */
  unchecked(): this {
    this.checked = false;
    return this;
  }

  private multipart(): Uint8Array {
    const boundary = `bss-contract-${randomUUID()}`;
    this.headers["content-type"] = `multipart/form-data; boundary=${boundary}`;
    const parts: Uint8Array[] = [];
    for (const a of this.attachments) {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${a.field}"; filename="${a.filename}"\r\n` +
            `Content-Type: ${a.contentType}\r\n\r\n`,
        ),
        a.data,
        Buffer.from("\r\n"),
      );
    }
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    return Buffer.concat(parts);
  }

  async run(): Promise<Response> {
    // An id that an earlier answer did not give (a refused create): the test stops there, and its last exchange is
    // that answer, not a request to /undefined that would blame this operation.
    if (/\/undefined(\/|\?|$)/.test(this.path)) {
      throw new Error(
        `set-up failed: no id for ${this.method} ${this.path}: an earlier answer did not give one (its last exchange is shown)`,
      );
    }
    const query = this.search.toString();
    const path = query ? `${this.path}${this.path.includes("?") ? "&" : "?"}${query}` : this.path;
    const url = `${this.client.baseUrl}${path}`;
    const body = this.attachments.length > 0 ? this.multipart() : this.body;
    this.client.addedHeaders(this.method, this.path, this.headers);
    const started = Date.now();
    let res: globalThis.Response;
    const send = () =>
      fetch(url, {
        method: this.method,
        headers: this.headers,
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(this.client.timeoutMs),
      });
    try {
      // A kept-alive connection the server closed just as it was reused (timers run late on a loaded machine): the
      // request almost surely never reached the server, so it is sent again. Each failure drops its connection, but the
      // pool may hold other idle ones the server closed at the same moment: a few tries reach a new connection.
      for (let attempt = 1; ; attempt++) {
        try {
          res = await send();
          break;
        } catch (error) {
          // The same race seen as a reset (a loaded machine: the close arrives while the request is written).
          const code = (error as { cause?: { code?: string } }).cause?.code;
          if ((code !== "UND_ERR_SOCKET" && code !== "ECONNRESET") || attempt >= SOCKET_RETRIES) throw error;
        }
      }
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === "TimeoutError") {
        throw new Error(`${this.method} ${path} got no answer within ${this.client.timeoutMs} ms`);
      }
      throw connectionFailure(this.client.baseUrl, error);
    }
    const text = await res.text();
    const headers: Record<string, string> = {};
    res.headers.forEach((value, name) => {
      headers[name] = value;
    });
    let parsed: unknown = {};
    if (text !== "" && /json/i.test(headers["content-type"] ?? "")) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = {};
      }
    }
    // Only a success is a list or a project: a refusal's body (a 422's `detail`) is read as it came.
    const read = res.ok ? roundsOldestFirst(this.method, this.path, listOf(this.method, this.path, parsed)) : parsed;
    const response: Response = { status: res.status, headers, text, body: read };
    const exchange: Exchange = {
      method: this.method,
      url,
      requestHeaders: this.headers,
      requestBody: bodyText(body),
      status: res.status,
      responseHeaders: headers,
      responseBody: text.length > 0 ? (bodyText(Buffer.from(text)) ?? "") : "",
      ms: Date.now() - started,
    };
    currentScope()?.exchanges.push(exchange);
    for (const observer of this.client.observers) {
      const checked = this.checked && !currentScope()?.unchecked;
      if (checked || !observer.conformance) observer.see(exchange, response, { path, method: this.method });
    }
    if (this.expected !== undefined && res.status !== this.expected) {
      throw new Error(`expected status ${this.expected}, got ${res.status}\n${describeExchange(exchange)}`);
    }
    return response;
  }

  // biome-ignore lint/suspicious/noThenProperty: awaiting the request sends it, as with supertest
  then<A = Response, B = never>(
    onFulfilled?: ((value: Response) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.run().then(onFulfilled, onRejected);
  }
}

export class HttpClient {
  readonly observers: Array<{ see: Observer; conformance?: boolean }> = [];

  constructor(
    readonly baseUrl: string,
    readonly timeoutMs = 60_000,
    /** Sent on every /__mock request (a test's own .set() still wins): a mock started with --control-token. */
    readonly controlToken?: string,
    readonly adds: {
      /** A bss-mock scenario added to `x-mock-scenario` on every POST to the API (the one that starts phases). */
      readonly phaseScenario?: string;
    } = {},
  ) {}

  request(method: Method, path: string): HttpRequest {
    const request = new HttpRequest(this, method, path);
    if (this.controlToken && path.startsWith("/__mock")) request.set("x-mock-control-token", this.controlToken);
    return request;
  }

  /** Headers the client adds when the request is sent, after the test's own (`x-mock-scenario` is joined, not replaced). */
  addedHeaders(method: Method, path: string, headers: Record<string, string>): void {
    const scenario = this.adds.phaseScenario;
    if (!scenario || method !== "POST" || !path.startsWith("/v1/")) return;
    const own = headers["x-mock-scenario"];
    headers["x-mock-scenario"] = own ? `${own},${scenario}` : scenario;
  }
  get(path: string) {
    return this.request("GET", path);
  }
  post(path: string) {
    return this.request("POST", path);
  }
  put(path: string) {
    return this.request("PUT", path);
  }
  patch(path: string) {
    return this.request("PATCH", path);
  }
  delete(path: string) {
    return this.request("DELETE", path);
  }
  head(path: string) {
    return this.request("HEAD", path);
  }
  options(path: string) {
    return this.request("OPTIONS", path);
  }
}
