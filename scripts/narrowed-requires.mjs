// src/content/fake.ts loads faker with require() so that faker's module is evaluated on first use rather than at
// every start. esbuild bundles a required package whole (for faker: every locale, +3 MB per bundle), since require()
// returns all of it; this plugin narrows such a require to the named exports the source uses, which esbuild then
// tree-shakes as it does an import, and still initialises on first require.
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** `narrowed`: package name -> the exports its require() calls use. */
export function narrowedRequires(narrowed) {
  const names = Object.keys(narrowed).map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&"));
  return {
    name: "bss-mock-narrowed-requires",
    setup(build) {
      build.onResolve({ filter: new RegExp(`^(?:${names.join("|")})$`) }, (args) =>
        args.kind === "require-call" ? { path: args.path, namespace: "bss-mock-narrowed" } : undefined,
      );
      build.onLoad({ filter: /.*/, namespace: "bss-mock-narrowed" }, (args) => ({
        contents: `export { ${narrowed[args.path].join(", ")} } from ${JSON.stringify(args.path)};`,
        resolveDir: root,
        loader: "js",
      }));
    },
  };
}

/** The requires src/ narrows. */
export const narrowedSourceRequires = narrowedRequires({ "@faker-js/faker": ["Faker"] });
