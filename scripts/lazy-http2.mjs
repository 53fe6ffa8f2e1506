// @hono/node-server imports node:http2 for an `instanceof Http2ServerRequest` test per request and one constant; the
// import loads tls, crypto and the fs promises at every start (~4 ms). In the Node bundles its import resolves to
// src/platform/lazy-http2.ts, which loads node:http2 only when an answer depends on it.
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const standIn = resolve(dirname(fileURLToPath(import.meta.url)), "../src/platform/lazy-http2.ts");

export const lazyHttp2ForNodeServer = {
  name: "bss-mock-lazy-http2",
  setup(build) {
    build.onResolve({ filter: /^node:http2$/ }, (args) =>
      /[\\/]node_modules[\\/]@hono[\\/]node-server[\\/]/.test(args.importer) ? { path: standIn } : undefined,
    );
  },
};
