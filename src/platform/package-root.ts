import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

let root: string | undefined;

/**
 * The bss-mock package folder (where fixtures/ and package.json live), found by walking up from this module, so it
 * is right from src/ under vitest, from dist/ and from the single-file bundle alike.
 */
export function packageRoot(): string {
  if (root) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, "utf8")) as { name?: string }).name === "bss-mock") {
      root = dir;
      return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error("bss-mock: cannot find the package folder (package.json named bss-mock)");
    dir = parent;
  }
}
