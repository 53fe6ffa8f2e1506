/**
 * A small HTTP proxy in front of a bss-mock that serves variants of it, to prove the contract kit on targets other
 * than the mock itself:
 * - spec-valid variants make other choices where the spec is silent (error wording and shapes, 403 for what is not
 *   visible, extra fields, other field names the spec does not fix, no control API, no document): profile `spec` must
 *   pass against every one;
 * - broken variants each break one rule the spec states: the run must fail, on that rule's id (they keep the control
 *   API, so the runner moves the mock's clock and every state is observed).
 */
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";

type Json = unknown;

export interface Exchange {
  readonly method: string;
  /** Path and query as the client sent them. */
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: Buffer;
}

export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface Variant {
  readonly name: string;
  readonly why: string;
  /** Changes the request before it reaches the mock (or answers it without the mock). */
  readonly request?: (req: Exchange) => Exchange | Reply;
  /** Changes the mock's answer. */
  readonly response?: (req: Exchange, res: Reply) => Reply;
  /** For broken variants: the rule ids the run must report failed. */
  readonly breaks?: readonly string[];
  /**
   * Hides the control API and the document: the runner sees a service that is not a bss-mock (so it needs tokens, and
   * the mock behind it runs on a real clock).
   */
  readonly foreign?: boolean;
  /** Mock options for this variant (timing, clock). */
  readonly mock?: Record<string, unknown>;
  /** A request sent to the mock first, as another client of the same account would (its answer is dropped). */
  readonly meanwhile?: (req: Exchange) => Exchange | undefined;
  /** How long to hold the request before it reaches the mock (a slow route). */
  readonly delayMs?: (req: Exchange) => number;
  /** For vacuity variants: rules the run must not report passed (their tests must see the reason or be N/A). */
  readonly mustNotPass?: readonly string[];
  /** Extra arguments of the contract run. */
  readonly args?: readonly string[];
  /** For usability variants: the run must end within this many ms. */
  readonly withinMs?: number;
}

const json = (res: Reply): Json | undefined => {
  if (!/json/.test(res.headers["content-type"] ?? "") || res.body.length === 0) return undefined;
  try {
    return JSON.parse(res.body.toString("utf8"));
  } catch {
    return undefined;
  }
};

function withJson(res: Reply, body: Json, status = res.status): Reply {
  const text = Buffer.from(JSON.stringify(body));
  return {
    status,
    headers: { ...res.headers, "content-type": "application/json", "content-length": String(text.length) },
    body: text,
  };
}

const pathOf = (req: Exchange) => req.url.split("?")[0] as string;
const isRoute404 = (res: Reply) => res.status === 404 && res.body.toString() === '{"detail":"Not Found"}';
const routeNotFound = (): Reply => ({
  status: 404,
  headers: { "content-type": "application/json" },
  body: Buffer.from('{"detail":"Not Found"}'),
});
const hidden = (req: Exchange, prefix: string): Reply | undefined =>
  pathOf(req).startsWith(prefix) ? routeNotFound() : undefined;

const hideControl = (req: Exchange): Reply | undefined => hidden(req, "/__mock") ?? hidden(req, "/openapi.json");

/** A 422 in other words: the spec fixes `detail[]` with `loc`, `msg` and `type`, nothing more. */
function otherValidationWording(_req: Exchange, res: Reply): Reply {
  if (res.status !== 422) return res;
  const body = json(res) as { detail?: Array<{ loc: unknown[]; type: string }> } | undefined;
  if (!Array.isArray(body?.detail)) return res;
  return withJson(res, {
    detail: body.detail.map((item) => ({
      loc: item.loc,
      msg: `invalid value at ${item.loc.join(".")}`,
      type: `validation.${item.type}`,
    })),
  });
}

/** Goal ids and an input id of bss-mock, as the "other-goals" variant names them. */
const OTHER_GOALS: Record<string, string> = {
  concept_test: "concept_screening",
  custom_survey: "open_survey",
  usability_test: "task_completion",
};
const OTHER_INPUTS: Record<string, string> = { concept: "idea" };
const renamed = (names: Record<string, string>, name: unknown) =>
  typeof name === "string" ? (names[name] ?? name) : name;
const back = (names: Record<string, string>) => Object.fromEntries(Object.entries(names).map(([a, b]) => [b, a]));
const renameKeys = (value: unknown, names: Record<string, string>) =>
  value !== null && typeof value === "object" && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).map(([key, v]) => [renamed(names, key), v]))
    : value;

/** Every simulation-like object (one with `mode` and `goal`) anywhere in `value`, with its goal and inputs renamed. */
function otherGoalNames(value: Json): Json {
  if (Array.isArray(value)) return value.map(otherGoalNames);
  if (value === null || typeof value !== "object") return value;
  const o = Object.fromEntries(Object.entries(value).map(([key, child]) => [key, otherGoalNames(child)]));
  if (typeof o.goal !== "string" || !("mode" in o)) return o;
  return {
    ...o,
    goal: renamed(OTHER_GOALS, o.goal),
    ...("inputs" in o ? { inputs: renameKeys(o.inputs, OTHER_INPUTS) } : {}),
  };
}

export const SPEC_VALID_VARIANTS: readonly Variant[] = [
  {
    name: "other-goals",
    why: "goals of its own (concept_screening with an input idea, open_survey, task_completion): bss-mock's ids are unknown goals",
    foreign: true,
    request: (req) => {
      const url = new URL(req.url, "http://x");
      if (url.pathname === "/v1/simulation-schema" && url.searchParams.has("goal")) {
        url.searchParams.set("goal", renamed(back(OTHER_GOALS), url.searchParams.get("goal")) as string);
        return { ...req, url: url.pathname + url.search };
      }
      if (req.method !== "POST" || url.pathname !== "/v1/simulations") return req;
      let body: Record<string, Json>;
      try {
        body = JSON.parse(req.body.toString() || "{}");
      } catch {
        return req;
      }
      // bss-mock's own ids are goals this service does not have: the mock validates the body, then refuses the goal.
      const goal = typeof body.goal === "string" && body.goal in OTHER_GOALS ? `not_${body.goal}` : body.goal;
      const sent = {
        ...body,
        goal: renamed(back(OTHER_GOALS), goal),
        ...("inputs" in body ? { inputs: renameKeys(body.inputs, back(OTHER_INPUTS)) } : {}),
      };
      const text = Buffer.from(JSON.stringify(sent));
      return { ...req, headers: { ...req.headers, "content-length": String(text.length) }, body: text };
    },
    response: (req, res) => {
      const body = json(res);
      if (body === undefined) return res;
      if (pathOf(req) !== "/v1/simulation-schema") return withJson(res, otherGoalNames(body));
      if (Array.isArray(body)) {
        return withJson(
          res,
          body.map((goal: Record<string, Json>) => ({ ...goal, id: renamed(OTHER_GOALS, goal.id) })),
        );
      }
      const schema = (body as { input_schema?: { properties?: object; required?: string[] } }).input_schema;
      if (!schema) return res;
      return withJson(res, {
        ...(body as object),
        goal: renamed(OTHER_GOALS, (body as { goal?: unknown }).goal),
        input_schema: {
          ...schema,
          properties: renameKeys(schema.properties, OTHER_INPUTS),
          required: (schema.required ?? []).map((name) => renamed(OTHER_INPUTS, name)),
        },
      });
    },
  },
  {
    name: "other-422-wording",
    why: "422 bodies with the spec's detail[].loc/msg/type in other words, no input or ctx",
    foreign: true,
    response: otherValidationWording,
  },
  {
    name: "403-for-foreign",
    why: "403 instead of 404 for what the caller cannot see (the spec does not show those statuses)",
    foreign: true,
    response: (_req, res) => {
      const body = json(res) as { errors?: unknown } | undefined;
      if (res.status !== 404 || isRoute404(res) || body === undefined) return res;
      // Envelope endpoints keep the spec's errors array.
      return body.errors
        ? withJson(res, { data: null, errors: [{ code: "forbidden", message: "Not yours" }] }, 403)
        : withJson(res, { detail: "Forbidden" }, 403);
    },
  },
  {
    name: "other-route-bodies",
    why: "another body for unknown routes and wrong methods, no Allow header, 404 for trailing slashes",
    foreign: true,
    request: (req) => {
      if (pathOf(req).length > 1 && pathOf(req).endsWith("/")) {
        return { status: 404, headers: { "content-type": "text/plain" }, body: Buffer.from("no such page") };
      }
      return req;
    },
    response: (_req, res) => {
      if (isRoute404(res))
        return { status: 404, headers: { "content-type": "text/plain" }, body: Buffer.from("no such page") };
      if (res.status === 405) return withJson({ ...res, headers: {} }, { error: "method not allowed" });
      return res;
    },
  },
  {
    name: "detail-object-400",
    why: "400 and 409 bodies with a detail object instead of a sentence",
    foreign: true,
    response: (_req, res) => {
      const body = json(res) as { detail?: unknown } | undefined;
      if ((res.status === 400 || res.status === 409) && typeof body?.detail === "string") {
        return withJson(res, {
          detail: { code: res.status === 400 ? "bad_request" : "conflict", message: body.detail },
        });
      }
      return res;
    },
  },
  {
    name: "extra-keys",
    why: "extra keys on every JSON object answer: envelopes, answers, simulations, lists' items",
    foreign: true,
    response: (_req, res) => {
      const body = json(res);
      if (res.status >= 300 || body === undefined) return res;
      const add = (value: Json): Json => {
        if (Array.isArray(value)) return value.map(add);
        if (value !== null && typeof value === "object") {
          const o = value as Record<string, Json>;
          const out: Record<string, Json> = { x_trace: "abc123" };
          for (const [key, child] of Object.entries(o)) out[key] = key === "data" ? add(child) : child;
          return out;
        }
        return value;
      };
      return withJson(res, add(body));
    },
  },
  {
    name: "share-url-field",
    why: "the share answer names its URL field differently and says more",
    foreign: true,
    response: (req, res) => {
      const body = json(res) as { url?: string } | undefined;
      if (req.method === "POST" && /\/share$/.test(pathOf(req)) && res.status === 200 && body?.url) {
        return withJson(res, { shareable_link: body.url, public: true });
      }
      return res;
    },
  },
  {
    name: "minimal-rename",
    why: "renames answer only the id and the new name or title",
    foreign: true,
    response: (req, res) => {
      const body = json(res) as Record<string, Json> | undefined;
      if (req.method !== "PATCH" || res.status !== 200 || !body) return res;
      if (/^\/v1\/projects\/[^/]+$/.test(pathOf(req))) return withJson(res, { id: body.id, name: body.name });
      if (/\/rounds\/[^/]+$/.test(pathOf(req))) return withJson(res, { id: body.id, title: body.title });
      return res;
    },
  },
  {
    name: "refusals-400",
    why: "run and plan edit refused with 400 instead of 409, start-round with 422 (the spec shows no status for them)",
    foreign: true,
    response: (req, res) => {
      if (res.status !== 409) return res;
      if (/\/(run|plan)$/.test(pathOf(req))) return { ...res, status: 400 };
      if (/\/rounds$/.test(pathOf(req)))
        return withJson(
          res,
          { detail: [{ loc: ["body"], msg: "the latest round is empty", type: "round_empty" }] },
          422,
        );
      return res;
    },
  },
  {
    name: "busy-account",
    why: "another client of the same account creates a context just before each list of contexts is read",
    foreign: true,
    meanwhile: (req) => {
      if (req.method !== "GET" || pathOf(req) !== "/v1/contexts") return undefined;
      const body = Buffer.from(JSON.stringify({ name: "made meanwhile", body: "by another client" }));
      return {
        method: "POST",
        url: "/v1/contexts",
        headers: { ...req.headers, "content-type": "application/json", "content-length": String(body.length) },
        body,
      };
    },
  },
  {
    name: "instant",
    why: "background work done before the next request, no control API",
    foreign: true,
    mock: { timing: "instant", clock: "system" },
  },
  {
    name: "fast-real-time",
    why: "background work on a real clock (a few hundred ms each), no control API",
    foreign: true,
    mock: { timing: "fast", clock: "system" },
  },
  {
    name: "no-document",
    why: "a bss-mock (control API kept) that serves no /openapi.json: bss-mock's document stands in",
    request: (req) => hidden(req, "/openapi.json") ?? req,
  },
  {
    name: "head-and-options",
    why: "HEAD on read routes answered like GET without a body, OPTIONS with 204 (other frameworks add them)",
    foreign: true,
    request: (req) => {
      if (req.method === "OPTIONS")
        return { status: 204, headers: { allow: "GET, POST, PATCH, DELETE" }, body: Buffer.alloc(0) };
      return req.method === "HEAD" ? { ...req, method: "GET" } : req;
    },
    response: (req, res) => (req.headers["x-was-head"] ? { ...res, body: Buffer.alloc(0) } : res),
  },
];

/** The target's own /openapi.json as `change` leaves it (other answers untouched). */
const ownDocument =
  (change: (paths: Record<string, Record<string, Json>>) => Record<string, Json>) =>
  (req: Exchange, res: Reply): Reply => {
    const body = json(res) as { paths?: Record<string, Record<string, Json>> } | undefined;
    if (pathOf(req) !== "/openapi.json" || !body?.paths) return res;
    return withJson(res, { ...body, paths: change(body.paths) });
  };

const DEPRECATED_PATHS = ["/v1/answers", "/v1/answers/benchmark"];

/** Reverses a JSON list answer of GET `path`. */
const reverseList = (path: RegExp) => (req: Exchange, res: Reply) => {
  const body = json(res);
  return req.method === "GET" && path.test(pathOf(req)) && Array.isArray(body)
    ? withJson(res, [...body].reverse())
    : res;
};

/** Removes a query parameter before the mock sees it. */
const dropQuery = (path: string, name: string) => (req: Exchange) => {
  if (pathOf(req) !== path) return req;
  const url = new URL(req.url, "http://x");
  url.searchParams.delete(name);
  return { ...req, url: url.pathname + url.search };
};

/** Simulation paths the deleting variant answered 204 for: from then on they are gone. */
const deletedWhileBusy = new Set<string>();
const notFoundSimulation = (): Reply => ({
  status: 404,
  headers: { "content-type": "application/json" },
  body: Buffer.from('{"detail":"Simulation not found"}'),
});

const isSimulationRead = (req: Exchange) => req.method === "GET" && /^\/v1\/simulations\/[^/]+$/.test(pathOf(req));

/** Who created each simulation, for the variant whose writes ignore the caller. */
const simulationOwners = new Map<string, string>();

/** Ids each caller was shown, by kind (user models listed; contexts listed or created), for variants that ignore them. */
const shownTo = new Map<string, Set<string>>();
const shownToAnyone = new Set<string>();
type Kind = "user-models" | "contexts";
const shownKey = (kind: Kind, req: Exchange) => `${kind} ${req.headers.authorization ?? ""}`;

/** Records the ids a caller was shown by GET /v1/user-models, GET /v1/contexts or POST /v1/contexts. */
function recordShown(req: Exchange, res: Reply): void {
  const kind = pathOf(req).slice("/v1/".length) as Kind;
  if (res.status >= 300 || !["user-models", "contexts"].includes(kind)) return;
  const body = json(res);
  const seen = shownTo.get(shownKey(kind, req)) ?? new Set<string>();
  for (const item of Array.isArray(body) ? body : [body]) {
    const id = (item as { id?: unknown } | null)?.id;
    if (typeof id !== "string") continue;
    seen.add(id);
    shownToAnyone.add(id);
  }
  shownTo.set(shownKey(kind, req), seen);
}

/** True when `id` was shown to some caller, never to this one: another organisation's. */
const othersOnly = (kind: Kind, req: Exchange, id: unknown) =>
  typeof id === "string" && shownToAnyone.has(id) && !shownTo.get(shownKey(kind, req))?.has(id);

/** What a variant swapped in a create, to put back in its answer: the caller sees its own ids echoed. */
const swapped = new Map<string, Record<string, Json>>();

/**
 * A create whose body the variant should refuse (another organisation's ids, no user model) is sent with `swap`'s
 * replacements (ids the caller may use); the answer shows the fields as sent, as if the service accepted them.
 */
function acceptsSwapped(
  paths: readonly string[],
  swap: (req: Exchange, body: Record<string, Json>) => Record<string, Json> | undefined,
) {
  return {
    request: (req: Exchange): Exchange => {
      if (req.method !== "POST" || !paths.includes(pathOf(req))) return req;
      const body = JSON.parse(req.body.toString() || "{}") as Record<string, Json>;
      const changed = swap(req, body);
      if (!changed) return req;
      const key = `${req.headers.authorization} ${req.body.toString()}`;
      swapped.set(key, body);
      const text = Buffer.from(JSON.stringify(changed));
      return {
        ...req,
        headers: { ...req.headers, "content-length": String(text.length), "x-swapped": key },
        body: text,
      };
    },
    response: (req: Exchange, res: Reply): Reply => {
      recordShown(req, res);
      const original = swapped.get(req.headers["x-swapped"] ?? "");
      const body = json(res) as Record<string, Json> | undefined;
      if (!original || res.status !== 201 || !body) return res;
      const echoed = Object.fromEntries(
        Object.keys(body).map((key) => [key, key in original ? original[key] : body[key]]),
      );
      return withJson(res, echoed as Json);
    },
  };
}

export const BROKEN_VARIANTS: readonly Variant[] = [
  {
    name: "creates-with-foreign-user-models",
    why: "a create names user models only another organisation can see, and is accepted",
    ...acceptsSwapped(["/v1/simulations"], (req, body) => {
      const ids = Array.isArray(body.user_model_ids) ? body.user_model_ids : [];
      if (!ids.some((id) => othersOnly("user-models", req, id))) return undefined;
      const own = [...(shownTo.get(shownKey("user-models", req)) ?? [])];
      return { ...body, user_model_ids: ids.map((id) => (othersOnly("user-models", req, id) ? (own[0] ?? id) : id)) };
    }),
    breaks: ["SCOPE-CREATE-USER-MODELS"],
  },
  {
    name: "accepts-no-user-model",
    why: "a create with user_model_ids [] is accepted (the spec: one or more)",
    ...acceptsSwapped(["/v1/simulations"], (req, body) => {
      const own = [...(shownTo.get(shownKey("user-models", req)) ?? [])];
      return Array.isArray(body.user_model_ids) && body.user_model_ids.length === 0 && own[0]
        ? { ...body, user_model_ids: [own[0]] }
        : undefined;
    }),
    breaks: ["SIM-CREATE-USER-MODELS-REQUIRED"],
  },
  {
    name: "creates-with-foreign-contexts",
    why: "a simulation or project planned against another organisation's context is accepted",
    ...acceptsSwapped(["/v1/simulations", "/v1/projects"], (req, body) => {
      if (!othersOnly("contexts", req, body.context_id)) return undefined;
      const { context_id: _theirs, ...rest } = body;
      return rest;
    }),
    breaks: ["SCOPE-CREATE-CONTEXTS"],
  },
  {
    name: "writes-ignore-owner",
    why: "delete, run, plan edit and share of a simulation by any caller act as its owner (reads stay scoped)",
    request: (req) => {
      const id = /^\/v1\/simulations\/([^/]+)(\/(run|plan|share))?$/.exec(pathOf(req))?.[1];
      const owner = id ? simulationOwners.get(id) : undefined;
      return owner && req.method !== "GET" ? { ...req, headers: { ...req.headers, authorization: owner } } : req;
    },
    response: (req, res) => {
      const id = (json(res) as { id?: unknown } | undefined)?.id;
      if (req.method === "POST" && pathOf(req) === "/v1/simulations" && res.status === 201 && typeof id === "string") {
        simulationOwners.set(id, req.headers.authorization ?? "");
      }
      return res;
    },
    breaks: ["SCOPE-OWN-SIMULATIONS"],
  },
  {
    name: "deletes-while-planning-slow-reads",
    why: "delete of a planning simulation answers 204 and deletes it; planning lasts 12 s, every read of a simulation takes 1.5 s, the suite polls each second",
    foreign: true,
    // A read before the DELETE (the old kit's) makes the gap over a fifth of planning: never provable that way. Deleting
    // right after the create leaves a gap of a load-bound few hundred ms against several seconds measured.
    // Planning long enough that a loaded machine's slower reads still measure it over four times the gap.
    mock: { clock: "system", "planning-ms": 12000, "running-ms": 4000 },
    args: ["--poll-ms", "1000"],
    delayMs: (req) => (isSimulationRead(req) ? 1500 : 0),
    request: (req) => (deletedWhileBusy.has(pathOf(req)) ? notFoundSimulation() : req),
    response: (req, res) => {
      if (req.method !== "DELETE" || res.status !== 409) return res;
      deletedWhileBusy.add(pathOf(req));
      return { status: 204, headers: {}, body: Buffer.alloc(0) };
    },
    breaks: ["SIM-DELETE-409-PLANNING"],
  },
  {
    name: "deprecated-unmarked",
    why: "the deprecated POST /v1/answers and /v1/answers/benchmark are served and documented, not marked deprecated",
    response: ownDocument((paths) =>
      Object.fromEntries(
        Object.entries(paths).map(([path, item]) => [
          path,
          DEPRECATED_PATHS.includes(path) ? { ...item, post: { ...(item.post as object), deprecated: false } } : item,
        ]),
      ),
    ),
    breaks: ["DEPRECATED-MARKED"],
  },
  {
    name: "no-progress",
    why: "a running simulation's progress is null (its started_at still appears with the run)",
    response: (req, res) => {
      const body = json(res);
      if (!pathOf(req).startsWith("/v1/simulations") || body === undefined) return res;
      const drop = (value: Json): Json =>
        Array.isArray(value)
          ? value.map(drop)
          : value !== null && typeof value === "object" && "progress" in value
            ? { ...value, progress: null }
            : value;
      return withJson(res, drop(body));
    },
    breaks: ["SIM-RUNNING-PROGRESS"],
  },
  {
    name: "ignores-status-filter",
    why: "list simulations ignores status_filter",
    request: dropQuery("/v1/simulations", "status_filter"),
    breaks: ["SIM-LIST-STATUS-FILTER"],
  },
  {
    name: "ignores-project-filter",
    why: "list simulations ignores project_id",
    request: dropQuery("/v1/simulations", "project_id"),
    breaks: ["SIM-LIST-PROJECT-FILTER"],
  },
  {
    name: "page-size-25",
    why: "list simulations defaults to 25",
    request: (req) =>
      pathOf(req) === "/v1/simulations" && req.method === "GET" && !/[?&]limit=/.test(req.url)
        ? { ...req, url: `${req.url}${req.url.includes("?") ? "&" : "?"}limit=25` }
        : req,
    breaks: ["SIM-LIST-LIMIT-DEFAULT-20"],
  },
  {
    name: "contexts-oldest-first",
    why: "contexts listed oldest first",
    response: reverseList(/^\/v1\/contexts$/),
    breaks: ["CONTEXT-LIST-UPDATED-FIRST"],
  },
  {
    name: "runs-twice",
    why: "a second run answers 200",
    response: (req, res) =>
      req.method === "POST" && /\/run$/.test(pathOf(req)) && res.status === 409 ? withJson(res, {}, 200) : res,
    breaks: ["SIM-RUN-REFUSED-NOT-PLANNED"],
  },
  {
    name: "answer-without-accuracy",
    why: "answers read without accuracy",
    response: (req, res) => {
      const body = json(res) as { data?: Record<string, Json> } | undefined;
      if (!/^\/v1\/answers\/[^/]+$/.test(pathOf(req)) || !body?.data) return res;
      const { accuracy: _dropped, ...data } = body.data;
      return withJson(res, { ...body, data });
    },
    breaks: ["ANSWER-FIELD-ACCURACY"],
  },
  {
    name: "population-count-as-text",
    why: "population question_count sent as a string",
    response: (req, res) => {
      const body = json(res) as { data?: Record<string, Json> } | undefined;
      if (!/^\/v1\/populations\/[^/]+$/.test(pathOf(req)) || !body?.data) return res;
      return withJson(res, { ...body, data: { ...body.data, question_count: String(body.data.question_count) } });
    },
    breaks: ["POPULATION-FIELD-QUESTION-COUNT"],
  },
  {
    name: "deletes-while-running",
    why: "delete of a running simulation answers 204",
    response: (req, res) =>
      req.method === "DELETE" && res.status === 409 ? { status: 204, headers: {}, body: Buffer.alloc(0) } : res,
    breaks: ["SIM-DELETE-409-RUNNING", "SIM-DELETE-409-PLANNING"],
  },
  {
    name: "deletes-while-running-real-time",
    why: "delete of a planning or running simulation answers 204 and deletes it, on a real clock with realistic timing, no control API",
    foreign: true,
    mock: { clock: "system" },
    request: (req) => (deletedWhileBusy.has(pathOf(req)) ? notFoundSimulation() : req),
    response: (req, res) => {
      if (req.method !== "DELETE" || res.status !== 409) return res;
      deletedWhileBusy.add(pathOf(req));
      return { status: 204, headers: {}, body: Buffer.alloc(0) };
    },
    breaks: ["SIM-DELETE-409-RUNNING", "SIM-DELETE-409-PLANNING"],
  },
  {
    name: "accepts-delete-while-running",
    why: "delete of a planning or running simulation answers 204 and keeps it, on a real clock with realistic timing, no control API",
    foreign: true,
    // Realistic timing: under --timing fast (planning 300 ms) a loaded machine's gaps make the race honest (N/A).
    mock: { clock: "system" },
    response: (req, res) =>
      req.method === "DELETE" && res.status === 409 ? { status: 204, headers: {}, body: Buffer.alloc(0) } : res,
    breaks: ["SIM-DELETE-409-RUNNING", "SIM-DELETE-409-PLANNING"],
  },
  {
    name: "short-names-refused",
    why: "a project rename to a 200-character name refused",
    request: (req) => {
      if (req.method !== "PATCH" || !/^\/v1\/projects\/[^/]+$/.test(pathOf(req))) return req;
      const name = (JSON.parse(req.body.toString() || "{}") as { name?: unknown }).name;
      return typeof name === "string" && [...name].length === 200
        ? withJson(
            { status: 422, headers: {}, body: Buffer.alloc(0) },
            { detail: [{ loc: ["body", "name"], msg: "too long", type: "too_long" }] },
            422,
          )
        : req;
    },
    breaks: ["PROJECT-RENAME-LENGTH"],
  },
];

/**
 * Broken targets on which a refusal or state rule used to pass for another reason: the run must
 * not report those rules passed (failed, or not applicable with the reason).
 */
export const VACUITY_VARIANTS: readonly Variant[] = [
  {
    name: "refuses-every-create",
    why: "every create of a simulation refused with 400, whatever the body",
    request: (req) =>
      req.method === "POST" && pathOf(req) === "/v1/simulations"
        ? withJson({ status: 400, headers: {}, body: Buffer.alloc(0) }, { detail: "cannot create" }, 400)
        : req,
    mustNotPass: ["SD-400-JOURNEY", "SD-400-NOTHING-TO-ASK", "SD-400-TOO-MANY"],
  },
  {
    name: "no-retest-route",
    why: "no retest operation: a route 404, and the operation missing from its /openapi.json",
    request: (req) => (/^\/v1\/populations\/[^/]+\/retest$/.test(pathOf(req)) ? routeNotFound() : req),
    response: (req, res) => {
      const body = json(res) as { paths?: Record<string, unknown> } | undefined;
      if (pathOf(req) !== "/openapi.json" || !body?.paths) return res;
      const { "/v1/populations/{population_id}/retest": _dropped, ...paths } = body.paths;
      return withJson(res, { ...body, paths });
    },
    mustNotPass: ["RETEST-STRING-ID"],
  },
  {
    name: "no-retest-route-no-document",
    why: "no retest operation (a route 404) and no /openapi.json",
    foreign: true,
    request: (req) => (/^\/v1\/populations\/[^/]+\/retest$/.test(pathOf(req)) ? routeNotFound() : req),
    mustNotPass: ["RETEST-STRING-ID"],
  },
  {
    name: "skips-running",
    why: "a run completes within its request: no read ever shows running",
    foreign: true,
    mock: { clock: "system", timing: "fast", "running-ms": 0 },
    mustNotPass: ["SIM-RUN-RUNNING", "SIM-RUNNING-TO-COMPLETED"],
  },
];

/** A service that has not built the deprecated operations: 404, and absent from its own /openapi.json. */
export const NO_DEPRECATED_ROUTES: Variant = {
  name: "no-deprecated-routes",
  why: "no POST /v1/answers or /v1/answers/benchmark: a route 404, and the operations missing from its /openapi.json",
  request: (req) => (DEPRECATED_PATHS.includes(pathOf(req)) ? routeNotFound() : req),
  response: ownDocument((paths) =>
    Object.fromEntries(Object.entries(paths).filter(([path]) => !DEPRECATED_PATHS.includes(path))),
  ),
};

/** The document with every list of states that names "completed" left open (a plain string). */
function withoutStatusEnums(value: Json): Json {
  if (Array.isArray(value)) return value.map(withoutStatusEnums);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, child]) => !(key === "enum" && Array.isArray(child) && child.includes("completed")))
      .map(([key, child]) => [key, withoutStatusEnums(child)]),
  );
}

/** Completed simulations read "done": a state the suite cannot wait on. */
export const STATUS_DONE: Variant = {
  name: "status-done",
  why: "a finished simulation reads status done instead of completed (its own /openapi.json types status as a string)",
  mock: { clock: "system", timing: "fast" },
  request: (req) => hidden(req, "/__mock") ?? req,
  response: (req, res) => {
    const body = json(res);
    if (pathOf(req) === "/openapi.json" && body !== undefined) return withJson(res, withoutStatusEnums(body));
    if (!pathOf(req).startsWith("/v1/simulations") || body === undefined) return res;
    const done = (value: Json): Json =>
      Array.isArray(value)
        ? value.map(done)
        : value !== null && typeof value === "object" && (value as { status?: unknown }).status === "completed"
          ? { ...value, status: "done" }
          : value;
    return withJson(res, done(body));
  },
  args: ["--timeout-ms", "90000"],
  breaks: ["SIM-RUNNING-TO-COMPLETED"],
  withinMs: 60_000,
};

/** A service that takes `Authorization: Bearer <key>` only. */
export const BEARER_ONLY: Variant = {
  name: "bearer-only",
  why: "refuses any authorization that is not Bearer <key> with 401",
  foreign: true,
  request: (req) =>
    pathOf(req).startsWith("/v1/") && !/^Bearer \S/.test(req.headers.authorization ?? "")
      ? withJson(
          { status: 401, headers: {}, body: Buffer.alloc(0) },
          { detail: "Authorization must use the Bearer scheme" },
          401,
        )
      : req,
};

/** Breaks one field of one read that nearly every test uses in its set-up. */
export const USER_MODELS_WITHOUT_OWNED_BY_ORG: Variant = {
  name: "user-models-without-owned-by-org",
  why: "user models listed without owned_by_org",
  response: (req, res) => {
    const body = json(res);
    if (req.method !== "GET" || pathOf(req) !== "/v1/user-models" || !Array.isArray(body)) return res;
    return withJson(
      res,
      body.map(({ owned_by_org: _dropped, ...model }: Record<string, Json>) => model),
    );
  },
  breaks: ["USER-MODEL-OWNED-BY-ORG"],
};

export interface RunningProxy {
  readonly url: string;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function forward(upstream: URL, exchange: Exchange): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: exchange.method,
        path: exchange.url,
        headers: exchange.headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const headers: Record<string, string> = {};
          for (const [key, value] of Object.entries(res.headers)) {
            if (value !== undefined) headers[key] = Array.isArray(value) ? value.join(", ") : value;
          }
          resolve({ status: res.statusCode ?? 502, headers, body: Buffer.concat(chunks) });
        });
      },
    );
    req.on("error", reject);
    req.end(exchange.body.length > 0 ? exchange.body : undefined);
  });
}

/** Starts the proxy for `variant` in front of the mock at `upstream`, on an ephemeral port. */
export async function startProxy(upstream: string, variant: Variant): Promise<RunningProxy> {
  const target = new URL(upstream);
  const server: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    try {
      const headers: Record<string, string> = {};
      for (const [key, value] of Object.entries(req.headers)) {
        if (value !== undefined) headers[key] = Array.isArray(value) ? value.join(", ") : value;
      }
      let exchange: Exchange = { method: req.method ?? "GET", url: req.url ?? "/", headers, body: await readBody(req) };
      if (exchange.method === "HEAD" && variant.name === "head-and-options") {
        exchange = { ...exchange, headers: { ...exchange.headers, "x-was-head": "1" } };
      }
      const first = variant.meanwhile?.(exchange);
      if (first) await forward(target, first);
      const delay = variant.delayMs?.(exchange) ?? 0;
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      const changed =
        (variant.foreign ? hideControl(exchange) : undefined) ??
        (variant.request ? variant.request(exchange) : exchange);
      let reply: Reply;
      if ("status" in changed) reply = changed;
      else {
        reply = await forward(target, changed);
        if (variant.response) reply = variant.response(changed, reply);
      }
      const out = { ...reply.headers };
      delete out["transfer-encoding"];
      delete out.connection;
      if (reply.body.length > 0 || reply.status !== 204) out["content-length"] = String(reply.body.length);
      res.writeHead(reply.status, out);
      res.end(reply.body);
    } catch (error) {
      res.writeHead(502, { "content-type": "text/plain" });
      res.end(`proxy: ${String(error)}`);
    }
  });
  // Longer than any client keeps an idle connection, so a reused one is never closed under it.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
