import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Requests flow edge -> handler -> domain -> world, background work clock -> scheduler -> domain -> world, and no
 * import reaches back up. Each top-level part of src/ has a layer; an import may only point to a lower layer (or stay
 * inside its own part), and no set of modules imports itself round in a circle.
 */
const LAYERS: ReadonlyArray<readonly string[]> = [
  // The dashboard's page script (bundled for the browser, served at /__mock/ui): only types from below.
  ["cli.ts", "index.ts", "browser.ts", "api/ui"],
  ["api/index.ts", "api/node.ts", "kit/index.ts"],
  // `bss-mock proxy` and `check`: judge traffic with the contract runner's document check (and its catalogue, handed
  // in by the contract bundle).
  ["kit/proxy"],
  // The contract runner imports nothing else of src/ but nearest.ts; the command line reads its usage.
  ["kit/contract"],
  // `bss-mock mcp`, its own bundle: the command line hands it what starts a mock.
  ["api/mcp"],
  ["api/mock.ts"],
  // The testing surface both createMocks share (Node's adds a socket, the browser's has none).
  ["api/mock-facade.ts"],
  ["api/server.ts"],
  ["api/app.ts"],
  // The packaged fixtures and scenarios, validated and compiled at build time.
  ["api/packaged-content.ts"],
  ["api/core.ts"],
  ["api/routes"],
  ["api/control"],
  // What a client's run reached, counted at the edge from what the mock answered.
  ["api/coverage"],
  ["fastapi", "api/seeding"],
  ["api/scenarios"],
  ["api/domain"],
  ["api/services.ts"],
  ["content"],
  ["api/clock", "api/config.ts"],
  ["store"],
  // What differs between Node and the browser bundle (scripts/browser-build.mjs swaps platform/x.ts for x.browser.ts).
  ["platform"],
];

const src = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "__fixtures__" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test(-d)?\.ts$/.test(entry.name) ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const specifiers = [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+"(\.[^"]+)"/g)].map((m) => m[1]);
  return specifiers.map((specifier) => resolve(dirname(file), (specifier as string).replace(/\.js$/, ".ts")));
}

// Inside api/ and kit/ each sub-folder (or file) keeps its own layer.
const part = (file: string) => {
  const segments = relative(src, file).split("/");
  return (segments[0] === "api" || segments[0] === "kit" ? segments.slice(0, 2).join("/") : segments[0]) as string;
};

function layerOf(file: string): number {
  const index = LAYERS.findIndex((layer) => layer.includes(part(file)));
  if (index === -1) throw new Error(`${relative(src, file)} is in no layer of architecture.test.ts; add its part`);
  return index;
}

const files = sourceFiles(src);
const graph = new Map(files.map((file) => [file, importsOf(file)]));

describe("architecture", () => {
  it("should only import downwards: from a part of src/ to a lower layer or within the same part", () => {
    const upward: string[] = [];
    for (const [file, targets] of graph) {
      for (const target of targets) {
        if (part(file) === part(target)) continue;
        if (layerOf(target) <= layerOf(file)) upward.push(`${relative(src, file)} -> ${relative(src, target)}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it("should have no import circle between modules", () => {
    const circles: string[] = [];
    const state = new Map<string, "open" | "done">();
    const stack: string[] = [];
    const visit = (file: string) => {
      state.set(file, "open");
      stack.push(file);
      for (const target of graph.get(file) ?? []) {
        if (!graph.has(target)) continue;
        if (state.get(target) === "open") {
          circles.push([...stack.slice(stack.indexOf(target)), target].map((f) => relative(src, f)).join(" -> "));
        } else if (!state.has(target)) visit(target);
      }
      stack.pop();
      state.set(file, "done");
    };
    for (const file of graph.keys()) if (!state.has(file)) visit(file);
    expect(circles).toEqual([]);
  });

  it("should give every error class its name by hand (the bundle is minified: class names are not kept)", () => {
    const unnamed = files.flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/class (\w+) extends \w*(?:Error|Refusal)\b[^{]*\{([^}]*)/g)]
        .filter(([, name, body]) => !new RegExp(`readonly name(: string)? = "${name}"`).test(body ?? ""))
        .map(([, name]) => `${relative(src, file)}: ${name}`),
    );
    expect(unnamed).toEqual([]);
  });
});
