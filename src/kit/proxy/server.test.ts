import { createServer, type IncomingMessage, request, type Server } from "node:http";
import { type AddressInfo, createServer as createNetServer } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { isRuleId, ruleSentences } from "../../../contract-tests/traceability/rules.js";
import type { Exchange } from "./judge.js";
import { Judge } from "./judge.js";
import { MAX_COPIED_BODY, type RunningProxy, startProxy } from "./server.js";

const closing: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});

/** An upstream answering with odd headers, a streamed body, a large one, and a simulation that is not planning. */
async function upstream(): Promise<string> {
  const server: Server = createServer((req, res) => {
    if (req.url === "/stream") {
      res.writeHead(201, "Made It", [
        "X-Custom-Case",
        "Value",
        "set-cookie",
        "a=1",
        "set-cookie",
        "b=2",
        "content-type",
        "text/plain",
      ]);
      res.write("one ");
      setTimeout(() => res.end("two"), 20);
      return;
    }
    if (req.url === "/big") {
      res.writeHead(200, { "content-type": "application/json" }).end(`"${"x".repeat(MAX_COPIED_BODY + 10)}"`);
      return;
    }
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = JSON.stringify({
        id: "11111111-1111-4111-8111-111111111111",
        status: "planned",
        echo: Buffer.concat(chunks).toString(),
      });
      res.writeHead(201, { "content-type": "application/json" }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closing.push(() => new Promise((resolve) => server.close(resolve)));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function proxyTo(url: string, recorded: Exchange[] = []): Promise<RunningProxy> {
  const judge = new Judge({ has: isRuleId, sentences: ruleSentences });
  const proxy = await startProxy({ upstream: new URL(url), judge, record: (e) => recorded.push(e) });
  closing.push(() => proxy.close());
  return proxy;
}

interface Raw {
  status: number | undefined;
  message: string | undefined;
  headers: string[];
  body: Buffer;
}

function raw(url: string, method = "GET", body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method, headers: body ? { "content-type": "application/json" } : {} },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode,
            message: res.statusMessage,
            headers: res.rawHeaders,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const withoutDate = (headers: string[]) =>
  headers.flatMap((value, i) => (i % 2 === 0 ? [[value, headers[i + 1]]] : [])).filter(([name]) => name !== "Date");

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

describe("the proxy passes answers through unchanged", () => {
  it("should give the client the upstream's status, message, headers (order and case) and bytes", async () => {
    const base = await upstream();
    const proxy = await proxyTo(base);
    const direct = await raw(`${base}/stream`);
    const proxied = await raw(`${proxy.url}/stream`);
    expect(proxied.status).toBe(201);
    expect(proxied.message).toBe("Made It");
    expect(withoutDate(proxied.headers)).toEqual(withoutDate(direct.headers));
    expect(proxied.body.toString()).toBe("one two");
  });

  it("should pass a body over the copy's bound whole, and judge it as not read", async () => {
    const base = await upstream();
    const recorded: Exchange[] = [];
    const proxy = await proxyTo(base, recorded);
    const proxied = await raw(`${proxy.url}/big`);
    expect(proxied.body.length).toBe(MAX_COPIED_BODY + 12);
    await settle();
    expect(recorded[0]?.responseBody).toBeNull();
  });

  it("should judge each exchange after answering, and serve the report and its page", async () => {
    const base = await upstream();
    const proxy = await proxyTo(base);
    const created = await raw(`${proxy.url}/v1/simulations`, "POST", '{"mode":"research"}');
    expect(JSON.parse(created.body.toString()).echo).toBe('{"mode":"research"}');
    await settle();
    const report = JSON.parse((await raw(`${proxy.url}/__proxy/report`)).body.toString());
    expect(report.exchanges).toBe(1);
    expect(report.violations.map((v: { rule: string }) => v.rule)).toContain("SIM-CREATE-PLANNING");
    expect(report.violations[0]).toMatchObject({
      level: "violation",
      method: "POST",
      path: "/v1/simulations",
      status: 201,
    });
    const page = await raw(`${proxy.url}/__proxy/`);
    expect(page.body.toString()).toMatch(/fetch\("report"/);
    expect((await raw(`${proxy.url}/__proxy`)).status).toBe(308);
  });

  it("should answer 502 in its own words when the upstream does not answer", async () => {
    const proxy = await proxyTo("http://127.0.0.1:9");
    const answer = await raw(`${proxy.url}/v1/simulations`);
    expect(answer.status).toBe(502);
    expect(JSON.parse(answer.body.toString()).detail).toMatch(/did not answer \(ECONNREFUSED\)/);
    await settle();
    expect(proxy.report().exchanges).toBe(0);
  });
});

describe("kept-alive upstream connections", () => {
  it("should send a request without a body again when the upstream had dropped the reused connection", async () => {
    // Answers the first request of each connection and drops the connection at the second, as a server closing an
    // idle kept-alive connection just as it is reused.
    const server = createNetServer((socket) => {
      let requests = 0;
      socket.on("data", () => {
        requests++;
        if (requests > 1) socket.destroy();
        else socket.write("HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    closing.push(() => new Promise((resolve) => server.close(resolve)));
    const proxy = await proxyTo(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    expect((await raw(`${proxy.url}/v1/user-models`)).status).toBe(200);
    expect((await raw(`${proxy.url}/v1/user-models`)).status).toBe(200);
  });
});

describe("concurrent writes", () => {
  it("should take a departure as a suspect when another write of the caller was still in flight", async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const server = createServer(async (req, res) => {
      if (req.url === "/slow") await held;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          id: "11111111-1111-4111-8111-111111111111",
          status: req.url === "/slow" ? "running" : "completed",
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    closing.push(() => new Promise((resolve) => server.close(resolve)));
    const proxy = await proxyTo(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    const sim = "/v1/simulations/11111111-1111-4111-8111-111111111111";
    await raw(`${proxy.url}${sim}`);
    const slow = raw(`${proxy.url}/slow`, "POST", "{}");
    await settle();
    await raw(`${proxy.url}${sim}/run`, "POST", "{}");
    release();
    await slow;
    await settle();
    const report = proxy.report();
    expect(report.violations).toEqual([]);
    expect(report.suspects.map((s) => s.rule)).toEqual(["SIM-RUN-REFUSED-NOT-PLANNED"]);
  });
});
