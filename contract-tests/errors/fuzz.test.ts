/**
 * Property-based checks over every operation of the OpenAPI document (the target's, else bss-mock's), with fast-check:
 * seeded (the seed is in every failure, with the shrunk request that fails), bounded in runs and time. Bodies, path
 * parameters and queries come from the document's schemas, boundary values included; every response is also checked
 * against the document by the harness's client (documented status, body valid against its schema).
 */
import fc from "fast-check";
import ourDocument from "../../openapi/openapi.json" with { type: "json" };
import { runSettings } from "../../src/kit/contract/settings.js";
import {
  invalidBody,
  type Known,
  type OpenApiDocument,
  type OperationObject,
  resolver,
  type Schema,
  validArbitrary,
} from "../support/arbitraries.js";
import { visibleUserModelId } from "../support/fixtures.js";
import { describe, expect, it, unobservable } from "../support/harness.js";
import type { Method } from "../support/http.js";
import { createProject, createResearch } from "../support/simulations.js";
import { named, newCaller, useTarget } from "../support/target.js";

const target = useTarget();

/** Fixed, so a run is repeatable; a failure prints it with the path fast-check needs to replay the shrunk case. */
const SEED = 20_261_122;
const LIMITS = { numRuns: 60, interruptAfterTimeLimit: 30_000, markInterruptAsFailure: false };

interface Operation {
  method: Method;
  path: string;
  operation: OperationObject;
  bodySchema?: Schema;
  bodyType?: string;
}

function documentOf(): OpenApiDocument {
  return (target.info.document ?? ourDocument) as unknown as OpenApiDocument;
}

/** The API's operations (not the mock's control API, not deprecated aliases twice over). */
function operations(doc: OpenApiDocument): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.startsWith("/v1/")) continue;
    for (const [method, operation] of Object.entries(item)) {
      if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
      const content = operation.requestBody?.content ?? {};
      const bodyType = Object.keys(content)[0];
      out.push({
        method: method.toUpperCase() as Method,
        path,
        operation,
        bodySchema: bodyType ? content[bodyType]?.schema : undefined,
        bodyType,
      });
    }
  }
  return out;
}

/** A concrete path: each parameter from `ids` (things the caller owns) or a random uuid. */
function pathOf(op: Operation, ids: Known, override: Record<string, string> = {}): string {
  return op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(override[name] ?? String(ids[name] ?? crypto.randomUUID())),
  );
}

const isRefusal = (status: number) => status >= 400 && status < 500;

/**
 * The property's predicate, with whatever it throws turned into an Error that says what it was: fast-check reports
 * the counterexample with that message (a thrown non-Error would leave the report without a cause).
 */
function explained<T>(predicate: (value: T) => Promise<void>): (value: T) => Promise<void> {
  return async (value) => {
    try {
      await predicate(value);
    } catch (error) {
      if (error instanceof Error) throw error;
      throw new Error(`the request threw ${typeof error}: ${JSON.stringify(error) ?? String(error)}`);
    }
  };
}

const keyOf = (op: Operation) => `${op.method} ${op.path}`;

/**
 * Rules between fields that a JSON schema does not express but the spec states (a round's artefact is pasted text or a
 * URL) or the document describes in words (a test's counts are keyed by its answer options): a well-formed request
 * follows them.
 */
function followCrossFieldRules(path: string, body: unknown): unknown {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return body;
  const b = body as Record<string, unknown>;
  if (path.endsWith("/artefact")) {
    return typeof b.url === "string"
      ? { url: b.url }
      : { name: b.name ?? null, text: typeof b.text === "string" ? b.text : "Pasted" };
  }
  if ("ground_answer_counts" in b && Array.isArray(b.answer_options)) {
    const options = [...new Set(b.answer_options.map(String))];
    return { ...b, answer_options: options, ground_answer_counts: Object.fromEntries(options.map((o) => [o, 3])) };
  }
  return body;
}

describe("fuzzing the operations of the document", () => {
  it("should refuse a malformed JSON body with a 4xx, never a 2xx or a 5xx", {
    rules: ["VALIDATION-422", "SD-MALFORMED-422"],
    readOnly: true,
    timeout: 120_000,
  }, async () => {
    const doc = documentOf();
    const auth = newCaller();
    const withBodies = operations(doc).filter((op) => op.bodyType === "application/json" && op.bodySchema);
    // bss-mock's own document has a dozen; a target's own lists the operations it serves, however few.
    if (runSettings().inProcess) expect(withBodies.length).toBeGreaterThan(5);
    if (withBodies.length === 0) unobservable("the target's OpenAPI document lists no operation with a JSON body");
    // Outside profile mock only what the spec itself refuses: wrong types, missing fields, non-object bodies.
    const bounds = runSettings().profile === "mock" || target.info.document !== undefined;
    const byKey = new Map(withBodies.map((op) => [keyOf(op), op]));
    const cases = fc.oneof(
      ...withBodies.map((op) => invalidBody(doc, op.bodySchema, {}, { bounds }).map((c) => ({ key: keyOf(op), ...c }))),
    );
    await fc.assert(
      fc.asyncProperty(
        cases,
        explained(async ({ key, body, broken }) => {
          const op = byKey.get(key) as Operation;
          const sent = await target.http().request(op.method, pathOf(op, {})).set("authorization", auth).send(body);
          expect(
            isRefusal(sent.status),
            `${op.method} ${op.path} (${broken}) -> ${sent.status} ${sent.text.slice(0, 200)}`,
          ).toBe(true);
        }),
      ),
      { ...LIMITS, seed: SEED },
    );
  });

  it("should refuse path ids that are not uuids and query values of the wrong type with a 422", {
    rules: ["PATH-ID-UUID", "VALIDATION-422"],
    readOnly: true,
    timeout: 120_000,
  }, async () => {
    const doc = documentOf();
    const resolve = resolver(doc);
    const auth = newCaller();
    const badIds = fc.oneof(
      fc.constantFrom("not-a-uuid", "123", "zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz", "%20"),
      // Not a uuid, and still one path segment: no slash, not a dot segment.
      fc
        .string({ minLength: 1, maxLength: 12, unit: "grapheme-ascii" })
        .filter((v) => /[^0-9a-fA-F-]/.test(v) && !v.includes("/") && v !== "." && v !== ".."),
    );
    const cases = operations(doc).flatMap((op) => {
      const params = op.operation.parameters ?? [];
      const out: Array<fc.Arbitrary<{ method: Method; path: string; where: string }>> = [];
      for (const p of params.filter((x) => x.in === "path" && resolve(x.schema).format === "uuid")) {
        out.push(
          badIds.map((bad) => ({
            method: op.method,
            path: pathOf(op, {}, { [p.name]: bad }),
            where: `path ${p.name}`,
          })),
        );
      }
      for (const p of params.filter((x) => x.in === "query")) {
        const s = resolve(p.schema);
        const type = Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type;
        const wrong =
          type === "integer" ? fc.constantFrom("abc", "2.5", "ten") : s.format === "uuid" ? badIds : undefined;
        if (wrong) {
          out.push(
            wrong.map((bad) => ({
              method: op.method,
              path: `${pathOf(op, {})}?${p.name}=${encodeURIComponent(bad)}`,
              where: `query ${p.name}`,
            })),
          );
        }
      }
      // Only reads and bodies a refusal cannot act on: a bad id is refused before anything is done.
      return op.method === "GET" || op.bodyType === undefined ? out : [];
    });
    expect(cases.length).toBeGreaterThan(5);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(...cases),
        explained(async ({ method, path, where }) => {
          const res = await target.http().request(method, path).set("authorization", auth);
          expect(res.status, `${method} ${path} (${where}) -> ${res.status} ${res.text.slice(0, 200)}`).toBe(422);
        }),
      ),
      { ...LIMITS, seed: SEED },
    );
  });

  it("should answer well-formed requests to every operation without a 5xx, with documented statuses and bodies", {
    rules: ["STATUS-CODES-AS-LISTED", "JSON-BODIES"],
    timeout: 180_000,
  }, async () => {
    const doc = documentOf();
    const auth = newCaller();
    const userModelId = await visibleUserModelId(target, auth);
    const project = await createProject(target, auth, { name: named("Fuzz") });
    const sim = await createResearch(target, auth, { project_id: project.id, title: named("Fuzz") });
    const known: Known = {
      user_model_ids: [userModelId],
      population_id: userModelId,
      project_id: project.id,
      round_id: sim.round_id,
      simulation_id: sim.id,
    };
    const valid = validArbitrary(doc, known);
    const ops = operations(doc).filter((op) => op.bodyType !== "multipart/form-data");
    const byKey = new Map(ops.map((op) => [keyOf(op), op]));
    const cases = fc.oneof(
      ...ops.map((op) => {
        const query = (op.operation.parameters ?? []).filter((p) => p.in === "query");
        const queryArb = fc.record(Object.fromEntries(query.map((p) => [p.name, valid(p.schema, p.name)])), {
          requiredKeys: query.filter((p) => p.required).map((p) => p.name),
        });
        const bodyArb = op.bodySchema ? valid(op.bodySchema) : fc.constant(undefined);
        return fc.record({ key: fc.constant(keyOf(op)), query: queryArb, body: bodyArb });
      }),
    );
    await fc.assert(
      fc.asyncProperty(
        cases,
        explained(async ({ key, query, body }) => {
          const op = byKey.get(key) as Operation;
          const search = new URLSearchParams();
          for (const [key, value] of Object.entries(query)) if (value !== null) search.set(key, String(value));
          const path = pathOf(op, known) + (search.size > 0 ? `?${search}` : "");
          const req = target.http().request(op.method, path).set("authorization", auth);
          if (body !== undefined) req.send(followCrossFieldRules(op.path, body));
          const res = await req;
          expect(res.status, `${op.method} ${path} -> ${res.status} ${res.text.slice(0, 200)}`).toBeLessThan(500);
          if (runSettings().profile === "mock") {
            expect(
              res.status,
              `${op.method} ${path}: a body the document accepts -> ${res.text.slice(0, 300)}`,
            ).not.toBe(422);
          }
        }),
      ),
      { ...LIMITS, numRuns: 120, seed: SEED },
    );
  });
});
