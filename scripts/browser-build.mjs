// The `bss-mock/browser` bundle: the whole mock for a page or a Service Worker. One definition, used by
// scripts/build.mjs (dist/browser.js), by the unit test that checks the bundle (src/browser.test.ts) and by the
// browser example's test, so all of them build the same thing.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { narrowedSourceRequires } from "./narrowed-requires.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const platformDir = join(root, "src", "platform");
export const browserEntry = join(root, "src", "browser.ts");

/**
 * The browser's side of src/platform/: an import of platform/x.js gets x.browser.ts where there is one, and
 * "bss-mock:packaged-fixtures" is the text of every fixtures/*.json and scenarios/*.json (and the package's name and
 * version), read at build time.
 */
export const browserPlatform = {
  name: "bss-mock-browser-platform",
  setup(build) {
    build.onResolve({ filter: /\/platform\/[\w-]+\.js$/ }, (args) => {
      const target = resolve(args.resolveDir, args.path);
      if (dirname(target) !== platformDir) return undefined;
      const twin = target.replace(/\.js$/, ".browser.ts");
      return existsSync(twin) ? { path: twin } : undefined;
    });
    build.onResolve({ filter: /^bss-mock:packaged-fixtures$/ }, (args) => ({ path: args.path, namespace: "bss-mock" }));
    build.onLoad({ filter: /.*/, namespace: "bss-mock" }, () => {
      const folder = (name) => {
        const dir = join(root, name);
        const names = readdirSync(dir)
          .filter((file) => file.endsWith(".json"))
          .sort();
        // Re-serialised without indentation: the same JSON, a third of the bytes.
        const files = Object.fromEntries(
          names.map((file) => [file, JSON.stringify(JSON.parse(readFileSync(join(dir, file), "utf8")))]),
        );
        return { files, paths: names.map((file) => join(dir, file)) };
      };
      const fixtures = folder("fixtures");
      const scenarios = folder("scenarios");
      const { name, version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
      return {
        contents: [
          `export default ${JSON.stringify(fixtures.files)};`,
          `export const packagedScenarios = ${JSON.stringify(scenarios.files)};`,
          `export const packageManifest = ${JSON.stringify(JSON.stringify({ name, version }))};`,
        ].join("\n"),
        loader: "js",
        watchFiles: [...fixtures.paths, ...scenarios.paths, join(root, "package.json")],
      };
    });
  },
};

/** esbuild options of the bundle; a bundler resolves no `node:` module for platform "browser", so one fails it. */
export function browserBuildOptions(overrides = {}) {
  return {
    entryPoints: { browser: browserEntry },
    outdir: join(root, "dist"),
    bundle: true,
    platform: "browser",
    format: "esm",
    // Class private fields and top-level await natively; every current browser and Service Worker has them.
    target: "es2022",
    minify: true,
    lineLimit: 160, // see scripts/build.mjs
    sourcemap: true,
    legalComments: "linked",
    metafile: true,
    logLevel: "warning",
    plugins: [browserPlatform, narrowedSourceRequires],
    ...overrides,
  };
}
