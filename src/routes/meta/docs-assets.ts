import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../../package-root.js";

/**
 * The Scalar browser bundle, served by the mock itself so /docs needs no network. The build copies it into
 * dist/public; from source (tests) it is read from the dev dependency.
 */
export function findScalarBundle(): string | undefined {
  const root = packageRoot();
  const candidates = [
    join(root, "dist", "public", "scalar-standalone.js"),
    join(root, "node_modules", "@scalar", "api-reference", "dist", "browser", "standalone.js"),
  ];
  return candidates.find((file) => existsSync(file));
}

let cached: Buffer | undefined;
export function scalarBundle(): Buffer | undefined {
  cached ??= (() => {
    const file = findScalarBundle();
    return file ? readFileSync(file) : undefined;
  })();
  return cached;
}
