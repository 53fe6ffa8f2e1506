import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const BUNDLE = "scalar-standalone.js";

/**
 * The Scalar browser bundle, served by the mock itself so /docs needs no network. The build copies it into
 * dist/public; from source (tests) it is read from the dev dependency.
 */
export function findScalarBundle(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  const copied = join(dir, "..", "..", "public", BUNDLE);
  if (existsSync(copied)) return copied;
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, "node_modules", "@scalar", "api-reference", "dist", "browser", "standalone.js");
    if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  return undefined;
}

let cached: Buffer | undefined;
export function scalarBundle(): Buffer | undefined {
  if (cached) return cached;
  const file = findScalarBundle();
  cached = file ? readFileSync(file) : undefined;
  return cached;
}
