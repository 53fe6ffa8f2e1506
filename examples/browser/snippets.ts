import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type BuildOptions, build } from "esbuild";
import { browserEntry, browserPlatform } from "../../scripts/browser-build.mjs";

/*
 * The README's "In the browser" snippets, read from the README itself so the tests run exactly what it shows:
 * `npm test` bundles them (src/browser.test.ts), `npm run test:browser` runs them in Chromium (page.test.ts).
 */

const root = fileURLToPath(new URL("../..", import.meta.url));

/** The section's code blocks by the file their first line names (`// sw.js` -> "sw.js"). */
export function readmeBrowserSnippets(): Record<string, string> {
  const readme = readFileSync(join(root, "README.md"), "utf8");
  const start = readme.indexOf("\n### In the browser\n");
  if (start === -1) throw new Error('README.md has no "### In the browser" section');
  const end = readme.slice(start + 1).search(/\n#{1,3} /);
  const section = end === -1 ? readme.slice(start) : readme.slice(start, start + 1 + end);
  const snippets: Record<string, string> = {};
  for (const [, code] of section.matchAll(/```js\n([\s\S]*?)```/g)) {
    const name = /^\/\/ ([\w.-]+\.js)\b/.exec(code as string)?.[1];
    if (name) snippets[name] = code as string;
  }
  return snippets;
}

/**
 * Bundles one snippet for a browser as an app's bundler would. `from: "source"` takes bss-mock/browser from src/
 * (no build needed); "dist" takes the built dist/browser.js through the package's own exports.
 */
export async function bundleSnippet(name: string, code: string, from: "source" | "dist", options: BuildOptions = {}) {
  return build({
    stdin: { contents: code, sourcefile: name, resolveDir: root, loader: "js" },
    bundle: true,
    platform: "browser",
    format: "esm",
    target: "es2022",
    logLevel: "silent",
    ...(from === "source" ? { alias: { "bss-mock/browser": browserEntry }, plugins: [browserPlatform] } : {}),
    ...options,
  });
}
