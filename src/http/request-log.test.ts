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
