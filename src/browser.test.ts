import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build, type Metafile } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleSnippet, readmeBrowserSnippets } from "../examples/browser/snippets.js";
import { browserBuildOptions } from "../scripts/browser-build.mjs";
import { createApp } from "./api/app.js";
import type {
  ConfigError as BrowserConfigError,
  ControlError as BrowserControlError,
  BrowserMock,
  createMock as CreateMock,
} from "./browser.js";

/*
 * The bss-mock/browser bundle, built here exactly as `npm run build` builds dist/browser.js, then run in Node with
 * Node's own globals (Buffer, process, require) hidden from it, as a browser would have them. The Chromium test of
 * examples/browser (npm run test:browser) runs the same bundle in a real browser.
 */

const dir = mkdtempSync(join(tmpdir(), "bss-mock-browser-"));
let metafile: Metafile;
let createMock: typeof CreateMock;
let ConfigError: typeof BrowserConfigError;
let ControlError: typeof BrowserControlError;

beforeAll(async () => {
  const result = await build(browserBuildOptions({ outdir: dir, sourcemap: false, legalComments: "none" }));
  metafile = result.metafile as Metafile;
  const bundle = readFileSync(join(dir, "browser.js"), "utf8");
  // A module-scope binding shadows the global of the same name: any use of these fails as it would in a browser.
  const hidden = "const Buffer = undefined, process = undefined, global = undefined, require = undefined;\n";
  const file = join(dir, "browser-without-node-globals.mjs");
  writeFileSync(file, hidden + bundle);
  ({ createMock, ConfigError, ControlError } = await import(pathToFileURL(file).href));
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const auth = { authorization: "browser-test@acme", "content-type": "application/json" };

type Fetch = (path: string, init?: RequestInit) => Promise<Response>;

async function createSimulation(fetch: Fetch) {
  const models = (await (await fetch("/v1/user-models", { headers: auth })).json()) as Array<{ id: string }>;
  const body = {
    mode: "research",
    goal: "concept_test",
    inputs: { concept: "A reusable coffee cup that tracks how much caffeine you drink" },
    user_model_ids: [models[0]?.id],
  };
  return fetch("/v1/simulations", { method: "POST", headers: auth, body: JSON.stringify(body) });
}

async function status(mock: BrowserMock, id: string) {
  return ((await (await mock.fetch(`/v1/simulations/${id}`, { headers: auth })).json()) as { status: string }).status;
}

describe("bss-mock/browser bundle", () => {
  it("should import no node: module (the build fails on one, and the bundle's inputs name none)", () => {
    const nodeImports = Object.entries(metafile.inputs).flatMap(([file, input]) =>
      input.imports.filter((i) => i.path.startsWith("node:") || i.external).map((i) => `${file} -> ${i.path}`),
    );
    expect(nodeImports).toEqual([]);
    const inputs = Object.keys(metafile.inputs);
    expect(inputs.filter((file) => file.includes("src/platform/"))).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/files\.browser\.ts$/),
        expect.stringMatching(/timers\.browser\.ts$/),
      ]),
    );
    expect(inputs.some((file) => /src\/platform\/(files|output|timers)\.ts$/.test(file))).toBe(false);
    expect(inputs.some((file) => file.includes("persistence/"))).toBe(false);
  });

  it("should take a simulation from planning to completed on a manual clock, with the packaged demo world", async () => {
    const mock = await createMock({ clock: "manual", timing: "fast" });
    const demo = (await (await mock.fetch("/v1/simulations")).json()) as unknown[];
    expect(demo.length).toBeGreaterThan(0);

    const created = await createSimulation(mock.fetch);
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect(await status(mock, id)).toBe("planning");
    await mock.clock.runUntilIdle();
    expect(await status(mock, id)).toBe("planned");
    expect((await mock.fetch(`/v1/simulations/${id}/run`, { method: "POST", headers: auth })).status).toBe(200);
    await mock.clock.advance(100);
    const running = (await (await mock.fetch(`/v1/simulations/${id}`, { headers: auth })).json()) as {
      status: string;
      progress: { fraction: number };
    };
    expect(running.status).toBe("running");
    expect(running.progress.fraction).toBeGreaterThan(0);
    expect(running.progress.fraction).toBeLessThan(1);
    await mock.clock.runUntilIdle();
    const done = (await (await mock.fetch(`/v1/simulations/${id}`, { headers: auth })).json()) as Record<
      string,
      unknown
    >;
    expect(done.status).toBe("completed");
    expect(done.results).toBeTruthy();
    await mock.close();
  });

  it("should give the same bytes as the Node build for the same seed and requests", async () => {
    const mock = await createMock({ clock: "manual", seed: 7 });
    const node = createApp({ clock: "manual", seed: 7, quiet: true });
    const fromBrowser = await (await createSimulation(mock.fetch)).text();
    const fromNode = await (
      await createSimulation(async (path, init) => node.fetch(new Request(new URL(path, "http://localhost"), init)))
    ).text();
    expect(fromBrowser).toBe(fromNode);
    node.close();
    await mock.close();
  });

  it("should take fixture files in place of the packaged ones, and refuse one that does not validate", async () => {
    const empty = await createMock({ fixtures: { "demo-world.json": null } });
    expect(await (await empty.fetch("/v1/simulations")).json()).toEqual([]);
    await expect(createMock({ fixtures: { "goals.json": { research: "no" } } })).rejects.toThrow(/goals\.json: field/);
  });

  it("should offer Node's testing surface: scenarios, clock, request journal, organisations, info", async () => {
    const mock = await createMock({ clock: "manual", timing: "fast", scenarios: ["planner-busy"] });
    await mock.scenarios.use("server-error");
    expect(mock.scenarios.read().active.global).toEqual(["planner-busy", "server-error"]);
    expect((await mock.fetch("/v1/simulations", { headers: auth })).status).toBe(500);
    await mock.scenarios.reset();
    expect(mock.scenarios.read().active).toEqual({ global: ["planner-busy"], organisations: {} });
    await mock.scenarios.useFor("acme", "run-fails");

    const start = mock.clock.read();
    expect(start.kind).toBe("manual");
    const { id } = (await (await createSimulation(mock.fetch)).json()) as { id: string };
    const planned = await mock.clock.runNext();
    expect(planned.epoch_ms).toBeGreaterThan(start.epoch_ms);
    expect(await status(mock, id)).toBe("planned");
    await mock.fetch(`/v1/simulations/${id}/run`, { method: "POST", headers: auth });
    await mock.clock.runUntilIdle();
    expect(await status(mock, id)).toBe("failed");

    const runs = mock.requests({ method: "POST", template: "/v1/simulations/{simulation_id}/run" });
    expect(runs.map((entry) => [entry.organisation, entry.status, entry.scenarios.map((r) => r.scenario)])).toEqual([
      ["acme", 200, ["run-fails"]],
    ]);
    expect(mock.requests.count({ status: 500 })).toBe(1);

    const model = await mock.orgs.createUserModel("acme", { name: "Acme panel", description: "Acme's own" });
    expect(model.owned_by_org).toBe(true);
    const models = (await (await mock.fetch("/v1/user-models", { headers: auth })).json()) as Array<{ id: string }>;
    expect(models.map((m) => m.id)).toContain(model.id);
    expect(mock.info()).toMatchObject({
      name: "bss-mock",
      clock: { kind: "manual" },
      scenarios: { known: expect.any(Array) },
    });
    expect(Object.keys(mock.info().options)).not.toContain("port"); // nothing listens in a page
    await mock.close();
  });

  it("should show in info().options only the options a browser mock takes, not serve's defaults for the others", async () => {
    const mock = await createMock({ clock: "manual", planningMs: 5, log: () => undefined });
    // Not cors_origin, quiet, log_format, db_sync, no_control: a browser mock refuses them as unknown.
    expect(mock.info().options).toEqual({
      seed: 1,
      clock: "manual",
      timing: "realistic",
      planning_ms: 5,
      auth: "optional",
      max_questions: 40,
      max_context_mb: 64,
      scenarios: [],
      journal_size: 1000,
    });
    await mock.close();
  });

  it("should reset to the start (world, clock, journal, scenarios) or empty one organisation, and then close", async () => {
    const mock = await createMock({ clock: "manual", scenarios: ["planner-busy"] });
    const start = mock.clock.read();
    const { id } = (await (await createSimulation(mock.fetch)).json()) as { id: string };
    await mock.scenarios.use("server-error");
    await mock.clock.advance(60_000);

    await mock.reset({ org: "acme" });
    expect((await mock.fetch(`/v1/simulations/${id}`, { headers: auth })).status).toBe(404);
    expect(mock.requests.count()).toBeGreaterThan(0);

    await mock.reset();
    expect(mock.clock.read()).toEqual(start);
    expect(mock.requests()).toEqual([]);
    expect(mock.scenarios.read().active.global).toEqual(["planner-busy"]);
    // The demo world is back for the demo caller.
    expect(((await (await mock.fetch("/v1/simulations")).json()) as unknown[]).length).toBeGreaterThan(0);

    await mock.close();
    await expect(mock.fetch("/v1/simulations")).rejects.toThrow(/closed/);
  });

  it("should refuse an option it cannot use with a ConfigError naming it, rather than accept it and do nothing", async () => {
    const refusal = async (options: unknown) => {
      const error = await createMock(options as Parameters<typeof CreateMock>[0]).then(
        (mock) => mock.close().then(() => new Error(`accepted ${JSON.stringify(options)}`)),
        (error: unknown) => error,
      );
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    };
    expect(await refusal({ log: "yes" })).toBe("invalid log 'yes': expected a function");
    await expect(createMock({ log: "yes" } as never)).rejects.toMatchObject({ name: "ConfigError", option: "log" });
    // A server's options have nothing to act on in a page: refused as unknown, so info() never reports them.
    for (const option of ["db", "port", "host", "corsOrigin", "fixturesDir", "scenariosDir", "quiet", "noControl"]) {
      expect(await refusal({ [option]: "x" })).toMatch(
        new RegExp(
          `^unknown option '${option}'( \\(did you mean [^)]+\\))?; a browser mock has no socket and no files; its options are seed, `,
        ),
      );
    }
    expect(await refusal({ fixtures: { "gaols.json": {} } })).toBe(
      `invalid fixtures '{"gaols.json":{}}': no fixture file is called 'gaols.json'; the files are goals.json, populations.json, demo-world.json`,
    );
    expect(await refusal({ fixtures: "fixtures/" })).toBe(
      "invalid fixtures 'fixtures/': expected an object, not a string",
    );
    expect(await refusal({ seed: 1.5 })).toBe("invalid seed '1.5': expected a whole number");
    expect(await refusal({ seed: "1" })).toBe("invalid seed '1': expected a number, not a string");
    expect(await refusal(null)).toBe(`the options must be an object such as { clock: "manual" }, not null`);
    expect(await refusal("manual")).toBe(`the options must be an object such as { clock: "manual" }, not "manual"`);
    expect(await refusal({ scenarios: ["nope"] })).toMatch(/^invalid scenarios 'nope': no such scenario; known /);
    expect(await refusal({ fixtures: { "goals.json": { research: "no" } } })).toMatch(/goals\.json: field/);
  });

  it("should answer a request whatever the log function does", async () => {
    const lines: string[] = [];
    const mock = await createMock({
      log: (line) => {
        lines.push(line);
        throw new Error("the log is full");
      },
    });
    const errors: unknown[] = [];
    const consoleError = console.error;
    console.error = (...args: unknown[]) => errors.push(...args);
    try {
      expect((await mock.fetch("/v1/user-models")).status).toBe(200);
    } finally {
      console.error = consoleError;
    }
    expect(lines).toEqual([expect.stringMatching(/ GET \/v1\/user-models 200 /)]);
    expect(errors).toEqual([
      expect.stringMatching(/^bss-mock: the log function threw on '.*': Error: the log is full$/),
    ]);
    await mock.close();
  });

  it("should refuse to move a system clock", async () => {
    const realTime = await createMock();
    expect(realTime.clock.read().kind).toBe("system");
    await expect(realTime.clock.advance(10)).rejects.toThrow(/\{ clock: "manual" \}/);
    await expect(realTime.clock.advance(10)).rejects.toBeInstanceOf(ControlError);
    await realTime.close();
  });

  it("should bundle the MSW and Service Worker snippets of docs/testing.md for a browser (npm run test:browser runs them)", async () => {
    const snippets = readmeBrowserSnippets();
    expect(Object.keys(snippets).sort()).toEqual(["mocks.js", "sw.js"]);
    for (const [name, code] of Object.entries(snippets)) {
      const result = await bundleSnippet(name, code, "source", { write: false, outdir: dir });
      expect(result.errors).toEqual([]);
    }
  }, 60_000);
});
