/**
 * CORS as Starlette's CORSMiddleware sends it with the mock's open setting (`allow_origins=["*"]`, every method and
 * request header; recorded in src/fastapi/starlette/oracle/cors.json): every answer says `Vary: Origin`, with or without
 * an Origin on the request, and a preflight is the middleware's own 200 `OK` (400 `Disallowed CORS …` when refused).
 */
import { describe, expect, IN_PROCESS, it } from "../support/harness.js";
import { createResearch } from "../support/simulations.js";
import { newCaller, useTarget } from "../support/target.js";

// Its own mock with the default --cors-origin *: a target started with a list answers other origins otherwise.
const target = useTarget({ corsOrigin: "*" });

const PREFLIGHT_VARY =
  "Origin, Access-Control-Request-Method, Access-Control-Request-Headers, Access-Control-Request-Private-Network";

describe("Vary and preflights as Starlette's CORSMiddleware", {
  ...IN_PROCESS,
  rules: ["MOCK-SERVING"],
  readOnly: true,
}, () => {
  it("should send Vary: Origin on an answer to a request without an Origin", async () => {
    const res = await target.http().get("/v1/user-models").set("authorization", newCaller());
    expect(res.status).toBe(200);
    expect(res.headers.vary).toBe("Origin");
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("should send Vary: Origin beside the allowed origin, on errors of the router too", async () => {
    for (const [method, path, status] of [
      ["get", "/v1/simulations/not-a-uuid", 422],
      ["get", "/v1/nope", 404],
      ["delete", "/v1/user-models", 405],
      ["options", "/v1/user-models", 405],
    ] as const) {
      const res = await target
        .http()
        [method](path)
        .set("authorization", newCaller())
        .set("origin", "http://localhost:5173");
      expect(res.status, `${method} ${path}`).toBe(status);
      expect(res.headers.vary, `${method} ${path}`).toBe("Origin");
      expect(res.headers["access-control-allow-origin"], `${method} ${path}`).toBe("*");
    }
  });

  it("should answer a preflight 200 OK with every method, the asked headers and the preflight's Vary", async () => {
    const res = await target
      .http()
      .options("/v1/projects")
      .set("origin", "http://localhost:5173")
      .set("access-control-request-method", "POST")
      .set("access-control-request-headers", "authorization,content-type");
    expect(res.status).toBe(200);
    expect(res.text).toBe("OK");
    expect(res.headers.vary).toBe(PREFLIGHT_VARY);
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    expect(res.headers["access-control-allow-methods"]).toBe("DELETE, GET, HEAD, OPTIONS, PATCH, POST, PUT, QUERY");
    expect(res.headers["access-control-allow-headers"]).toBe("authorization,content-type");
    expect(res.headers["access-control-max-age"]).toBe("600");
  });

  it("should refuse a preflight for a method Starlette does not know with 400 Disallowed CORS method", async () => {
    const res = await target
      .http()
      .options("/v1/projects")
      .set("origin", "http://localhost:5173")
      .set("access-control-request-method", "post");
    expect(res.status).toBe(400);
    expect(res.text).toBe("Disallowed CORS method");
    expect(res.headers.vary).toBe(PREFLIGHT_VARY);
  });
});

describe("Vary on a simulation's answers (created, then read again from the cache)", {
  ...IN_PROCESS,
  rules: ["MOCK-SERVING"],
}, () => {
  it("should send Vary: Origin once, with and without an Origin on the request", async () => {
    const auth = newCaller();
    const simulation = await createResearch(target, auth);
    for (const origin of [undefined, "http://localhost:5173", undefined]) {
      const request = target.http().get(`/v1/simulations/${simulation.id}`).set("authorization", auth);
      const res = await (origin === undefined ? request : request.set("origin", origin));
      expect(res.status, `Origin ${origin}`).toBe(200);
      expect(res.headers.vary, `Origin ${origin}`).toBe("Origin");
      expect(res.headers["access-control-allow-origin"], `Origin ${origin}`).toBe(
        origin === undefined ? undefined : "*",
      );
    }
  });
});
