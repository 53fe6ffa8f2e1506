/// <reference path="./packaged-fixtures.d.ts" />
import packagedFixtures, { packagedScenarios, packageManifest } from "bss-mock:packaged-fixtures";
import type * as NodeFiles from "./files.js";

/*
 * files.ts for the browser bundle: no disk. The packaged fixtures/*.json are embedded in the bundle at build time
 * (scripts/browser-build.mjs) and read from memory as the folder "bss-mock/fixtures"; a mock given fixtures of its own
 * mounts them as another folder while it loads them. There is nothing else to read (no /docs assets).
 */

const PACKAGE = "bss-mock";
const folders = new Map<string, Readonly<Record<string, string>>>([
  [`${PACKAGE}/fixtures`, packagedFixtures],
  [`${PACKAGE}/scenarios`, packagedScenarios],
  [PACKAGE, { "package.json": packageManifest }],
]);
let mounted = 0;

function lookUp(path: string): string | undefined {
  const slash = path.lastIndexOf("/");
  return folders.get(path.slice(0, slash))?.[path.slice(slash + 1)];
}

export const joinPath: typeof NodeFiles.joinPath = (dir, file) => `${dir}/${file}`;

export const readTextFile: typeof NodeFiles.readTextFile = (path) => {
  const text = lookUp(path);
  if (text === undefined) throw new Error(`no such file in the browser bundle: ${path}`);
  return text;
};

export const readFileBytes: typeof NodeFiles.readFileBytes = (path) => {
  const text = lookUp(path);
  return text === undefined ? undefined : new TextEncoder().encode(text);
};

export const fileExists: typeof NodeFiles.fileExists = (path) => lookUp(path) !== undefined;

export const isDirectory: typeof NodeFiles.isDirectory = (path) => folders.has(path);

export const listFiles: typeof NodeFiles.listFiles = (dir) => Object.keys(folders.get(dir) ?? {}).sort();

export const packagePath: typeof NodeFiles.packagePath = (...segments) => [PACKAGE, ...segments].join("/");

/** The packaged fixture files' text, by file name. */
export function packagedFixtureFiles(): Readonly<Record<string, string>> {
  return packagedFixtures;
}

/** Makes `files` (name -> text) readable as a folder until the returned function is called; gives the folder. */
export function mountFolder(files: Readonly<Record<string, string>>): { dir: string; unmount: () => void } {
  const dir = `${PACKAGE}/mounted-fixtures-${++mounted}`;
  folders.set(dir, files);
  return { dir, unmount: () => folders.delete(dir) };
}
