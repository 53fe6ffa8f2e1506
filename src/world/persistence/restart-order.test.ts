/**
 * What the API lists in an order lists it in the same order after a `--db` restart (issue 24, item 7): a round lists
 * its simulations in the order they joined it, also one moved in after another was created there.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type BuiltCli, buildCli, type ServedCli, serveCli } from "./__fixtures__/built-cli.js";

let built: BuiltCli;
let dir: string;
const AUTH = { authorization: "Bearer order@restart", "content-type": "application/json" };

// Each test starts the built command line a few times: seconds each on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

beforeAll(async () => {
  built = await buildCli();
}, 60_000);
afterAll(() => built?.remove());
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "bss-mock-order-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

async function call(served: ServedCli, method: string, route: string, body?: unknown) {
  const response = await fetch(`${served.url}${route}`, {
    method,
    headers: AUTH,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, text).toBeLessThan(300);
  return JSON.parse(text) as Record<string, unknown>;
}

async function stop(served: ServedCli) {
  served.child.kill("SIGTERM");
  expect((await served.exited).code).toBe(0);
}

describe("order across a --db restart", () => {
  it("should list a round's simulations in the order they joined it, moved ones included", async () => {
    const db = path.join(dir, "world.json");
    let served = await serveCli(built, ["--db", db, "--clock", "manual"]);
    let projectId: string;
    let order: string[];
    try {
      const models = (await call(served, "GET", "/v1/user-models")) as unknown as Array<{ id: string }>;
      const simulation = (project?: string) => ({
        mode: "research",
        goal: "concept_test",
        inputs: { concept: "A cup" },
        user_model_ids: [models[0]?.id],
        ...(project ? { project_id: project } : {}),
      });
      const a = (await call(served, "POST", "/v1/simulations", simulation())).id as string;
      projectId = (await call(served, "POST", "/v1/projects", { name: "P" })).id as string;
      const b = (await call(served, "POST", "/v1/simulations", simulation(projectId))).id as string;
      await call(served, "PATCH", `/v1/simulations/${a}`, { project_id: projectId });
      order = await roundOrder(served, projectId);
      expect(order).toEqual([b, a]);
    } finally {
      await stop(served);
    }
    served = await serveCli(built, ["--db", db, "--clock", "manual"]);
    try {
      expect(await roundOrder(served, projectId)).toEqual(order);
    } finally {
      await stop(served);
    }
  });
});

async function roundOrder(served: ServedCli, projectId: string): Promise<string[]> {
  const project = (await call(served, "GET", `/v1/projects/${projectId}`)) as {
    rounds: Array<{ simulations: Array<{ id: string }> }>;
  };
  return project.rounds.flatMap((round) => round.simulations.map((s) => s.id));
}
