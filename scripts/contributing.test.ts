// CONTRIBUTING.md's commands, read from the file: `npm start` as its first block shows it starts the mock (with
// `npm start -- <flags>` as it says, on a free port), every npm script it names exists, its table names every script of
// package.json, and the CI steps it lists are those .ci/run runs. (`npm test` runs this file; the others are CI's.)
// And its map: every path it names in a code span exists, and every section of the spec has a row in "Where does rule
// X live" (scripts/docs-links.test.ts checks its links, not its code spans).
import { execFileSync, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const contributing = readFileSync("CONTRIBUTING.md", "utf8");
const scripts = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;
const [, firstBlock = ""] = /```sh\n([\s\S]*?)```/.exec(contributing) ?? [];

/** The npm scripts a text names: `npm run X`, `npm start`, `npm test`. */
function namedScripts(text: string): string[] {
  const run = [...text.matchAll(/npm run ([\w:-]+)/g)].map(([, name]) => name as string);
  const short = [...text.matchAll(/\bnpm (start|test)\b/g)].map(([, name]) => name as string);
  return [...new Set([...run, ...short])];
}

/** Code spans that name a file or folder: with a `/` (not a URL path), or a name with an extension. */
const PATH_LIKE = /^(?:(?![/-])[\w.<>*-]*\/[\w.<>*/-]*|\.?[\w<>*-]+(?:\.[\w-]+)*\.[a-z]{2,4})$/;

/**
 * The paths a Markdown text names in code spans (fenced blocks left out), each with the folders it may be relative to:
 * those named before it in its paragraph or table row, or holding a file named there, nearest first
 * (`src/platform/` (`nearest.ts`, …)).
 */
function namedPaths(markdown: string): Array<{ path: string; bases: string[] }> {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, "");
  const blocks = prose.split(/\n\s*\n|\n(?=\|)/);
  return blocks.flatMap((block) => {
    const folders: string[] = [];
    return [...block.matchAll(/`([^`\n]+)`/g)].flatMap(([, span]) => {
      const path = span as string;
      if (!PATH_LIKE.test(path)) return [];
      const named = { path, bases: [...folders].reverse() };
      if (path.includes("/")) folders.push(path.slice(0, path.lastIndexOf("/") + 1));
      return [named];
    });
  });
}

/** The named paths that resolve to nothing, from the root or from any folder before them. */
function missingPaths(markdown: string, exists: (path: string) => boolean): string[] {
  return namedPaths(markdown)
    .filter(({ path, bases }) => !exists(path) && !bases.some((base) => exists(`${base}${path}`)))
    .map(({ path }) => path);
}

/** A path of this repository: on disk, ignored by git (built: dist/, types/), or a `<name>` / `*` pattern of tracked files. */
function repositoryPath(): (path: string) => boolean {
  const tracked = execFileSync("git", ["ls-files"], { encoding: "utf8" }).split("\n");
  const folders = new Set(
    tracked.flatMap((file) =>
      file
        .split("/")
        .slice(0, -1)
        .map((_, i, parts) => `${parts.slice(0, i + 1).join("/")}/`),
    ),
  );
  const all = [...tracked, ...folders];
  return (path) => {
    if (/[<*]/.test(path)) {
      const pattern = path.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/<[^>]+>|\*/g, "[^/]+");
      const re = new RegExp(`^${pattern}$`);
      return all.some((file) => re.test(file));
    }
    if (existsSync(path)) return true;
    try {
      execFileSync("git", ["check-ignore", "-q", path]);
      return true;
    } catch {
      return false;
    }
  };
}

/** The spec's headings that carry text of their own (a heading directly followed by another one only groups them). */
function specSections(spec: string): string[] {
  const lines = spec.split("\n");
  return lines.flatMap((line, i) => {
    const heading = /^#{2,3} (.+)$/.exec(line)?.[1];
    const next = lines.slice(i + 1).find((l) => l.trim() !== "") ?? "";
    return heading && !next.startsWith("#") ? [heading] : [];
  });
}

describe("CONTRIBUTING.md", () => {
  it("should name only npm scripts that exist, and every one package.json has", () => {
    const named = namedScripts(contributing);
    expect(named.filter((name) => scripts[name] === undefined)).toEqual([]);
    const table = contributing.slice(contributing.indexOf("\n## How to run everything\n"));
    const tableNames = [...table.matchAll(/^\| (`npm [^|]+`) \|/gm)].flatMap(([, cell]) =>
      namedScripts(cell as string),
    );
    // `prepare`, `prepack` and `postpack` are npm's hooks, not commands anyone types.
    const typed = Object.keys(scripts).filter((name) => !["prepare", "prepack", "postpack"].includes(name));
    expect(typed.filter((name) => !tableNames.includes(name))).toEqual([]);
  });

  it("should list the CI steps .ci/run runs, in its order", () => {
    const ci = readFileSync(".ci/run", "utf8");
    const commands = ci
      .split("\n")
      .filter((line) => !line.trimStart().startsWith("#"))
      .join("\n");
    const steps = [...commands.matchAll(/\bnpm (?:run )?([\w:-]+)/g)]
      .map(([, name]) => name as string)
      .filter((name) => scripts[name] !== undefined);
    const sentence = /`\.ci\/run` is CI: [^\n]*(?:\n[^\n]+)*/.exec(contributing)?.[0] ?? "";
    const listed = [...sentence.matchAll(/`(?:npm )?([\w:-]+)`/g)]
      .map(([, name]) => name as string)
      .filter((name) => scripts[name] !== undefined);
    expect(listed).toEqual(steps);
  });

  it("should name only paths that exist", () => {
    expect(missingPaths(contributing, repositoryPath())).toEqual([]);
  });

  it("should map every section of the spec to its code and tests", () => {
    const spec = readFileSync("contract-tests/traceability/behaviour-simulation-service.md", "utf8");
    const table = contributing.slice(contributing.indexOf("\n## Where does rule X live\n"));
    const rows = [...table.matchAll(/^\| ([^|`]+?) \| (`[^|]+) \| ([^|]+) \|$/gm)];
    expect(rows.map(([, section]) => section)).toEqual(specSections(spec));
    for (const [, section, code, tests] of rows) {
      expect(code, section).toMatch(/`src\//);
      expect(tests, section).toMatch(/`contract-tests\/[^`]+`/);
    }
  });

  it("should start the mock with npm start, flags passed after --", async () => {
    expect(firstBlock).toMatch(/^npm ci && npm start /m);
    expect(contributing).toContain("`npm start -- <flags>` passes flags to `bss-mock serve`");
    const child = spawn("npm", ["start", "--", "--port", "0", "--timing", "fast"], { detached: true });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = "";
        child.stdout.on("data", (chunk) => {
          out += chunk;
          const found = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
          if (found) resolve(found[1] as string);
        });
        child.on("exit", (code) => reject(new Error(`npm start exited ${code}: ${out}`)));
      });
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      expect((await fetch(`${url}/docs`)).status).toBe(200);
    } finally {
      child.removeAllListeners("exit");
      if (child.pid !== undefined) process.kill(-child.pid, "SIGTERM");
    }
  });
});

describe("missingPaths", () => {
  const exists = (path: string) => ["src/", "src/a.ts", "src/api/", "src/api/b.ts", "docs/"].includes(path);

  it("should find a path that exists nowhere, and take one relative to a folder named before it in its paragraph", () => {
    const text = [
      "`src/a.ts` and `src/gone.ts`; `src/api/` holds `b.ts` and `c.ts`.",
      "",
      "| `docs/` | `b.ts` |",
      "",
      "Not paths: `npm run x`, `/healthz`, `--db`, `a@b`, `Bearer`, `.only`.",
      "```sh\ncat src/fenced.ts\n```",
    ].join("\n");
    expect(missingPaths(text, exists)).toEqual(["src/gone.ts", "c.ts", "b.ts"]);
  });
});
