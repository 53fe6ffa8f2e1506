import { once } from "node:events";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { serve } from "@hono/node-server";
import { describe, expect, it, vi } from "vitest";
import { createApp } from "../api/app.js";

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

describe("request log of connections that close", () => {
  /** A served mock with its log kept, Node's request timeout at `timeoutMs`; `send` writes raw bytes and waits. */
  async function served(timeoutMs = 60_000) {
    const lines: string[] = [];
    const mock = createApp({ logFormat: "json" }, { log: (line) => lines.push(line) });
    const server = serve({
      fetch: mock.fetch,
      port: 0,
      hostname: "127.0.0.1",
      serverOptions: { requestTimeout: timeoutMs, headersTimeout: timeoutMs, connectionsCheckingInterval: 50 },
    });
    await once(server, "listening");
    const { port } = server.address() as AddressInfo;
    /** Writes `text`, then closes after `closeAfterMs` (or when the server does); resolves with what came back. */
    const send = (text: string, closeAfterMs: number) =>
      new Promise<string>((resolve) => {
        const socket = connect(port, "127.0.0.1", () => socket.write(text));
        let got = "";
        socket.on("data", (chunk) => {
          got += chunk;
        });
        socket.on("error", () => undefined);
        const timer = setTimeout(() => socket.destroy(), closeAfterMs);
        socket.on("close", () => {
          clearTimeout(timer);
          resolve(got);
        });
      });
    const until = async (count: number) => {
      for (let i = 0; i < 200 && lines.length < count; i++) await new Promise((r) => setTimeout(r, 10));
      return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    };
    const close = async () => {
      mock.close();
      (server as Server).closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    };
    return { send, until, close };
  }
  const body = JSON.stringify({ name: "n", body: "x".repeat(100) });
  const head = `POST /v1/contexts HTTP/1.1\r\nhost: x\r\nauthorization: closer@test\r\ncontent-type: application/json\r\n`;

  it("should log a client that closes after a complete answer as an ordinary line, and one that closes mid-body as aborted, with no error", async () => {
    const errors = vi.spyOn(process.stderr, "write");
    const mock = await served();
    try {
      const answered = await mock.send(`${head}content-length: ${body.length}\r\n\r\n${body}`, 500);
      expect(answered).toMatch(/^HTTP\/1\.1 201 /);
      await mock.send(`${head}content-length: ${body.length}\r\n\r\n${body.slice(0, 20)}`, 100);
      await mock.send(`${head}transfer-encoding: chunked\r\n\r\n10\r\n${body.slice(0, 16)}\r\n`, 100);
      const [complete, declared, chunked] = await mock.until(3);
      expect(complete).toMatchObject({ status: 201 });
      expect(complete).not.toHaveProperty("aborted");
      for (const line of [declared, chunked]) {
        expect(line).toMatchObject({
          path: "/v1/contexts",
          status: null,
          aborted: "the client closed the connection before its request was complete",
        });
      }
      expect(errors.mock.calls.map(([text]) => String(text)).filter((text) => text.includes("bss-mock"))).toEqual([]);
    } finally {
      errors.mockRestore();
      await mock.close();
    }
  });

  it("should log a body that did not all arrive within the request timeout as aborted with Node's 408 and why", async () => {
    const mock = await served(300);
    try {
      const answer = await mock.send(`${head}content-length: ${body.length}\r\n\r\n${body.slice(0, 20)}`, 5000);
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      const [line] = await mock.until(1);
      expect(line).toMatchObject({
        status: 408,
        aborted: "timeout: the request had not all arrived within 0.3 s",
      });
    } finally {
      await mock.close();
    }
  });

  it("should write the text line's reason after the status", async () => {
    const lines: string[] = [];
    const mock = createApp({}, { log: (line) => lines.push(line) });
    const server = serve({ fetch: mock.fetch, port: 0, hostname: "127.0.0.1" });
    await once(server, "listening");
    try {
      const { port } = server.address() as AddressInfo;
      await new Promise<void>((resolve) => {
        const socket = connect(port, "127.0.0.1", () =>
          socket.write(`${head}content-length: ${body.length}\r\n\r\n${body.slice(0, 20)}`),
        );
        socket.on("error", () => undefined);
        setTimeout(() => socket.destroy(), 100);
        socket.on("close", () => resolve());
      });
      for (let i = 0; i < 100 && lines.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
      expect(lines.at(-1)).toMatch(
        / POST \/v1\/contexts - aborted: the client closed the connection before its request was complete \d+\.\dms$/,
      );
    } finally {
      mock.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
