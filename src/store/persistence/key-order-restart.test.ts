/**
 * A client's key order survives a `--db` restart: records are written with the keys as sent (key-order.ts), and read
 * back so integer-like keys keep that order (parseKeepingKeyOrder), where JSON.parse would list them first.
 * Compared on the raw response text over HTTP, since JSON.parse would reorder them again.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { optionsSchema } from "../../api/config/options.js";
import { listen, openApp, type RunningServer } from "../../api/server.js";

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "bss-mock-key-order-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

async function start(db: string): Promise<RunningServer> {
  const options = optionsSchema.parse({ port: 0, quiet: true, clock: "manual", db });
  return listen(await openApp(options), options);
}

const AUTH = "Bearer keys@restart";
const INPUTS = '{"concept":"A reusable cup","b":1,"2":2,"nested":{"z":1,"10":2,"1":3,"list":[{"y":0,"0":0}]}}';
const METADATA = '{"country":"GB","2024":"wave 2","2023":"wave 1"}';

const send = (server: RunningServer, method: string, route: string, body?: string) =>
  fetch(`${server.url}${route}`, {
    method,
    headers: { authorization: AUTH, ...(body ? { "content-type": "application/json" } : {}) },
    body,
  });

describe("key order after a --db restart", () => {
  it("should echo a simulation's inputs and an organisation user model's metadata as sent, after one restart and two", async () => {
    const db = path.join(dir, "world.json");
    let server = await start(db);
    let simulationId: string;
    try {
      const models = (await (await send(server, "GET", "/v1/user-models")).json()) as Array<{ id: string }>;
      const created = await send(
        server,
        "POST",
        "/v1/simulations",
        `{"mode":"research","goal":"concept_test","user_model_ids":["${models[0]?.id}"],"inputs":${INPUTS}}`,
      );
      const text = await created.text();
      expect(created.status, text).toBe(201);
      expect(text).toContain(`"inputs":${INPUTS}`);
      simulationId = (JSON.parse(text) as { id: string }).id;
      const model = await send(
        server,
        "POST",
        "/__mock/orgs/restart/user-models",
        `{"name":"Panel","description":"Our panel","metadata":${METADATA}}`,
      );
      expect(model.status, await model.clone().text()).toBe(201);
    } finally {
      await server.close();
    }
    for (const round of [1, 2]) {
      server = await start(db);
      try {
        const read = await (await send(server, "GET", `/v1/simulations/${simulationId}`)).text();
        expect(read, `restart ${round}`).toContain(`"inputs":${INPUTS}`);
        expect(await (await send(server, "GET", "/v1/simulations")).text()).toContain(`"inputs":${INPUTS}`);
        // A change to the record (the simulation moves on) writes it again, keys still as sent.
        expect((await send(server, "POST", "/__mock/clock/advance", '{"until":"idle"}')).status).toBe(200);
        const models = await fetch(`${server.url}/v1/user-models`, { headers: { authorization: "Bearer x@restart" } });
        expect(await models.text(), `restart ${round}`).toContain(`"metadata":${METADATA}`);
      } finally {
        await server.close();
      }
    }
  });
});
