// A reference for the cold start: a hello world of the stack the mock is built on (an @hono/zod-openapi route served
// by @hono/node-server), bundled and started exactly as the mock is (scripts/cli-launcher.cjs: one minified CommonJS
// bundle run through V8's code cache, written after a warm-up). It imports @hono/node-server as any app does, which
// loads Node's fetch classes (undici, ~16 ms); the mock defers them to the first request that needs them
// (src/platform/lazy-web-globals.ts), so the difference between the two is not only the mock's own cost.
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { ROOT, startServer } from "./lib.mjs";

const SOURCE = `
import { serve } from "@hono/node-server";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
const app = new OpenAPIHono();
const Health = z.object({ status: z.string() });
app.openapi(
  createRoute({ method: "get", path: "/healthz", responses: { 200: { description: "ok", content: { "application/json": { schema: Health } } } } }),
  (c) => c.json({ status: "ok" }, 200),
);
const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) =>
  console.log("stack hello world listening on http://127.0.0.1:" + info.port),
);
process.on("SIGTERM", () => server.close(() => process.exit(0)));
`;

/** Builds the hello world into bench/.tmp/stack-hello with its code cache; resolves with the launcher's path. */
export async function buildStackHello() {
  const dir = join(ROOT, "bench", ".tmp", "stack-hello");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  await build({
    stdin: { contents: SOURCE, resolveDir: ROOT, loader: "ts" },
    outfile: join(dir, "cli.cjs"),
    bundle: true,
    platform: "node",
    target: "node20",
    format: "cjs",
    minify: true,
    lineLimit: 160,
    logLevel: "warning",
    // The launcher compiles the file as it is: a CommonJS function (as scripts/build.mjs writes dist/cli.cjs).
    banner: { js: "(function (exports, require, module, __filename, __dirname) {" },
    footer: { js: "})" },
  });
  const launcher = join(dir, "launcher.cjs");
  copyFileSync(join(ROOT, "scripts", "cli-launcher.cjs"), launcher);
  // Warm-up: start, answer one request, stop (SIGTERM); the launcher writes the code cache on exit.
  const server = await startServer(process.execPath, [launcher], {
    label: "stack hello world warm-up",
    env: { BSS_MOCK_WRITE_CODE_CACHE: "1" },
  });
  await (await fetch(`${server.url}/healthz`)).text();
  await server.stop();
  return launcher;
}
