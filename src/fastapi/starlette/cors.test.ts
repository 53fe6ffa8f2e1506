/**
 * CORS as Starlette 1.7's CORSMiddleware answers, configured as the mock imitates it (allow_origins from
 * `--cors-origin`, every method and request header, the exposed headers, no credentials), against what FastAPI 0.142
 * sent (oracle/cors.json, recorded by generate_cors.py): `Vary: Origin` on every answer of the app, with or without an
 * Origin, errors of the router included; preflights answered by the middleware itself, for any path, 200 `OK` or 400
 * `Disallowed CORS …`.
 */
import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../../api/app.js";
import type { MockApp } from "../../api/assembly/create-core.js";

interface Case {
  setting: string;
  name: string;
  method: string;
  path: string;
  request: Record<string, string>;
  status: number;
  headers: Array<[string, string]>;
  body: string;
}

const oracle = JSON.parse(readFileSync(new URL("./oracle/cors.json", import.meta.url), "utf8")) as {
  settings: Record<string, { allow_origins: string[]; allow_credentials?: boolean }>;
  cases: Case[];
};

/** The oracle app's paths and the mock's paths that answer the same way. */
const PATHS: Record<string, string> = {
  "/items": "/v1/user-models",
  "/items/x": "/v1/simulations/x",
  "/items/": "/v1/user-models/",
  "/nope": "/v1/nope",
  "/busy": "/v1/populations",
};

/** What the oracle app's POST /items is in the mock: a create that answers 201. */
const POST = { path: "/v1/projects", body: '{"name":"cors"}' };

const busy = {
  name: "busy",
  description: "Answers 503 with Retry-After, as the oracle's HTTPException did.",
  rules: [
    { match: { method: "GET", path: "/v1/populations" }, answer: { status: 503, headers: { "Retry-After": "1" } } },
  ],
};

/** Answered by CORSMiddleware itself: the whole answer is Starlette's, not only its CORS headers. */
const answeredByMiddleware = (c: Case) => c.headers.some(([name]) => name === "access-control-max-age");

/** The headers CORSMiddleware writes, by name. */
const corsHeaders = (headers: Iterable<[string, string]>) =>
  [...headers].filter(([name]) => name.startsWith("access-control-") || name === "vary").sort();

const apps = new Map<string, MockApp>();
afterAll(() => {
  for (const app of apps.values()) app.close();
});

function appFor(setting: string): MockApp {
  let app = apps.get(setting);
  if (!app) {
    const corsOrigin = oracle.settings[setting]?.allow_origins.join(",");
    app = createApp({ quiet: true, clock: "manual", corsOrigin, scenarios: [busy] });
    apps.set(setting, app);
  }
  return app;
}

async function send(c: Case): Promise<Response> {
  const headers = new Headers(c.request);
  headers.set("authorization", headers.get("authorization") ?? "Bearer cors@oracle");
  const post = c.method === "POST";
  const path = post ? POST.path : (PATHS[c.path] as string);
  const init = { method: c.method, headers, ...(post ? { body: POST.body } : {}) };
  return appFor(c.setting).fetch(new Request(`http://mock.test${path}`, init));
}

/** The settings the mock imitates: without credentials (it never sends Access-Control-Allow-Credentials). */
const imitated = oracle.cases.filter((c) => oracle.settings[c.setting]?.allow_credentials !== true);

describe("CORS as Starlette's CORSMiddleware answers", () => {
  it("should have recorded Vary: Origin on every answer of the app and the long Vary on preflights", () => {
    for (const c of oracle.cases) {
      const vary = c.headers.filter(([name]) => name === "vary").map(([, value]) => value);
      expect(vary, `${c.setting}: ${c.name}`).toEqual([
        answeredByMiddleware(c)
          ? "Origin, Access-Control-Request-Method, Access-Control-Request-Headers, Access-Control-Request-Private-Network"
          : "Origin",
      ]);
    }
  });

  it.each(imitated.map((c) => [`${c.setting}: ${c.name}`, c] as const))(
    "should answer as FastAPI did: %s",
    async (_, c) => {
      const response = await send(c);
      const body = await response.text();
      expect(response.status).toBe(c.status);
      expect(corsHeaders(response.headers)).toEqual(corsHeaders(c.headers));
      if (answeredByMiddleware(c)) {
        expect(body).toBe(c.body);
        expect(response.headers.get("content-type")).toBe(c.headers.find(([name]) => name === "content-type")?.[1]);
      }
    },
  );

  it("should append Origin to a Vary the answer already has", async () => {
    const app = createApp({
      quiet: true,
      scenarios: [
        {
          name: "varies",
          description: "An answer that varies by Accept.",
          rules: [
            {
              match: { method: "GET", path: "/v1/populations" },
              answer: { status: 200, headers: { Vary: "Accept" }, body: [] },
            },
          ],
        },
      ],
    });
    apps.set("varies", app);
    const response = await app.fetch(new Request("http://mock.test/v1/populations"));
    expect(response.headers.get("vary")).toBe("Accept, Origin");
  });
});
