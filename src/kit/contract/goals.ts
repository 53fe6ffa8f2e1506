/**
 * Which goals a target offers and inputs that fit them. The spec leaves goal lists and input schemas open ("not
 * shown"), so against a service that is not a bss-mock the suite reads them from `GET /v1/simulation-schema` and fills
 * each required input from its schema, instead of sending bss-mock's own goal ids.
 */

/** A goal of one mode and inputs that its schema accepts. */
export interface GoalChoice {
  readonly goal: string;
  readonly inputs: Readonly<Record<string, unknown>>;
}

/** What the suite uses for each kind of simulation it creates, or why the target offers none it can fill. */
export type Offered = GoalChoice | { readonly missing: string };

/** `research`: most tests; `survey`: the research goal a survey design goes with; `journey`: journey mode. */
export type GoalKind = "research" | "survey" | "journey";

export type Goals = Readonly<Record<GoalKind, Offered>>;

const CONCEPT = "A reusable coffee cup that tracks how much caffeine you drink";
const OBJECTIVE = "learn how office workers think about their coffee";
const START_URL = "https://shop.example.com/gift-cards";
const TASK = "Buy a £20 gift card for a friend";

/** bss-mock's goals, used against a bss-mock (and in-process), whose fixtures the suite knows. */
export const BSS_MOCK_GOALS: Readonly<Record<GoalKind, GoalChoice>> = {
  research: { goal: "concept_test", inputs: { concept: CONCEPT } },
  survey: { goal: "custom_survey", inputs: { objective: OBJECTIVE } },
  journey: { goal: "usability_test", inputs: { start_url: START_URL, task: TASK } },
};

type Schema = Record<string, unknown>;

const isObject = (value: unknown): value is Schema =>
  value !== null && typeof value === "object" && !Array.isArray(value);

const URL_NAME = /url|uri|link|website|page/i;
const TASK_NAME = /task|action|job/i;
const TOPIC_NAME = /objective|topic|question|purpose|aim|subject/i;
const CONCEPT_NAME = /concept|idea|stimulus/i;

/** A text for an input, by what its name suggests (a URL, a task, a concept), cut or padded to the schema's bounds. */
function text(name: string, schema: Schema): string | undefined {
  const format = String(schema.format ?? "");
  const candidates = [
    ...(URL_NAME.test(name) || /^(uri|url|iri)$/.test(format) ? [START_URL] : []),
    ...(TASK_NAME.test(name) ? [TASK] : []),
    ...(TOPIC_NAME.test(name) ? [OBJECTIVE] : []),
    ...(format === "email" ? ["tester@example.com"] : []),
    CONCEPT,
    START_URL,
    "example",
  ];
  const pattern = typeof schema.pattern === "string" ? safeRegExp(schema.pattern) : undefined;
  if (pattern === null) return undefined;
  let value = candidates.find((candidate) => !pattern || pattern.test(candidate));
  if (value === undefined) return undefined;
  const min = typeof schema.minLength === "number" ? schema.minLength : 0;
  const max = typeof schema.maxLength === "number" ? schema.maxLength : Number.POSITIVE_INFINITY;
  while ([...value].length < min) value += ` ${value}`;
  return [...value].slice(0, Math.max(min, Math.min(max, [...value].length))).join("");
}

/** The schema's pattern (JSON Schema patterns are ECMAScript regular expressions), or null when it does not compile. */
function safeRegExp(pattern: string): RegExp | null {
  try {
    return new RegExp(pattern, "u");
  } catch {
    return null;
  }
}

function numberFor(schema: Schema, integer: boolean): number {
  const step = typeof schema.multipleOf === "number" && schema.multipleOf > 0 ? schema.multipleOf : integer ? 1 : 0;
  let value =
    typeof schema.minimum === "number"
      ? schema.minimum
      : typeof schema.exclusiveMinimum === "number"
        ? schema.exclusiveMinimum + (step || 1)
        : 1;
  if (step) value = Math.ceil(value / step) * step;
  if (typeof schema.maximum === "number" && value > schema.maximum) value = schema.maximum;
  return integer ? Math.ceil(value) : value;
}

/** A value that fits `schema` (the keywords a goal's input schema plausibly uses), or undefined when none is known. */
export function valueFor(name: string, schema: unknown, depth = 0): unknown {
  if (!isObject(schema) || depth > 5) return undefined;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ("default" in schema && schema.default !== null) return schema.default;
  for (const key of ["anyOf", "oneOf"]) {
    const options = schema[key];
    if (Array.isArray(options)) {
      for (const option of options) {
        const value = valueFor(name, option, depth + 1);
        if (value !== undefined && value !== null) return value;
      }
    }
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "string":
      return text(name, schema);
    case "integer":
    case "number":
      return numberFor(schema, type === "integer");
    case "boolean":
      return true;
    case "array": {
      const count = Math.max(1, typeof schema.minItems === "number" ? schema.minItems : 1);
      const items = Array.from({ length: count }, (_, i) => valueFor(`${name}`, schema.items, depth + 1) ?? `${i}`);
      // Distinct items where the schema asks for them (and where a text can vary).
      return schema.uniqueItems
        ? items.map((item, i) => (typeof item === "string" ? `${item} ${i + 1}` : item))
        : items;
    }
    case "object":
    case undefined:
      return isObject(schema.properties) || type === "object" ? inputsFor(schema, depth + 1) : undefined;
    default:
      return undefined;
  }
}

/** Inputs for every required property of an object schema; undefined when one of them cannot be filled. */
export function inputsFor(schema: Schema, depth = 0): Record<string, unknown> | undefined {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((r) => typeof r === "string") : [];
  const inputs: Record<string, unknown> = {};
  for (const [name, property] of Object.entries({
    ...Object.fromEntries(required.map((r) => [r, {}])),
    ...properties,
  })) {
    // Optional inputs only where the name says what they are (the goal's subject): content to plan from.
    const known = [URL_NAME, TASK_NAME, TOPIC_NAME, CONCEPT_NAME].some((re) => re.test(name));
    if (!required.includes(name) && !known) continue;
    // A required input with no schema of its own: a text is the likeliest fit.
    const value = valueFor(
      name,
      isObject(property) && Object.keys(property).length > 0 ? property : { type: "string" },
      depth,
    );
    if (value !== undefined) inputs[name] = value;
    else if (required.includes(name)) return undefined;
  }
  for (const name of required) if (!(name in inputs)) return undefined;
  return inputs;
}

/**
 * The input schema in a goal's schema answer: the answer itself (a bare JSON Schema), or an object schema under one of
 * its keys (`input_schema`, `schema`, …), or a list of input descriptors (`{id|name, type, required}`).
 */
export function inputSchemaOf(answer: unknown): Schema | undefined {
  if (Array.isArray(answer)) {
    const properties: Schema = {};
    const required: string[] = [];
    for (const item of answer) {
      const id = isObject(item) ? (item.id ?? item.name) : undefined;
      if (typeof id !== "string") return undefined;
      properties[id] = item;
      if (item.required === true) required.push(id);
    }
    return { type: "object", properties, required };
  }
  if (!isObject(answer)) return undefined;
  if (isObject(answer.properties) || answer.type === "object") return answer;
  for (const value of Object.values(answer)) {
    if (isObject(value) && (isObject(value.properties) || value.type === "object")) return value;
  }
  return undefined;
}

/** Keys under which a goal entry most likely names its id, in the order they are tried. */
const ID_KEYS = ["id", "goal", "goal_id", "key", "slug", "code", "value", "name"];

/** A string that could be an id: no white space, not empty, not long prose. */
const idLike = (value: unknown): value is string => typeof value === "string" && /^[^\s]{1,100}$/.test(value);

/**
 * What may be the goal ids of a goal list answer, likeliest first (the spec shows neither its shape nor its names):
 * strings; entries' values under an id-like key, then their other id-like strings; an object keyed by goal; a list
 * wrapped in an object (`{"goals": [...]}`). The caller tries each on the schema endpoint.
 */
export function goalIds(answer: unknown): string[] {
  const found: string[] = [];
  if (Array.isArray(answer)) {
    for (const item of answer) {
      if (idLike(item)) found.push(item);
      else if (isObject(item)) {
        for (const key of ID_KEYS) if (idLike(item[key])) found.push(item[key] as string);
      }
    }
    for (const item of answer) {
      if (isObject(item)) for (const value of Object.values(item)) if (idLike(value)) found.push(value);
    }
  } else if (isObject(answer)) {
    const list = Object.values(answer).find(Array.isArray);
    if (list) return goalIds(list);
    for (const [key, value] of Object.entries(answer)) if (isObject(value) && idLike(key)) found.push(key);
  }
  return [...new Set(found)];
}

/** True when a goal list answer holds at least one entry: a non-empty list, or an object of goals. */
export function goalListEntries(answer: unknown): number {
  if (Array.isArray(answer)) return answer.length;
  if (!isObject(answer)) return 0;
  const list = Object.values(answer).find(Array.isArray);
  return list ? list.length : Object.values(answer).filter(isObject).length;
}

export type GetJson = (path: string) => Promise<{ status: number; json: unknown }>;

/** How many goals' schemas the suite reads, at most, to find one it can fill. */
const MAX_SCHEMAS = 16;

async function offered(get: GetJson, mode: "research" | "journey", prefer: string): Promise<Offered> {
  const list = await get(`/v1/simulation-schema?mode=${mode}`);
  if (list.status !== 200) {
    return { missing: `GET /v1/simulation-schema?mode=${mode} answered ${list.status}: no ${mode} goal to use` };
  }
  const ids = goalIds(list.json);
  if (ids.length === 0) return { missing: `GET /v1/simulation-schema?mode=${mode} lists no goal` };
  const ordered = [...ids.filter((id) => id === prefer), ...ids.filter((id) => id !== prefer)].slice(0, MAX_SCHEMAS);
  for (const goal of ordered) {
    const res = await get(`/v1/simulation-schema?mode=${mode}&goal=${encodeURIComponent(goal)}`);
    // A candidate that is not a goal id (a display name tried as one) is answered 4xx: try the next.
    const schema = res.status === 200 ? inputSchemaOf(res.json) : undefined;
    const inputs = schema ? inputsFor(schema) : res.status === 200 ? {} : undefined;
    if (inputs) return { goal, inputs };
  }
  return {
    missing: `no ${mode} goal of the target has an input schema the suite can fill (${ordered.join(", ")})`,
  };
}

/**
 * The goals to create simulations with: bss-mock's own (`concept_test`, `custom_survey`, `usability_test`) where the
 * target offers them, else the first goal of the mode whose required inputs the suite can fill from its schema.
 */
export async function discoverGoals(get: GetJson): Promise<Goals> {
  return {
    research: await offered(get, "research", BSS_MOCK_GOALS.research.goal),
    // A survey design goes with any research goal: bss-mock's free-form one where the target has it.
    survey: await offered(get, "research", BSS_MOCK_GOALS.survey.goal),
    journey: await offered(get, "journey", BSS_MOCK_GOALS.journey.goal),
  };
}
