import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * src/ is five parts and a leaf (each part's README.md says what it is):
 *
 *   fastapi/  the FastAPI emulator        store/  the crash-safe store        content/  the research-prose generator
 *   api/      the API's rules and the mock that serves them                  kit/      the contract runner and proxy
 *   platform/ Node/browser differences and small leaves, importable by anyone
 *
 * A part is entered only through its front door, index.ts (node.ts too where a part has what needs Node), and only
 * in the direction of PARTS below. The package's entries at the root (index.ts, browser.ts, cli.ts) wire the parts,
 * through the same doors. Inside api/ and kit/ requests flow routes -> domain -> store and background work
 * clock -> domain -> store: each sub-folder has a layer and no import reaches back up. Nothing imports itself round in
 * a circle. Test files are not checked: a unit test may reach into the module it tests.
 */
const PARTS: Readonly<Record<string, readonly string[]>> = {
  fastapi: [],
  store: [],
  content: [],
  api: ["fastapi", "store", "content"],
  kit: ["fastapi"],
};

/** The front doors: index.ts for any platform, node.ts for what needs Node (the browser bundle must not reach it). */
const DOORS = ["index.ts", "node.ts"];

/** Layers inside api/ and kit/, top first: an import between two sub-folders may only point to a lower layer. */
const LAYERS: ReadonlyArray<readonly string[]> = [
  // The doors: what the package's entries use.
  ["api/index.ts", "api/node.ts", "kit/index.ts"],
  // The dashboard's page script (bundled for the browser, served at /__mock/ui): only types from below.
  ["api/ui"],
  // `bss-mock proxy` and `check`: judge traffic with the contract runner's document check (and its catalogue, handed
  // in by the contract bundle).
  ["kit/proxy"],
  // The contract runner; the command line reads its usage.
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
  ["api/assembly"],
  // What the emulator is handed when the API's operations are mounted (fastapi/hooks.ts).
  ["api/edge-hooks.ts"],
  ["api/routes"],
  ["api/control"],
  // What a client's run reached, counted at the edge from what the mock answered.
  ["api/coverage"],
  ["api/seeding"],
  ["api/scenarios"],
  ["api/domain"],
  ["api/services.ts"],
  ["api/clock", "api/config"],
];

/**
 * Crossings issue 25 asks to remove and that are not removed yet: each is a wrong-way import (the emulator into the
 * API, content into the store or the API). The list may only shrink: an entry that no longer occurs fails the test.
 */
const NOT_YET_REMOVED: readonly string[] = [];

const src = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "__fixtures__" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test(-d)?\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** Static imports and re-exports, and `await import(…)` (cli.ts loads the mock only for the commands that need it). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const specifiers = [
    ...[...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+"(\.[^"]+)"/g)].map((m) => m[1]),
    ...[...text.matchAll(/(?<!typeof )\bimport\("(\.[^"]+)"\)/g)].map((m) => m[1]),
  ];
  return specifiers.map((specifier) => resolve(dirname(file), (specifier as string).replace(/\.js$/, ".ts")));
}

const path = (file: string) => relative(src, file);
const segments = (file: string) => path(file).split("/");

/** The part a module belongs to: one of PARTS, "platform", or "entry" (a file at src/'s root). */
function partOf(file: string): string {
  const [first, second] = segments(file);
  if (second === undefined) return "entry";
  if (first === "platform" || (first as string) in PARTS) return first as string;
  throw new Error(`${path(file)} is in no part of architecture.test.ts; put it in one`);
}

/** The unit of layering inside api/ and kit/: a sub-folder or a file directly in the part. */
function unitOf(file: string): string {
  return segments(file).slice(0, 2).join("/");
}

function layerOf(file: string): number {
  const index = LAYERS.findIndex((layer) => layer.includes(unitOf(file)));
  if (index === -1) throw new Error(`${path(file)} is in no layer of architecture.test.ts; add ${unitOf(file)}`);
  return index;
}

const files = sourceFiles(src);
const graph = new Map(files.map((file) => [file, importsOf(file)]));
const edges = [...graph].flatMap(([file, targets]) => targets.map((target) => ({ file, target })));
const named = ({ file, target }: { file: string; target: string }) => `${path(file)} -> ${path(target)}`;
/** Each wrong crossing once (a module may import two things of another in two statements). */
const crossings = [
  ...new Set(edges.filter(({ file, target }) => crossingFault(file, target) !== undefined).map(named)),
];

/** What is wrong with an import from one part (or entry) into another, or undefined. */
function crossingFault(file: string, target: string): string | undefined {
  const from = partOf(file);
  const to = partOf(target);
  if (from === to || to === "platform") return undefined;
  if (to === "entry") return "imports an entry of the package";
  if (from === "platform") return "the platform leaf imports a part";
  if (from !== "entry" && !(PARTS[from] ?? []).includes(to)) return `${from} may not import ${to}`;
  const [, door, ...rest] = segments(target);
  if (rest.length > 0 || !DOORS.includes(door as string)) return `goes past ${to}'s front door (${to}/index.ts)`;
  return undefined;
}

describe("architecture", () => {
  it("should cross between parts only through a part's front door, and only in the allowed direction", () => {
    expect(crossings.filter((edge) => !NOT_YET_REMOVED.includes(edge))).toEqual([]);
  });

  it("should still make every crossing it lists as not yet removed (the list only shrinks)", () => {
    expect(NOT_YET_REMOVED.filter((edge) => !crossings.includes(edge))).toEqual([]);
  });

  it("should only import downwards inside api/ and kit/: to a lower layer or within the same sub-folder", () => {
    const upward = edges
      .filter(({ file, target }) => {
        const part = partOf(file);
        if ((part !== "api" && part !== "kit") || partOf(target) !== part) return false;
        return unitOf(file) !== unitOf(target) && layerOf(target) <= layerOf(file);
      })
      .map(named);
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
          circles.push([...stack.slice(stack.indexOf(target)), target].map(path).join(" -> "));
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
        .map(([, name]) => `${path(file)}: ${name}`),
    );
    expect(unnamed).toEqual([]);
  });
});
