import { z } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import { defineRoute } from "./define-route.js";

describe("defineRoute", () => {
  it("builds a route's request and its responses each on first read, once (a start reads neither)", () => {
    const built: string[] = [];
    const route = defineRoute(
      { method: "get", path: "/x" },
      {
        request: () => {
          built.push("request");
          return { query: z.object({ a: z.string() }) };
        },
        responses: () => {
          built.push("responses");
          return { 200: { description: "ok" } };
        },
      },
    );
    expect(built).toEqual([]);
    expect(route.request).toBe(route.request);
    expect(built).toEqual(["request"]);
    expect(route.responses[200]).toEqual({ description: "ok" });
    expect(built).toEqual(["request", "responses"]);
    // zod-to-openapi reads the route's own enumerable properties.
    expect(Object.keys(route)).toEqual(["method", "path", "request", "responses"]);
  });
});
