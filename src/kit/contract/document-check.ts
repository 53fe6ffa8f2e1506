/**
 * Every response the suite receives is checked against the OpenAPI document (as Schemathesis checks response
 * conformance): the status must be one the operation documents, and a JSON body must be valid against the documented
 * schema (ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses, with formats). The document is the target's own
 * `/openapi.json` when it serves one, else bss-mock's. Outside profile `mock` extra fields are allowed; and where a
 * foreign target is checked against bss-mock's document, only the types of the fields it sends are (the required
 * lists name the mock's own fields).
 */
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import formats from "ajv-formats";
import type { Profile } from "./settings.js";

type Json = Record<string, unknown>;

/** An operation of a document, matched against request paths. */
export interface Route {
  readonly template: string;
  readonly pattern: RegExp;
  /** Literal segments: /v1/answers/benchmark beats /v1/answers/{answer_id}. */
  readonly literals: number;
  readonly method: string;
  readonly responses: Json;
  readonly requestBody?: unknown;
}

interface Operation extends Route {
  readonly pointer: string;
}

/** `~` and `/` escaped for a JSON pointer. */
const pointerSegment = (segment: string) => segment.replaceAll("~", "~0").replaceAll("/", "~1");

/** The operations of an OpenAPI document. */
export function routesOf(document: unknown): Operation[] {
  const paths = ((document as Json | undefined)?.paths ?? {}) as Record<string, Record<string, Json>>;
  const routes: Operation[] = [];
  for (const [template, item] of Object.entries(paths)) {
    const pattern = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`);
    const literals = template.split("/").filter((s) => s && !s.startsWith("{")).length;
    for (const [method, operation] of Object.entries(item ?? {})) {
      if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
      routes.push({
        template,
        pattern,
        literals,
        method: method.toUpperCase(),
        pointer: `#/paths/${pointerSegment(template)}/${method}`,
        responses: (operation?.responses ?? {}) as Json,
        requestBody: operation?.requestBody,
      });
    }
  }
  return routes;
}

/** The operation of `routes` a request goes to (the most literal match), as Starlette routes the decoded path. */
export function routeFor<R extends Route>(routes: readonly R[], method: string, path: string): R | undefined {
  const bare = path.split("?")[0] ?? path;
  let decoded: string;
  try {
    decoded = decodeURIComponent(bare);
  } catch {
    decoded = bare;
  }
  return routes
    .filter((op) => op.method === method && op.pattern.test(decoded))
    .sort((a, b) => b.literals - a.literals)[0];
}

export interface DocumentCheckOptions {
  readonly profile: Profile;
  /** The target serves no document: bss-mock's stands in, and its required lists name the mock's own fields. */
  readonly borrowed: boolean;
}

/** A copy of the document with what `spec` does not require taken out of every schema. */
function relaxed(document: unknown, dropRequired: boolean): unknown {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (value === null || typeof value !== "object") return value;
    const out: Json = {};
    for (const [key, child] of Object.entries(value as Json)) {
      if (key === "additionalProperties" && child === false) continue;
      if (key === "unevaluatedProperties" && child === false) continue;
      if (key === "required" && dropRequired && Array.isArray(child)) continue;
      // Without their required lists the branches of a oneOf may overlap: a body that fits two fits the document.
      out[key === "oneOf" && dropRequired ? "anyOf" : key] = walk(child);
    }
    return out;
  };
  return walk(document);
}

export class DocumentCheck {
  private readonly ajv: Ajv2020;
  private readonly operations: Operation[];
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(
    document: unknown,
    private readonly options: DocumentCheckOptions,
  ) {
    const lenient = options.profile !== "mock";
    const doc = (lenient ? relaxed(document, options.borrowed) : document) as Json;
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    // A CommonJS module: its default export is the plugin under Node, `.default` of it under some bundlers' interop.
    const addFormats = (formats as unknown as { default?: typeof formats }).default ?? formats;
    (addFormats as unknown as (ajv: Ajv2020) => void)(this.ajv);
    this.ajv.addSchema(doc, "openapi");
    this.operations = routesOf(doc);
  }

  private operation(method: string, path: string): Operation | undefined {
    return routeFor(this.operations, method, path);
  }

  private validator(pointer: string): ValidateFunction {
    const known = this.validators.get(pointer);
    if (known) return known;
    const validate = this.ajv.compile({ $ref: `openapi${pointer}` });
    this.validators.set(pointer, validate);
    return validate;
  }

  /**
   * What is wrong with a JSON request body by the operation's documented schema, or `undefined` when it conforms (or
   * no operation or JSON schema describes it): `bss-mock proxy` asks it of requests a service accepted.
   */
  requestProblem(method: string, path: string, contentType: string | undefined, text: string): string | undefined {
    const op = this.operation(method, path);
    if (!op || !/json/i.test(contentType ?? "") || text === "") return undefined;
    const content = (op.requestBody as { content?: Record<string, unknown> } | undefined)?.content ?? {};
    const jsonType = Object.keys(content).find((type) => /json/i.test(type));
    if (!jsonType) return undefined;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return undefined;
    }
    const validate = this.validator(`${op.pointer}/requestBody/content/${pointerSegment(jsonType)}/schema`);
    if (validate(body)) return undefined;
    const errors = (validate.errors ?? []).slice(0, 3).map((e) => `${e.instancePath || "(body)"} ${e.message ?? ""}`);
    return `${method} ${op.template}: the request body does not match the documented schema: ${errors.join("; ")}`;
  }

  /** What is wrong with this response by the document, or `undefined` when it conforms (or no operation matches). */
  violation(
    method: string,
    path: string,
    status: number,
    contentType: string | undefined,
    text: string,
  ): string | undefined {
    const op = this.operation(method, path);
    if (!op) return undefined;
    // Starlette's refusal of a body it cannot decode comes before the route: no operation describes it.
    if (status === 400 && text === '{"detail":"There was an error parsing the body"}') return undefined;
    const where = `${method} ${op.template} -> ${status}`;
    // The mock documents the 500 and 503 its scenarios give (for clients); the suite asks for none, so a 5xx it meets
    // is the target's failure whatever the document lists.
    if (status >= 500) return `${where}: a server error`;
    const key = [String(status), `${String(status)[0]}XX`, "default"].find((k) => k in op.responses);
    if (!key) {
      if (status < 400) return `${where}: the document does not list this status for the operation`;
      // FastAPI documents 422 and what a route declares; refusals before the route (a body that cannot be parsed or is
      // over the size limit, authentication, methods) and, outside profile mock, the statuses the spec leaves open are
      // answered without being listed.
      if (this.options.profile === "mock" && ![400, 401, 405, 413].includes(status)) {
        return `${where}: the document does not list this status for the operation`;
      }
      return undefined;
    }
    // bss-mock's document standing in for a target's own: it describes the spec's shapes (successes, 422) and the
    // mock's choices for refusals, whose bodies the spec does not show.
    if (this.options.borrowed && status >= 400 && status !== 422) return undefined;
    const response = op.responses[key] as { content?: Record<string, { schema?: unknown }> };
    const jsonType = Object.keys(response.content ?? {}).find((type) => /json/i.test(type));
    if (!jsonType || !/json/i.test(contentType ?? "")) return undefined;
    if (text === "") return `${where}: an empty body where the document describes JSON`;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return `${where}: the body is not JSON`;
    }
    const validate = this.validator(
      `${op.pointer}/responses/${pointerSegment(key)}/content/${pointerSegment(jsonType)}/schema`,
    );
    if (validate(body)) return undefined;
    const errors = (validate.errors ?? [])
      .slice(0, 5)
      .map((e) => `${e.instancePath || "(body)"} ${e.message ?? ""}${e.params ? ` ${JSON.stringify(e.params)}` : ""}`);
    return `${where}: the body does not match the documented schema: ${errors.join("; ")}`;
  }
}
