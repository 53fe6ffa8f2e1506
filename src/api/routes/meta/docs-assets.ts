import { packagePath, readFileBytes } from "../../../platform/files.js";

/**
 * The Scalar browser bundle, served by the mock itself so /docs needs no network. The build copies it into
 * dist/public; from source (tests) it is read from the dev dependency. (The browser build has neither: no /docs.)
 */
const candidates = () => [
  packagePath("dist", "public", "scalar-standalone.js"),
  packagePath("node_modules", "@scalar", "api-reference", "dist", "browser", "standalone.js"),
];

let cached: Uint8Array | undefined;
export function scalarBundle(): Uint8Array | undefined {
  if (cached) return cached;
  for (const file of candidates()) {
    cached = readFileBytes(file);
    if (cached) return cached;
  }
  return undefined;
}
