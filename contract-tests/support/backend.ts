/**
 * The harness's backend under `npm test`: vitest, and a mock started in this process for each test file. The bundled
 * runner (`bss-mock contract`) swaps this module for src/contract/backend.ts, so nothing here reaches the package.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { createAdaptorServer } from "@hono/node-server";
import { afterAll, beforeAll, describe, it } from "vitest";
import { createApp } from "../../src/app.js";
import type { MockOptionsInput } from "../../src/config.js";
import type { Backend, StartInProcess } from "../../src/contract/backend-api.js";

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
  const mock = createApp({ quiet: true, clock: "manual", ...(options as MockOptionsInput) });
  const server = createAdaptorServer({ fetch: mock.fetch }) as Server;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        mock.close();
        server.close(() => resolve());
      }),
  };
};
