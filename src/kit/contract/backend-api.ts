import type { Profile } from "./settings.js";

/** What the harness tells a backend about one test. */
export interface TestMeta {
  /** Rule ids of the traceability file this test checks. */
  readonly rules: readonly string[];
  /** The least profile the test runs in. */
  readonly profile: Profile;
  /** Conditions the target must meet, else the test is "not applicable" (see harness.ts `Need`). */
  readonly needs: readonly string[];
  /** Sends nothing that can create data (reads and validation refusals only). */
  readonly readOnly: boolean;
  readonly timeout?: number;
}

/** Ends the running test as "not applicable" with the reason: never a pass. */
export type Skip = (reason: string) => never;

export type Body = (skip: Skip) => Promise<void> | void;

/**
 * The test framework under the harness: vitest under `npm test`, the bundled runner under `bss-mock contract`. The
 * contract test files only ever see the harness, so the same files run under both.
 */
export interface Backend {
  describe(name: string, body: () => void): void;
  test(name: string, meta: TestMeta, body: Body): void;
  beforeAll(body: () => Promise<void> | void, timeout?: number): void;
  afterAll(body: () => Promise<void> | void): void;
}

/** A mock started in this process for one test file (only under `npm test`). */
export interface InProcessMock {
  readonly baseUrl: string;
  close(): Promise<void>;
}

/** Starts an in-process mock with the file's options; `undefined` where there is none (the bundled runner). */
export type StartInProcess = ((options: Record<string, unknown>) => Promise<InProcessMock>) | undefined;
