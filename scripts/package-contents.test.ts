import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { packageProblems } from "./package-contents.mjs";

interface PackResult {
  files: { path: string; size: number }[];
  size: number;
}

// `npm pack --dry-run` lists what `npm publish` would ship. --ignore-scripts: list the dist/ that is built instead of
// rebuilding it while other tests read it; the declarations made at pack time are checked on a real pack by
// `npm run test:package`.
function dryRun(): PackResult {
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const out = execFileSync(npm, ["pack", "--dry-run", "--json", "--ignore-scripts"], { encoding: "utf8" });
  return (JSON.parse(out) as PackResult[])[0] as PackResult;
}

describe("npm pack contents", () => {
  const pack = dryRun();
  const files = pack.files.map((f) => f.path);

  it("should hold what runs and what users are pointed at, and no sources, tests or development files", () => {
    expect(packageProblems(files, { packTimeFilesBuilt: false })).toEqual([]);
  });

  it("should ship source maps of our own code only", () => {
    const maps = pack.files.filter((f) => f.path.endsWith(".map"));
    expect(maps.length).toBeGreaterThan(0);
    // Maps with node_modules' sources were 3.3 MB each; ours alone were about 2.5 MB (the CLI's, with scenarios, the
    // control API, and the content's respondents and vocabularies in four languages), and 3.0 MB once the content
    // read screening, brand categories, tasks and the brief's asks in four languages. What makes a map ours is its
    // sources: none from node_modules.
    for (const map of maps) {
      expect(map.size, map.path).toBeLessThan(3_500_000);
      const { sources } = JSON.parse(readFileSync(map.path, "utf8")) as { sources: string[] };
      expect(
        sources.filter((s) => s.includes("node_modules")),
        map.path,
      ).toEqual([]);
    }
  });

  // 4.7 MB with the server, the browser build and the docs page's bundle, 5.0 MB with the contract suite's bundle
  // (0.26 MB packed), 5.5 MB with bss-mock mcp and the content's respondents and vocabularies in four languages (in
  // the CLI, the library and the browser build alike), 6.0 MB with the docs the README links to (0.15 MB, the
  // dashboard's picture most of it), 6.5 MB with the content reading screening, brand categories, tasks and the
  // brief's asks in four languages (in the CLI, the library and the browser build alike), 7.0 MB with the areas a
  // custom survey lists, names by the panel's sex and language, and the message labels; node_modules' source maps
  // alone were 6 MB.
  it("should stay small: under 7.5 MB packed", () => {
    expect(pack.size).toBeLessThan(7_500_000);
  });
});
