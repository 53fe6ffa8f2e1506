/**
 * The origin of the URLs the mock writes (share URLs, the trailing-slash redirect) as a FastAPI app under uvicorn's
 * defaults builds it (src/fastapi/starlette/oracle/origins.json): X-Forwarded-Proto counts only from 127.0.0.1 or ::1,
 * X-Forwarded-Host never, and without a Host the address and port the connection reached. All of it depends on how
 * the test reaches the server (a proxy in between changes the peer and the address), so it needs the file's own mock.
 */
import { describe, expect, IN_PROCESS, it } from "../support/harness.js";
import { sendRaw } from "../support/raw-http.js";
import { createResearch } from "../support/simulations.js";
import { newCaller, useTarget } from "../support/target.js";

const target = useTarget();

/** Shares a new simulation with a raw request (`headers` are header lines; HTTP/1.0 leaves the Host out). */
async function share(headers: string[], options: { http10?: boolean; from?: string } = {}) {
  const auth = newCaller();
  const simulation = await createResearch(target, auth);
  const version = options.http10 ? "HTTP/1.0" : "HTTP/1.1";
  const lines = [`POST /v1/simulations/${simulation.id}/share ${version}`, `authorization: ${auth}`, ...headers];
  lines.push("connection: close", "content-length: 0");
  const res = await sendRaw(target.baseUrl, Buffer.from(`${lines.join("\r\n")}\r\n\r\n`), options);
  expect(res.status, res.text).toBe(200);
  return { url: (JSON.parse(res.text) as { url: string }).url, path: `/v1/public/simulations/${simulation.id}` };
}

/** The location of the 307 that GET /v1/simulations/ (trailing slash) gets. */
async function redirect(headers: string[], options: { http10?: boolean; from?: string } = {}) {
  const version = options.http10 ? "HTTP/1.0" : "HTTP/1.1";
  const lines = [`GET /v1/simulations/ ${version}`, ...headers, "connection: close"];
  const res = await sendRaw(target.baseUrl, Buffer.from(`${lines.join("\r\n")}\r\n\r\n`), options);
  expect(res.status).toBe(307);
  return res.headers.location;
}

describe("share URLs behind a proxy", { ...IN_PROCESS, rules: ["MOCK-SHARE", "MOCK-HTTP-LAYER"] }, () => {
  it("should take the scheme from X-Forwarded-Proto sent from 127.0.0.1, and the host from Host only", async () => {
    const shared = await share(["host: app.example", "x-forwarded-host: fw.example", "x-forwarded-proto: https"]);
    expect(shared.url).toBe(`https://app.example${shared.path}`);
  });

  it("should use the last X-Forwarded-Proto, and only http, https, ws or wss exactly", async () => {
    const last = await share(["host: app.example", "x-forwarded-proto: http", "x-forwarded-proto: https"]);
    expect(last.url).toBe(`https://app.example${last.path}`);
    for (const value of ["https,http", "HTTPS", "ftp", ""]) {
      const shared = await share(["host: app.example", `x-forwarded-proto: ${value}`]);
      expect(shared.url, value).toBe(`http://app.example${shared.path}`);
    }
  });

  it("should ignore X-Forwarded-Proto from a peer uvicorn does not trust (127.0.0.2)", async () => {
    const shared = await share(["host: app.example", "x-forwarded-proto: https"], { from: "127.0.0.2" });
    expect(shared.url).toBe(`http://app.example${shared.path}`);
  });
});

describe("without a Host header", { ...IN_PROCESS, rules: ["MOCK-SHARE", "MOCK-HTTP-LAYER"] }, () => {
  it("should point share URLs at the address and port the request reached", async () => {
    const plain = await share([], { http10: true });
    expect(plain.url).toBe(`${target.baseUrl}${plain.path}`);
    const proxied = await share(["x-forwarded-proto: https"], { http10: true });
    expect(proxied.url).toBe(`${target.baseUrl.replace(/^http:/, "https:")}${proxied.path}`);
  });
});

describe("trailing-slash redirects", { ...IN_PROCESS, rules: ["FASTAPI-307-SLASH", "MOCK-HTTP-LAYER"] }, () => {
  it("should redirect to the origin share URLs have", async () => {
    expect(await redirect(["host: app.example", "x-forwarded-proto: https"])).toBe(
      "https://app.example/v1/simulations",
    );
    expect(await redirect(["host: app.example", "x-forwarded-proto: https"], { from: "127.0.0.2" })).toBe(
      "http://app.example/v1/simulations",
    );
    expect(await redirect([], { http10: true })).toBe(`${target.baseUrl}/v1/simulations`);
  });
});
