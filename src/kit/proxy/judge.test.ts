import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { isRuleId, ruleSentences } from "../../../contract-tests/traceability/rules.js";
import document from "../../../openapi/openapi.json" with { type: "json" };
import { type Exchange, Judge, type JudgeOptions, possibleStates } from "./judge.js";

const SIM = "11111111-1111-4111-8111-111111111111";
const SIM2 = "22222222-2222-4222-8222-222222222222";
const PROJECT = "33333333-3333-4333-8333-333333333333";
const CTX_A = "44444444-4444-4444-8444-444444444444";
const CTX_B = "55555555-5555-4555-8555-555555555555";

/** Exchanges one after another: each starts 10 ms after the previous one started and takes 5 ms. */
class Traffic {
  readonly judge: Judge;
  clock = 1_000_000;

  constructor(options: Partial<JudgeOptions> = {}) {
    this.judge = new Judge({ sentences: ruleSentences, has: isRuleId, ...options });
  }

  send(
    method: string,
    url: string,
    status: number,
    response?: unknown,
    request?: unknown,
    extra: { caller?: string; ms?: number; at?: number; concurrentWrite?: boolean } = {},
  ) {
    const started = extra.at ?? this.clock;
    this.clock = started + 10;
    const exchange: Exchange = {
      method,
      url,
      requestHeaders: {
        authorization: `Bearer ${extra.caller ?? "alice"}`,
        ...(request === undefined ? {} : { "content-type": "application/json" }),
      },
      requestBody: request === undefined ? "" : JSON.stringify(request),
      status,
      responseHeaders: { "content-type": "application/json" },
      responseBody: response === undefined ? "" : JSON.stringify(response),
      started,
      ms: extra.ms ?? 5,
    };
    return this.judge.judge(exchange, extra.concurrentWrite);
  }

  /** Waits `ms` of traffic time. */
  wait(ms: number) {
    this.clock += ms;
  }
}

const sim = (status: string, extra: Record<string, unknown> = {}) => ({
  id: SIM,
  status,
  title: status === "planning" ? null : "A title",
  project_id: null,
  ...extra,
});

/** "RULE level" of each finding. */
const found = (verdict: { findings: ReadonlyArray<{ rule: string; level: string }> }) =>
  verdict.findings.map((f) => `${f.rule} ${f.level}`);

describe("possible states: background transitions only", () => {
  it("should move planning to planned, running to completed or failed, and nothing else", () => {
    expect(possibleStates("planning")).toEqual(["planning", "planned"]);
    expect(possibleStates("running")).toEqual(["running", "completed", "failed"]);
    expect(possibleStates("planned")).toEqual(["planned"]);
    expect(possibleStates("completed")).toEqual(["completed"]);
    expect(possibleStates("queued")).toBeUndefined();
  });
});

describe("every rule the judge names is in the kit's catalogue (one rule table)", () => {
  it("should name only known rule ids", () => {
    const source = readFileSync(new URL("./judge.ts", import.meta.url), "utf8");
    const ids = [...source.matchAll(/"([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+)"/g)].map((m) => m[1] as string);
    expect(ids.length).toBeGreaterThan(40);
    expect(ids.filter((id) => !isRuleId(id))).toEqual([]);
  });

  it("should give each finding the rule's sentence from the catalogue", () => {
    const t = new Traffic();
    const [finding] = t.send("POST", "/v1/simulations", 201, sim("planned")).findings;
    expect(finding?.spec).toBe(ruleSentences("SIM-CREATE-PLANNING")[0]);
  });
});

describe("create", () => {
  it("should report a new simulation not in planning, and accept one in planning", () => {
    expect(found(new Traffic().send("POST", "/v1/simulations", 201, sim("planned")))).toEqual([
      "SIM-CREATE-PLANNING violation",
    ]);
    expect(found(new Traffic().send("POST", "/v1/simulations", 201, sim("planning")))).toEqual([]);
  });

  it("should want 422 for a missing required field or an unknown mode", () => {
    const body = { goal: "g", user_model_ids: ["x"] };
    expect(found(new Traffic().send("POST", "/v1/simulations", 400, {}, body))).toEqual([
      "SIM-CREATE-MODE-REQUIRED violation",
    ]);
    expect(found(new Traffic().send("POST", "/v1/simulations", 422, { detail: [] }, body))).toEqual([]);
    expect(found(new Traffic().send("POST", "/v1/simulations", 201, sim("planning"), { ...body, mode: "x" }))).toEqual([
      "SIM-CREATE-MODE-VALUES violation",
    ]);
    // A refusal the spec leaves open (authentication) is not judged.
    expect(found(new Traffic().send("POST", "/v1/simulations", 401, {}, body))).toEqual([]);
  });

  const base = { mode: "research", goal: "g", user_model_ids: ["x"] };
  const design = (survey_design: unknown, mode = "research") => ({ ...base, mode, survey_design });
  const usable = { item_sets: [{ ask: "How much?", items: ["a", "b"] }] };

  it.each([
    ["SD-ITEMS-MIN-2", { item_sets: [{ ask: "a", items: ["one"] }] }],
    ["SD-SCALE-2-TO-7", { item_sets: [{ ask: "a", items: ["a", "b"], scale: Array(8).fill("s") }] }],
    ["SD-CUSTOM-OPTIONS-2-TO-10", { custom_questions: [{ question_text: "q", answer_options: ["only"] }] }],
    ["SD-UNKNOWN-REJECTED", { ...usable, extra: 1 }],
    ["SD-ITEM-SET-UNKNOWN-REJECTED", { item_sets: [{ ask: "a", items: ["a", "b"], extra: 1 }] }],
    ["SD-ASK-MIN-1", { item_sets: [{ ask: "", items: ["a", "b"] }] }],
  ])("should want 422 for a malformed design (%s): accepted or 400 departs, 422 does not", (rule, sd) => {
    expect(found(new Traffic().send("POST", "/v1/simulations", 201, sim("planning"), design(sd)))).toEqual([
      `${rule} violation`,
    ]);
    expect(found(new Traffic().send("POST", "/v1/simulations", 400, {}, design(sd)))).toEqual([`${rule} violation`]);
    expect(found(new Traffic().send("POST", "/v1/simulations", 422, { detail: [] }, design(sd)))).toEqual([]);
  });

  it("should want a well-formed list of the design accepted: a 422 located at it departs", () => {
    const ten = {
      custom_questions: [{ question_text: "q", answer_options: Array.from({ length: 10 }, (_, i) => `o${i}`) }],
    };
    const refusal = (loc: unknown[]) => ({ detail: [{ loc, msg: "too long", type: "too_long" }] });
    const at = ["body", "survey_design", "custom_questions", 0, "answer_options"];
    expect(found(new Traffic().send("POST", "/v1/simulations", 422, refusal(at), design(ten)))).toEqual([
      "SD-CUSTOM-OPTIONS-2-TO-10 violation",
    ]);
    const eleven = { custom_questions: [{ question_text: "q", answer_options: Array(11).fill("o") }] };
    expect(found(new Traffic().send("POST", "/v1/simulations", 422, refusal(at), design(eleven)))).toEqual([]);
    const numbers = { custom_questions: [{ question_text: "q", answer_options: [1, 2] }] };
    expect(found(new Traffic().send("POST", "/v1/simulations", 422, refusal(at), design(numbers)))).toEqual([]);
  });

  it("should want 400 for a well-formed design that cannot be used", () => {
    expect(
      found(new Traffic().send("POST", "/v1/simulations", 201, sim("planning"), design(usable, "journey"))),
    ).toEqual(["SD-400-JOURNEY violation"]);
    expect(found(new Traffic().send("POST", "/v1/simulations", 400, {}, design(usable, "journey")))).toEqual([]);
    expect(found(new Traffic().send("POST", "/v1/simulations", 201, sim("planning"), design({})))).toEqual([
      "SD-400-NOTHING-TO-ASK violation",
    ]);
    expect(found(new Traffic().send("POST", "/v1/simulations", 201, sim("planning"), design(usable)))).toEqual([]);
  });
});

describe("projects and rounds of new and moved simulations", () => {
  const inProject = { mode: "research", goal: "g", user_model_ids: ["x"], project_id: PROJECT };

  it("should want a round for a simulation created in or moved into a project, and the round asked for", () => {
    expect(
      found(new Traffic().send("POST", "/v1/simulations", 201, sim("planning", { round_id: null }), inProject)),
    ).toEqual(["SIM-CREATE-PROJECT-ROUND-1 violation"]);
    expect(
      found(new Traffic().send("POST", "/v1/simulations", 201, sim("planning", { round_id: SIM2 }), inProject)),
    ).toEqual([]);
    const asked = { ...inProject, round_id: CTX_A };
    expect(
      found(new Traffic().send("POST", "/v1/simulations", 201, sim("planning", { round_id: SIM2 }), asked)),
    ).toEqual(["SIM-CREATE-ROUND-ID violation"]);
    expect(
      found(
        new Traffic().send("POST", "/v1/simulations", 201, sim("planning", { round_id: CTX_A.toUpperCase() }), asked),
      ),
    ).toEqual([]);
    expect(
      found(
        new Traffic().send("PATCH", `/v1/simulations/${SIM}`, 200, sim("planned", { round_id: null }), {
          project_id: PROJECT,
        }),
      ),
    ).toEqual(["SIM-MOVE-ROUND-1 violation"]);
  });
});

describe("artefact uploads", () => {
  const url = `/v1/projects/${PROJECT}/rounds/${SIM}/artefact/file`;
  const upload = (t: Traffic, name: string, status: number, length = 100) => {
    const exchange = {
      method: "POST",
      url,
      requestHeaders: { "content-type": "multipart/form-data; boundary=b", "content-length": String(length) },
      requestBody:
        length > 1024 * 1024
          ? null
          : `--b\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\nhi\r\n--b--\r\n`,
      status,
      responseHeaders: { "content-type": "application/json" },
      responseBody: "{}",
      started: t.clock,
      ms: 5,
    };
    t.clock += 10;
    return t.judge.judge(exchange);
  };

  it("should want md and txt accepted, and take an accepted body over 10 MB as a suspect", () => {
    expect(found(upload(new Traffic(), "notes.md", 415))).toEqual(["ARTEFACT-FILE-TYPES violation"]);
    expect(found(upload(new Traffic(), "notes.md", 200))).toEqual([]);
    expect(found(upload(new Traffic(), "deck.pdf", 415))).toEqual([]);
    expect(found(upload(new Traffic(), "big.txt", 200, 11 * 1024 * 1024))).toEqual(["ARTEFACT-FILE-SIZE suspect"]);
    expect(found(upload(new Traffic(), "big.txt", 413, 11 * 1024 * 1024))).toEqual([]);
  });
});

describe("run and plan edit: only while planned", () => {
  for (const [action, method, refused, allowed] of [
    ["run", "POST", "SIM-RUN-REFUSED-NOT-PLANNED", "SIM-RUN-200-PLANNED"],
    ["plan", "PATCH", "PLAN-EDIT-REFUSED-NOT-PLANNED", "PLAN-EDIT-PLANNED"],
  ] as const) {
    const url = `/v1/simulations/${SIM}/${action}`;
    const answer = sim(action === "run" ? "running" : "planned");

    it(`${action}: accepted after the simulation was seen running or completed is a violation`, () => {
      for (const seen of ["running", "completed"]) {
        const t = new Traffic();
        t.send("GET", `/v1/simulations/${SIM}`, 200, sim(seen));
        expect(found(t.send(method, url, 200, answer, action === "plan" ? {} : undefined))).toEqual([
          `${refused} violation`,
        ]);
      }
    });

    it(`${action}: accepted after planning was seen is fair (planning becomes planned in the background)`, () => {
      const t = new Traffic();
      t.send("POST", "/v1/simulations", 201, sim("planning"));
      expect(found(t.send(method, url, 200, answer, action === "plan" ? {} : undefined))).toEqual([]);
    });

    it(`${action}: refused while certainly planned is a violation; refused while maybe planning is not`, () => {
      const t = new Traffic();
      t.send("GET", `/v1/simulations/${SIM}`, 200, sim("planned"));
      expect(found(t.send(method, url, 409, { detail: "no" }, action === "plan" ? {} : undefined))).toEqual([
        `${allowed} violation`,
      ]);
      const u = new Traffic();
      u.send("GET", `/v1/simulations/${SIM}`, 200, sim("planning"));
      expect(found(u.send(method, url, 409, { detail: "no" }, action === "plan" ? {} : undefined))).toEqual([]);
    });

    it(`${action}: a departure while another write of the caller overlapped is only a suspect`, () => {
      const t = new Traffic();
      t.send("GET", `/v1/simulations/${SIM}`, 200, sim("completed"));
      expect(found(t.send(method, url, 200, answer, undefined, { concurrentWrite: true }))).toEqual([
        `${refused} suspect`,
      ]);
      const u = new Traffic();
      u.send("GET", `/v1/simulations/${SIM}`, 200, sim("completed"));
      u.send("POST", `/v1/simulations/${SIM2}/run`, 409, {}, undefined, { at: u.clock, ms: 50 });
      expect(found(u.send(method, url, 200, answer, undefined, { at: u.clock - 5 }))).toEqual([`${refused} suspect`]);
    });
  }

  it("should report a run answered with a simulation still planned", () => {
    const t = new Traffic();
    t.send("GET", `/v1/simulations/${SIM}`, 200, sim("planned"));
    expect(found(t.send("POST", `/v1/simulations/${SIM}/run`, 200, sim("planned")))).toEqual([
      "SIM-RUN-RUNNING violation",
    ]);
  });

  it("should remember a run: a second run accepted is a violation", () => {
    const t = new Traffic();
    t.send("GET", `/v1/simulations/${SIM}`, 200, sim("planned"));
    t.send("POST", `/v1/simulations/${SIM}/run`, 200, sim("running"));
    expect(found(t.send("POST", `/v1/simulations/${SIM}/run`, 200, sim("running")))).toEqual([
      "SIM-RUN-REFUSED-NOT-PLANNED violation",
    ]);
  });
});

describe("delete", () => {
  const url = `/v1/simulations/${SIM}`;

  it("should take a delete right after a read said running as a suspect only (it may have completed)", () => {
    const t = new Traffic();
    t.send("GET", url, 200, sim("running"));
    const verdict = t.send("DELETE", url, 204);
    expect(found(verdict)).toEqual(["SIM-DELETE-409-RUNNING suspect"]);
    expect(verdict.findings[0]?.message).toMatch(/may have become completed/);
    const u = new Traffic();
    u.send("POST", "/v1/simulations", 201, sim("planning"));
    expect(found(u.send("DELETE", url, 204))).toEqual(["SIM-DELETE-409-PLANNING suspect"]);
  });

  it("should not judge a delete long after the last read (background work had time)", () => {
    const t = new Traffic();
    t.send("GET", url, 200, sim("running"));
    t.wait(2000);
    expect(found(t.send("DELETE", url, 204))).toEqual([]);
  });

  it("should want 204 without a body, and no refusal of a completed simulation", () => {
    expect(found(new Traffic().send("DELETE", url, 200, { ok: true }))).toEqual(["SIM-DELETE-204 violation"]);
    const t = new Traffic();
    t.send("GET", url, 200, sim("completed"));
    expect(found(t.send("DELETE", url, 409, { detail: "no" }))).toEqual(["SIM-DELETE-204 violation"]);
    const u = new Traffic();
    u.send("GET", url, 200, sim("running"));
    expect(found(u.send("DELETE", url, 409, { detail: "no" }))).toEqual([]);
  });

  it("should report a deleted simulation read back, and a created one that vanished", () => {
    const t = new Traffic();
    t.send("GET", url, 200, sim("completed"));
    t.send("DELETE", url, 204);
    expect(found(t.send("GET", url, 200, sim("completed")))).toEqual(["SIM-DELETE-DISCARDS violation"]);
    expect(found(t.send("GET", url, 404, { detail: "gone" }))).toEqual([]);
    const u = new Traffic();
    u.send("POST", "/v1/simulations", 201, sim("planning"));
    expect(found(u.send("GET", url, 404, { detail: "gone" }))).toEqual(["SIM-GET violation"]);
  });
});

describe("move into a project", () => {
  const url = `/v1/simulations/${SIM}`;

  it("should report a move of a simulation seen in a project, certain whatever the timing", () => {
    const t = new Traffic();
    t.send("GET", url, 200, sim("completed", { project_id: PROJECT }));
    expect(found(t.send("PATCH", url, 200, sim("completed"), { project_id: PROJECT }))).toEqual([
      "SIM-MOVE-409-HAS-PROJECT violation",
    ]);
  });

  it("should remember a move: the second one accepted is a violation, the first is fair", () => {
    const t = new Traffic();
    t.send("POST", "/v1/simulations", 201, sim("planning"));
    expect(found(t.send("PATCH", url, 200, {}, { project_id: PROJECT }))).toEqual([]);
    expect(found(t.send("PATCH", url, 200, {}, { project_id: PROJECT }))).toEqual([
      "SIM-MOVE-409-HAS-PROJECT violation",
    ]);
  });

  it("should not judge a simulation it never saw", () => {
    expect(found(new Traffic().send("PATCH", url, 200, {}, { project_id: PROJECT }))).toEqual([]);
  });
});

describe("the simulation list", () => {
  const create = (t: Traffic, id: string, extra: { at?: number; ms?: number } = {}) =>
    t.send("POST", "/v1/simulations", 201, { ...sim("planning"), id }, undefined, extra);

  it("should want the newest first: certain a second apart, a suspect closer (timestamps may tie)", () => {
    const close = new Traffic();
    create(close, SIM);
    create(close, SIM2);
    expect(
      found(close.send("GET", "/v1/simulations", 200, [sim("planning"), { ...sim("planning"), id: SIM2 }])),
    ).toEqual(["SIM-LIST-NEWEST-FIRST suspect"]);
    const t = new Traffic();
    create(t, SIM);
    t.wait(1000);
    create(t, SIM2);
    expect(found(t.send("GET", "/v1/simulations", 200, [sim("planning"), { ...sim("planning"), id: SIM2 }]))).toEqual([
      "SIM-LIST-NEWEST-FIRST violation",
    ]);
    expect(found(t.send("GET", "/v1/simulations", 200, [{ ...sim("planning"), id: SIM2 }, sim("planning")]))).toEqual(
      [],
    );
    const u = new Traffic();
    create(u, SIM, { at: 100, ms: 50 });
    create(u, SIM2, { at: 120, ms: 5 });
    expect(found(u.send("GET", "/v1/simulations", 200, [sim("planning"), { ...sim("planning"), id: SIM2 }]))).toEqual(
      [],
    );
  });

  it("should hold the default page size, limit and filters", () => {
    const many = Array.from({ length: 21 }, (_, i) => ({ ...sim("planning"), id: `id-${i}` }));
    expect(found(new Traffic().send("GET", "/v1/simulations", 200, many))).toEqual([
      "SIM-LIST-LIMIT-DEFAULT-20 violation",
    ]);
    expect(found(new Traffic().send("GET", "/v1/simulations?limit=25", 200, many))).toEqual([]);
    expect(found(new Traffic().send("GET", "/v1/simulations?limit=2", 200, many.slice(0, 3)))).toEqual([
      "SIM-LIST-LIMIT violation",
    ]);
    expect(
      found(new Traffic().send("GET", "/v1/simulations?status_filter=running", 200, [sim("running"), sim("planned")])),
    ).toEqual(["SIM-LIST-STATUS-FILTER violation"]);
    const several = "/v1/simulations?status_filter=running,planned";
    expect(found(new Traffic().send("GET", several, 200, [sim("running"), sim("planned")]))).toEqual([]);
    expect(found(new Traffic().send("GET", "/v1/simulations", 200, { simulations: many, limit: 20 }))).toEqual([
      "SIM-LIST-LIMIT-DEFAULT-20 violation",
    ]);
  });

  it("should take another caller's simulation in a list as a suspect only", () => {
    const t = new Traffic();
    create(t, SIM);
    expect(found(t.send("GET", "/v1/simulations", 200, [sim("planning")], undefined, { caller: "bob" }))).toEqual([
      "SCOPE-OWN-SIMULATIONS suspect",
    ]);
    expect(found(t.send("GET", `/v1/simulations/${SIM}`, 200, sim("planning"), undefined, { caller: "bob" }))).toEqual([
      "SCOPE-CALLER suspect",
    ]);
    expect(found(t.send("GET", `/v1/simulations/${SIM}`, 200, sim("planning")))).toEqual([]);
  });
});

describe("reads", () => {
  it("should want a title once the plan is generated", () => {
    expect(found(new Traffic().send("GET", `/v1/simulations/${SIM}`, 200, sim("planned", { title: null })))).toEqual([
      "SIM-TITLE-AUTO violation",
    ]);
    expect(found(new Traffic().send("GET", `/v1/simulations/${SIM}`, 200, sim("planning")))).toEqual([]);
  });

  it("should want 422 for a path id that cannot be a uuid, in any form Python accepts", () => {
    expect(found(new Traffic().send("GET", "/v1/simulations/abc", 404, { detail: "Not found" }))).toEqual([
      "PATH-ID-UUID violation",
    ]);
    expect(found(new Traffic().send("GET", "/v1/simulations/abc", 422, { detail: [] }))).toEqual([]);
    expect(found(new Traffic().send("GET", `/v1/simulations/{${SIM.toUpperCase()}}`, 404, {}))).toEqual([]);
    expect(found(new Traffic().send("POST", "/v1/populations/abc/retest", 404, {}))).toEqual([]);
  });

  it("should want the validation error body on a 422", () => {
    const item = { loc: ["body", "mode"], msg: "Field required", type: "missing" };
    expect(found(new Traffic().send("POST", "/v1/projects", 422, { detail: [item] }))).toEqual([]);
    expect(found(new Traffic().send("POST", "/v1/projects", 422, { detail: [{ ...item, loc: "body.mode" }] }))).toEqual(
      ["VALIDATION-422-LOC violation"],
    );
    expect(found(new Traffic().send("POST", "/v1/projects", 422, { errors: [] }))).toEqual([
      "VALIDATION-422-BODY violation",
    ]);
  });
});

describe("envelope endpoints", () => {
  it("should want data on success, errors as objects with code and message", () => {
    expect(found(new Traffic().send("POST", "/v1/populations/p1/retest", 200, { id: "p1" }))).toEqual([
      "POPULATION-RETEST-ENVELOPE violation",
    ]);
    expect(found(new Traffic().send("GET", `/v1/answers/${SIM}`, 200, { data: { id: SIM }, errors: null }))).toEqual(
      [],
    );
    expect(
      found(new Traffic().send("GET", `/v1/answers/${SIM}`, 404, { data: null, errors: { code: "x", message: "y" } })),
    ).toEqual(["ENVELOPE-ERROR-OBJECT violation"]);
    expect(
      found(new Traffic().send("GET", `/v1/answers/${SIM}`, 404, { data: null, errors: [{ code: "not_found" }] })),
    ).toEqual(["ENVELOPE-ERROR-OBJECT violation"]);
    expect(
      found(new Traffic().send("GET", `/v1/predictions/${SIM}`, 200, { data: { id: SIM, accuracy: 1 }, errors: null })),
    ).toEqual(["PREDICTION-NO-ANSWER-FIELDS violation"]);
  });
});

describe("contexts and projects", () => {
  it("should want the default context once the caller has one, and the newest of the caller's", () => {
    const t = new Traffic();
    expect(found(t.send("GET", "/v1/context", 200, { has_context: false }))).toEqual([]);
    expect(found(t.send("GET", "/v1/context", 404, { detail: "none" }))).toEqual(["CONTEXT-DEFAULT-NONE violation"]);
    t.send("POST", "/v1/contexts", 201, { id: CTX_A }, { name: "a", body: "b" });
    expect(found(t.send("GET", "/v1/context", 200, { has_context: false }))).toEqual([
      "CONTEXT-DEFAULT-NONE violation",
    ]);
    t.wait(1000);
    t.send("POST", "/v1/contexts", 201, { id: CTX_B }, { name: "a", body: "b" });
    expect(found(t.send("GET", "/v1/context", 200, { id: CTX_A, has_context: true }))).toEqual([
      "CONTEXT-DEFAULT violation",
    ]);
    expect(found(t.send("GET", "/v1/context", 200, { id: SIM2, has_context: true }))).toEqual([
      "CONTEXT-DEFAULT suspect",
    ]);
    expect(found(t.send("GET", "/v1/context", 200, { id: CTX_B, has_context: true }))).toEqual([]);
    // A context made with fields the spec does not name (an organisation scope) is not taken as the caller's own.
    t.send("POST", "/v1/contexts", 201, { id: SIM }, { name: "org", body: "b", scope: "organisation" });
    expect(found(t.send("GET", "/v1/context", 200, { id: CTX_B, has_context: true }))).toEqual([]);
    expect(found(t.send("GET", "/v1/contexts", 200, [{ id: CTX_A }, { id: CTX_B }]))).toEqual([
      "CONTEXT-LIST-UPDATED-FIRST violation",
    ]);
    expect(found(t.send("GET", "/v1/contexts", 200, [{ id: CTX_B }, { id: CTX_A }]))).toEqual([]);
    expect(found(t.send("POST", "/v1/contexts", 201, { id: SIM }, { name: "only" }))).toEqual([
      "CONTEXT-CREATE-FIELDS-REQUIRED violation",
    ]);
  });

  it("should want the default project name and rename lengths of 1 to 200 characters", () => {
    expect(found(new Traffic().send("POST", "/v1/projects", 201, { id: PROJECT, name: "Untitled" }))).toEqual([
      "PROJECT-NAME-DEFAULT violation",
    ]);
    expect(found(new Traffic().send("POST", "/v1/projects", 201, { id: PROJECT, name: "New project" }))).toEqual([]);
    expect(found(new Traffic().send("POST", "/v1/projects", 201, { name: "Mine" }, { name: "Mine" }))).toEqual([]);
    const long = "é".repeat(201);
    expect(found(new Traffic().send("PATCH", `/v1/projects/${PROJECT}`, 200, {}, { name: long }))).toEqual([
      "PROJECT-RENAME-LENGTH violation",
    ]);
    expect(found(new Traffic().send("PATCH", `/v1/projects/${PROJECT}`, 200, {}, { name: "é".repeat(200) }))).toEqual(
      [],
    );
    expect(found(new Traffic().send("PATCH", `/v1/projects/${PROJECT}/rounds/${SIM}`, 200, {}, { title: "" }))).toEqual(
      ["ROUND-RENAME-LENGTH violation"],
    );
  });
});

describe("memory", () => {
  it("should forget everything when a mock's control API changes the world", () => {
    const t = new Traffic();
    t.send("GET", `/v1/simulations/${SIM}`, 200, sim("completed"));
    t.send("POST", "/__mock/reset", 204);
    expect(found(t.send("POST", `/v1/simulations/${SIM}/run`, 200, sim("running")))).toEqual([]);
  });

  it("should stay within its bound, judging nothing it has forgotten", () => {
    const t = new Traffic({ maxResources: 3 });
    t.send("GET", `/v1/simulations/${SIM}`, 200, sim("completed"));
    for (let i = 0; i < 10; i++) t.send("GET", "/v1/simulations", 200, [{ ...sim("planned"), id: `other-${i}` }]);
    expect(t.judge.remembered).toBeLessThanOrEqual(3);
    expect(found(t.send("POST", `/v1/simulations/${SIM}/run`, 200, sim("running")))).toEqual([]);
  });
});

describe("the OpenAPI document", () => {
  it("should report a status the document does not list under the operation's own rule", () => {
    const t = new Traffic({ document, borrowedDocument: true });
    expect(found(t.send("POST", "/v1/simulations", 200, sim("planning")))).toEqual([
      "SIM-CREATE-201 violation",
      "STATUS-CODES-AS-LISTED violation",
    ]);
    expect(found(t.send("POST", "/v1/simulations", 201, { ...sim("planning"), status: 5 }))).toContain(
      "SIM-FIELD-STATUS violation",
    );
  });

  it("should take a request the service's own document refuses, accepted, as a suspect; not with a borrowed one", () => {
    const body = { mode: "research", goal: "g", user_model_ids: [], inputs: {} };
    // The response is judged too (the mock's own document wants its whole representation): only requests here.
    const requests = (t: Traffic, request: unknown) =>
      found(t.send("POST", "/v1/simulations", 201, sim("planning"), request)).filter((f) => f.startsWith("VALIDATION"));
    expect(requests(new Traffic({ document, borrowedDocument: false }), body)).toEqual(["VALIDATION-422 suspect"]);
    expect(requests(new Traffic({ document }), { ...body, user_model_ids: [SIM] })).toEqual([]);
    expect(requests(new Traffic({ document, borrowedDocument: true }), body)).toEqual([]);
  });
});

describe("what a state lasts, and a manual clock", () => {
  const url = `/v1/simulations/${SIM}`;

  it("should take a delete of a planning simulation as a suspect while it is younger than half the shortest planning seen", () => {
    const t = new Traffic();
    // Another simulation: created, still planning 6 s later, then planned.
    t.send("POST", "/v1/simulations", 201, { ...sim("planning"), id: SIM2 });
    t.wait(6000);
    t.send("GET", `/v1/simulations/${SIM2}`, 200, { ...sim("planning"), id: SIM2 });
    t.send("GET", `/v1/simulations/${SIM2}`, 200, { ...sim("planned"), id: SIM2 });
    t.send("POST", "/v1/simulations", 201, sim("planning"));
    t.wait(2000);
    const verdict = t.send("DELETE", url, 204);
    expect(found(verdict)).toEqual(["SIM-DELETE-409-PLANNING suspect"]);
    expect(verdict.findings[0]?.message).toMatch(/stayed planning at least 60\d\d ms/);
    const later = new Traffic();
    later.send("POST", "/v1/simulations", 201, { ...sim("planning"), id: SIM2 });
    later.wait(6000);
    later.send("GET", `/v1/simulations/${SIM2}`, 200, { ...sim("planned"), id: SIM2 });
    later.send("POST", "/v1/simulations", 201, sim("planning"));
    later.wait(4000);
    expect(found(later.send("DELETE", url, 204))).toEqual([]);
  });

  it("should keep a state on a manual clock until the clock is moved through the proxy", () => {
    const t = new Traffic({ manualClock: true });
    t.send("GET", url, 200, sim("running"));
    t.wait(60_000);
    const verdict = t.send("DELETE", url, 204);
    expect(found(verdict)).toEqual(["SIM-DELETE-409-RUNNING suspect"]);
    expect(verdict.findings[0]?.message).toMatch(/manual clock was not moved/);
    const moved = new Traffic({ manualClock: true });
    moved.send("GET", url, 200, sim("running"));
    moved.send("POST", "/__mock/clock/advance", 200, { now: "2026-01-01T00:00:01Z" }, { ms: 1000 });
    moved.wait(2000);
    expect(found(moved.send("DELETE", url, 204))).toEqual([]);
  });

  it("should order creations with a clock move between them, and forget nothing for a move", () => {
    const t = new Traffic({ manualClock: true });
    t.send("POST", "/v1/contexts", 201, { id: CTX_A, name: "a", body: "a" }, { name: "a", body: "a" });
    t.send("POST", "/__mock/clock/advance", 200, {}, { ms: 1000 });
    t.send("POST", "/v1/contexts", 201, { id: CTX_B, name: "b", body: "b" }, { name: "b", body: "b" });
    expect(found(t.send("GET", "/v1/contexts", 200, [{ id: CTX_A }, { id: CTX_B }]))).toEqual([
      "CONTEXT-LIST-UPDATED-FIRST violation",
    ]);
  });
});

describe("rules of a create, a write and a read", () => {
  it("should want one user model or more", () => {
    const body = { mode: "research", goal: "concept_test", user_model_ids: [] };
    expect(found(new Traffic().send("POST", "/v1/simulations", 201, sim("planning"), body))).toContain(
      "SIM-CREATE-USER-MODELS-REQUIRED violation",
    );
    expect(
      found(new Traffic().send("POST", "/v1/simulations", 422, { detail: [] }, body)).filter((f) =>
        f.startsWith("SIM-CREATE-USER-MODELS"),
      ),
    ).toEqual([]);
  });

  it("should take another caller's accepted write of a simulation as a suspect of SCOPE-OWN-SIMULATIONS", () => {
    const t = new Traffic();
    t.send("POST", "/v1/simulations", 201, sim("planning"));
    const verdict = t.send("POST", `/v1/simulations/${SIM}/share`, 200, {}, undefined, { caller: "bob" });
    expect(found(verdict)).toEqual(["SCOPE-OWN-SIMULATIONS suspect"]);
    expect(
      found(t.send("POST", `/v1/simulations/${SIM}/share`, 404, { detail: "x" }, undefined, { caller: "bob" })),
    ).toEqual([]);
  });

  it("should refuse a create naming a user model or context missing from the caller's list read after it existed", () => {
    const t = new Traffic();
    const model = "66666666-6666-4666-8666-666666666666";
    t.send("GET", "/v1/user-models", 200, [{ id: model, owned_by_org: true }], undefined, { caller: "bob" });
    t.send("GET", "/v1/user-models", 200, [], undefined, { caller: "alice" });
    const body = { mode: "research", goal: "concept_test", user_model_ids: [model] };
    expect(found(t.send("POST", "/v1/simulations", 201, sim("planning"), body))).toContain(
      "SCOPE-CREATE-USER-MODELS violation",
    );
    const u = new Traffic();
    u.send("POST", "/v1/contexts", 201, { id: CTX_B }, { name: "b", body: "b" }, { caller: "bob" });
    u.send("GET", "/v1/contexts", 200, [], undefined, { caller: "alice" });
    expect(
      found(u.send("POST", "/v1/projects", 201, { id: PROJECT, name: "New project" }, { context_id: CTX_B })),
    ).toContain("SCOPE-CREATE-CONTEXTS violation");
    // Without a list read after it, another caller's context may be the organisation's: not judged.
    const v = new Traffic();
    v.send("POST", "/v1/contexts", 201, { id: CTX_B }, { name: "b", body: "b" }, { caller: "bob" });
    expect(
      found(v.send("POST", "/v1/projects", 201, { id: PROJECT, name: "New project" }, { context_id: CTX_B })),
    ).toEqual([]);
  });

  it("should want the spec's deprecated operations marked deprecated in the served document", () => {
    const doc = (deprecated: boolean) => ({
      paths: { "/v1/answers": { post: { deprecated } }, "/v1/answers/benchmark": { post: { deprecated: true } } },
    });
    expect(found(new Traffic().send("GET", "/openapi.json", 200, doc(false)))).toEqual(["DEPRECATED-MARKED violation"]);
    expect(found(new Traffic().send("GET", "/openapi.json", 200, doc(true)))).toEqual([]);
  });

  it("should want a running simulation's progress field to hold something", () => {
    const url = `/v1/simulations/${SIM}`;
    expect(found(new Traffic().send("GET", url, 200, sim("running", { progress: null })))).toEqual([
      "SIM-RUNNING-PROGRESS violation",
    ]);
    expect(found(new Traffic().send("GET", url, 200, sim("running", { progress: 0.4 })))).toEqual([]);
    // Its name is not shown: without a field so named the judge says nothing.
    expect(found(new Traffic().send("GET", url, 200, sim("running")))).toEqual([]);
  });

  it("should take a rename refused within 1 to 200 characters (code points) as a violation", () => {
    const url = `/v1/projects/${PROJECT}`;
    const name = "😀".repeat(200);
    expect(found(new Traffic().send("PATCH", url, 422, { detail: [] }, { name }))).toEqual([
      "PROJECT-RENAME-LENGTH violation",
    ]);
    expect(found(new Traffic().send("PATCH", url, 422, { detail: [] }, { name: `${name}😀` }))).toEqual([]);
    expect(found(new Traffic().send("PATCH", url, 422, { detail: [] }, { name: "   " }))).toEqual([]);
  });
});
