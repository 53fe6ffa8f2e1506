// CONTRIBUTING.md's commands, read from the file: `npm start` as its first block shows it starts the mock (with
// `npm start -- <flags>` as it says, on a free port), every npm script it names exists, its table names every script of
// package.json, and the CI steps it lists are those .ci/run runs. (`npm test` runs this file; the others are CI's.)
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
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
