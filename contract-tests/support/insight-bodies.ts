/**
 * Request bodies for the create operations the spec names without showing their bodies (Versioning: POST
 * /v1/predictions, POST /v1/tests and their deprecated names): bss-mock's own body against a bss-mock, else one built
 * from the target's own `/openapi.json` request schema, matched to what the test means by the properties' names and
 * types (a population id, a question, its options, ground-truth counts, a batch). A target that serves no document, or
 * whose body cannot be understood, leaves the test not applicable with the reason.
 */
import { valueFor } from "../../src/kit/contract/goals.js";
import { runSettings } from "../../src/kit/contract/settings.js";
import type { Response } from "./http.js";
import type { Target } from "./target.js";

type Json = Record<string, unknown>;

export interface InsightRequest {
  /** The population (a user model id) the question is put to. */
  readonly population: string;
  readonly question: string;
  readonly options: readonly string[];
  /** Ground-truth counts per option, in the options' order: a test (answer), not a prediction. */
  readonly counts?: readonly number[];
  readonly batch?: { readonly id?: string; readonly name?: string; readonly description?: string };
}

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** bss-mock's body (docs/decisions/mock-choices.md#predictions-and-tests: create prediction and create test). */
export function bssMockBody(request: InsightRequest): Json {
  return {
    population_id: request.population,
    question: request.question,
    answer_options: [...request.options],
    ...(request.counts
      ? { ground_answer_counts: Object.fromEntries(request.options.map((o, i) => [o, request.counts?.[i] ?? 0])) }
      : {}),
    ...(request.batch?.id ? { batch_id: request.batch.id } : {}),
    ...(request.batch?.name ? { batch_name: request.batch.name } : {}),
    ...(request.batch?.description ? { batch_description: request.batch.description } : {}),
  };
}

/** Follows `$ref`s inside the document and flattens allOf, and anyOf/oneOf to their first branch that is not null. */
function resolve(document: Json, schema: unknown, depth = 0): Json {
  if (!isObject(schema) || depth > 20) return {};
  if (typeof schema.$ref === "string" && schema.$ref.startsWith("#/")) {
    const target = schema.$ref
      .slice(2)
      .split("/")
      .reduce<unknown>(
        (node, key) => (isObject(node) ? node[key.replace(/~1/g, "/").replace(/~0/g, "~")] : undefined),
        document,
      );
    return resolve(document, target, depth + 1);
  }
  if (Array.isArray(schema.allOf)) {
    const parts = schema.allOf.map((part) => resolve(document, part, depth + 1));
    return {
      ...schema,
      type: "object",
      properties: Object.assign({}, ...parts.map((p) => p.properties ?? {}), schema.properties ?? {}),
      required: [...new Set(parts.flatMap((p) => (Array.isArray(p.required) ? p.required : [])))],
    };
  }
  for (const key of ["anyOf", "oneOf"] as const) {
    const branches = schema[key];
    if (Array.isArray(branches)) {
      const branch = branches.map((b) => resolve(document, b, depth + 1)).find((b) => b.type !== "null");
      if (branch) return { ...branch, ...(schema.title ? { title: schema.title } : {}) };
    }
  }
  return schema;
}

function typeOf(schema: Json): string | undefined {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  if (typeof type === "string") return type;
  if (isObject(schema.properties) || isObject(schema.additionalProperties)) return "object";
  return undefined;
}

/** The JSON request schema of `POST path` in the document, or why there is none. */
function requestSchema(document: Json, path: string): Json | string {
  const operation = (document.paths as Json | undefined)?.[path];
  const post = isObject(operation) ? operation.post : undefined;
  if (!isObject(post)) return `the target's /openapi.json has no POST ${path}`;
  const body = resolve(document, post.requestBody);
  const content = isObject(body.content) ? body.content : {};
  const json = Object.entries(content).find(([type]) => /json/i.test(type))?.[1];
  if (!isObject(json)) return `the target's /openapi.json gives POST ${path} no JSON request body`;
  return resolve(document, json.schema);
}

const POPULATION = /population|user_?model|^model(_?id)?$|simulacr|panel|audience/i;
const BATCH_ID = /batch(_?id)?$/i;
const BATCH_NAME = /batch_?(name|title|label)|^(name|title|label)$/i;
const DESCRIPTION = /description/i;
const QUESTION_TYPE = /question_?(type|kind)|^(type|kind|format)$/i;
const QUESTION = /question|^text$|prompt|^query$|wording/i;
const OPTIONS = /options?$|choices?$|answers?$|responses?$|categor/i;
const COUNTS = /count|ground|truth|actual|observed|real|tall(y|ies)|frequenc/i;

function questionType(schema: Json): string {
  const values = Array.isArray(schema.enum) ? schema.enum.filter((v): v is string => typeof v === "string") : [];
  return values.find((v) => /single/i.test(v)) ?? values[0] ?? "single-choice";
}

function countsAs(document: Json, schema: Json, request: InsightRequest, counts: readonly number[]): unknown {
  const type = typeOf(schema);
  if (type === "object") return Object.fromEntries(request.options.map((o, i) => [o, counts[i] ?? 0]));
  if (type !== "array") return undefined;
  const item = resolve(document, schema.items);
  if (typeOf(item) === "integer" || typeOf(item) === "number") return [...counts];
  if (typeOf(item) !== "object" || !isObject(item.properties)) return undefined;
  const props = Object.entries(item.properties).map(([key, p]) => [key, typeOf(resolve(document, p))] as const);
  const label = props.find(([, t]) => t === "string")?.[0];
  const count = props.find(([, t]) => t === "integer" || t === "number")?.[0];
  return label && count ? request.options.map((o, i) => ({ [label]: o, [count]: counts[i] ?? 0 })) : undefined;
}

/** The schema's alternatives (anyOf, oneOf) that are not null, each resolved; the schema itself when it has none. */
function alternatives(document: Json, raw: unknown): Json[] {
  const shallow = isObject(raw) && typeof raw.$ref === "string" ? resolve(document, raw) : isObject(raw) ? raw : {};
  const branches = Array.isArray(shallow.anyOf)
    ? shallow.anyOf
    : Array.isArray(shallow.oneOf)
      ? shallow.oneOf
      : undefined;
  if (!branches) return [resolve(document, shallow)];
  return branches.map((b) => resolve(document, b)).filter((b) => b.type !== "null");
}

/**
 * The value of one property as the test means it, or undefined when its name and type say nothing the test knows.
 * Of alternatives (a batch id or a new batch object), the first the test has a value for.
 */
function meant(document: Json, name: string, raw: unknown, request: InsightRequest, depth: number): unknown {
  for (const schema of alternatives(document, raw)) {
    const value = meantAs(document, name, schema, request, depth);
    if (value !== undefined) return value;
  }
  return undefined;
}

function meantAs(document: Json, name: string, schema: Json, request: InsightRequest, depth: number): unknown {
  const type = typeOf(schema);
  if (type === "string") {
    if (POPULATION.test(name)) return request.population;
    if (BATCH_ID.test(name)) return request.batch?.id;
    if (BATCH_NAME.test(name)) return request.batch?.name;
    if (DESCRIPTION.test(name)) return request.batch?.description;
    if (QUESTION_TYPE.test(name)) return questionType(schema);
    if (QUESTION.test(name)) return request.question;
    return undefined;
  }
  if (COUNTS.test(name)) return request.counts ? countsAs(document, schema, request, request.counts) : undefined;
  if (type === "array" && POPULATION.test(name)) return [request.population];
  // A list of questions (a batch of items, each with its options): one item, filled the same way.
  if (type === "array" && depth < 3) {
    const item = resolve(document, schema.items);
    if (typeOf(item) === "object" && isObject(item.properties)) {
      const nested = objectFrom(document, item, request, depth + 1);
      return typeof nested !== "string" && JSON.stringify(nested).includes(JSON.stringify(request.question))
        ? [nested]
        : undefined;
    }
  }
  if (type === "array" && OPTIONS.test(name)) return [...request.options];
  // A new batch only when the test makes one (not when it joins one by id, nor when it names none).
  if (
    type === "object" &&
    /batch/i.test(name) &&
    (request.batch?.id || !(request.batch?.name || request.batch?.description))
  ) {
    return undefined;
  }
  // A nested object (a new batch, question options): filled the same way, its own names matched.
  if (type === "object" && isObject(schema.properties) && depth < 3) {
    const nested = objectFrom(document, schema, request, depth + 1);
    return typeof nested === "string" || Object.keys(nested).length === 0 ? undefined : nested;
  }
  return undefined;
}

function objectFrom(document: Json, schema: Json, request: InsightRequest, depth: number): Json | string {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required)
    ? schema.required.filter((r): r is string => typeof r === "string")
    : [];
  const body: Json = {};
  for (const [name, property] of Object.entries(properties)) {
    const value = meant(document, name, property, request, depth);
    if (value !== undefined) body[name] = value;
    else if (required.includes(name)) {
      const fallback = valueFor(name, resolve(document, property));
      if (fallback === undefined) return `cannot fill the required ${name} from the target's document`;
      body[name] = fallback;
    }
  }
  return body;
}

/** A body for `POST path` built from the target's document, or why none could be. */
export function bodyFromDocument(document: unknown, path: string, request: InsightRequest): Json | string {
  if (!isObject(document)) return "the target serves no /openapi.json";
  const schema = requestSchema(document, path);
  if (typeof schema === "string") return schema;
  const body = objectFrom(document, schema, request, 0);
  if (typeof body === "string") return `POST ${path}: ${body}`;
  const said = JSON.stringify(body);
  if (!said.includes(request.population)) return `POST ${path}'s body in the target's document has no population id`;
  if (!said.includes(JSON.stringify(request.question))) return `POST ${path}'s body has no question text`;
  if (request.counts && !request.counts.every((count) => said.includes(String(count)))) {
    return `POST ${path}'s body in the target's document has no ground-truth counts the suite can fill`;
  }
  return body;
}

/** The body to send to `POST path` on this target, or why there is none (the test is then not applicable). */
export function insightBody(target: Target, path: string, request: InsightRequest): Json | string {
  if (runSettings().inProcess || target.info.isBssMock) return bssMockBody(request);
  return bodyFromDocument(target.info.document, path, request);
}

/**
 * The created item's id in a create answer: the first object with a string `id` that carries the question (a batch
 * create answers its items in a list), else the first object with an id at all.
 */
export function createdId(res: Response, question?: string): string | undefined {
  const found: Json[] = [];
  const visit = (value: unknown, depth: number) => {
    if (depth > 5) return;
    if (Array.isArray(value)) for (const item of value) visit(item, depth + 1);
    else if (isObject(value)) {
      if (typeof value.id === "string") found.push(value);
      for (const child of Object.values(value)) visit(child, depth + 1);
    }
  };
  visit(res.body, 0);
  const withQuestion = question
    ? found.find((item) => JSON.stringify(item).includes(JSON.stringify(question)))
    : undefined;
  return ((withQuestion ?? found[0])?.id as string | undefined) ?? undefined;
}
