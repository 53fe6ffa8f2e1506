import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/*
 * The dashboard (/__mock/ui) of the built mock (dist/, as installed) in Debian's headless Chromium, as page.test.ts
 * runs the browser example. Screenshots at 1280 and 390 px go to examples/browser/artefacts/ (not committed).
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking"];
const root = fileURLToPath(new URL("../..", import.meta.url));
const artefacts = join(root, "examples", "browser", "artefacts");
const ANN = { authorization: "Bearer ann@acme", "content-type": "application/json" };

let browser: Browser;
const servers: ChildProcess[] = [];

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: apt-get install chromium (or CHROMIUM_PATH)`);
  if (!existsSync(join(root, "dist", "public", "ui.js")))
    throw new Error("dist/public/ui.js is missing: npm run build");
  mkdirSync(artefacts, { recursive: true });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
}, 30_000);

afterAll(async () => {
  await browser?.close();
  for (const server of servers) server.kill();
});

/** `bss-mock serve` from dist/ on a free port; resolves to its URL. */
function serve(args: string[]): Promise<string> {
  const child = spawn(process.execPath, ["dist/bss-mock.cjs", "serve", "--port", "0", "--quiet", ...args], {
    cwd: root,
  });
  servers.push(child);
  return new Promise((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      const url = /http:\/\/[\d.:]+/.exec(String(chunk))?.[0];
      if (url) resolve(url);
    });
    child.on("exit", (code) => reject(new Error(`serve exited with ${code}`)));
  });
}

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") errors.push(message.text());
  });
  return errors;
}

async function createSimulation(url: string): Promise<string> {
  const [model] = (await (await fetch(`${url}/v1/user-models`, { headers: ANN })).json()) as Array<{ id: string }>;
  const res = await fetch(`${url}/v1/simulations`, {
    method: "POST",
    headers: ANN,
    body: JSON.stringify({
      mode: "research",
      goal: "concept_test",
      inputs: { concept: "A refill club for cleaning products" },
      user_model_ids: [model?.id],
    }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function activeScenarios(url: string): Promise<Record<string, string[]>> {
  const body = (await (await fetch(`${url}/__mock/scenarios`)).json()) as {
    active: { organisations: Record<string, string[]> };
  };
  return body.active.organisations;
}

describe("the dashboard in Chromium", () => {
  it("should show the log, steer scenarios and the clock, and list what coverage never reached", async () => {
    const url = await serve(["--clock", "manual"]);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);

    const started = Date.now();
    await page.goto(`${url}/__mock/ui`);
    await page.waitForSelector("#coverage .must li");
    const uiMs = Date.now() - started;

    // The log shows a request this test made.
    const id = await createSimulation(url);
    await page.waitForSelector('#log summary:has-text("POST /v1/simulations")');
    await page.locator("#log summary", { hasText: "POST /v1/simulations" }).first().click();
    await expect.poll(() => page.locator("#log details[open] pre").first().textContent()).toContain('"goal"');
    await page.waitForSelector('#scope option[value="acme"]', { state: "attached" });
    await page.selectOption("#scope", "acme");
    await expect.poll(() => page.locator(`[data-simulation="${id}"] .pill`).textContent()).toBe("planning");

    // Advancing the clock in the page (by keyboard) moves the simulation.
    await page.focus("#idle");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator(`[data-simulation="${id}"] .pill`).textContent()).toBe("planned");
    expect(await page.locator(`[data-simulation="${id}"] .timeline li`).allTextContents()).toEqual([
      expect.stringMatching(/^planning /),
      expect.stringMatching(/^planned /),
    ]);

    // A scenario turned on in the page (by keyboard) changes the next answer.
    await page.focus("#sc-server-error");
    await page.keyboard.press("Space");
    await expect.poll(async () => (await activeScenarios(url)).acme).toEqual(["server-error"]);
    expect((await fetch(`${url}/v1/simulations`, { headers: ANN })).status).toBe(500);

    // Coverage: the 500 reached, states never reached listed; one click turns on the scenario that reaches one.
    await page.waitForSelector('[data-item="server-error"].reached');
    expect(await page.locator('[data-item="synthesis-failed"]').getAttribute("class")).toBe("never");
    await expect.poll(() => page.locator("#coverage .never-states").first().textContent()).toMatch(/never /);
    await page.click('[data-item="planner-turn-409"] button');
    await expect.poll(async () => (await activeScenarios(url)).acme).toEqual(["server-error", "planner-busy"]);

    await page.screenshot({ path: join(artefacts, "dashboard-1280.png"), fullPage: true });
    await page.screenshot({ path: join(artefacts, "dashboard.png") });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(artefacts, "dashboard-390.png"), fullPage: true });

    // Beside /docs on the same mock: the page's load, its size, for the closing note.
    const docsPage = await browser.newPage();
    const docsStarted = Date.now();
    await docsPage.goto(`${url}/docs`, { waitUntil: "load" });
    const docsMs = Date.now() - docsStarted;
    const bytes = async (path: string) => gzipSync(Buffer.from(await (await fetch(`${url}${path}`)).arrayBuffer()));
    const gzipped = (await bytes("/__mock/ui")).length + (await bytes("/__mock/ui/app.js")).length;
    console.log(`dashboard: ${gzipped} bytes gzipped; ready in ${uiMs} ms, /docs loaded in ${docsMs} ms`);
    expect(gzipped).toBeLessThan(150 * 1024);
    expect(errors).toEqual([]);
    await page.close();
    await docsPage.close();
  }, 60_000);

  it("should explain the 409 of moving a system clock, and reset from the page", async () => {
    const url = await serve([]);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await page.goto(`${url}/__mock/ui`);
    await expect.poll(() => page.locator("#clock-note").textContent()).toMatch(/\(409\).*--clock manual/);
    expect(await page.locator("#next").isDisabled()).toBe(true);
    expect(
      (await fetch(`${url}/__mock/clock/advance`, { method: "POST", headers: ANN, body: '{"until":"next"}' })).status,
    ).toBe(409);
    await createSimulation(url);
    await page.waitForSelector('#log summary:has-text("POST /v1/simulations")');
    await page.click("#reset");
    await expect.poll(() => page.locator("#log li").allTextContents()).toEqual(["No request yet matches."]);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});
