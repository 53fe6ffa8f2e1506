/**
 * Routing as Starlette/FastAPI answers it (docs/decisions/fastapi-behaviour.md#unknown-route-404 and the sections after it; recorded in contract-tests/oracle/fastapi-http.json): 404, 405 with
 * `allow`, HEAD, OPTIONS, trailing-slash 307s; plus what the mock serves besides the API (docs/decisions/mock-choices.md#serving):
 * CORS, /healthz, the OpenAPI document and the offline API reference.
 */
import { runSettings } from "../../src/kit/contract/settings.js";
import { DEPRECATED_OPERATIONS } from "../../src/kit/contract/spec-fields.js";
import { describe, expect, FASTAPI, it, MOCK, SPEC, unobservable } from "../support/harness.js";
import { sendRaw } from "../support/raw-http.js";
import { newCaller, useTarget } from "../support/target.js";

const target = useTarget();
const V = "6f1c2b9a-3d4e-4f50-8a61-7b8c9d0e1f23";

type Method = "get" | "post" | "put" | "patch" | "delete" | "head" | "options";

function call(method: Method, path: string, headers: Record<string, string> = {}) {
  let req = target.http()[method](path).redirects(0);
  for (const [key, value] of Object.entries({ authorization: newCaller(), ...headers })) req = req.set(key, value);
  return req;
}

/** Every operation the spec names, with its path template. */
const SPEC_OPERATIONS: readonly (readonly [string, string])[] = [
  ["get", "/v1/user-models"],
  ["get", "/v1/simulation-schema"],
  ["get", "/v1/simulations"],
  ["post", "/v1/simulations"],
  ["get", "/v1/simulations/{simulation_id}"],
  ["patch", "/v1/simulations/{simulation_id}"],
  ["delete", "/v1/simulations/{simulation_id}"],
  ["patch", "/v1/simulations/{simulation_id}/plan"],
  ["post", "/v1/simulations/{simulation_id}/run"],
  ["post", "/v1/simulations/{simulation_id}/share"],
  ["get", "/v1/projects"],
  ["post", "/v1/projects"],
  ["get", "/v1/projects/{project_id}"],
  ["patch", "/v1/projects/{project_id}"],
  ["post", "/v1/projects/{project_id}/rounds"],
  ["patch", "/v1/projects/{project_id}/rounds/{round_id}"],
  ["post", "/v1/projects/{project_id}/rounds/{round_id}/artefact"],
  ["post", "/v1/projects/{project_id}/rounds/{round_id}/artefact/file"],
  ["post", "/v1/projects/{project_id}/rounds/{round_id}/synthesis"],
  ["get", "/v1/context"],
  ["get", "/v1/contexts"],
  ["post", "/v1/contexts"],
  ["get", "/v1/contexts/{context_id}"],
  ["get", "/v1/answers/{answer_id}"],
  ["get", "/v1/predictions/{prediction_id}"],
  ["get", "/v1/populations/{population_id}"],
  ["post", "/v1/populations/{population_id}/retest"],
  // Versioning: replacements, deprecated names, further operations named.
  ["post", "/v1/predictions"],
  ["post", "/v1/tests"],
  ["post", "/v1/answers"],
  ["post", "/v1/answers/benchmark"],
  ["get", "/v1/populations"],
  ["get", "/v1/predictions/batch/{batch_id}"],
  ["get", "/v1/tests/batch/{batch_id}"],
];

/** The methods the spec defines on a concrete path (by matching it against the templates). */
function specMethodsOf(path: string): string[] {
  const pattern = (template: string) => new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`);
  return SPEC_OPERATIONS.filter(([, template]) => pattern(template).test(path)).map(([m]) => m.toUpperCase());
}

describe("unknown paths", { ...FASTAPI, rules: ["FASTAPI-404-ROUTE"], readOnly: true }, () => {
  for (const [method, path] of [
    ["get", "/v1/nope"],
    ["post", "/v1/nothing/here"],
    ["get", "/nope"],
    ["get", "/"],
    ["delete", "/v2/simulations"],
    ["get", "/v1/simulations/x/y/z"],
    ["get", "/v1/nope/"],
  ] as const) {
    it(`${method.toUpperCase()} ${path} -> 404 {"detail":"Not Found"}`, async () => {
      const res = await call(method, path);
      expect(res.status).toBe(404);
      expect(res.text).toBe('{"detail":"Not Found"}');
      expect(res.headers["content-type"]).toBe("application/json");
    });
  }

  it("HEAD on an unknown path is 404 with an empty body", { rules: ["FASTAPI-HEAD-OPTIONS"] }, async () => {
    const res = await call("head", "/v1/nope");
    expect(res.status).toBe(404);
    expect(res.text ?? "").toBe("");
  });

  it("HEAD answers carry the headers of the whole answer, its length included, as uvicorn sends them", {
    ...FASTAPI,
    rules: ["FASTAPI-HEAD-OPTIONS"],
  }, async () => {
    // Seen under fastapi + uvicorn: 405 with allow, content-type and content-length 31; 404 with 22.
    const notAllowed = await call("head", `/v1/simulations/${V}`);
    expect([notAllowed.headers["content-length"], notAllowed.headers["content-type"]]).toEqual([
      "31",
      "application/json",
    ]);
    const notFound = await call("head", "/v1/nope");
    expect([notFound.headers["content-length"], notFound.headers["content-type"]]).toEqual(["22", "application/json"]);
  });
});

/** [method, concrete path, the method the mock's first matching route has]. */
const WRONG_METHODS: readonly (readonly [Method, string, string])[] = [
  ["put", "/v1/simulations", "GET"],
  ["post", `/v1/simulations/${V}`, "GET"],
  ["put", `/v1/simulations/${V}`, "GET"],
  ["delete", `/v1/simulations/${V}/plan`, "PATCH"],
  ["get", `/v1/simulations/${V}/run`, "POST"],
  ["get", `/v1/simulations/${V}/share`, "POST"],
  ["delete", "/v1/projects", "GET"],
  ["put", `/v1/projects/${V}`, "GET"],
  ["get", `/v1/projects/${V}/rounds`, "POST"],
  ["get", `/v1/projects/${V}/rounds/${V}`, "PATCH"],
  ["get", `/v1/projects/${V}/rounds/${V}/artefact`, "POST"],
  ["get", `/v1/projects/${V}/rounds/${V}/artefact/file`, "POST"],
  ["get", `/v1/projects/${V}/rounds/${V}/synthesis`, "POST"],
  ["post", "/v1/context", "GET"],
  ["delete", "/v1/contexts", "GET"],
  ["patch", `/v1/contexts/${V}`, "GET"],
  ["post", "/v1/user-models", "GET"],
  ["post", "/v1/simulation-schema", "GET"],
  ["post", `/v1/answers/${V}`, "GET"],
  ["get", "/v1/answers", "POST"],
  ["get", "/v1/predictions", "POST"],
  ["get", "/v1/tests", "POST"],
  ["post", "/v1/populations", "GET"],
  ["get", `/v1/populations/${V}/retest`, "POST"],
  ["post", `/v1/predictions/batch/${V}`, "GET"],
  ["delete", `/v1/tests/batch/${V}`, "GET"],
  // Only the get-prediction route matches /v1/predictions/batch (one segment after /v1/predictions).
  ["post", "/v1/predictions/batch", "GET"],
  // Both the get-answer and the benchmark route match: the first declared one names the method.
  ["put", "/v1/answers/benchmark", "GET"],
];

describe("wrong method: 405", { readOnly: true }, () => {
  for (const [method, path, mockAllow] of WRONG_METHODS) {
    it(`${method.toUpperCase()} ${path} -> 405 naming a method of the path`, {
      ...FASTAPI,
      rules: ["FASTAPI-405-METHOD"],
    }, async () => {
      const res = await call(method, path);
      expect(res.status).toBe(405);
      expect(res.text).toBe('{"detail":"Method Not Allowed"}');
      expect(res.headers["content-type"]).toBe("application/json");
      const allow = String(res.headers.allow ?? "")
        .split(",")
        .map((m) => m.trim());
      expect(allow.length).toBeGreaterThan(0);
      for (const m of allow) expect(specMethodsOf(path)).toContain(m);
    });
    it(`${method.toUpperCase()} ${path} -> allow: ${mockAllow} (first matching route in the mock's order)`, {
      ...MOCK,
      rules: ["MOCK-SERVING"],
    }, async () => {
      const res = await call(method, path);
      expect(res.headers.allow).toBe(mockAllow);
    });
  }

  it("a wrong method is answered before validation (no 422 for a bad uuid)", {
    ...FASTAPI,
    rules: ["FASTAPI-405-METHOD"],
  }, async () => {
    const res = await call("put", "/v1/simulations/not-a-uuid").set("content-type", "application/json").send("{bad");
    expect(res.status).toBe(405);
    expect(res.text).toBe('{"detail":"Method Not Allowed"}');
  });

  it("DELETE /healthz -> 405 allow GET", { ...MOCK, rules: ["MOCK-SERVING"] }, async () => {
    const res = await call("delete", "/healthz");
    expect(res.status).toBe(405);
    expect(res.text).toBe('{"detail":"Method Not Allowed"}');
    expect(res.headers.allow).toBe("GET");
  });

  // Seen under FastAPI 0.142.2, Starlette 1.7.0 and uvicorn 0.54.0: allow, content-length, content-type, vary (an
  // HTTPException's own headers first; CORSMiddleware appends vary). Node writes content-length after the app's.
  it("a 405 sends allow before content-type, as Starlette writes it", {
    ...MOCK,
    rules: ["MOCK-SERVING"],
  }, async () => {
    const res = await sendRaw(
      target.baseUrl,
      Buffer.from("DELETE /healthz HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n"),
    );
    expect(res.status).toBe(405);
    expect(res.headerNames.slice(0, 3)).toEqual(["allow", "content-type", "vary"]);
  });
});

describe("HEAD and OPTIONS", { readOnly: true }, () => {
  for (const path of ["/v1/simulations", "/v1/user-models", `/v1/simulations/${V}`, "/v1/context", "/v1/populations"]) {
    it(`HEAD ${path} -> 405 with an empty body (FastAPI routes do not add HEAD)`, {
      ...FASTAPI,
      rules: ["FASTAPI-HEAD-OPTIONS"],
    }, async () => {
      const res = await call("head", path);
      expect(res.status).toBe(405);
      expect(res.text ?? "").toBe("");
      expect(res.headers.allow).toBe("GET");
    });
  }

  it("HEAD /healthz -> 405", { ...MOCK, rules: ["MOCK-SERVING"] }, async () => {
    const res = await call("head", "/healthz");
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe("GET");
  });

  it("HEAD /openapi.json -> 200 like FastAPI's plain Starlette route for the document (which adds HEAD)", {
    ...MOCK,
    rules: ["MOCK-SERVING"],
  }, async () => {
    const res = await call("head", "/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json");
  });

  for (const path of ["/v1/simulations", `/v1/simulations/${V}/run`]) {
    it(`OPTIONS ${path} without preflight headers -> 405 {"detail":"Method Not Allowed"}`, {
      ...FASTAPI,
      rules: ["FASTAPI-HEAD-OPTIONS"],
    }, async () => {
      const res = await call("options", path);
      expect(res.status).toBe(405);
      expect(res.text).toBe('{"detail":"Method Not Allowed"}');
      expect(specMethodsOf(path)).toContain(res.headers.allow);
    });
  }

  it("OPTIONS with an Origin but no Access-Control-Request-Method is not a preflight: 405", {
    ...FASTAPI,
    rules: ["FASTAPI-HEAD-OPTIONS"],
  }, async () => {
    const res = await call("options", "/v1/simulations", { origin: "http://localhost:5173" });
    expect(res.status).toBe(405);
    expect(res.text).toBe('{"detail":"Method Not Allowed"}');
  });
});

describe("trailing slash: 307 to the other spelling", {
  ...FASTAPI,
  rules: ["FASTAPI-307-SLASH"],
  readOnly: true,
}, () => {
  const cases: readonly (readonly [Method, string, string])[] = [
    ["get", "/v1/simulations/", "/v1/simulations"],
    ["get", "/v1/simulations/?limit=5&status_filter=planned", "/v1/simulations?limit=5&status_filter=planned"],
    ["post", "/v1/projects/", "/v1/projects"],
    ["get", `/v1/simulations/${V}/`, `/v1/simulations/${V}`],
    ["get", "/v1/user-models/", "/v1/user-models"],
    ["get", "/v1/simulations//", "/v1/simulations"],
    // Starlette redirects when any route matches the other spelling, whatever its method.
    ["get", `/v1/simulations/${V}/run/`, `/v1/simulations/${V}/run`],
    ["delete", "/v1/user-models/", "/v1/user-models"],
    ["head", "/v1/simulations/", "/v1/simulations"],
  ];
  for (const [method, path, location] of cases) {
    it(`${method.toUpperCase()} ${path} -> 307 ${location}`, async () => {
      const res = await call(method, path);
      expect(res.status).toBe(307);
      expect(res.text ?? "").toBe("");
      const got = String(res.headers.location);
      if (runSettings().profile === "mock") expect(got).toBe(`${target.baseUrl}${location}`);
      const url = new URL(got, target.baseUrl);
      expect(url.pathname + url.search).toBe(location);
    });
  }

  it("GET /healthz/ -> 307 /healthz", { ...MOCK, rules: ["MOCK-SERVING"] }, async () => {
    const res = await call("get", "/healthz/");
    expect(res.status).toBe(307);
    expect(res.headers.location).toBe(`${target.baseUrl}/healthz`);
  });
});

describe("CORS (open by default)", { ...MOCK, rules: ["MOCK-SERVING"], readOnly: true }, () => {
  it("answers a preflight from a dev server", async () => {
    const res = await call("options", "/v1/simulations", {
      origin: "http://localhost:5173",
      "access-control-request-method": "POST",
      "access-control-request-headers": "authorization,content-type",
    });
    expect([200, 204]).toContain(res.status);
    expect(["*", "http://localhost:5173"]).toContain(res.headers["access-control-allow-origin"]);
    expect(String(res.headers["access-control-allow-methods"])).toMatch(/POST|\*/);
    expect(String(res.headers["access-control-allow-headers"]).toLowerCase()).toMatch(/authorization|\*/);
  });

  it("answers a preflight for a path with parameters and PATCH", async () => {
    const res = await call("options", `/v1/projects/${V}`, {
      origin: "http://localhost:3000",
      "access-control-request-method": "PATCH",
    });
    expect([200, 204]).toContain(res.status);
    expect(["*", "http://localhost:3000"]).toContain(res.headers["access-control-allow-origin"]);
    expect(String(res.headers["access-control-allow-methods"])).toMatch(/PATCH|\*/);
  });

  it("adds the allow-origin header to simple requests, errors included", async () => {
    for (const path of ["/v1/user-models", "/v1/simulations/not-a-uuid", "/v1/nope"]) {
      const res = await call("get", path, { origin: "http://localhost:5173" });
      expect(["*", "http://localhost:5173"], `${path} -> ${res.status}`).toContain(
        res.headers["access-control-allow-origin"],
      );
    }
  });
});

describe("GET /healthz", { ...MOCK, rules: ["MOCK-SERVING"], readOnly: true }, () => {
  it('-> 200 {"status":"ok"}', async () => {
    const res = await call("get", "/healthz");
    expect(res.status).toBe(200);
    expect(res.text).toBe('{"status":"ok"}');
    expect(res.headers["content-type"]).toBe("application/json");
  });
});

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { deprecated?: boolean }>>;
}

async function fetchDocument(): Promise<OpenApiDocument | undefined> {
  const res = await call("get", "/openapi.json");
  return res.status === 200 ? (JSON.parse(res.text) as OpenApiDocument) : undefined;
}

describe("the OpenAPI document", { readOnly: true }, () => {
  it("is served at /openapi.json as OpenAPI 3.1 JSON", { ...MOCK, rules: ["MOCK-SERVING"] }, async () => {
    const res = await call("get", "/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json");
    const doc = JSON.parse(res.text) as OpenApiDocument;
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
  });

  it("lists every operation of the spec, Versioning ones included", {
    ...SPEC,
    rules: ["OPERATIONS-NAMED"],
    needs: ["openapi"],
  }, async () => {
    const doc = await fetchDocument();
    const missing = SPEC_OPERATIONS.filter(([method, path]) => !doc?.paths[path]?.[method]).map(
      ([method, path]) => `${method.toUpperCase()} ${path}`,
    );
    expect(missing, `operations the target's /openapi.json lacks: ${missing.join(", ")}`).toEqual([]);
  });

  it("marks the deprecated names deprecated, and only those of the spec's operations", {
    ...SPEC,
    rules: ["DEPRECATED-MARKED"],
    needs: ["openapi"],
  }, async () => {
    const doc = await fetchDocument();
    // An operation the target does not document is not served (OPERATIONS-NAMED says so): nothing here to mark.
    const served = DEPRECATED_OPERATIONS.filter(([method, path]) => doc?.paths[path]?.[method]);
    if (served.length === 0) {
      unobservable(
        `the target's /openapi.json has none of the deprecated operations (${DEPRECATED_OPERATIONS.map(([m, p]) => `${m.toUpperCase()} ${p}`).join(", ")})`,
      );
    }
    for (const [method, path] of served) {
      expect(doc?.paths[path]?.[method]?.deprecated, `${method} ${path}`).toBe(true);
    }
    const alsoDeprecated = SPEC_OPERATIONS.filter(
      ([method, path]) =>
        !DEPRECATED_OPERATIONS.some(([m, p]) => m === method && p === path) && doc?.paths[path]?.[method]?.deprecated,
    );
    expect(alsoDeprecated).toEqual([]);
  });
});

describe("GET /docs: the API reference works offline", { ...MOCK, rules: ["MOCK-SERVING"], readOnly: true }, () => {
  it("is HTML whose scripts and stylesheets are served by the mock itself", async () => {
    const res = await call("get", "/docs");
    expect(res.status).toBe(200);
    expect(String(res.headers["content-type"])).toMatch(/^text\/html/);
    const html = res.text;
    const base = new URL(target.baseUrl);

    const tags = [...html.matchAll(/<(script|link)\b([^>]*)>([\s\S]*?)(?:<\/script>)?/gi)];
    const sources: string[] = [];
    for (const [, , attributes] of tags) {
      for (const [, , value] of (attributes ?? "").matchAll(/\b(src|href)\s*=\s*["']([^"']+)["']/gi)) {
        if (value) sources.push(value);
      }
    }
    const scriptSources = [...html.matchAll(/<script\b[^>]*\bsrc\s*=\s*["']([^"']+)["']/gi)].map((m) => m[1] as string);
    expect(scriptSources.length).toBeGreaterThan(0);

    for (const source of sources) {
      expect(source.startsWith("//"), source).toBe(false);
      const url = new URL(source, base);
      expect(url.origin, source).toBe(base.origin);
    }
    // No absolute URL to another host anywhere in script or link tags, inline script text included.
    const inScripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[0]).join("\n");
    const inLinks = [...html.matchAll(/<link\b[^>]*>/gi)].map((m) => m[0]).join("\n");
    const foreign = [...`${inScripts}\n${inLinks}`.matchAll(/https?:\/\/[^\s"'<>)]+/gi)]
      .map((m) => m[0])
      .filter((u) => new URL(u).origin !== base.origin);
    expect(foreign).toEqual([]);

    for (const source of scriptSources) {
      const script = await call("get", new URL(source, base).pathname);
      expect(script.status, source).toBe(200);
      expect(String(script.headers["content-type"]), source).toMatch(/javascript/);
    }
  });
});

describe("JSON responses are exactly application/json", { ...FASTAPI, rules: ["FASTAPI-JSON-CONTENT-TYPE"] }, () => {
  const cases: readonly (readonly [string, Method, string, string | undefined, number])[] = [
    ["200 list", "get", "/v1/user-models", undefined, 200],
    ["200 list of simulations", "get", "/v1/simulations", undefined, 200],
    ["201 create", "post", "/v1/contexts", '{"name":"Acme","body":"# Acme"}', 201],
    ["404 unknown route", "get", "/v1/nope", undefined, 404],
    ["405 wrong method", "put", "/v1/simulations", undefined, 405],
    ["422 validation", "get", "/v1/simulations/not-a-uuid", undefined, 422],
    ["422 json_invalid", "post", "/v1/contexts", "{bad", 422],
  ];
  for (const [name, method, path, body, status] of cases) {
    it(`${name}: ${method.toUpperCase()} ${path}`, async () => {
      let req = call(method, path);
      if (body !== undefined) req = req.set("content-type", "application/json").send(body);
      const res = await req;
      expect(res.status).toBe(status);
      expect(res.headers["content-type"]).toBe("application/json");
    });
  }

  it("400 undecodable body", { rules: ["FASTAPI-400-BODY"], readOnly: true }, async () => {
    const res = await call("post", "/v1/contexts")
      .set("content-type", "application/json")
      .send(Buffer.from([0x7b, 0xff, 0x7d]));
    expect(res.status).toBe(400);
    expect(res.text).toBe('{"detail":"There was an error parsing the body"}');
    expect(res.headers["content-type"]).toBe("application/json");
  });

  it("404 of a missing resource and of an envelope route", {
    ...MOCK,
    rules: ["MOCK-ERROR-BODIES"],
    readOnly: true,
  }, async () => {
    for (const path of [`/v1/simulations/${V}`, `/v1/answers/${V}`]) {
      const res = await call("get", path);
      expect(res.status, path).toBe(404);
      expect(res.headers["content-type"], path).toBe("application/json");
    }
  });
});
