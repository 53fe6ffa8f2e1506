import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { build } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
import { createMock } from "./index.js";
import { packageRoot } from "./platform/package-root.js";

/*
 * The testing snippets, read from the documents themselves so they cannot rot: the README's vitest quick start runs
 * here (its tests are collected into this file), the scenario file of docs/testing.md is loaded from a folder as
 * `--scenarios` loads it, and the curl lines of docs/testing.md and docs/coverage.md run against a mock on a port.
 * (The browser snippets are run by src/browser.test.ts.)
 */

const root = packageRoot();

/** The `## title` section of a document (relative to the package root), or the whole of it without a title. */
function section(file: string, title?: string): string {
  const text = readFileSync(join(root, file), "utf8");
  if (title === undefined) return text;
  const start = text.indexOf(`\n## ${title}\n`);
  if (start === -1) throw new Error(`${file} has no "## ${title}" section`);
  const end = text.slice(start + 1).search(/\n#{1,2} /);
  return end === -1 ? text.slice(start) : text.slice(start, start + 1 + end);
}

function codeBlock(file: string, title: string | undefined, language: string): string {
  const [, code] = new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``).exec(section(file, title)) ?? [];
  if (code === undefined) throw new Error(`${file} "${title ?? ""}" has no ${language} block`);
  return code;
}

// The vitest snippet, with "bss-mock" pointing at this source tree; importing it registers its tests here.
const snippetDir = join(root, ".readme-snippets");
mkdirSync(snippetDir, { recursive: true });
const suite = codeBlock("README.md", "Quick start: a test with createMock", "ts");
const suiteFile = join(snippetDir, /^\/\/ ([\w.-]+\.ts)/.exec(suite)?.[1] ?? "suite.ts");
writeFileSync(suiteFile, suite.replace(/from "bss-mock"/g, `from ${JSON.stringify(join(root, "src", "index.ts"))}`));
await import(pathToFileURL(suiteFile).href);

describe("docs/testing.md: Scenario files", () => {
  it("should load the example from a folder (--scenarios) and do what it says", async () => {
    const dir = mkdtempSync(join(tmpdir(), "bss-mock-readme-scenarios-"));
    try {
      const scenario = JSON.parse(codeBlock("docs/testing.md", "Scenario files", "json")) as { name: string };
      writeFileSync(join(dir, `${scenario.name}.json`), JSON.stringify(scenario));
      const mock = await createMock({ clock: "manual", scenariosDir: dir, scenarios: [scenario.name] });
      try {
        const headers = { authorization: "Bearer readme@archive", "content-type": "application/json" };
        const models = (await (await mock.fetch("/v1/user-models", { headers })).json()) as Array<{ id: string }>;
        const body = {
          mode: "research",
          goal: "concept_test",
          inputs: { concept: "x" },
          user_model_ids: [models[0]?.id],
        };
        const created = (await (
          await mock.fetch("/v1/simulations", { method: "POST", headers, body: JSON.stringify(body) })
        ).json()) as { id: string };
        const reads = [];
        for (let i = 0; i < 3; i++) reads.push((await mock.fetch(`/v1/simulations/${created.id}`, { headers })).status);
        expect(reads).toEqual([200, 409, 200]);
      } finally {
        await mock.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("docs/testing.md: The control API with curl", () => {
  const opened: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const close of opened) await close();
  });

  it("should run every curl line against a mock started with --clock manual", async () => {
    const mock = await createMock({ clock: "manual", port: 0 });
    opened.push(() => mock.close());
    const script = codeBlock("docs/testing.md", "The control API with curl", "sh").replace(
      "http://127.0.0.1:4010",
      mock.url,
    );
    const { stdout } = await promisify(execFile)("bash", ["-euo", "pipefail", "-c", script], { timeout: 30_000 });
    expect(stdout).toContain('"name":"bss-mock"');
    expect(stdout).toMatch(/500$/m);
    expect(mock.requests({ organisation: "acme", status: 500 })).toHaveLength(1);
    // The last lines cleared acme's scenarios and emptied the organisation.
    expect(mock.scenarios.read().active.organisations).toEqual({});
    const contexts = await mock.fetch("/v1/contexts", { headers: { authorization: "Bearer ada@acme" } });
    expect(await contexts.json()).toEqual([]);
  });
});

describe("docs/coverage.md: Coverage and the dashboard", () => {
  it("should run its lines against a mock a client has used, the threshold failing where 409s were never reached", async () => {
    const mock = await createMock({ clock: "manual", port: 0 });
    const dir = mkdtempSync(join(tmpdir(), "bss-mock-readme-coverage-"));
    try {
      // The command line as built from src/ (npx bss-mock in an installed package), beside node_modules.
      const cli = join(packageRoot(), "node_modules", ".cache", "bss-mock-readme-coverage", "cli.mjs");
      await build({
        entryPoints: [join(packageRoot(), "src", "cli.ts")],
        outfile: cli,
        bundle: true,
        platform: "node",
        format: "esm",
        packages: "external",
        logLevel: "error",
      });
      const headers = { authorization: "Bearer ada@acme" };
      expect((await mock.fetch("/v1/simulations", { headers })).status).toBe(200);
      const script = codeBlock("docs/coverage.md", undefined, "sh")
        .replace("http://127.0.0.1:4010", mock.url)
        .replaceAll("npx bss-mock", `node ${cli}`);
      const { stdout } = await promisify(execFile)("bash", ["-euo", "pipefail", "-c", script], {
        cwd: dir,
        timeout: 30_000,
      });
      expect(stdout).toContain('"operations":{"GET /v1/simulations":{"200":1}}');
      expect(stdout).toContain("wrote bss-coverage.xml");
      expect(readFileSync(join(dir, "bss-coverage.xml"), "utf8")).toContain('name="bss-mock coverage: must-handle"');
      expect(stdout).toMatch(/the run never reached some answers\n$/);
    } finally {
      await mock.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
