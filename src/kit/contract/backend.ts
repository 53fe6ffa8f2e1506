/**
 * The harness's backend inside the bundled runner (`bss-mock contract`): scripts/build.mjs puts this module where the
 * contract files' `support/backend.ts` (vitest's) would be. Tests are collected into the registry and run by run.ts.
 */
import type { Backend, StartInProcess } from "./backend-api.js";
import { registerAfterAll, registerBeforeAll, registerSuite, registerTest } from "./registry.js";

export { expect } from "./expect.js";

export const backend: Backend = {
  describe: registerSuite,
  test: registerTest,
  beforeAll: (body, timeout) => registerBeforeAll({ body, timeout }),
  afterAll: (body) => registerAfterAll({ body }),
};

/** The runner always tests the URL it was given. */
export const startInProcess: StartInProcess = undefined;

/** Nothing of the repository is at hand in the package. */
export const repositoryDir: string | undefined = undefined;
