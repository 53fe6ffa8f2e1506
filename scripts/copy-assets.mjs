// Copies the Scalar browser bundle into dist/public so /docs works offline from the built package without the
// (large) @scalar/api-reference dependency tree at runtime.
import { copyFileSync, existsSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);
let source;
try {
  source = join(dirname(require.resolve("@scalar/api-reference")), "browser", "standalone.js");
} catch {
  source = join("node_modules", "@scalar", "api-reference", "dist", "browser", "standalone.js");
}
if (!existsSync(source)) {
  console.error(`copy-assets: ${source} not found; run npm ci`);
  process.exit(1);
}
mkdirSync(join("dist", "public"), { recursive: true });
copyFileSync(source, join("dist", "public", "scalar-standalone.js"));
