import { randomUUID } from "node:crypto";
import request from "supertest";
import { afterAll, beforeAll } from "vitest";
import type { MockApp } from "../../src/app.js";
import type { MockOptionsInput } from "../../src/config.js";
import { appOf, createMock, type Mock } from "../../src/mock.js";

/**
 * Where the contract suite points. By default an in-process mock (profile `mock`: the spec and the mock's own
 * decisions are asserted); with API_BASE_URL any running implementation (profile `spec` unless CONTRACT_PROFILE=mock:
 * only what the spec states, plus invariants). `BASE_URL` is taken by vitest, hence the name.
 */
export const externalBaseUrl = process.env.API_BASE_URL?.replace(/\/+$/, "");
export const profile: "spec" | "mock" = externalBaseUrl
  ? process.env.CONTRACT_PROFILE === "mock"
    ? "mock"
    : "spec"
  : "mock";

/** Tags for `describe`/`test` options: `spec` tests run everywhere, `mock` tests only against the mock. */
export const SPEC: { tags: string[] } = { tags: ["spec"] };
export const MOCK: { tags: string[]; skip: boolean } = { tags: ["mock"], skip: profile !== "mock" };
/**
 * Mock decisions that need the mock started with particular options (timing, `--auth required`, the default clock
 * start): only the in-process mock, which the test file configures itself, can be asserted on them.
 */
export const MOCK_IN_PROCESS: { tags: string[]; skip: boolean } = {
  tags: ["mock"],
  skip: externalBaseUrl !== undefined,
};

export interface Target {
  /** supertest bound to the target; every request goes over real HTTP. */
  http(): ReturnType<typeof request>;
  /** The in-process mock, when there is one (never for an external target). */
  readonly mock: MockApp | undefined;
  /** The same mock through the programmatic API (createMock). */
  readonly handle: Mock | undefined;
  readonly baseUrl: string;
}

/**
 * Starts an in-process mock for this test file (or binds to API_BASE_URL) and stops it after the file. Options let a
 * file choose, e.g., `--auth required`; they apply only to the in-process mock.
 */
export function useTarget(options: MockOptionsInput = {}): Target {
  let handle: Mock | undefined;
  let baseUrl = externalBaseUrl ?? "";
  beforeAll(async () => {
    if (externalBaseUrl) return;
    handle = await createMock({ clock: "manual", ...options, port: 0, host: "127.0.0.1" });
    baseUrl = handle.url;
  });
  afterAll(async () => {
    await handle?.close();
  });
  return {
    http: () => request(baseUrl),
    get mock() {
      return handle ? appOf(handle) : undefined;
    },
    get handle() {
      return handle;
    },
    get baseUrl() {
      return baseUrl;
    },
  };
}

/** A caller of its own (a new organisation too): the cheapest isolation between tests. */
export function newCaller(org?: string): string {
  return `Bearer tester-${randomUUID()}@${org ?? `org-${randomUUID()}`}`;
}

export const NIL_UUID = "00000000-0000-0000-0000-000000000000";

/**
 * Lets time pass between two requests: the in-process mock's manual clock is moved over its control API; an external
 * target runs on its own clock, so a short real pause stands in.
 */
export async function letTimePass(target: Target, ms = 1000): Promise<void> {
  if (target.mock || profile === "mock") {
    // A bss-mock on its manual clock moves when told; on the system clock (409) time passes by itself.
    const res = await target.http().post("/__mock/clock/advance").send({ ms });
    if (res.status === 200) return;
  }
  await new Promise((resolve) => setTimeout(resolve, 20));
}
