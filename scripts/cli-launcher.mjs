#!/usr/bin/env node
// bss-mock's command line, started through V8's code cache. Node 20 has no module compile cache (that is Node 22's
// module.enableCompileCache), and compiling the ~0.7 MB bundle is the largest single cost of a cold start, so the
// bundle is CommonJS run through vm.Script with the cached data `npm run build` wrote after a warm-up run. When V8
// rejects the cache (another Node version, changed bundle) it simply compiles the source: slower, never wrong.
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Script } from "node:vm";

const dir = dirname(fileURLToPath(import.meta.url));
const bundlePath = join(dir, "cli.cjs");
const cachePath = join(dir, "cli.cjs.cache");

// V8 checks a code cache against the source's length only, not its content: a cache older than the bundle (a rebuild
// whose warm-up has not written the new cache yet) could run the old build's functions. Such a cache is not used.
// An npm install gives both files one mtime, which keeps the cache.
let cachedData;
try {
  if (statSync(cachePath).mtimeMs >= statSync(bundlePath).mtimeMs) cachedData = readFileSync(cachePath);
} catch {
  cachedData = undefined;
}
// The bundle keeps src/cli.ts's hashbang; inside a function it must become a comment (same length: columns hold).
const source = readFileSync(bundlePath, "utf8").replace(/^#!/, "//");
// The script's name is the package-relative one, never the real path: V8 keeps the name the cache was written with
// (the builder's folder) and shows it in stack traces, whatever name a later run gives. Node applies no source maps to
// vm scripts, so the real path would buy nothing.
const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
  filename: "bss-mock/dist/cli.cjs",
  cachedData,
});
if (process.env.BSS_MOCK_WRITE_CODE_CACHE === "1") {
  // After the warm-up command has run, so the functions it compiled lazily are in the cache too.
  process.once("exit", () => writeFileSync(cachePath, script.createCachedData()));
}
const module = { exports: {} };
script.runInThisContext()(module.exports, createRequire(bundlePath), module, bundlePath, dir);
