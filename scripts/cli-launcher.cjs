#!/usr/bin/env node
// bss-mock's command line, started through V8's code cache. Node 20 has no module compile cache (that is Node 22's
// module.enableCompileCache), and compiling the ~1.4 MB bundle is the largest single cost of a cold start, so the
// bundle is CommonJS run through vm.Script with the cached data `npm run build` wrote after a warm-up run. When V8
// rejects the cache (another Node version, changed bundle) it simply compiles the source: slower, never wrong.
// This launcher is CommonJS too: an ES module entry point starts Node's ESM loader (its module jobs, an ES facade per
// imported builtin, fs/promises to read the file), ~15M instructions of a cold start for five imports.
"use strict";
const { readFileSync, statSync, writeFileSync } = require("node:fs");
const { join } = require("node:path");
const { Script } = require("node:vm");

const bundlePath = join(__dirname, "cli.cjs");
const cachePath = join(__dirname, "cli.cjs.cache");

// V8 checks a code cache against the source's length only, not its content: a cache older than the bundle (a rebuild
// whose warm-up has not written the new cache yet) could run the old build's functions. Such a cache is not used.
// An npm install gives both files one mtime, which keeps the cache.
let cachedData;
try {
  if (statSync(cachePath).mtimeMs >= statSync(bundlePath).mtimeMs) cachedData = readFileSync(cachePath);
} catch {
  cachedData = undefined;
}
// The bundle is ASCII and already wrapped as a CommonJS function (scripts/build.mjs): read as Latin-1, which needs no
// UTF-8 decoding, it is the script V8 compiles, with no copy.
const source = readFileSync(bundlePath, "latin1");
// The script's name is the package-relative one, never the real path: V8 keeps the name the cache was written with
// (the builder's folder) and shows it in stack traces, whatever name a later run gives. Node applies no source maps to
// vm scripts, so the real path would buy nothing.
const script = new Script(source, {
  filename: "bss-mock/dist/cli.cjs",
  cachedData,
});
if (process.env.BSS_MOCK_WRITE_CODE_CACHE === "1") {
  // After the warm-up command has run, so the functions it compiled lazily are in the cache too.
  process.once("exit", () => writeFileSync(cachePath, script.createCachedData()));
}
const bundle = { exports: {} };
// The bundle sits beside this file: this module's require resolves from the same folder.
script.runInThisContext()(bundle.exports, require, bundle, bundlePath, __dirname);
