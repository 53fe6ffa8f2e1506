import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "./package-root.js";

/*
 * Where the mock reads files: fixture folders and the /docs assets. This is the Node version; the browser bundle
 * (scripts/browser-build.mjs) replaces it with files.browser.ts, which has no disk and serves the packaged fixtures
 * from memory. Both export the same functions.
 */

export function joinPath(dir: string, file: string): string {
  return join(dir, file);
}

/** A file's text (UTF-8); throws, naming the path, when it cannot be read. */
export function readTextFile(path: string): string {
  return readFileSync(path, "utf8");
}

/** A file's bytes, or undefined when there is no such file. */
export function readFileBytes(path: string): Uint8Array | undefined {
  return existsSync(path) ? readFileSync(path) : undefined;
}

export function fileExists(path: string): boolean {
  return existsSync(path);
}

export function isDirectory(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory();
}

/** The names of the files in a folder, sorted. */
export function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
    .sort();
}

/** A path inside the bss-mock package folder (fixtures/, dist/, node_modules/). */
export function packagePath(...segments: string[]): string {
  return join(packageRoot(), ...segments);
}
