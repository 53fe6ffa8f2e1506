import { AsyncLocalStorage } from "node:async_hooks";

/** One request and its response as the suite saw them (bodies cut to a readable length). */
export interface Exchange {
  readonly method: string;
  readonly url: string;
  readonly requestHeaders: Record<string, string>;
  readonly requestBody?: string;
  readonly status: number;
  readonly responseHeaders: Record<string, string>;
  readonly responseBody: string;
  readonly ms: number;
}

/** What one running test has sent and received; the report shows the last exchange of a failed test. */
export interface TestScope {
  readonly name: string;
  readonly exchanges: Exchange[];
  /** The test provokes answers the document does not describe on purpose (a scenario's 500, a broken connection). */
  unchecked?: boolean;
  /** Above 0 while a shared helper sets the test up (see inSetUp). */
  setUp?: number;
}

const storage = new AsyncLocalStorage<TestScope>();

/** Runs `fn` with `scope` as the current test, also across awaits (tests of several files may run at once). */
export function inScope<T>(scope: TestScope, fn: () => T): T {
  return storage.run(scope, fn);
}

export function currentScope(): TestScope | undefined {
  return storage.getStore();
}

/**
 * Runs a shared helper's requests as the test's set-up (a user model to use, a simulation to create and wait for): an
 * answer there that breaks the OpenAPI document makes the test not applicable under `bss-mock contract`, where one in
 * the test's own requests leaves the verdict to its assertions (conformance.ts).
 */
export async function inSetUp<T>(fn: () => Promise<T>): Promise<T> {
  const scope = currentScope();
  if (scope) scope.setUp = (scope.setUp ?? 0) + 1;
  try {
    return await fn();
  } finally {
    if (scope) scope.setUp = (scope.setUp ?? 1) - 1;
  }
}

const MAX_BODY = 2000;

function cut(text: string): string {
  return text.length > MAX_BODY ? `${text.slice(0, MAX_BODY)}… (${text.length} characters)` : text;
}

/** The exchange as text: request line, headers that matter, body; then status, headers, body. */
export function describeExchange(exchange: Exchange): string {
  const headers = (h: Record<string, string>) =>
    Object.entries(h)
      .filter(([name]) => !["connection", "keep-alive", "date", "host", "accept-encoding"].includes(name))
      .map(([name, value]) => `  ${name}: ${cut(value)}`)
      .join("\n");
  const request = [`> ${exchange.method} ${exchange.url}`, headers(exchange.requestHeaders)];
  if (exchange.requestBody) request.push(`  ${cut(exchange.requestBody)}`);
  const response = [`< ${exchange.status} (${exchange.ms} ms)`, headers(exchange.responseHeaders)];
  if (exchange.responseBody) response.push(`  ${cut(exchange.responseBody)}`);
  return [...request, ...response].filter((line) => line !== "").join("\n");
}

/** Bodies as readable text: a binary body is shown by its size. */
export function bodyText(bytes: Uint8Array | undefined): string | undefined {
  if (!bytes || bytes.length === 0) return undefined;
  const text = Buffer.from(bytes).toString("utf8");
  return text.includes("\uFFFD") ? `<${bytes.length} bytes>` : cut(text);
}
