/**
 * The judge of `bss-mock proxy` and `bss-mock check`: one exchange at a time, against the OpenAPI document and the
 * spec's rules that traffic can show, with what it has seen before of the same resources.
 *
 * Fair by construction. Background work moves a simulation without traffic (planning -> planned, running ->
 * completed or failed), so from the state last seen every state reachable by background transitions alone is
 * possible; an answer is a `violation` only when no possible state allows it. Where only timing makes a departure
 * likely (a delete accepted a few ms after a read said `running`), it is a `suspect`, with the reason. What the spec
 * leaves open is never judged. Two assumptions, stated in docs/proxy.md: every write of a caller passes the judge (a
 * write it did not see can make a right answer look wrong), and each authorization value (after `Bearer `) is one
 * caller, so seeing another caller's resource is only ever a suspect (one person may hold several tokens).
 */
import { conformanceRules, NonConforming } from "../contract/conformance.js";
import { DocumentCheck } from "../contract/document-check.js";
import { ANSWER_ONLY_FIELDS, DEPRECATED_OPERATIONS } from "../contract/spec-fields.js";
import { DEFAULT_MAX_RESOURCES, Lru } from "./memory.js";

export type Level = "violation" | "suspect";

export interface Finding {
  readonly rule: string;
  readonly level: Level;
  readonly message: string;
  /** The rule's sentence, where it stands in the spec. */
  readonly spec: string;
}

/** One request and its answer. A body is its text, or `null` when it was too large to read (not judged). */
export interface Exchange {
  readonly method: string;
  /** Path and query as the client sent them. */
  readonly url: string;
  /** Header names in lower case. */
  readonly requestHeaders: Readonly<Record<string, string | undefined>>;
  readonly requestBody: string | null;
  readonly status: number;
  readonly responseHeaders: Readonly<Record<string, string | undefined>>;
  readonly responseBody: string | null;
  /** When the request started (ms since the epoch) and how long until the answer ended. */
  readonly started: number;
  readonly ms: number;
}

export interface Verdict {
  /** The rules this exchange was judged by (each counts once). */
  readonly checked: readonly string[];
  readonly findings: readonly Finding[];
}

export interface JudgeOptions {
  /** The sentences of a rule id, its own first (the contract kit's catalogue). */
  readonly sentences: (id: string) => readonly string[];
  readonly has: (id: string) => boolean;
  /** The OpenAPI document responses are checked against, and whether it is the upstream's own. */
  readonly document?: unknown;
  readonly borrowedDocument?: boolean;
  /** Entries of memory kept across all callers (default 10 000). */
  readonly maxResources?: number;
  /** How soon after a read a background transition is taken as unlikely, for suspects (default 1000 ms). */
  readonly suspectWindowMs?: number;
  /**
   * The upstream is a bss-mock on a manual clock: background work moves only when its clock is moved, which the judge
   * sees as a write to /__mock/clock when it passes through the proxy.
   */
  readonly manualClock?: boolean;
}

type Json = Record<string, unknown>;

const BACKGROUND: Readonly<Record<string, readonly string[]>> = {
  planning: ["planning", "planned"],
  planned: ["planned"],
  running: ["running", "completed", "failed"],
  completed: ["completed"],
  failed: ["failed"],
};

/** Every state a simulation last seen in `status` may be in now; undefined for a state the spec does not name. */
export function possibleStates(status: string): readonly string[] | undefined {
  return BACKGROUND[status];
}

interface Interval {
  readonly start: number;
  readonly end: number;
}

interface SimulationMemory {
  readonly kind: "simulation";
  readonly caller: string;
  status?: string;
  /** When the answer that showed `status` ended. */
  seenAt: number;
  /** The judge's count of clock moves when `status` was seen (a manual clock's background work needs one). */
  seenAtMove?: number;
  /** When the simulation was first seen in `status` (its create, its run), for how long that state lasts. */
  enteredAt?: number;
  projectId?: string | null;
  created?: Interval;
  deleted?: boolean;
}

interface ContextMemory {
  readonly kind: "context";
  readonly caller: string;
  readonly created: Interval;
}

interface CallerMemory {
  readonly kind: "caller";
  /** The caller's recent writes, for overlap (newest last, at most RECENT_WRITES). */
  writes: Interval[];
  /** Context ids the caller created, oldest first (at most MAX_INDEX). */
  contexts: string[];
  /** The ids of the caller's last GET /v1/user-models and GET /v1/contexts, and when each answer began. */
  userModels?: Listed;
  contextList?: Listed;
}

/** What a caller can see, by its last list (at most MAX_INDEX ids; a longer list is not kept). */
interface Listed {
  readonly ids: ReadonlySet<string>;
  readonly at: number;
}

/** A user model some caller was shown, and when that answer ended: it existed from then on. */
interface UserModelMemory {
  readonly kind: "user-model";
  readonly seenAt: number;
  /** The organisation a bss-mock's control API made it for (POST /__mock/orgs/{org}/user-models). */
  readonly org?: string;
}

type Memory = SimulationMemory | ContextMemory | CallerMemory | UserModelMemory;

const RECENT_WRITES = 32;
/** A multipart body this long holds a file over 10 MB (10 MiB, the larger reading) save for a large other part. */
const UPLOAD_SUSPECT_BYTES = 10 * 1024 * 1024 + 64 * 1024;
const MAX_INDEX = 256;
const UUID_HEX = /^[0-9a-f]{32}$/i;
const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The caller an authorization value names: the value without a `Bearer ` scheme, "" without one. */
export function callerOf(authorization: string | undefined): string {
  return (authorization ?? "").replace(/^bearer\s+/i, "").trim();
}

/**
 * True when `segment` may be a uuid in one of the forms Python's parsers accept (hyphens or none, braces, `urn:uuid:`):
 * anything else a path parameter `*_id` is given fails validation.
 */
function mayBeUuid(segment: string): boolean {
  let s = segment;
  try {
    s = decodeURIComponent(s);
  } catch {
    return true;
  }
  return UUID_HEX.test(
    s
      .replace(/^urn:uuid:/i, "")
      .replace(/^\{(.*)\}$/, "$1")
      .replaceAll("-", ""),
  );
}

function parseJson(text: string | null): unknown {
  if (text === null || text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const codePoints = (text: string) => [...text].length;

/** Nothing held: null, absent, "", [] or {}. */
const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === "" ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === "object" && Object.keys(value as object).length === 0);

const STATUS_REFUSED = 409;

/** The envelope endpoints: the rule their success shape breaks. */
const ENVELOPE_READS: ReadonlyArray<readonly [RegExp, string, string]> = [
  [/^\/v1\/answers\/[^/]+$/, "GET", "ANSWER-READ-ENVELOPE"],
  [/^\/v1\/predictions\/[^/]+$/, "GET", "PREDICTION-READ-ENVELOPE"],
  [/^\/v1\/populations\/[^/]+$/, "GET", "POPULATION-READ-ENVELOPE"],
  [/^\/v1\/populations\/[^/]+\/retest$/, "POST", "POPULATION-RETEST-ENVELOPE"],
];

/** Operations whose path parameter is a uuid (`retest` takes a string id). */
const UUID_PATHS: ReadonlyArray<readonly [RegExp, readonly string[]]> = [
  [/^\/v1\/simulations\/([^/]+)$/, ["GET", "PATCH", "DELETE"]],
  [/^\/v1\/simulations\/([^/]+)\/(?:plan)$/, ["PATCH"]],
  [/^\/v1\/simulations\/([^/]+)\/(?:run|share)$/, ["POST"]],
  [/^\/v1\/projects\/([^/]+)$/, ["GET", "PATCH"]],
  [/^\/v1\/projects\/([^/]+)\/rounds$/, ["POST"]],
  [/^\/v1\/contexts\/([^/]+)$/, ["GET"]],
  [/^\/v1\/(?:answers|predictions|populations)\/([^/]+)$/, ["GET"]],
];

/** A finding in the making: certain unless the judge finds a reason to doubt it. */
interface Departure {
  readonly rule: string;
  readonly message: string;
  /** Set: only likely, for this reason. */
  readonly suspect?: string;
}

export class Judge {
  readonly #options: JudgeOptions;
  readonly #memory: Lru<Memory>;
  readonly #documentCheck: DocumentCheck | undefined;
  readonly #suspectWindowMs: number;
  /** Writes to a manual clock seen so far, and the time they add to every later timestamp (see #clockMoved). */
  #clockMoves = 0;
  #clockShiftMs = 0;
  /** Per state, the shortest time any simulation was seen to stay in it (planning, running), for suspects. */
  readonly #shortestStay = new Map<string, number>();

  constructor(options: JudgeOptions) {
    this.#options = options;
    this.#memory = new Lru(options.maxResources ?? DEFAULT_MAX_RESOURCES);
    this.#suspectWindowMs = options.suspectWindowMs ?? 1000;
    this.#documentCheck =
      options.document === undefined
        ? undefined
        : new DocumentCheck(options.document, { profile: "spec", borrowed: options.borrowedDocument ?? false });
  }

  /** Entries remembered (bounded by `maxResources`). */
  get remembered(): number {
    return this.#memory.size;
  }

  /** Forgets everything: the world behind the proxy changed without traffic (a mock's control API). */
  forget(): void {
    this.#memory.clear();
  }

  /**
   * Judges one exchange. `concurrentWrite`: a write of the same caller was still in flight when this answer ended
   * (the proxy knows; it may have been applied first), which makes a state-based departure only a suspect.
   */
  judge(exchange: Exchange, concurrentWrite = false): Verdict {
    const path = exchange.url.split("?")[0] ?? exchange.url;
    const method = exchange.method.toUpperCase();
    const checked = new Set<string>();
    const departures: Departure[] = [];
    if (path.startsWith("/__mock/")) {
      // The mock's control API moves clocks and rewrites worlds: a clock move lets background work happen; any other
      // change means what was seen before says nothing any more.
      if (method !== "GET" && exchange.status < 400) {
        const madeFor = /^\/__mock\/orgs\/([^/]+)\/user-models$/.exec(path)?.[1];
        const made = parseJson(exchange.responseBody);
        if (path.startsWith("/__mock/clock")) this.#clockMoved();
        else if (madeFor !== undefined && isObject(made) && typeof made.id === "string")
          this.#memory.set(`um\n${made.id.toLowerCase()}`, {
            kind: "user-model",
            seenAt: exchange.started + exchange.ms + this.#clockShiftMs,
            org: decodeURIComponent(madeFor),
          });
        else this.forget();
      }
      return { checked: [], findings: [] };
    }
    if (!path.startsWith("/v1/") && path !== "/openapi.json") return { checked: [], findings: [] };
    const caller = callerOf(exchange.requestHeaders.authorization);
    const me = this.#caller(caller);
    const interval = {
      start: exchange.started + this.#clockShiftMs,
      end: exchange.started + exchange.ms + this.#clockShiftMs,
    };
    const overlapped =
      concurrentWrite || me.writes.some((w) => w.end > interval.start && w.start < interval.end && w !== interval);
    const ctx: Ctx = {
      exchange,
      method,
      path,
      query: new URLSearchParams(exchange.url.includes("?") ? exchange.url.slice(exchange.url.indexOf("?") + 1) : ""),
      caller,
      me,
      interval,
      request: parseJson(exchange.requestBody),
      response: parseJson(exchange.responseBody),
      check: (rule) => checked.add(rule),
      depart: (departure) => departures.push(departure),
    };
    this.#document(ctx);
    this.#validation(ctx);
    this.#envelope(ctx);
    this.#simulations(ctx);
    this.#contexts(ctx);
    this.#projects(ctx);
    this.#userModels(ctx);
    this.#openapi(ctx);
    if (WRITE_METHODS.has(method)) {
      me.writes.push(interval);
      if (me.writes.length > RECENT_WRITES) me.writes.shift();
    }
    const findings = departures.map((d): Finding => {
      const doubt = d.suspect ?? (overlapped ? "another write of the same caller overlapped this exchange" : undefined);
      return {
        rule: d.rule,
        level: doubt ? "suspect" : "violation",
        message: doubt ? `${d.message} (suspect: ${doubt})` : d.message,
        spec: this.#options.sentences(d.rule)[0] ?? "",
      };
    });
    for (const finding of findings) checked.add(finding.rule);
    return { checked: [...checked], findings };
  }

  /**
   * A manual clock moved: background work may have happened. Later answers are stamped at least ORDER_GAP_MS after
   * earlier ones by the mock's clock, so the judge shifts its own time by as much: two creations with a move between
   * them are ordered, and a state seen before the move is no longer near in time.
   */
  #clockMoved(): void {
    this.#clockMoves++;
    this.#clockShiftMs += ORDER_GAP_MS;
  }

  #caller(caller: string): CallerMemory {
    const key = `caller\n${caller}`;
    const known = this.#memory.get(key);
    if (known?.kind === "caller") return known;
    const fresh: CallerMemory = { kind: "caller", writes: [], contexts: [] };
    this.#memory.set(key, fresh);
    return fresh;
  }

  #simulation(id: string): SimulationMemory | undefined {
    const known = this.#memory.get(`sim\n${id}`);
    return known?.kind === "simulation" ? known : undefined;
  }

  /** Records what a simulation representation shows. */
  #observe(ctx: Ctx, body: unknown, created = false): void {
    if (!isObject(body) || typeof body.id !== "string") return;
    const key = `sim\n${body.id}`;
    const known = this.#simulation(body.id);
    const memory: SimulationMemory = known ?? { kind: "simulation", caller: ctx.caller, seenAt: ctx.interval.end };
    if (typeof body.status === "string") {
      if (memory.status !== body.status) this.#entered(memory, body.status, ctx.interval, created);
      memory.status = body.status;
      memory.seenAt = ctx.interval.end;
      memory.seenAtMove = this.#clockMoves;
    }
    if ("project_id" in body && (typeof body.project_id === "string" || body.project_id === null)) {
      memory.projectId = body.project_id;
    }
    if (created) memory.created = ctx.interval;
    this.#memory.set(key, memory);
  }

  /**
   * A simulation seen in a new state. The state it left lasted at least from when it was entered until it was last
   * seen in it: the shortest such stay is how long that state lasts at least, as far as anyone has seen.
   */
  #entered(memory: SimulationMemory, status: string, interval: Interval, created: boolean): void {
    const left = memory.status;
    if (left !== undefined && memory.enteredAt !== undefined && this.#clockMoves === memory.seenAtMove) {
      const stay = memory.seenAt - memory.enteredAt;
      this.#shortestStay.set(left, Math.min(this.#shortestStay.get(left) ?? stay, stay));
    }
    // Entered when the answer that started it began: its create, or its run (a read only shows it was entered before).
    memory.enteredAt = created || (left === "planned" && status === "running") ? interval.start : undefined;
  }

  /** (a) The response against the document: listed statuses and the documented schema, by the kit's own check. */
  #document(ctx: Ctx): void {
    const check = this.#documentCheck;
    const { exchange } = ctx;
    if (!check || exchange.responseBody === null) return;
    const problem = check.violation(
      ctx.method,
      exchange.url,
      exchange.status,
      exchange.responseHeaders["content-type"],
      exchange.responseBody,
    );
    const where = `${ctx.method} ${ctx.path} -> ${exchange.status}`;
    ctx.check("STATUS-CODES-AS-LISTED");
    // A request the service's own document refuses, accepted: likely, not certain (a lax parser coerces "5" to 5).
    // bss-mock's document, borrowed, names the mock's own request rules, so it does not judge requests.
    if (!this.#options.borrowedDocument && exchange.status < 300 && exchange.requestBody) {
      ctx.check("VALIDATION-422");
      const refused = check.requestProblem(
        ctx.method,
        exchange.url,
        exchange.requestHeaders["content-type"],
        exchange.requestBody,
      );
      if (refused)
        ctx.depart({
          rule: "VALIDATION-422",
          message: `${where}: accepted, but ${refused}`,
          suspect: "a lax parser may have coerced the value",
        });
    }
    if (!problem) return;
    const error = new NonConforming(problem.split(": ")[0] ?? where, problem, {
      method: ctx.method,
      url: exchange.url,
      requestHeaders: {},
      status: exchange.status,
      responseHeaders: {},
      responseBody: "",
      ms: exchange.ms,
    });
    for (const rule of conformanceRules(error, this.#options.has)) ctx.depart({ rule, message: problem });
  }

  /** 422 bodies, and uuid path parameters: a value that cannot be a uuid fails validation. */
  #validation(ctx: Ctx): void {
    const { exchange, method, path } = ctx;
    if (exchange.status === 422 && exchange.responseBody !== null && !ENVELOPE_READS.some(([re]) => re.test(path))) {
      ctx.check("VALIDATION-422-BODY");
      const detail = isObject(ctx.response) ? ctx.response.detail : undefined;
      if (!Array.isArray(detail)) {
        ctx.depart({ rule: "VALIDATION-422-BODY", message: `${method} ${path} -> 422 without a \`detail\` array` });
      } else {
        const items = detail.filter(isObject);
        if (items.length < detail.length)
          ctx.depart({ rule: "VALIDATION-422-BODY", message: `${method} ${path} -> 422: a detail item is no object` });
        const bad = (field: string, ok: (v: unknown) => boolean) => items.find((item) => !ok(item[field]));
        const locOk = (v: unknown) =>
          Array.isArray(v) && v.every((part) => typeof part === "string" || Number.isInteger(part));
        for (const [field, rule, ok] of [
          ["loc", "VALIDATION-422-LOC", locOk],
          ["msg", "VALIDATION-422-MSG", (v: unknown) => typeof v === "string"],
          ["type", "VALIDATION-422-TYPE", (v: unknown) => typeof v === "string"],
        ] as const) {
          ctx.check(rule);
          const item = bad(field, ok);
          if (item)
            ctx.depart({
              rule,
              message: `${method} ${path} -> 422: detail[].${field} is ${JSON.stringify(item[field])}`,
            });
        }
      }
    }
    for (const [re, methods] of UUID_PATHS) {
      const match = re.exec(path);
      if (!match || !methods.includes(method)) continue;
      ctx.check("PATH-ID-UUID");
      if (!mayBeUuid(match[1] as string) && [200, 201, 204, 404, 409].includes(exchange.status)) {
        ctx.depart({
          rule: "PATH-ID-UUID",
          message: `${method} ${path} -> ${exchange.status}: '${match[1]}' is no uuid, so the request fails validation (422)`,
        });
      }
    }
  }

  /** The envelope endpoints: `data` on success, `errors` an array of {code, message} objects or null. */
  #envelope(ctx: Ctx): void {
    const { exchange, method, path, response } = ctx;
    const read = ENVELOPE_READS.find(([re, m]) => re.test(path) && m === method);
    if (!read || exchange.responseBody === null || exchange.status === 422) return;
    const [, , ownRule] = read;
    if (exchange.status === 200) {
      ctx.check(ownRule);
      ctx.check("ENVELOPE-SUCCESS");
      if (!isObject(response) || !isObject(response.data)) {
        ctx.depart({ rule: ownRule, message: `${method} ${path} -> 200 without an envelope's \`data\` object` });
        return;
      }
      if (ownRule === "PREDICTION-READ-ENVELOPE") {
        ctx.check("PREDICTION-NO-ANSWER-FIELDS");
        const extra = ANSWER_ONLY_FIELDS.filter((field) => field in (response.data as Json));
        if (extra.length > 0)
          ctx.depart({
            rule: "PREDICTION-NO-ANSWER-FIELDS",
            message: `${method} ${path} -> 200: the prediction carries ${extra.join(", ")}`,
          });
      }
    }
    if (isObject(response) && "errors" in response) {
      ctx.check("ENVELOPE-ERRORS-FIELD");
      const errors = response.errors;
      if (errors !== null && !Array.isArray(errors)) {
        ctx.depart({
          rule: exchange.status < 400 ? "ENVELOPE-ERRORS-FIELD" : "ENVELOPE-ERROR-OBJECT",
          message: `${method} ${path} -> ${exchange.status}: \`errors\` is ${JSON.stringify(errors).slice(0, 120)}, not an array or null`,
        });
      } else if (Array.isArray(errors)) {
        ctx.check("ENVELOPE-ERROR-OBJECT");
        const bad = errors.find((e) => !isObject(e) || typeof e.code !== "string" || typeof e.message !== "string");
        if (bad !== undefined)
          ctx.depart({
            rule: "ENVELOPE-ERROR-OBJECT",
            message: `${method} ${path} -> ${exchange.status}: an error object without string code and message: ${JSON.stringify(bad).slice(0, 120)}`,
          });
      }
    }
  }

  #simulations(ctx: Ctx): void {
    const { method, path } = ctx;
    if (path === "/v1/simulations") {
      if (method === "POST") this.#create(ctx);
      else if (method === "GET") this.#list(ctx);
      return;
    }
    const match = /^\/v1\/simulations\/([^/]+)(?:\/(plan|run|share))?$/.exec(path);
    if (!match || !mayBeUuid(match[1] as string)) return;
    const id = match[1] as string;
    const action = match[2];
    const known = this.#simulation(id);
    if (WRITE_METHODS.has(method) && ctx.exchange.status < 300 && known?.created && !known.deleted)
      this.#scope(ctx, [known], [{ id }], "SCOPE-OWN-SIMULATIONS");
    if (action === "run" && method === "POST") this.#stateBound(ctx, id, "run");
    else if (action === "plan" && method === "PATCH") this.#stateBound(ctx, id, "plan");
    else if (action === undefined && method === "DELETE") this.#delete(ctx, id);
    else if (action === undefined && method === "PATCH") this.#move(ctx, id);
    else if (action === undefined && method === "GET") this.#read(ctx, id);
  }

  #create(ctx: Ctx): void {
    const { exchange, request, response } = ctx;
    const status = exchange.status;
    const where = `POST /v1/simulations -> ${status}`;
    if (isObject(request) && /json/i.test(exchange.requestHeaders["content-type"] ?? "")) {
      // A request the spec says fails validation: accepted or refused with another status, it departs.
      const wrong = status < 300 || status === 400 || status === 404 || status === STATUS_REFUSED;
      for (const [field, rule] of [
        ["mode", "SIM-CREATE-MODE-REQUIRED"],
        ["goal", "SIM-CREATE-GOAL-REQUIRED"],
        ["user_model_ids", "SIM-CREATE-USER-MODELS-REQUIRED"],
      ] as const) {
        ctx.check(rule);
        if (!(field in request) && wrong)
          ctx.depart({ rule, message: `${where}: the body has no \`${field}\`, a required field (422)` });
      }
      ctx.check("SIM-CREATE-USER-MODELS-REQUIRED");
      if (Array.isArray(request.user_model_ids) && request.user_model_ids.length === 0 && wrong)
        ctx.depart({
          rule: "SIM-CREATE-USER-MODELS-REQUIRED",
          message: `${where}: user_model_ids is empty, and the spec asks for one or more (422)`,
        });
      if (status < 300) {
        const models = Array.isArray(request.user_model_ids) ? request.user_model_ids : [];
        for (const model of models) if (typeof model === "string") this.#visible(ctx, "user-model", model, where);
        if (typeof request.context_id === "string") this.#visible(ctx, "context", request.context_id, where);
      }
      ctx.check("SIM-CREATE-MODE-VALUES");
      if (typeof request.mode === "string" && !["research", "journey"].includes(request.mode) && wrong)
        ctx.depart({
          rule: "SIM-CREATE-MODE-VALUES",
          message: `${where}: mode '${request.mode}' is neither research nor journey (422)`,
        });
      if (isObject(request.survey_design)) this.#surveyDesign(ctx, request.survey_design, request.mode, where);
    }
    if (status !== 201) return;
    if (isObject(request) && typeof request.project_id === "string" && isObject(response) && "round_id" in response) {
      ctx.check("SIM-CREATE-PROJECT-ROUND-1");
      if (response.round_id === null)
        ctx.depart({
          rule: "SIM-CREATE-PROJECT-ROUND-1",
          message: `${where}: created in project ${request.project_id} without a round`,
        });
      else if (typeof request.round_id === "string") {
        ctx.check("SIM-CREATE-ROUND-ID");
        if (sameId(response.round_id, request.round_id) === false)
          ctx.depart({
            rule: "SIM-CREATE-ROUND-ID",
            message: `${where}: asked for round ${request.round_id}, joined ${String(response.round_id)}`,
          });
      }
    }
    ctx.check("SIM-CREATE-PLANNING");
    if (isObject(response) && response.status !== "planning") {
      ctx.depart({
        rule: "SIM-CREATE-PLANNING",
        message: `${where}: the new simulation's status is ${JSON.stringify(response.status)}, not planning`,
      });
    }
    this.#observe(ctx, response, true);
  }

  /** The survey design's own rules, by what the request sent and whether it was accepted. */
  #surveyDesign(ctx: Ctx, design: Json, mode: unknown, where: string): void {
    const status = ctx.exchange.status;
    const malformed: Array<[string, string]> = [];
    const unknown = (value: Json, allowed: readonly string[]) => Object.keys(value).filter((k) => !allowed.includes(k));
    const nonEmpty = (v: unknown) => typeof v === "string" && v.length >= 1;
    if (unknown(design, ["stimulus", "item_sets", "custom_questions"]).length > 0)
      malformed.push(["SD-UNKNOWN-REJECTED", "an unknown property of survey_design"]);
    let questions = 0;
    const sets = Array.isArray(design.item_sets) ? design.item_sets : [];
    for (const set of sets) {
      if (!isObject(set)) continue;
      if (unknown(set, ["ask", "items", "scale"]).length > 0)
        malformed.push(["SD-ITEM-SET-UNKNOWN-REJECTED", "an unknown property of an item set"]);
      if (!("ask" in set)) malformed.push(["SD-ASK-REQUIRED", "an item set without ask"]);
      else if (typeof set.ask === "string" && set.ask.length === 0) malformed.push(["SD-ASK-MIN-1", "an empty ask"]);
      if (!("items" in set)) malformed.push(["SD-ITEMS-REQUIRED", "an item set without items"]);
      else if (Array.isArray(set.items)) {
        questions += set.items.length;
        if (set.items.length < 2) malformed.push(["SD-ITEMS-MIN-2", `an item set of ${set.items.length} item(s)`]);
        if (set.items.some((item) => typeof item === "string" && item.length === 0))
          malformed.push(["SD-ITEM-MIN-LENGTH", "an empty item"]);
      }
      if (Array.isArray(set.scale)) {
        if (set.scale.length < 2 || set.scale.length > 7)
          malformed.push(["SD-SCALE-2-TO-7", `a scale of ${set.scale.length} labels`]);
        if (set.scale.some((label) => typeof label === "string" && label.length === 0))
          malformed.push(["SD-SCALE-LABEL-MIN-LENGTH", "an empty scale label"]);
      }
    }
    const custom = Array.isArray(design.custom_questions) ? design.custom_questions : [];
    for (const question of custom) {
      if (!isObject(question)) continue;
      questions += 1;
      if (unknown(question, ["question_text", "answer_options"]).length > 0)
        malformed.push(["SD-CUSTOM-UNKNOWN-REJECTED", "an unknown property of a custom question"]);
      if (!("question_text" in question))
        malformed.push(["SD-CUSTOM-TEXT-REQUIRED", "a custom question without question_text"]);
      else if (question.question_text === "") malformed.push(["SD-CUSTOM-TEXT-MIN-1", "an empty question_text"]);
      if (Array.isArray(question.answer_options)) {
        const n = question.answer_options.length;
        if (n < 2 || n > 10) malformed.push(["SD-CUSTOM-OPTIONS-2-TO-10", `${n} answer options`]);
        if (question.answer_options.some((o) => typeof o === "string" && o.length === 0))
          malformed.push(["SD-CUSTOM-OPTIONS-2-TO-10", "an empty answer option"]);
      }
    }
    if (status === 422 && malformed.length === 0) this.#refusedWellFormed(ctx, design, where);
    for (const [rule, what] of malformed) {
      ctx.check(rule);
      if (status < 300 || status === 400)
        ctx.depart({ rule, message: `${where}: survey_design has ${what}, which is malformed (422)` });
    }
    if (malformed.length > 0 || status >= 300) return;
    // Well-formed and accepted: a design that cannot be used must have been refused with 400.
    ctx.check("SD-400-JOURNEY");
    if (mode === "journey")
      ctx.depart({ rule: "SD-400-JOURNEY", message: `${where}: a survey_design with mode journey was accepted (400)` });
    ctx.check("SD-400-NOTHING-TO-ASK");
    if (questions === 0 && nonEmpty(mode))
      ctx.depart({
        rule: "SD-400-NOTHING-TO-ASK",
        message: `${where}: a survey_design with nothing to ask was accepted (400)`,
      });
  }

  /**
   * A 422 located at a survey-design list the judge found well-formed (strings of at least one character, within the
   * list's bounds): the design was refused for what the spec allows.
   */
  #refusedWellFormed(ctx: Ctx, design: Json, where: string): void {
    const detail = isObject(ctx.response) && Array.isArray(ctx.response.detail) ? ctx.response.detail : [];
    const bounds: Record<string, readonly [string, number, number]> = {
      answer_options: ["SD-CUSTOM-OPTIONS-2-TO-10", 2, 10],
      scale: ["SD-SCALE-2-TO-7", 2, 7],
      items: ["SD-ITEMS-MIN-2", 2, Number.POSITIVE_INFINITY],
    };
    for (const item of detail) {
      const loc = isObject(item) && Array.isArray(item.loc) ? item.loc : [];
      const at = loc.indexOf("survey_design");
      const field = loc.findIndex((part) => typeof part === "string" && part in bounds);
      if (at === -1 || field <= at) continue;
      let value: unknown = design;
      for (const part of loc.slice(at + 1, field + 1))
        value = isObject(value) || Array.isArray(value) ? (value as Json)[part as string] : undefined;
      const [rule, min, max] = bounds[loc[field] as string] as readonly [string, number, number];
      ctx.check(rule);
      const fine =
        Array.isArray(value) &&
        value.length >= min &&
        value.length <= max &&
        value.every((v) => typeof v === "string" && v.length > 0);
      if (fine)
        ctx.depart({
          rule,
          message: `${where}: refused ${loc.slice(at).join(".")} of ${(value as unknown[]).length} entries, which the spec allows`,
        });
    }
  }

  #list(ctx: Ctx): void {
    const { exchange, query } = ctx;
    const listed = listOf(ctx.response);
    if (exchange.status !== 200 || !listed) return;
    const items = listed.filter(isObject);
    const where = `GET ${ctx.exchange.url} -> 200`;
    const limit = query.get("limit");
    if (limit === null) {
      ctx.check("SIM-LIST-LIMIT-DEFAULT-20");
      if (items.length > 20)
        ctx.depart({
          rule: "SIM-LIST-LIMIT-DEFAULT-20",
          message: `${where}: ${items.length} simulations without limit`,
        });
    } else if (/^\d+$/.test(limit)) {
      ctx.check("SIM-LIST-LIMIT");
      if (items.length > Number(limit))
        ctx.depart({ rule: "SIM-LIST-LIMIT", message: `${where}: ${items.length} simulations for limit=${limit}` });
    }
    // One status named (a service may take several, comma-separated: the spec gives the parameter no grammar).
    const statusFilter = query.get("status_filter");
    if (statusFilter !== null && /^[a-z_]+$/.test(statusFilter)) {
      ctx.check("SIM-LIST-STATUS-FILTER");
      const other = items.find((item) => typeof item.status === "string" && item.status !== statusFilter);
      if (other)
        ctx.depart({
          rule: "SIM-LIST-STATUS-FILTER",
          message: `${where}: simulation ${String(other.id)} is ${String(other.status)}`,
        });
    }
    const projectFilter = query.get("project_id");
    if (projectFilter !== null && mayBeUuid(projectFilter)) {
      ctx.check("SIM-LIST-PROJECT-FILTER");
      const norm = (v: unknown) => (typeof v === "string" ? v.toLowerCase().replaceAll("-", "") : v);
      const other = items.find((item) => "project_id" in item && norm(item.project_id) !== norm(projectFilter));
      if (other)
        ctx.depart({
          rule: "SIM-LIST-PROJECT-FILTER",
          message: `${where}: simulation ${String(other.id)} is in project ${String(other.project_id)}`,
        });
    }
    ctx.check("SIM-LIST-NEWEST-FIRST");
    const known = items.map((item) => (typeof item.id === "string" ? this.#simulation(item.id) : undefined));
    const wrong = olderFirst(known.map((m) => m?.created));
    if (wrong)
      ctx.depart(
        inOrder(
          "SIM-LIST-NEWEST-FIRST",
          `${where}: simulation ${String(items[wrong.first]?.id)} is listed before ${String(items[wrong.second]?.id)}, created after it`,
          wrong.gap,
        ),
      );
    this.#scope(ctx, known, items, "SCOPE-OWN-SIMULATIONS");
    for (const item of items) {
      this.#progress(ctx, item, where);
      this.#observe(ctx, item);
    }
  }

  /** Another caller's simulation shown to this one: a suspect (one person may hold several tokens). */
  #scope(ctx: Ctx, known: ReadonlyArray<SimulationMemory | undefined>, items: readonly Json[], rule: string): void {
    ctx.check(rule);
    const index = known.findIndex((m) => m?.created && m.caller !== ctx.caller);
    if (index === -1) return;
    ctx.depart({
      rule,
      message: `${ctx.method} ${ctx.exchange.url} -> ${ctx.exchange.status}: simulation ${String(items[index]?.id)} was created by another authorization`,
      suspect: "unless both authorization values are the same caller's",
    });
  }

  /** Run and plan edit apply only to a planned simulation: 200 when none of the possible states is planned departs. */
  #stateBound(ctx: Ctx, id: string, action: "run" | "plan"): void {
    const memory = this.#simulation(id);
    const status = ctx.exchange.status;
    const refusedRule = action === "run" ? "SIM-RUN-REFUSED-NOT-PLANNED" : "PLAN-EDIT-REFUSED-NOT-PLANNED";
    const allowedRule = action === "run" ? "SIM-RUN-200-PLANNED" : "PLAN-EDIT-PLANNED";
    const where = `${ctx.method} ${ctx.path} -> ${status}`;
    const possible = memory?.status !== undefined && !memory.deleted ? possibleStates(memory.status) : undefined;
    if (possible && status === 200) {
      ctx.check(refusedRule);
      if (!possible.includes("planned"))
        ctx.depart({
          rule: refusedRule,
          message: `${where}: accepted, but the simulation was seen ${memory?.status} and can only be ${possible.join(" or ")} now`,
        });
    }
    if (possible && status === STATUS_REFUSED) {
      ctx.check(allowedRule);
      if (possible.length === 1 && possible[0] === "planned")
        ctx.depart({ rule: allowedRule, message: `${where}: refused, but the simulation is planned (seen so)` });
    }
    if (status !== 200) return;
    if (action === "run") {
      ctx.check("SIM-RUN-RUNNING");
      const after = isObject(ctx.response) ? ctx.response.status : undefined;
      if (after === "planning" || after === "planned")
        ctx.depart({ rule: "SIM-RUN-RUNNING", message: `${where}: the simulation run is still ${after}` });
    }
    if (isObject(ctx.response) && ctx.response.id === id) this.#observe(ctx, ctx.response);
    else if (action === "run" && memory) Object.assign(memory, { status: "running", seenAt: ctx.interval.end });
  }

  #delete(ctx: Ctx, id: string): void {
    const memory = this.#simulation(id);
    const { status, responseBody } = ctx.exchange;
    const where = `DELETE ${ctx.path} -> ${status}`;
    if (status >= 200 && status < 300) {
      ctx.check("SIM-DELETE-204");
      if (status !== 204 || (responseBody !== null && responseBody !== ""))
        ctx.depart({
          rule: "SIM-DELETE-204",
          message: `${where}: a delete answers 204 with no body${status === 204 ? ` (got ${responseBody?.length} bytes)` : ""}`,
        });
    }
    const seen = memory?.deleted ? undefined : memory?.status;
    if (seen !== undefined && status >= 200 && status < 300 && (seen === "planning" || seen === "running")) {
      const rule = seen === "planning" ? "SIM-DELETE-409-PLANNING" : "SIM-DELETE-409-RUNNING";
      ctx.check(rule);
      const since = Math.max(0, ctx.interval.start - (memory?.seenAt ?? 0));
      const likely = this.#likelyStill(memory as SimulationMemory, seen, ctx.interval.start);
      if (likely)
        ctx.depart({
          rule,
          message: `${where}: deleted ${since} ms after the simulation was seen ${seen}`,
          suspect: likely,
        });
    }
    if (seen !== undefined && status === STATUS_REFUSED) {
      ctx.check("SIM-DELETE-204");
      if (seen === "planned" || seen === "completed")
        ctx.depart({ rule: "SIM-DELETE-204", message: `${where}: refused, but the simulation is ${seen} (seen so)` });
    }
    if (memory && status >= 200 && status < 300) memory.deleted = true;
  }

  /**
   * Why a simulation last seen in `state` (planning or running) is likely still in it at `at`, or undefined. Never
   * certain: background work moves it without traffic.
   */
  #likelyStill(memory: SimulationMemory, state: string, at: number): string | undefined {
    const next = state === "planning" ? "planned" : "completed";
    if (this.#options.manualClock && memory.seenAtMove === this.#clockMoves)
      return `the mock's manual clock was not moved through the proxy since, so it cannot have become ${next} (unless the clock was moved another way)`;
    const since = Math.max(0, at - memory.seenAt);
    if (since < this.#suspectWindowMs) return `it may have become ${next} in those ${since} ms`;
    const shortest = this.#shortestStay.get(state);
    if (shortest === undefined || memory.enteredAt === undefined) return undefined;
    const age = at - memory.enteredAt;
    return age < shortest / 2
      ? `every simulation seen so far stayed ${state} at least ${shortest} ms, and this one had been ${state} for ${age} ms`
      : undefined;
  }

  /**
   * A create accepted naming a user model or context the caller's own list, read after that one was seen to exist,
   * did not hold: the spec's lists are what the caller can use, so the create plans against what it cannot see.
   */
  #visible(ctx: Ctx, kind: "user-model" | "context", id: string, where: string): void {
    const rule = kind === "user-model" ? "SCOPE-CREATE-USER-MODELS" : "SCOPE-CREATE-CONTEXTS";
    const listed = kind === "user-model" ? ctx.me.userModels : ctx.me.contextList;
    const known = this.#memory.peek(kind === "user-model" ? `um\n${id.toLowerCase()}` : `ctx\n${id}`);
    // A bss-mock's caller `<user>@<org>` is of that organisation (its documented token form): a model it made for
    // another organisation is that one's own.
    if (known?.kind === "user-model" && known.org !== undefined) {
      ctx.check(rule);
      const org = ctx.caller.slice(ctx.caller.lastIndexOf("@") + 1);
      if (ctx.caller.includes("@") && org !== known.org)
        ctx.depart({ rule, message: `${where}: user model ${id} was made for organisation ${known.org}, not ${org}` });
      return;
    }
    const existedBy =
      known?.kind === "user-model" ? known.seenAt : known?.kind === "context" ? known.created.end : undefined;
    if (!listed || existedBy === undefined || listed.ids.has(id.toLowerCase())) return;
    ctx.check(rule);
    const message = `${where}: ${kind} ${id} is not in the caller's own list of ${kind === "user-model" ? "user models" : "contexts"}`;
    if (listed.at > existedBy) ctx.depart({ rule, message: `${message}, read after it existed` });
    // The spec has no operation that makes a user model: one seen only after the list was most likely there before.
    else if (kind === "user-model")
      ctx.depart({ rule, message, suspect: "unless the user model was made after the caller read its list" });
  }

  /** GET /v1/user-models: what the caller can see, and which models exist. */
  #userModels(ctx: Ctx): void {
    if (ctx.method !== "GET" || ctx.path !== "/v1/user-models" || ctx.exchange.status !== 200) return;
    const models = listOf(ctx.response);
    if (!models) return;
    const ids = models.flatMap((m) => (isObject(m) && typeof m.id === "string" ? [m.id.toLowerCase()] : []));
    ctx.me.userModels = ids.length <= MAX_INDEX ? { ids: new Set(ids), at: ctx.interval.start } : undefined;
    for (const id of ids.slice(0, MAX_INDEX))
      if (!this.#memory.peek(`um\n${id}`))
        this.#memory.set(`um\n${id}`, { kind: "user-model", seenAt: ctx.interval.end });
  }

  /** The document the service serves: the operations the spec deprecates are marked deprecated there. */
  #openapi(ctx: Ctx): void {
    if (ctx.method !== "GET" || ctx.path !== "/openapi.json" || ctx.exchange.status !== 200) return;
    const paths = isObject(ctx.response) && isObject(ctx.response.paths) ? ctx.response.paths : undefined;
    if (!paths) return;
    for (const [method, path] of DEPRECATED_OPERATIONS) {
      const operation = isObject(paths[path]) ? (paths[path] as Json)[method] : undefined;
      if (!isObject(operation)) continue;
      ctx.check("DEPRECATED-MARKED");
      if (operation.deprecated !== true)
        ctx.depart({
          rule: "DEPRECATED-MARKED",
          message: `GET /openapi.json -> 200: ${method.toUpperCase()} ${path} is documented but not marked deprecated`,
        });
    }
  }

  #move(ctx: Ctx, id: string): void {
    const memory = this.#simulation(id);
    const { exchange, request } = ctx;
    const where = `PATCH ${ctx.path} -> ${exchange.status}`;
    const ok = exchange.status >= 200 && exchange.status < 300;
    if (isObject(request)) {
      ctx.check("SIM-MOVE-PROJECT-REQUIRED");
      if (!("project_id" in request) && ok)
        ctx.depart({ rule: "SIM-MOVE-PROJECT-REQUIRED", message: `${where}: a move without project_id (422)` });
    }
    if (memory && !memory.deleted && memory.projectId !== undefined && ok) {
      ctx.check("SIM-MOVE-409-HAS-PROJECT");
      if (typeof memory.projectId === "string")
        ctx.depart({
          rule: "SIM-MOVE-409-HAS-PROJECT",
          message: `${where}: moved, but the simulation was seen in project ${memory.projectId}`,
        });
    }
    if (!ok) return;
    if (isObject(ctx.response) && ctx.response.id === id && "round_id" in ctx.response) {
      ctx.check("SIM-MOVE-ROUND-1");
      if (ctx.response.round_id === null)
        ctx.depart({ rule: "SIM-MOVE-ROUND-1", message: `${where}: moved into a project without joining a round` });
    }
    if (isObject(ctx.response) && ctx.response.id === id) this.#observe(ctx, ctx.response);
    else if (memory && isObject(request) && typeof request.project_id === "string")
      memory.projectId = request.project_id;
  }

  #read(ctx: Ctx, id: string): void {
    const memory = this.#simulation(id);
    const { status } = ctx.exchange;
    const where = `GET ${ctx.path} -> ${status}`;
    if (memory?.deleted) {
      ctx.check("SIM-DELETE-DISCARDS");
      if (status === 200)
        ctx.depart({ rule: "SIM-DELETE-DISCARDS", message: `${where}: the simulation was deleted (204) before` });
      return;
    }
    if (memory?.created && memory.caller === ctx.caller) {
      ctx.check("SIM-GET");
      if (status === 404)
        ctx.depart({ rule: "SIM-GET", message: `${where}: the caller created this simulation and never deleted it` });
    }
    if (status !== 200) return;
    if (memory?.created) this.#scope(ctx, [memory], [{ id }], "SCOPE-CALLER");
    const body = ctx.response;
    this.#progress(ctx, body, where);
    if (isObject(body) && typeof body.status === "string" && body.status !== "planning") {
      ctx.check("SIM-TITLE-AUTO");
      if (["planned", "running", "completed"].includes(body.status) && "title" in body && body.title === null)
        ctx.depart({
          rule: "SIM-TITLE-AUTO",
          message: `${where}: a ${body.status} simulation without a title (set when the plan is generated)`,
        });
    }
    this.#observe(ctx, body);
  }

  /**
   * A running simulation carries progress. Its name and type are not shown: a field whose name says progress must
   * hold something while running (the contract suite's reading of the same sentence).
   */
  #progress(ctx: Ctx, body: unknown, where: string): void {
    if (!isObject(body) || body.status !== "running") return;
    const keys = Object.keys(body).filter((key) => /progress/i.test(key));
    if (keys.length === 0) return;
    ctx.check("SIM-RUNNING-PROGRESS");
    if (keys.every((key) => isEmpty(body[key])))
      ctx.depart({
        rule: "SIM-RUNNING-PROGRESS",
        message: `${where}: simulation ${String(body.id)} is running with ${keys.map((k) => `${k} ${JSON.stringify(body[k])}`).join(", ")}`,
      });
  }

  #contexts(ctx: Ctx): void {
    const { method, path, exchange, request, response, me } = ctx;
    const where = `${method} ${path} -> ${exchange.status}`;
    if (path === "/v1/contexts" && method === "POST") {
      if (isObject(request) && /json/i.test(exchange.requestHeaders["content-type"] ?? "")) {
        ctx.check("CONTEXT-CREATE-FIELDS-REQUIRED");
        const missing = ["name", "body"].filter((f) => !(f in request));
        if (missing.length > 0 && (exchange.status < 300 || exchange.status === 400))
          ctx.depart({
            rule: "CONTEXT-CREATE-FIELDS-REQUIRED",
            message: `${where}: the body has no ${missing.join(", ")} (422)`,
          });
      }
      // Only a context made with the spec's fields is the caller's own for sure (a service may offer a scope field).
      const plain = isObject(request) && Object.keys(request).every((key) => key === "name" || key === "body");
      if (exchange.status === 201 && plain && isObject(response) && typeof response.id === "string") {
        this.#memory.set(`ctx\n${response.id}`, { kind: "context", caller: ctx.caller, created: ctx.interval });
        me.contexts.push(response.id);
        if (me.contexts.length > MAX_INDEX) me.contexts.shift();
      }
      return;
    }
    if (path === "/v1/context" && method === "GET") {
      ctx.check("CONTEXT-DEFAULT-NONE");
      const own = me.contexts.filter((id) => this.#memory.peek(`ctx\n${id}`));
      if (exchange.status === 404)
        ctx.depart({
          rule: "CONTEXT-DEFAULT-NONE",
          message: `${where}: without a context it answers has_context: false`,
        });
      if (exchange.status !== 200 || !isObject(response)) return;
      if (response.has_context === false && own.length > 0)
        ctx.depart({
          rule: "CONTEXT-DEFAULT-NONE",
          message: `${where}: has_context false, but the caller created context ${own.at(-1)}`,
        });
      if (typeof response.id === "string" && own.length > 0) {
        ctx.check("CONTEXT-DEFAULT");
        const newest = own.reduce((a, b) => (this.#created(b).start > this.#created(a).start ? b : a));
        const shown = this.#memory.peek(`ctx\n${response.id}`);
        const message = `${where}: context ${response.id}, but the caller's most recent one is ${newest}`;
        if (shown?.kind !== "context" || shown.caller !== ctx.caller) {
          ctx.depart({
            rule: "CONTEXT-DEFAULT",
            message,
            suspect: "unless that context is the same person's, made with another token or outside the proxy",
          });
        } else if (this.#created(newest).start > shown.created.end) {
          ctx.depart(inOrder("CONTEXT-DEFAULT", message, this.#created(newest).start - shown.created.end));
        }
      }
      return;
    }
    const contexts = listOf(response);
    if (path === "/v1/contexts" && method === "GET" && exchange.status === 200 && contexts) {
      const ids = contexts.flatMap((c) => (isObject(c) && typeof c.id === "string" ? [c.id.toLowerCase()] : []));
      me.contextList = ids.length <= MAX_INDEX ? { ids: new Set(ids), at: ctx.interval.start } : undefined;
      ctx.check("CONTEXT-LIST-UPDATED-FIRST");
      const created = contexts.map((item) => {
        const m = isObject(item) && typeof item.id === "string" ? this.#memory.peek(`ctx\n${item.id}`) : undefined;
        return m?.kind === "context" ? m.created : undefined;
      });
      const wrong = olderFirst(created);
      if (wrong)
        ctx.depart(
          inOrder(
            "CONTEXT-LIST-UPDATED-FIRST",
            `${where}: context ${String((contexts[wrong.first] as Json).id)} is listed before ${String((contexts[wrong.second] as Json).id)}, created after it`,
            wrong.gap,
          ),
        );
    }
  }

  /**
   * Artefact uploads: a text file (.md, .txt: any content is valid) refused as an unsupported type departs; a body
   * well over 10 MB accepted is a suspect (the file part is most of it, but the body holds other parts too).
   */
  #upload(ctx: Ctx): void {
    const { exchange, method, path } = ctx;
    const where = `${method} ${path} -> ${exchange.status}`;
    const name = /filename="([^"]*)"/i.exec(exchange.requestBody ?? "")?.[1];
    if (name && /\.(md|txt)$/i.test(name)) {
      ctx.check("ARTEFACT-FILE-TYPES");
      if (exchange.status === 415)
        ctx.depart({ rule: "ARTEFACT-FILE-TYPES", message: `${where}: ${name} refused, but md and txt are accepted` });
    }
    const length = Number(exchange.requestHeaders["content-length"]);
    if (length > 0) ctx.check("ARTEFACT-FILE-SIZE");
    if (length > UPLOAD_SUSPECT_BYTES && exchange.status >= 200 && exchange.status < 300)
      ctx.depart({
        rule: "ARTEFACT-FILE-SIZE",
        message: `${where}: a body of ${length} bytes was accepted (10 MB maximum)`,
        suspect: "the body holds the file and the form's other parts",
      });
  }

  #created(id: string): Interval {
    const m = this.#memory.peek(`ctx\n${id}`);
    return m?.kind === "context" ? m.created : { start: 0, end: 0 };
  }

  #projects(ctx: Ctx): void {
    const { method, path, exchange, request, response } = ctx;
    const where = `${method} ${path} -> ${exchange.status}`;
    const ok = exchange.status >= 200 && exchange.status < 300;
    if (
      path === "/v1/projects" &&
      method === "POST" &&
      ok &&
      isObject(request) &&
      typeof request.context_id === "string"
    )
      this.#visible(ctx, "context", request.context_id, where);
    if (path === "/v1/projects" && method === "POST" && exchange.status === 201 && isObject(response)) {
      const name = isObject(request) ? request.name : undefined;
      if (name === undefined || name === null) {
        ctx.check("PROJECT-NAME-DEFAULT");
        if (response.name !== "New project")
          ctx.depart({
            rule: "PROJECT-NAME-DEFAULT",
            message: `${where}: created without a name, named ${JSON.stringify(response.name)}`,
          });
      }
      return;
    }
    if (/^\/v1\/projects\/[^/]+\/rounds\/[^/]+\/artefact\/file$/.test(path) && method === "POST") this.#upload(ctx);
    const rename = /^\/v1\/projects\/[^/]+$/.test(path)
      ? ["name", "PROJECT-RENAME-LENGTH"]
      : /^\/v1\/projects\/[^/]+\/rounds\/[^/]+$/.test(path)
        ? ["title", "ROUND-RENAME-LENGTH"]
        : undefined;
    if (rename && method === "PATCH" && isObject(request)) {
      const [field, rule] = rename as [string, string];
      const value = request[field];
      if (typeof value !== "string") return;
      ctx.check(rule);
      const length = codePoints(value);
      if ((length < 1 || length > 200) && ok)
        ctx.depart({ rule, message: `${where}: a ${field} of ${length} characters was accepted (1 to 200)` });
      // Refused although 1 to 200 characters (code points, as the suite counts them) and not blank: the spec allows it.
      const plain = Object.keys(request).length === 1 && value.trim() !== "" && length >= 1 && length <= 200;
      if (plain && (exchange.status === 400 || exchange.status === 422))
        ctx.depart({ rule, message: `${where}: a ${field} of ${length} characters was refused (1 to 200 allowed)` });
    }
  }
}

/**
 * The items of a list answer: a bare array, or the one array of an object (`{"simulations": […], "limit": 20}`: the
 * spec leaves a list's shape open).
 */
function listOf(body: unknown): unknown[] | undefined {
  if (Array.isArray(body)) return body;
  if (!isObject(body)) return undefined;
  const arrays = Object.values(body).filter(Array.isArray);
  return arrays.length === 1 ? arrays[0] : undefined;
}

/**
 * Two creations at least this far apart are ordered by any clock a service may stamp them with (whole seconds too);
 * closer ones may carry the same timestamp, and a service may order a tie either way.
 */
export const ORDER_GAP_MS = 1000;

/** The pair listed older first with the widest gap between the older one's answer and the newer one's request. */
function olderFirst(
  created: ReadonlyArray<Interval | undefined>,
): { first: number; second: number; gap: number } | undefined {
  let worst: { first: number; second: number; gap: number } | undefined;
  created.forEach((listed, first) => {
    if (!listed) return;
    created.forEach((later, second) => {
      if (second <= first || !later || later.start <= listed.end) return;
      const gap = later.start - listed.end;
      if (!worst || gap > worst.gap) worst = { first, second, gap };
    });
  });
  return worst;
}

/** An order departure: certain when the two were created ORDER_GAP_MS or more apart, else a suspect. */
function inOrder(rule: string, message: string, gap: number): Departure {
  return gap >= ORDER_GAP_MS
    ? { rule, message }
    : { rule, message, suspect: `created ${gap} ms apart: a service stamping times more coarsely may tie them` };
}

/** Two ids the same uuid (case and hyphens aside); undefined when either is no string. */
function sameId(a: unknown, b: unknown): boolean | undefined {
  if (typeof a !== "string" || typeof b !== "string") return undefined;
  const norm = (id: string) => id.toLowerCase().replaceAll("-", "");
  return norm(a) === norm(b);
}

interface Ctx {
  readonly exchange: Exchange;
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly caller: string;
  readonly me: CallerMemory;
  readonly interval: Interval;
  readonly request: unknown;
  readonly response: unknown;
  check(rule: string): void;
  depart(departure: Departure): void;
}
