import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { type ServedCli, serveCli, useBuiltCli } from "./__fixtures__/built-cli.js";

const cli = useBuiltCli("bss-mock-order-");
const AUTH = { authorization: "Bearer order@restart", "content-type": "application/json" };

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
    const db = path.join(cli.dir, "world.json");
    let served = await serveCli(cli.built, ["--db", db, "--clock", "manual"]);
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
    served = await serveCli(cli.built, ["--db", db, "--clock", "manual"]);
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
