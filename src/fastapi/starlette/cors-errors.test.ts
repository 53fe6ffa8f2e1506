/**
 * Which error answers carry CORS headers, against what FastAPI 0.142 + Starlette 1.7 behind CORSMiddleware sent
 * (oracle/cors-errors.json, recorded by generate_cors_errors.py). An unhandled exception is answered by Starlette's
 * ServerErrorMiddleware, outside every user middleware, so its 500 has no CORS header at all and a browser sees a
 * CORS failure; an HTTPException or a JSONResponse the app returns passes through CORSMiddleware and has them.
 */
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApp } from "../../api/app.js";
import type { MockApp } from "../../api/assembly/create-core.js";

interface Case {
  allow_origins: "any" | "one";
  route: string;
  origin: string | null;
  status: number;
  headers: Array<[string, string]>;
  body: string;
}

const oracle = JSON.parse(readFileSync(new URL("./oracle/cors-errors.json", import.meta.url), "utf8")) as {
  settings: Record<Case["allow_origins"], string[]>;
  cases: Case[];
};

/** A scenario answering GET /v1/user-models the way the oracle's route answered. */
const ANSWERS: Record<string, object | undefined> = {
  "/ok": undefined,
  "/unhandled": { status: 500 },
  "/http-exception-500": { status: 500, detail: "Internal Server Error" },
  "/json-response-500": { status: 500, body: { detail: "Internal Server Error" } },
  "/http-exception-503": { status: 503, headers: { "Retry-After": "1" } },
};

const scenarioOf = (answer: object) => ({
  name: "answer",
  description: "Answers in the mock's place.",
  rules: [{ match: { method: "GET", path: "/v1/user-models" }, answer }],
});

/** What a browser decides on: the CORS headers (and the Vary a cache keys on), the body and status a page may read. */
function corsView(status: number, headers: Iterable<[string, string]>, body: string) {
  const cors = [...headers].filter(([name]) => name.startsWith("access-control-") || name === "vary").sort();
  return { status, cors, body };
}

const apps: MockApp[] = [];
afterEach(() => {
  for (const app of apps.splice(0)) app.close();
});

const label = (c: Case) => `allow ${c.allow_origins}: ${c.route} with Origin ${c.origin ?? "(none)"}`;

describe("CORS headers on error answers, as FastAPI behind CORSMiddleware sends them", () => {
  it("should have recorded an unhandled error without and an HTTPException with CORS headers", () => {
    const headersOf = (route: string) =>
      oracle.cases.find((c) => c.route === route && c.origin !== null && c.allow_origins === "any")?.headers;
    expect(headersOf("/unhandled")?.some(([name]) => name.startsWith("access-control-"))).toBe(false);
    expect(headersOf("/http-exception-500")?.some(([name]) => name.startsWith("access-control-"))).toBe(true);
  });

  it.each(oracle.cases.map((c) => [label(c), c] as const))("should answer as FastAPI did: %s", async (_, c) => {
    const answer = ANSWERS[c.route];
    const app = createApp({
      quiet: true,
      clock: "manual",
      corsOrigin: (oracle.settings[c.allow_origins] as string[]).join(","),
      ...(answer ? { scenarios: [scenarioOf(answer)] } : {}),
    });
    apps.push(app);
    const headers: Record<string, string> = { authorization: "Bearer cors@errors" };
    if (c.origin !== null) headers.origin = c.origin;
    const response = await app.fetch(new Request("http://mock.test/v1/user-models", { headers }));
    const body = await response.text();
    const expected = corsView(c.status, c.headers, c.body);
    // The success's body is the mock's own; only its CORS headers are compared.
    const seen = corsView(response.status, response.headers, c.route === "/ok" ? c.body : body);
    expect(seen).toEqual(expected);
    if (c.route === "/unhandled") {
      // Exactly ServerErrorMiddleware's answer: no header beyond its content type (uvicorn adds server and length).
      expect([...response.headers.keys()]).toEqual(["content-type"]);
      expect(response.headers.get("content-type")).toBe(c.headers.find(([name]) => name === "content-type")?.[1]);
    }
  });

  /** The oracle's unhandled-error answer to a request with an Origin, under one CORS setting. */
  const unhandled = (setting: Case["allow_origins"]) =>
    oracle.cases.find((c) => c.route === "/unhandled" && c.origin !== null && c.allow_origins === setting) as Case;

  for (const setting of ["any", "one"] as const) {
    it(`should send the shipped server-error scenario's 500 as FastAPI sends an unhandled error (allow ${setting})`, async () => {
      const app = createApp({ quiet: true, corsOrigin: oracle.settings[setting].join(",") });
      apps.push(app);
      const expected = unhandled(setting);
      const response = await app.fetch(
        new Request("http://mock.test/v1/simulations", {
          headers: { origin: expected.origin as string, "x-mock-scenario": "server-error" },
        }),
      );
      expect(corsView(response.status, response.headers, await response.text())).toEqual(
        corsView(expected.status, expected.headers, expected.body),
      );
      expect([...response.headers.keys()]).toEqual(["content-type"]);
    });

    it(`should send the mock's own unhandled error without CORS headers too (allow ${setting})`, async () => {
      const app = createApp({ quiet: true, corsOrigin: oracle.settings[setting].join(",") });
      apps.push(app);
      // A bug in the handling of a request: reading the world's change count throws.
      Object.defineProperty(app.services.world, "changeCount", {
        get() {
          throw new Error("a bug");
        },
      });
      const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
      const expected = unhandled(setting);
      try {
        const response = await app.fetch(
          new Request("http://mock.test/v1/simulations", { headers: { origin: expected.origin as string } }),
        );
        expect(corsView(response.status, response.headers, await response.text())).toEqual(
          corsView(expected.status, expected.headers, expected.body),
        );
        expect([...response.headers.keys()]).toEqual(["content-type"]);
        expect(String(stderr.mock.calls[0]?.[0])).toContain("unhandled error on GET /v1/simulations");
      } finally {
        stderr.mockRestore();
      }
    });
  }
});
