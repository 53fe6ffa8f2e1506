import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type BuildOptions, build } from "esbuild";
import { browserEntry, browserPlatform } from "../../scripts/browser-build.mjs";

/*
 * The "In the browser" snippets of docs/testing.md, read from the file itself so the tests run exactly what it shows:
 * `npm test` bundles them (src/browser.test.ts), `npm run test:browser` runs them in Chromium (page.test.ts).
 */

const root = fileURLToPath(new URL("../..", import.meta.url));

/** The section's code blocks by the file their first line names (`// sw.js` -> "sw.js"). */
export function readmeBrowserSnippets(): Record<string, string> {
  const testing = readFileSync(join(root, "docs", "testing.md"), "utf8");
  const start = testing.indexOf("\n## In the browser\n");
  if (start === -1) throw new Error('docs/testing.md has no "## In the browser" section');
  const end = testing.slice(start + 1).search(/\n#{1,2} /);
  const section = end === -1 ? testing.slice(start) : testing.slice(start, start + 1 + end);
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
