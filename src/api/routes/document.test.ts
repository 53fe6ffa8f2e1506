import { describe, expect, it } from "vitest";
import { createApp } from "../app.js";

type Operation = { operationId?: string; tags?: string[] };
interface Document {
  paths: Record<string, Record<string, Operation>>;
  tags: { name: string; description?: string }[];
  servers: unknown[];
  security: unknown[];
  info: { license?: { name: string } };
  components: { securitySchemes?: Record<string, { type: string; scheme?: string }> };
}

describe("the OpenAPI document, for code generators", () => {
  const document = createApp({ quiet: true }).document() as unknown as Document;
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  );

  it("should name every operation as FastAPI's generate_unique_id does, each name once", () => {
    for (const { path, method, operation } of operations) {
      const suffix = `${path.replace(/\W/g, "_")}_${method}`;
      expect(operation.operationId, `${method} ${path}`).toMatch(new RegExp(`^[a-z]+(_[a-z]+)*${suffix}$`));
    }
    const ids = operations.map((o) => o.operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.paths["/v1/simulations/{simulation_id}"]?.get?.operationId).toBe(
      "get_simulation_v1_simulations__simulation_id__get",
    );
  });

  it("should declare the authorization header as an optional bearer scheme", () => {
    expect(document.components.securitySchemes?.bearerToken).toMatchObject({ type: "http", scheme: "bearer" });
    expect(document.security).toEqual([{}, { bearerToken: [] }]);
  });

  it("should name its servers and license, and describe every tag it uses", () => {
    expect(document.servers.length).toBeGreaterThan(0);
    expect(document.info.license?.name).toBe("MIT");
    const described = new Map(document.tags.map((t) => [t.name, t.description]));
    for (const { operation } of operations) {
      for (const tag of operation.tags ?? []) expect(described.get(tag), tag).toBeTruthy();
    }
  });
});
