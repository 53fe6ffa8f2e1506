import { cpSync, mkdirSync, mkdtempSync, rmdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
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

describe("a world written before retests kept their status", () => {
  // Written by the mock before finish_retest moved a retest's status (the status was read off the clock): on a manual
  // clock that stopped at 09:01:00, organisation "finished" retested at 09:00:00 (over at 09:00:05), organisation
  // "retesters" at 09:01:00, its finish_retest job due at 09:01:05.
  const written = fileURLToPath(new URL("./__fixtures__/retest-before-stored-status", import.meta.url));
  const population = "3f6c2a1e-8b4d-4c7a-9e2f-5a1b7c9d0e11";
  const read = async (org: string) => {
    const response = await fetch(`${running?.url}/v1/populations/${population}`, {
      headers: { authorization: `Bearer analyst@${org}` },
    });
    return ((await response.json()) as { data: { status: string; test_finished_at: string; question_count: number } })
      .data;
  };

  it("should finish the retest in flight when the clock reaches it, and keep the finished one ready", async () => {
    dir = mkdtempSync(join(tmpdir(), "bss-mock-retest-"));
    cpSync(written, dir, { recursive: true });
    running = await startServer(
      optionsSchema.parse({ port: 0, quiet: true, db: join(dir, "world.json"), clock: "manual" }),
    );
    expect(await read("finished")).toMatchObject({
      status: "ready",
      test_finished_at: "2026-03-01T09:00:05.000Z",
      question_count: 1861,
    });
    expect(await read("retesters")).toMatchObject({ status: "testing", question_count: 1860 });
    const advanced = await fetch(`${running.url}/__mock/clock/advance`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ms: 5000 }),
    });
    expect(advanced.status).toBe(200);
    expect(await read("retesters")).toMatchObject({
      status: "ready",
      test_finished_at: "2026-03-01T09:01:05.000Z",
      question_count: 1861,
    });
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
