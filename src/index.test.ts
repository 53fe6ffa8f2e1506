import { describe, expect, it } from "vitest";
import { createApp, PortInUseError, startServer } from "./index.js";

describe("the programmatic API", () => {
  it("should take plain options and bind to 127.0.0.1 by default, as the command line does", async () => {
    const server = await startServer({ port: 0, quiet: true });
    try {
      expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it("should refuse a bad option with the command line's one-line message", async () => {
    await expect(startServer({ port: -1 })).rejects.toThrow("invalid port '-1': expected at least 0");
    expect(() => createApp({ timing: "slow" as "fast" })).toThrow(/^invalid timing 'slow'/);
  });

  it("should name its errors, so a log or a test report says which one it is", async () => {
    expect(() => createApp({ clok: "manual" } as never)).toThrow(expect.objectContaining({ name: "ConfigError" }));
    const server = await startServer({ port: 0, quiet: true });
    try {
      const taken = await startServer({ port: server.port, quiet: true }).catch((error: unknown) => error);
      expect(taken).toBeInstanceOf(PortInUseError);
      expect(String(taken)).toBe(`PortInUseError: port ${server.port} on 127.0.0.1 is already in use`);
    } finally {
      await server.close();
    }
  });
});

describe("the exported schemas", () => {
  it("should read the mock's own answers, typed, and refuse what breaks them (parse, safeParse, expect.schemaMatching)", async () => {
    const { createMock, schemas } = await import("./index.js");
    const mock = await createMock({ clock: "manual" });
    try {
      const headers = { authorization: "Bearer schemas@test", "content-type": "application/json" };
      const models = (await (await mock.fetch("/v1/user-models", { headers })).json()) as unknown[];
      const model = schemas.UserModel.parse(models[0]);
      const body = schemas.CreateSimulationBody.parse({
        mode: "research",
        goal: "concept_test",
        inputs: { concept: "Refills by post" },
        user_model_ids: [model.id],
      });
      const created = await mock.fetch("/v1/simulations", { method: "POST", headers, body: JSON.stringify(body) });
      const simulation = schemas.Simulation.parse(await created.json());
      expect(simulation.status).toBe("planning");
      expect(simulation).toEqual(expect.schemaMatching(schemas.Simulation));
      expect(schemas.Simulation.safeParse({ ...simulation, status: "done" }).success).toBe(false);
      expect(() => schemas.SimulationStatus.parse("done")).toThrow();
      // One per exported type of the API (the Schemas interface), each a schema.
      expect(Object.keys(schemas)).toHaveLength(32);
      for (const schema of Object.values(schemas)) expect(schema["~standard"].version).toBe(1);
    } finally {
      await mock.close();
    }
  });
});
