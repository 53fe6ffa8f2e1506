import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveStatic } from "./serve.mjs";
import { bundleSnippet, readmeBrowserSnippets } from "./snippets.js";

/*
 * `npm run test:browser` (after `npm run build`): the example page and the browser snippets of docs/testing.md in
 * headless Chromium. Debian's chromium, as `npx playwright install` cannot download a browser here; the flags keep it
 * off the network and working as root.
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const root = fileURLToPath(new URL("../..", import.meta.url));

let browser: Browser;
let example: ChildProcess | undefined;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `no Chromium at ${CHROMIUM}: apt-get install -y --no-install-recommends chromium (or set CHROMIUM_PATH)`,
    );
  }
  if (!existsSync(join(root, "dist", "browser.js"))) throw new Error("dist/browser.js is missing: npm run build");
  browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
}, 30_000);

afterAll(async () => {
  await browser?.close();
  example?.kill();
});

/** Fails the test on anything the page logs as an error or throws. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

/** Starts the command of docs/testing.md, `node examples/browser/serve.mjs`, on a free port; resolves to its URL. */
function startExampleServer(): Promise<string> {
  example = spawn(process.execPath, ["examples/browser/serve.mjs"], { cwd: root, env: { ...process.env, PORT: "0" } });
  return new Promise((resolve, reject) => {
    example?.stdout?.on("data", (chunk: Buffer) => {
      const url = /http:\/\/\S+/.exec(String(chunk))?.[0];
      if (url) resolve(url);
    });
    example?.on("exit", (code) => reject(new Error(`serve.mjs exited with ${code}`)));
  });
}

describe("examples/browser in Chromium", () => {
  it("should show a simulation going from planning to completed, with its progress and a result", async () => {
    const url = await startExampleServer();
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(url);
    await page.waitForSelector("body[data-ready=true]");
    // The packaged demo world, built into the bundle, fills the list.
    expect(await page.locator("[data-testid=recent] li").count()).toBeGreaterThan(0);

    await page.click("button[type=submit]");
    await page.waitForSelector("[data-testid=status][data-status=planned]");
    expect(await page.locator("[data-testid=questions] li").count()).toBeGreaterThan(0);

    await page.click("[data-testid=run]");
    const progress: number[] = [];
    for (const started = Date.now(); Date.now() - started < 30_000; ) {
      const status = await page.locator("[data-testid=status]").getAttribute("data-status");
      // <progress>'s value property reflects to its attribute.
      if (status === "running")
        progress.push(Number(await page.locator("[data-testid=progress]").getAttribute("value")));
      if (status === "completed") break;
      await page.waitForTimeout(100);
    }

    expect(await page.locator("[data-testid=timeline] li").allTextContents()).toEqual([
      "planning",
      "planned",
      "running",
      "completed",
    ]);
    const partial = progress.filter((value) => value > 0 && value < 100);
    expect(partial.length).toBeGreaterThan(1);
    expect(partial).toEqual([...partial].sort((a, b) => a - b));
    await expect.poll(() => page.locator("[data-testid=summary]").isVisible()).toBe(true);
    expect(await page.locator("[data-testid=respondents]").textContent()).toMatch(/^\d+ simulated respondents/);
    expect(await page.locator("[data-testid=headline] meter").count()).toBeGreaterThan(1);
    // The synthesis states the headline finding with its share (the report leads with the finding, issue 9).
    expect(await page.locator("[data-testid=synthesis]").textContent()).toMatch(/simulated respondents[\s\S]*\d+\.\d%/);
    expect(errors).toEqual([]);
  }, 60_000);

  it("should drive the testing surface in the page: scenarios, clock, request journal and reset", async () => {
    const dir = mkdtempSync(join(tmpdir(), "bss-mock-surface-"));
    writeFileSync(
      join(dir, "surface.html"),
      `<!doctype html><link rel="icon" href="data:,"><script type="module">
        import { createMock } from "/dist/browser.js";
        const mock = await createMock({ clock: "manual", timing: "fast" });
        const headers = { authorization: "page@acme", "content-type": "application/json" };
        await mock.scenarios.useFor("acme", "run-fails");
        const [model] = await (await mock.fetch("/v1/user-models", { headers })).json();
        const created = await (await mock.fetch("/v1/simulations", { method: "POST", headers, body: JSON.stringify({
          mode: "research", goal: "concept_test", inputs: { concept: "A quiet kettle" }, user_model_ids: [model.id] }) })).json();
        await mock.clock.runUntilIdle();
        await mock.fetch("/v1/simulations/" + created.id + "/run", { method: "POST", headers });
        await mock.clock.runUntilIdle();
        const simulation = await (await mock.fetch("/v1/simulations/" + created.id, { headers })).json();
        const runs = mock.requests({ template: "/v1/simulations/{simulation_id}/run" });
        const coverage = mock.coverage({ org: "acme" });
        await mock.reset();
        document.body.dataset.result = JSON.stringify({ status: simulation.status,
          failedReached: coverage.must_handle.find((item) => item.id === "simulation-failed").reached,
          rules: runs.flatMap((entry) => entry.scenarios.map((rule) => rule.scenario)), afterReset: mock.requests.count() });
      </script>`,
    );
    const server = await serveStatic({ mounts: { "/surface/": dir } });
    try {
      const page = await browser.newPage();
      const errors = watchErrors(page);
      await page.goto(`${server.url}/surface/surface.html`);
      const result = await page.waitForSelector("body[data-result]", { state: "attached" });
      expect(JSON.parse((await result.getAttribute("data-result")) ?? "")).toEqual({
        status: "failed",
        failedReached: true,
        rules: ["run-fails"],
        afterReset: 0,
      });
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  describe("the snippets of docs/testing.md", () => {
    const snippets = readmeBrowserSnippets();
    const dir = mkdtempSync(join(tmpdir(), "bss-mock-snippets-"));
    let server: { url: string; close: () => Promise<void> };

    // A page that fetches through whatever the snippet installed (the static server itself has no /v1).
    const probePage = (setUp: string) => `<!doctype html><link rel="icon" href="data:,"><script type="module">
      ${setUp}
      const list = await fetch("/v1/user-models");
      const created = await fetch("/v1/simulations", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ mode: "research", goal: "concept_test", inputs: { concept: "A quiet kettle" },
          user_model_ids: [(await list.clone().json())[0].id] }),
      });
      document.body.dataset.result = JSON.stringify({ list: list.status, created: created.status,
        status: (await created.json()).status });
    </script>`;

    beforeAll(async () => {
      for (const [name, code] of Object.entries(snippets)) {
        await bundleSnippet(name, code, "dist", {
          outfile: join(dir, name),
          format: name === "sw.js" ? "iife" : "esm",
        });
      }
      writeFileSync(join(dir, "msw.html"), probePage('await import("./mocks.js");'));
      writeFileSync(
        join(dir, "sw.html"),
        probePage(`await navigator.serviceWorker.register("./sw.js");
          if (!navigator.serviceWorker.controller) {
            await new Promise((done) => navigator.serviceWorker.addEventListener("controllerchange", done, { once: true }));
          }`),
      );
      server = await serveStatic({
        mounts: {
          "/mockServiceWorker.js": join(root, "node_modules", "msw", "lib", "mockServiceWorker.js"),
          "/snippets/": dir,
        },
      });
    }, 60_000);

    afterAll(async () => {
      await server?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    for (const [name, page] of [
      ["mocks.js", "msw.html"],
      ["sw.js", "sw.html"],
    ] as const) {
      it(`should answer /v1 through ${name}`, async () => {
        expect(Object.keys(snippets)).toContain(name);
        // A context of its own: service workers are per context, so the two snippets never meet.
        const context = await browser.newContext();
        const tab = await context.newPage();
        const errors = watchErrors(tab);
        await tab.goto(`${server.url}/snippets/${page}`);
        const result = await tab.waitForSelector("body[data-result]", { state: "attached" });
        expect(JSON.parse((await result.getAttribute("data-result")) ?? "")).toEqual({
          list: 200,
          created: 201,
          status: "planning",
        });
        expect(errors.filter((error) => !error.includes("[MSW]"))).toEqual([]);
        await context.close();
      }, 60_000);
    }
  });
});
