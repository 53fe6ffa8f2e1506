import * as http from "node:http";
import * as net from "node:net";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { serveCli, useBuiltCli } from "./__fixtures__/built-cli.js";

const cli = useBuiltCli("bss-mock-stop-");
const AUTH = "load@stop";

function post(agent: http.Agent, url: URL, name: string): Promise<{ id?: string; error?: string }> {
  return new Promise((resolve) => {
    const body = JSON.stringify({ name });
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: "/v1/projects",
        method: "POST",
        agent,
        headers: { "content-type": "application/json", authorization: AUTH, "content-length": body.length },
      },
      (response) => {
        let text = "";
        response.on("data", (chunk) => {
          text += chunk;
        });
        response.on("end", () =>
          resolve(response.statusCode === 201 ? { id: JSON.parse(text).id } : { error: `${response.statusCode}` }),
        );
      },
    );
    request.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    request.end(body);
  });
}

describe("a stop under load", () => {
  it("should reset no request: each is answered or refused before it is sent, and every create answered is kept", async () => {
    const db = path.join(cli.dir, "world.json");
    const served = await serveCli(cli.built, ["--db", db]);
    const url = new URL(served.url);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
    const errors: Record<string, number> = {};
    const acknowledged: string[] = [];
    let exited = false;
    served.exited.then(() => {
      exited = true;
    });
    let n = 0;
    const clients = Array.from({ length: 20 }, async () => {
      while (!exited) {
        const result = await post(agent, url, `p${n++}`);
        if (result.id) acknowledged.push(result.id);
        else if (result.error) errors[result.error] = (errors[result.error] ?? 0) + 1;
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 600));
    served.child.kill("SIGTERM");
    expect((await served.exited).code).toBe(0);
    await Promise.all(clients);
    agent.destroy();
    expect(acknowledged.length).toBeGreaterThan(20);
    // Refused connections (the listener is closed) are fine: the request was never sent.
    expect(Object.keys(errors).filter((code) => code !== "ECONNREFUSED")).toEqual([]);

    const again = await serveCli(cli.built, ["--db", db]);
    try {
      for (const id of acknowledged) {
        const read = await fetch(`${again.url}/v1/projects/${id}`, { headers: { authorization: AUTH } });
        expect(read.status, id).toBe(200);
      }
    } finally {
      again.child.kill("SIGKILL");
      await again.exited;
    }
  }, 30_000);

  it("should let a request in flight finish before it exits, and exit at once on a second signal", async () => {
    for (const second of [false, true]) {
      const served = await serveCli(cli.built, ["--db", path.join(cli.dir, `world-${second}.json`)]);
      const url = new URL(served.url);
      const body = JSON.stringify({ name: "slow" });
      const socket = net.connect(Number(url.port), url.hostname);
      await new Promise((resolve) => socket.once("connect", resolve));
      let answer = "";
      socket.on("data", (chunk) => {
        answer += chunk;
      });
      socket.on("error", () => {});
      // Headers and half the body: the request is in flight when the signal comes.
      socket.write(
        `POST /v1/projects HTTP/1.1\r\nhost: x\r\nauthorization: ${AUTH}\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      served.child.kill("SIGTERM");
      await new Promise((resolve) => setTimeout(resolve, 300));
      if (second) {
        served.child.kill("SIGTERM");
        expect((await served.exited).code).toBe(1);
        expect(answer).toBe("");
      } else {
        socket.write(body.slice(5));
        expect((await served.exited).code).toBe(0);
        expect(answer).toMatch(/^HTTP\/1\.1 201 Created\r\n/);
        expect(answer.toLowerCase()).toContain("connection: close\r\n");
      }
      socket.destroy();
    }
  }, 30_000);
});
