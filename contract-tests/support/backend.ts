/**
 * The harness's backend under `npm test`: vitest, and a mock started in this process for each test file. The bundled
 * runner (`bss-mock contract`) swaps this module for src/kit/contract/backend.ts, so nothing here reaches the package.
 */
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, it } from "vitest";
import type { MockOptionsInput } from "../../src/api/config/options.js";
import { createMock } from "../../src/api/mock.js";
import type { Backend, StartInProcess } from "../../src/kit/contract/backend-api.js";

export { expect } from "vitest";

export const backend: Backend = {
  describe: (name, body) => describe(name, body),
  test: (name, meta, body) =>
    it(name, { tags: [meta.profile], timeout: meta.timeout }, async (ctx) => {
      await body((reason) => {
        ctx.skip(reason);
        throw new Error("unreachable: vitest's skip throws");
      });
    }),
  beforeAll: (body, timeout) => beforeAll(body, timeout),
  afterAll: (body) => afterAll(body),
};

/** The repository's folder, for files a file's in-process mock reads (fixtures). */
export const repositoryDir: string | undefined = fileURLToPath(new URL("../..", import.meta.url));

export const startInProcess: StartInProcess = async (options) => {
  const mock = await createMock({ clock: "manual", ...(options as MockOptionsInput), port: 0, host: "127.0.0.1" });
  return { baseUrl: mock.url, close: () => mock.close() };
};
