// Builds the package: one bundled file per entry point, so a cold start reads and compiles one file instead of
// hundreds of modules (measured: ~345 ms to the first 200 unbundled, ~260 ms bundled, on a 2-core machine where bare
// node takes ~95 ms), minified, since compiling the bundle's source text is itself a large part of the start, and
// with a V8 code cache for the command line (see scripts/cli-launcher.cjs). Type-checking is `tsc --noEmit` in
// `npm test`; esbuild only strips types.
import { execFileSync, spawn } from "node:child_process";
import { copyFileSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { decode, encode } from "@jridgewell/sourcemap-codec";
import { build } from "esbuild";
import { browserBuildOptions } from "./browser-build.mjs";
import { contractBuildOptions } from "./contract-bundle.mjs";
import { lazyHttp2ForNodeServer } from "./lazy-http2.mjs";
import { narrowedSourceRequires } from "./narrowed-requires.mjs";

rmSync("dist", { recursive: true, force: true });

// The packaged fixtures/ and scenarios/, validated and compiled here once (a bad packaged file fails the build with
// the message a start would give) and defined in the Node bundles: a start then only checks that the files are still
// those (src/api/packaged-content.ts) instead of validating them with zod again (~6 % of a cold start's instructions).
const packagedContent = await compilePackagedContent();

const common = {
  outdir: "dist",
  bundle: true,
  platform: "node",
  target: "node20",
  sourcemap: true,
  // Less to parse at start-up; stack traces map back through the source maps (node --enable-source-maps).
  minify: true,
  // Short lines: Node prints the source line of an uncaught error's throw site before its message, and a minified
  // line ran to 290 KB (through a pipe the message itself was cut off). Costs a newline per 160 characters.
  lineLimit: 160,
  legalComments: "linked",
  logLevel: "warning",
  define: { __BSS_PACKAGED_CONTENT__: JSON.stringify(packagedContent) },
  plugins: [narrowedSourceRequires, lazyHttp2ForNodeServer],
};

// The library entry and the compaction worker: ESM. Some dependencies are CommonJS and call require(); give the ESM
// bundle one.
await build({
  ...common,
  entryPoints: { index: "src/index.ts", "bss-mock-compact-worker": "src/store/persistence/compact-worker-main.ts" },
  format: "esm",
  banner: {
    js: "import { createRequire as __bssCreateRequire } from 'node:module'; const require = __bssCreateRequire(import.meta.url);",
  },
});

// The command line: CommonJS, so scripts/cli-launcher.cjs can run it through vm.Script with V8's code cache. The
// file is the script exactly as the launcher compiles it, the CommonJS wrapper included (banner and footer), so the
// launcher hands V8 the text as read instead of copying 1.4 MB twice to wrap it.
// import.meta.url has no CommonJS meaning; the bundle gets the file URL of dist/cli.cjs instead.
await build({
  ...common,
  entryPoints: { cli: "src/cli.ts" },
  outExtension: { ".js": ".cjs" },
  format: "cjs",
  define: { ...common.define, "import.meta.url": "__bssImportMetaUrl" },
  banner: {
    js: '(function (exports, require, module, __filename, __dirname) {var __bssImportMetaUrl = require("node:url").pathToFileURL(__filename).href;',
  },
  footer: { js: "})" },
});
copyFileSync("scripts/cli-launcher.cjs", "dist/bss-mock.cjs");
// Node bundles are ASCII: V8 keeps a source with any other character as two bytes per character (2.8 MB instead of
// 1.4 MB for the command line) and decodes it more slowly, which cost a cold start ~2,000 page faults and ~16M
// instructions. esbuild escapes non-ASCII text everywhere except in regular expression literals and String.raw
// templates; write those characters as \uXXXX escapes in the source.
for (const bundle of ["dist/cli.cjs", "dist/index.js"]) asciiOnly(bundle);
// `bss-mock/client` is types only (types/client.d.ts); this empty module lets a plain `import` of it resolve too.
writeFileSync("dist/client.js", "export {};\n");

// bss-mock/browser: the whole mock for a page or a Service Worker, no node: module in it (scripts/browser-build.mjs).
await build(browserBuildOptions());

// The dashboard's page script (/__mock/ui): plain DOM, for browsers, served by the mock from dist/public.
await build({
  entryPoints: ["src/api/ui/app.ts"],
  outfile: "dist/public/ui.js",
  bundle: true,
  platform: "browser",
  format: "iife",
  target: "es2020",
  minify: true,
  legalComments: "none",
  logLevel: "warning",
});

// `bss-mock contract`: the runner and the contract suite, loaded by the CLI only for that command.
await build(contractBuildOptions("dist"));

// `bss-mock mcp`: the MCP server (with the MCP SDK), loaded by the CLI only for that command; the CLI hands it the mock.
await build({
  ...common,
  entryPoints: { mcp: "src/api/mcp/main.ts" },
  outExtension: { ".js": ".cjs" },
  format: "cjs",
  // As the command line's: the schemas it shares name their package folder by import.meta.url.
  define: { ...common.define, "import.meta.url": "__bssImportMetaUrl" },
  banner: { js: 'var __bssImportMetaUrl = require("node:url").pathToFileURL(__filename).href;' },
});

for (const map of readdirSync("dist").filter((name) => name.endsWith(".map"))) ownCodeOnly(join("dist", map));

// Warm-up: start the server as a user does, answer the requests of a typical first session, and keep V8's compiled
// code: exactly what a start and its first requests run. (Warming up with `openapi` cached the document generator,
// which a start never runs, and none of the request path.)
await warmUpCodeCache();

/** The JSON of compilePackagedContent() (src/api/packaged-content.ts), run from the sources; exits on a bad file. */
async function compilePackagedContent() {
  const script = "dist/packaged-content.mjs";
  await build({
    stdin: {
      contents: [
        'import { compilePackagedContent } from "./src/api/packaged-content.ts";',
        "try { process.stdout.write(JSON.stringify(compilePackagedContent())); }",
        "catch (error) { process.stderr.write(`build: packaged ${error.message}\\n`); process.exit(1); }",
      ].join("\n"),
      resolveDir: ".",
      loader: "ts",
      sourcefile: "compile-packaged-content.ts",
    },
    outfile: script,
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
    banner: {
      js: "import { createRequire as __bssCreateRequire } from 'node:module'; const require = __bssCreateRequire(import.meta.url);",
    },
    logLevel: "warning",
  });
  try {
    return execFileSync(process.execPath, [script], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  } catch {
    process.exit(1);
  } finally {
    rmSync(script, { force: true });
  }
}

/** Runs `dist/bss-mock.cjs serve` with BSS_MOCK_WRITE_CODE_CACHE=1 through a short session, then stops it (SIGTERM). */
async function warmUpCodeCache() {
  const server = spawn(process.execPath, ["dist/bss-mock.cjs", "serve", "--port", "0", "--quiet"], {
    env: { ...process.env, BSS_MOCK_WRITE_CODE_CACHE: "1" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise((resolve) => server.once("exit", resolve));
  try {
    const url = await new Promise((resolve, reject) => {
      let out = "";
      server.stdout.setEncoding("utf8");
      server.stdout.on("data", (chunk) => {
        out += chunk;
        const match = /listening on (http:\/\/\S+)/.exec(out);
        if (match) resolve(match[1]);
      });
      exited.then((code) => reject(new Error(`warm-up server exited (${code}) before listening`)));
    });
    // A token of its own: the demo world is built on the demo caller's first request, which a start need not pay for.
    const call = async (path, init = {}) => {
      const headers = { authorization: "Bearer warm-up@build", "content-type": "application/json" };
      const response = await fetch(`${url}${path}`, { ...init, headers });
      if (!response.ok) throw new Error(`warm-up ${init.method ?? "GET"} ${path}: ${response.status}`);
      return response.json();
    };
    await call("/healthz");
    const [model] = await call("/v1/user-models");
    const body = {
      mode: "research",
      goal: "concept_test",
      inputs: { concept: "A smart cup" },
      user_model_ids: [model.id],
    };
    const simulation = await call("/v1/simulations", { method: "POST", body: JSON.stringify(body) });
    await call(`/v1/simulations/${simulation.id}`);
    await call("/v1/simulations?limit=5");
  } finally {
    server.kill("SIGTERM");
    await exited;
  }
}

/** Fails the build when `bundle` holds a non-ASCII character, naming where each comes from (its source map). */
function asciiOnly(bundle) {
  const lines = readFileSync(bundle, "latin1").split("\n");
  const map = JSON.parse(readFileSync(`${bundle}.map`, "utf8"));
  const mappings = decode(map.mappings);
  const found = new Set();
  lines.forEach((line, lineIndex) => {
    for (let column = 0; column < line.length; column++) {
      if (line.charCodeAt(column) < 0x80) continue;
      const segment = mappings[lineIndex]?.findLast((s) => s[0] <= column && s.length >= 4);
      found.add(segment ? `${map.sources[segment[1]]}:${segment[2] + 1}` : `${bundle}:${lineIndex + 1}`);
    }
  });
  if (found.size > 0) {
    console.error(
      `build: ${bundle} is not ASCII; write these characters as \\uXXXX escapes:\n  ${[...found].join("\n  ")}`,
    );
    process.exit(1);
  }
}

/**
 * Keeps only our own sources (src/, contract-tests/) in a source map: what is bundled from node_modules was 80% of the maps' size and
 * is not ours to show. Its generated code simply maps to nothing, as if it had no source map.
 */
function ownCodeOnly(path) {
  const map = JSON.parse(readFileSync(path, "utf8"));
  // contract-tests/: the suite bundled into dist/contract.cjs is ours too.
  const keep = map.sources.map((source) => source.startsWith("../src/") || source.startsWith("../contract-tests/"));
  const newIndex = [];
  let next = 0;
  for (const kept of keep) newIndex.push(kept ? next++ : -1);
  const names = new Map();
  const nameIndex = (i) => {
    if (!names.has(i)) names.set(i, names.size);
    return names.get(i);
  };
  const mappings = decode(map.mappings).map((line) =>
    line.flatMap((segment) => {
      if (segment.length === 1) return [segment];
      const index = newIndex[segment[1]];
      if (index === -1) return [];
      const [column, , sourceLine, sourceColumn] = segment;
      return [
        segment.length === 5
          ? [column, index, sourceLine, sourceColumn, nameIndex(segment[4])]
          : [column, index, sourceLine, sourceColumn],
      ];
    }),
  );
  const keepIndex = (_, i) => keep[i];
  writeFileSync(
    path,
    JSON.stringify({
      ...map,
      sources: map.sources.filter(keepIndex),
      sourcesContent: map.sourcesContent?.filter(keepIndex),
      names: [...names.keys()].map((i) => map.names[i]),
      mappings: encode(mappings),
    }),
  );
}
