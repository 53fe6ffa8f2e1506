import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { serve } from "@hono/node-server";
import { describe, expect, it } from "vitest";
import { createApp } from "../app.js";

/** A mock whose request log lines are kept, with a scenario that answers GET /v1/user-models with `fault`. */
async function loggedWithFault(fault: string, format: "text" | "json") {
  const lines: string[] = [];
  const mock = createApp({ logFormat: format }, { log: (line) => lines.push(line) });
  const scenario = {
    name: "wire",
    description: "The user model list fails on the wire.",
    rules: [{ match: { method: "GET", path: "/v1/user-models" }, fault: { type: fault } }],
  };
  const put = new Request("http://mock/__mock/scenarios", {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ scenarios: [scenario] }),
  });
  expect((await mock.fetch(put)).status).toBe(200);
  await Promise.resolve(mock.fetch(new Request("http://mock/v1/user-models"))).catch(() => undefined);
  mock.close();
  return lines.at(-1) as string;
}

describe("request log", () => {
  it("should log no status for a connection a fault closed before any byte, and name the fault", async () => {
    expect(JSON.parse(await loggedWithFault("connection_reset", "json"))).toMatchObject({
      path: "/v1/user-models",
      status: null,
      fault: "connection_reset",
    });
    expect(await loggedWithFault("empty_response", "text")).toMatch(
      / GET \/v1\/user-models - empty_response \d+\.\dms$/,
    );
    expect(await loggedWithFault("truncated_body", "text")).toMatch(/ GET \/v1\/user-models 200 truncated_body /);
  });
});

describe("request log over HTTP", () => {
  it("should show the path as sent, dot segments and escapes kept, not the one the URL parser resolved", async () => {
    const lines: string[] = [];
    const mock = createApp({ logFormat: "json" }, { log: (line) => lines.push(line) });
    const server = serve({ fetch: mock.fetch, port: 0, hostname: "127.0.0.1" });
    await once(server, "listening");
    try {
      const { port } = server.address() as AddressInfo;
      for (const path of ["/v1/simulations/../user-models", "/v1/x/./%2e%2E/user-models?limit=1"]) {
        const status = await new Promise<number | undefined>((resolve, reject) => {
          // A raw request: fetch and http.get resolve dot segments before sending.
          const socket = connect(port, "127.0.0.1", () =>
            socket.write(`GET ${path} HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n`),
          );
          let head = "";
          socket.on("data", (chunk) => {
            head += chunk;
          });
          socket.on("error", reject);
          socket.on("close", () => resolve(Number(head.split(" ")[1])));
        });
        expect(status, path).toBe(404);
        expect(JSON.parse(lines.at(-1) as string)).toMatchObject({ path: path.split("?")[0], status: 404 });
      }
    } finally {
      mock.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
