// The published package.json may keep only scripts a user can run: each must start `node` on a file the package ships
// (its `files`), never a dev tool, another npm script or a file of the repository alone. `npm run test:package` checks
// the packed manifest too.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { INSTALL_SCRIPTS, published } from "./pack-manifest.mjs";

const manifest = JSON.parse(readFileSync("package.json", "utf8")) as {
  files: string[];
  scripts: Record<string, string>;
};

/** Why a script cannot run from the installed package, or undefined if it can. */
function unrunnable(command: string, files: string[]): string | undefined {
  const [program, file, ...rest] = command.split(/\s+/);
  if (program !== "node") return `it runs ${program}, which the package does not install`;
  const shipped = (path = "") =>
    files.some((entry) => !entry.startsWith("!") && (path === entry || path.startsWith(`${entry}/`)));
  if (!shipped(file)) return `${file} is not shipped`;
  const paths = rest.filter((word) => word.includes("/"));
  const missing = paths.find((path) => !shipped(path));
  return missing === undefined ? undefined : `${missing} is not shipped`;
}

describe("the published package.json", () => {
  const scripts = published(manifest).scripts;

  it("keeps only scripts that run with the files the package ships", () => {
    const problems = Object.entries(scripts)
      .map(([name, command]) => [name, unrunnable(command, manifest.files)])
      .filter(([, problem]) => problem !== undefined);
    expect(problems).toEqual([]);
    expect(Object.keys(scripts)).toContain("start");
  });

  it("keeps no install-time script", () => {
    expect(INSTALL_SCRIPTS.filter((name) => scripts[name] !== undefined)).toEqual([]);
  });

  it("tells a script that needs the repository from one that does not", () => {
    expect(unrunnable("node dist/bss-mock.cjs serve", manifest.files)).toBeUndefined();
    expect(unrunnable("npm run build && node bench/run.mjs", manifest.files)).toBe(
      "it runs npm, which the package does not install",
    );
    expect(unrunnable("node scripts/test-package.mjs", manifest.files)).toBe("scripts/test-package.mjs is not shipped");
  });
});
