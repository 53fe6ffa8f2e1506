/**
 * The `authorization` header as FastAPI reads it: the first of repeated headers (Starlette's `headers.get`), and
 * `Bearer` with no credentials after it is no credential at all.
 */
import { describe, expect, it, MOCK } from "../support/harness.js";
import { sendRaw } from "../support/raw-http.js";
import { newCaller, useTarget } from "../support/target.js";

const target = useTarget();
/** A mock that needs an authorization header. */
const required = useTarget({ auth: "required" });

// Two invented callers of one organisation: only a bss-mock takes made-up tokens.
describe("repeated authorization headers", { ...MOCK, rules: ["MOCK-CALLERS"], needs: ["bss-mock"] }, () => {
  it("should use the first, not a third caller made of both", async () => {
    const first = newCaller("dup").replace(/^Bearer /, "");
    const second = newCaller("dup").replace(/^Bearer /, "");
    const body = '{"name":"n","body":"b"}';
    const res = await sendRaw(
      target.baseUrl,
      Buffer.from(
        "POST /v1/contexts HTTP/1.1\r\nhost: x\r\nconnection: close\r\n" +
          `authorization: ${first}\r\nauthorization: ${second}\r\n` +
          `content-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`,
      ),
    );
    expect(res.status).toBe(201);
    const id = (JSON.parse(res.text) as { id: string }).id;
    await target.http().get(`/v1/contexts/${id}`).set("authorization", first).expect(200);
    await target.http().get(`/v1/contexts/${id}`).set("authorization", second).expect(404);
    await target.http().get(`/v1/contexts/${id}`).set("authorization", `${first}, ${second}`).expect(404);
  });
});

describe("Bearer without credentials", { ...MOCK, rules: ["MOCK-AUTH-REQUIRED"], needs: ["auth-required"] }, () => {
  it("should be 401 Not authenticated under --auth required, like no header", async () => {
    for (const value of ["Bearer", "bearer", "Bearer   "]) {
      const res = await required.http().get("/v1/user-models").set("authorization", value);
      expect(res.status, value).toBe(401);
      expect(res.body).toEqual({ detail: "Not authenticated" });
      expect(res.headers["www-authenticate"]).toBe("Bearer");
    }
    await required.http().get("/v1/user-models").set("authorization", "Bearer someone@org").expect(200);
    await required.http().get("/v1/user-models").set("authorization", "Bearerish@org").expect(200);
  });

  // Seen under FastAPI 0.142.2, Starlette 1.7.0 and uvicorn 0.54.0: www-authenticate, content-length, content-type,
  // vary (an HTTPException's own headers first). Node writes content-length after the app's.
  it("should send www-authenticate before content-type, as Starlette writes a 401", async () => {
    const request = "GET /v1/user-models HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n";
    const res = await sendRaw(required.baseUrl, Buffer.from(request));
    expect(res.status).toBe(401);
    expect(res.headerNames.slice(0, 3)).toEqual(["www-authenticate", "content-type", "vary"]);
  });
});
