import { mkdirSync, mkdtempSync, rmdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { optionsSchema } from "./config/options.js";
import { type RunningServer, startServer } from "./server.js";

const AUTH = { authorization: "Bearer restart@persistence" };
let dir: string | undefined;
let running: RunningServer | undefined;

afterEach(async () => {
  await running?.close();
  running = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function start(db: string) {
  // System clock and a short planning phase: the job falls due while the server is down.
  return startServer(optionsSchema.parse({ port: 0, quiet: true, db, planningMs: 150, clock: "system" }));
}

describe("--db across a restart", () => {
  it("should complete background work that fell due while the mock was down instead of leaving it planning", async () => {
    dir = mkdtempSync(join(tmpdir(), "bss-mock-restart-"));
    const db = join(dir, "state.json");
    running = await start(db);
    const models = (await (await fetch(`${running.url}/v1/user-models`, { headers: AUTH })).json()) as Array<{
      id: string;
    }>;
    const created = await fetch(`${running.url}/v1/simulations`, {
      method: "POST",
      headers: { ...AUTH, "content-type": "application/json" },
      body: JSON.stringify({
        mode: "research",
        goal: "concept_test",
        inputs: { concept: "Soup by subscription" },
        user_model_ids: [models[0]?.id],
      }),
    });
    expect(created.status).toBe(201);
    const { id, status } = (await created.json()) as { id: string; status: string };
    expect(status).toBe("planning");
    await running.close();

    await new Promise((resolve) => setTimeout(resolve, 300));
    running = await start(db);
    const after = await fetch(`${running.url}/v1/simulations/${id}`, { headers: AUTH });
    expect(after.status).toBe(200);
    expect(((await after.json()) as { status: string }).status).toBe("planned");
  });
});

describe("the demo world with --db", () => {
  it("should answer 503 when its build cannot be written, and build it once writes work again", async () => {
    dir = mkdtempSync(join(tmpdir(), "bss-mock-demo-"));
    const db = join(dir, "state.json");
    running = await startServer({ port: 0, quiet: true, db, clock: "manual" });
    const journal = `${db}.journal-1.jsonl`;
    mkdirSync(journal); // appending fails (EISDIR) until it is removed
    const refused = await fetch(`${running.url}/v1/projects`);
    expect(refused.status).toBe(503);
    expect(Object.keys((await refused.json()) as object)).toEqual(["detail"]);
    const enveloped = await fetch(`${running.url}/v1/populations`);
    expect(enveloped.status).toBe(503);
    expect(((await enveloped.json()) as { data: unknown }).data).toBeNull();
    rmdirSync(journal);
    const built = await fetch(`${running.url}/v1/projects`);
    expect(built.status).toBe(200);
    expect(((await built.json()) as unknown[]).length).toBe(3);
    // What the answer showed is in the file: a restart finds it.
    await running.close();
    running = await startServer({ port: 0, quiet: true, db, clock: "manual" });
    expect(((await (await fetch(`${running.url}/v1/projects`)).json()) as unknown[]).length).toBe(3);
  });
});
