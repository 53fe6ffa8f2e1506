/**
 * Byte-exact 422 (and 400) bodies, as FastAPI 0.142 + Pydantic 2.13 + CPython 3.12 write them, on the real endpoints of
 * the Behaviour Simulation Service. Every expected text below was written by hand from the spec files
 * (`behaviour-simulation-service.md`, `docs/decisions/fastapi-behaviour.md`, `docs/decisions/mock-choices.md`, the recordings in `contract-tests/oracle/`): compact JSON,
 * raw UTF-8, detail item keys in the order type, loc, msg, input, ctx.
 *
 * Tags: SPEC where the body follows from FastAPI/Pydantic behaviour on the spec's models (field order as the spec lists
 * them); MOCK where it depends on a choice of docs/decisions/mock-choices.md#request-models (limit bounds, user_model_ids min 1, inputs not
 * nullable, the artefact exactly-one rule, the insights request models, 404 texts).
 */
import { runSettings } from "../../src/kit/contract/settings.js";
import { goalFor } from "../support/fixtures.js";
import { describe, expect, FASTAPI, it, MOCK, SPEC, unobservable } from "../support/harness.js";
import type { Method as HttpMethod, Response } from "../support/http.js";
import { createResearch } from "../support/simulations.js";
import { NIL_UUID, named, newCaller, useTarget } from "../support/target.js";
import { errorLocs } from "../support/values.js";

const target = useTarget();

// ---------------------------------------------------------------------------------------------------------------------
// Table
// ---------------------------------------------------------------------------------------------------------------------

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

interface Resources {
  readonly owner: string;
  readonly projectId: string;
  readonly roundId: string;
}

interface Case {
  readonly name: string;
  readonly tag: "spec" | "mock";
  readonly method: Method;
  readonly path: string | ((r: Resources) => string);
  readonly headers?: Record<string, string>;
  /** A string is sent as UTF-8 with `contentType` (default application/json); a Buffer is sent as is. */
  readonly body?: string | Buffer;
  /** Content type for the body; `null` sends no Content-Type header at all. */
  readonly contentType?: string | null;
  /** Send as the owner of the shared project/round (for cases that must reach an existing resource). */
  readonly asOwner?: true;
  readonly expectStatus: number;
  /** The exact response text (or a pattern for the few texts whose wording the spec leaves to the implementation). */
  readonly expectText?: string | RegExp;
  /** Exact text asserted only against the mock (e.g. the body of a 200 for a brand-new caller). */
  readonly mockText?: string;
  readonly check?: (json: unknown) => void;
  /** Only FastAPI's parsing makes this a 422 (or an acceptance): no `spec` counterpart. */
  readonly fastapiOnly?: true;
  /** For a case whose status the spec itself fixes (not a 422): the spec rules its `spec` counterpart checks. */
  readonly specRules?: readonly string[];
  /** The mock rule of a `mock` case (default MOCK-422-MODELS). */
  readonly rules?: string;
}

/** `{"detail":[...]}` from hand-written detail items. */
const d = (...items: string[]) => `{"detail":[${items.join(",")}]}`;

/** Escapes a literal for use inside a RegExp. */
const re = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const N = NIL_UUID;
const U = "3fa85f64-5717-4562-b3fc-2c963f66afa6";
/** A well-formed id no implementation has: validation must fail before any lookup. */
const V = "6f1c2b9a-3d4e-4f50-8a61-7b8c9d0e1f23";
const SIMPLE = "3fa85f6457174562b3fc2c963f66afa6";

/** The start of a valid create-simulation body (mode, goal, user_model_ids), to which a case appends fields. */
const SIM = `"mode":"research","goal":"concept_test","user_model_ids":["${N}"]`;

// uuid crate (>= 1.23) error texts, written out per row of docs/decisions/fastapi-behaviour.md#uuid-error-texts "{error} text for a bad UUID".
const badChar = (ch: string, at: number) => `invalid character: found \`${ch}\` at ${at}`;
const badLen = (n: number) => `invalid length: expected length 32 for simple format, found ${n}`;
const badCount = (n: number) => `invalid group count: expected 5, found ${n}`;
const badGroup = (g: number, expected: number, found: number) =>
  `invalid group length in group ${g}: expected ${expected}, found ${found}`;

/** One uuid_parsing detail item; `input` here never needs JSON escaping beyond what JSON.stringify does for it. */
const uuidItem = (loc: string, input: string, error: string) =>
  `{"type":"uuid_parsing","loc":${loc},"msg":"Input should be a valid UUID, ${error}","input":${JSON.stringify(input)},"ctx":{"error":"${error}"}}`;

const PATH_SIM = '["path","simulation_id"]';

const INT_PARSING = (input: string) =>
  `{"type":"int_parsing","loc":["query","limit"],"msg":"Input should be a valid integer, unable to parse string as an integer","input":"${input}"}`;

const LITERAL_MODE = (loc: string, input: string) =>
  `{"type":"literal_error","loc":${loc},"msg":"Input should be 'research' or 'journey'","input":${input},"ctx":{"expected":"'research' or 'journey'"}}`;

const JSON_INVALID = (pos: number, error: string) =>
  d(`{"type":"json_invalid","loc":["body",${pos}],"msg":"JSON decode error","input":{},"ctx":{"error":"${error}"}}`);

const PROPERTY_NAME = "Expecting property name enclosed in double quotes";

const MODEL_ATTRIBUTES = (loc: string, input: string) =>
  `{"type":"model_attributes_type","loc":${loc},"msg":"Input should be a valid dictionary or object to extract fields from","input":${input}}`;

const MISSING_BODY = d('{"type":"missing","loc":["body"],"msg":"Field required","input":null}');
const MISSING_FILE = '{"type":"missing","loc":["body","file"],"msg":"Field required","input":null}';
const UPLOAD_TEXT = (input: string) =>
  `{"type":"value_error","loc":["body","file"],"msg":"Value error, Expected UploadFile, received: <class 'str'>","input":"${input}","ctx":{"error":{}}}`;

const ARTEFACT = `/v1/projects/${V}/rounds/${V}/artefact`;
const ARTEFACT_FILE = `/v1/projects/${V}/rounds/${V}/artefact/file`;

/** The artefact model validator's message is the implementation's own wording: everything else is exact. */
const artefactValueError = (input: string) =>
  new RegExp(
    `^${re('{"detail":[{"type":"value_error","loc":["body"],"msg":"Value error, ')}[^"\\\\]+${re(`","input":${input},"ctx":{"error":{}}}]}`)}$`,
  );

const BOUNDARY = "bss-boundary-7f3a";
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
const part = (name: string, value: string, filename?: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ""}\r\n` +
  `${filename ? "Content-Type: text/plain\r\n" : ""}\r\n${value}\r\n`;
const multipart = (...parts: string[]) => `${parts.join("")}--${BOUNDARY}--\r\n`;

// Strings whose length is counted in code points: "éééé😀" is 5 (JS .length 6).
const ACCENTS = "\u00e9\u00e9\u00e9\u00e9\u{1F600}";
const NAME_201 = "a".repeat(196) + ACCENTS; // 201 code points, .length 202
const NAME_200 = "a".repeat(195) + ACCENTS; // 200 code points, .length 201

const cases: Case[] = [
  // ---- missing -------------------------------------------------------------------------------------------------------
  {
    name: "missing: every required field of an empty object, input {}",
    tag: "spec",
    method: "POST",
    path: "/v1/contexts",
    body: "{}",
    expectStatus: 422,
    expectText: d(
      '{"type":"missing","loc":["body","name"],"msg":"Field required","input":{}}',
      '{"type":"missing","loc":["body","body"],"msg":"Field required","input":{}}',
    ),
  },
  {
    name: "missing: input is the whole object as received, integer-like key kept in input order",
    tag: "spec",
    method: "POST",
    path: "/v1/simulations",
    body: '{"zzz":1,"2":"two","goal":"concept_test"}',
    expectStatus: 422,
    expectText: d(
      '{"type":"missing","loc":["body","mode"],"msg":"Field required","input":{"zzz":1,"2":"two","goal":"concept_test"}}',
      '{"type":"missing","loc":["body","user_model_ids"],"msg":"Field required","input":{"zzz":1,"2":"two","goal":"concept_test"}}',
    ),
  },
  {
    name: "missing: echoed input keeps Python floats and big ints (1.0, 1e5, 1E2, 1e16, 1e-7, -0.0, 2^64)",
    tag: "spec",
    method: "POST",
    path: "/v1/contexts",
    body: '{"a":1.0,"b":1e5,"c":1E2,"d":1e16,"e":1e-7,"f":-0.0,"g":18446744073709551616,"h":0.1}',
    expectStatus: 422,
    expectText: d(
      '{"type":"missing","loc":["body","name"],"msg":"Field required","input":{"a":1.0,"b":100000.0,"c":100.0,"d":1e+16,"e":1e-07,"f":-0.0,"g":18446744073709551616,"h":0.1}}',
      '{"type":"missing","loc":["body","body"],"msg":"Field required","input":{"a":1.0,"b":100000.0,"c":100.0,"d":1e+16,"e":1e-07,"f":-0.0,"g":18446744073709551616,"h":0.1}}',
    ),
  },
  {
    name: "missing: duplicate keys keep the first position and the last value",
    tag: "spec",
    method: "POST",
    path: "/v1/contexts",
    body: '{"a":1,"b":0,"a":2}',
    expectStatus: 422,
    expectText: d(
      '{"type":"missing","loc":["body","name"],"msg":"Field required","input":{"a":2,"b":0}}',
      '{"type":"missing","loc":["body","body"],"msg":"Field required","input":{"a":2,"b":0}}',
    ),
  },
  {
    name: "missing: echoed strings are re-escaped like json.dumps(ensure_ascii=False)",
    tag: "spec",
    method: "POST",
    path: "/v1/contexts",
    body: '{"s":"\\u00e9\\n\\"\\\\\\/\\u0001\\t"}',
    expectStatus: 422,
    expectText: d(
      '{"type":"missing","loc":["body","name"],"msg":"Field required","input":{"s":"\u00e9\\n\\"\\\\/\\u0001\\t"}}',
      '{"type":"missing","loc":["body","body"],"msg":"Field required","input":{"s":"\u00e9\\n\\"\\\\/\\u0001\\t"}}',
    ),
  },
  {
    name: "NaN, Infinity and -Infinity are accepted by Python's json (ignored extra fields)",
    tag: "spec",
    fastapiOnly: true,
    method: "POST",
    path: "/v1/contexts",
    body: '{"name":"Acme","body":"# Acme","score":NaN,"big":Infinity,"small":-Infinity}',
    expectStatus: 201,
  },
  {
    name: "missing and type errors interleave in field order",
    tag: "spec",
    method: "POST",
    path: "/v1/simulations",
    body: '{"goal":5}',
    expectStatus: 422,
    expectText: d(
      '{"type":"missing","loc":["body","mode"],"msg":"Field required","input":{"goal":5}}',
      '{"type":"string_type","loc":["body","goal"],"msg":"Input should be a valid string","input":5}',
      '{"type":"missing","loc":["body","user_model_ids"],"msg":"Field required","input":{"goal":5}}',
    ),
  },
  {
    name: "missing: no body at all (JSON content type), loc [body], input null",
    tag: "spec",
    method: "POST",
    path: "/v1/contexts",
    body: "",
    expectStatus: 422,
    expectText: MISSING_BODY,
  },
  {
    name: "missing: no body and no content type",
    tag: "spec",
    method: "POST",
    path: "/v1/contexts",
    expectStatus: 422,
    expectText: MISSING_BODY,
  },
  {
    name: "missing: a literal null body",
    tag: "spec",
    fastapiOnly: true,
    method: "POST",
    path: "/v1/contexts",
    body: "null",
    expectStatus: 422,
    expectText: MISSING_BODY,
  },
  {
    name: "missing: a null body with surrounding whitespace",
    tag: "spec",
    fastapiOnly: true,
    method: "POST",
    path: "/v1/contexts",
    body: " \n null \n",
    expectStatus: 422,
    expectText: MISSING_BODY,
  },
  {
    name: "missing: move without a body",
    tag: "spec",
    method: "PATCH",
    path: `/v1/simulations/${N}`,
    expectStatus: 422,
    expectText: MISSING_BODY,
  },
  {
    name: "missing: required query parameter mode, input null",
    tag: "spec",
    method: "GET",
    path: "/v1/simulation-schema",
    expectStatus: 422,
    expectText: d('{"type":"missing","loc":["query","mode"],"msg":"Field required","input":null}'),
  },
  {
    name: "missing: required query parameter mode when goal is given",
    tag: "spec",
    method: "GET",
    path: "/v1/simulation-schema?goal=concept_test",
    expectStatus: 422,
    expectText: d('{"type":"missing","loc":["query","mode"],"msg":"Field required","input":null}'),
  },
  {
    name: "missing: item set ask, nested loc, input the item set",
    tag: "spec",
    method: "POST",
    path: "/v1/simulations",
    body: `{${SIM},"survey_design":{"item_sets":[{"items":["a","b"]}]}}`,
    expectStatus: 422,
    expectText: d(
      '{"type":"missing","loc":["body","survey_design","item_sets",0,"ask"],"msg":"Field required","input":{"items":["a","b"]}}',
    ),
  },
  {
    name: "missing: survey question text in a plan edit",
    tag: "spec",
    method: "PATCH",
    path: `/v1/simulations/${N}/plan`,
    body: '{"survey_questions":[{"question_type":"x"}]}',
    expectStatus: 422,
    expectText: d(
      '{"type":"missing","loc":["body","survey_questions",0,"question_text"],"msg":"Field required","input":{"question_type":"x"}}',
    ),
  },
  {
    name: "missing: rename project with {}",
    tag: "spec",
    method: "PATCH",
    path: `/v1/projects/${V}`,
    body: "{}",
    expectStatus: 422,
    expectText: d('{"type":"missing","loc":["body","name"],"msg":"Field required","input":{}}'),
  },

  // ---- extra_forbidden -----------------------------------------------------------------------------------------------
  {
    name: "extra_forbidden: survey design, item set and custom question; after declared-field errors, in input key order",
    tag: "spec",
    method: "POST",
    path: "/v1/simulations",
    body: `{${SIM},"survey_design":{"zzz":1,"stimulus":5,"aaa":[true],"item_sets":[{"ask":"","items":["a","b"],"extra":null}],"custom_questions":[{"question_text":"Q?","bonus":"x"}]}}`,
    expectStatus: 422,
    expectText: d(
      '{"type":"string_type","loc":["body","survey_design","stimulus"],"msg":"Input should be a valid string","input":5}',
      '{"type":"string_too_short","loc":["body","survey_design","item_sets",0,"ask"],"msg":"String should have at least 1 character","input":"","ctx":{"min_length":1}}',
      '{"type":"extra_forbidden","loc":["body","survey_design","item_sets",0,"extra"],"msg":"Extra inputs are not permitted","input":null}',
      '{"type":"extra_forbidden","loc":["body","survey_design","custom_questions",0,"bonus"],"msg":"Extra inputs are not permitted","input":"x"}',
      '{"type":"extra_forbidden","loc":["body","survey_design","zzz"],"msg":"Extra inputs are not permitted","input":1}',
      '{"type":"extra_forbidden","loc":["body","survey_design","aaa"],"msg":"Extra inputs are not permitted","input":[true]}',
    ),
  },
  {
    name: "extra_forbidden: integer-like unknown keys keep input order",
    tag: "spec",
    method: "POST",
    path: "/v1/simulations",
    body: `{${SIM},"survey_design":{"b":1,"2":2,"a":3}}`,
    expectStatus: 422,
    expectText: d(
      '{"type":"extra_forbidden","loc":["body","survey_design","b"],"msg":"Extra inputs are not permitted","input":1}',
      '{"type":"extra_forbidden","loc":["body","survey_design","2"],"msg":"Extra inputs are not permitted","input":2}',
      '{"type":"extra_forbidden","loc":["body","survey_design","a"],"msg":"Extra inputs are not permitted","input":3}',
    ),
  },
  {
    name: "extra_forbidden: custom question extra after its field errors (too_short with valid items)",
    tag: "spec",
    method: "POST",
    path: "/v1/simulations",
    body: `{${SIM},"survey_design":{"custom_questions":[{"zz":0,"question_text":"","answer_options":["a"]}]}}`,
    expectStatus: 422,
    expectText: d(
      '{"type":"string_too_short","loc":["body","survey_design","custom_questions",0,"question_text"],"msg":"String should have at least 1 character","input":"","ctx":{"min_length":1}}',
      '{"type":"too_short","loc":["body","survey_design","custom_questions",0,"answer_options"],"msg":"List should have at least 2 items after validation, not 1","input":["a"],"ctx":{"field_type":"List","min_length":2,"actual_length":1}}',
      '{"type":"extra_forbidden","loc":["body","survey_design","custom_questions",0,"zz"],"msg":"Extra inputs are not permitted","input":0}',
    ),
  },
  {
    name: "extra keys on a model that ignores extras are accepted (create context)",
    tag: "spec",
    method: "POST",
    path: "/v1/contexts",
    body: '{"name":"Acme","body":"# Acme","unexpected":1}',
    expectStatus: 201,
  },

  // ---- string_type ---------------------------------------------------------------------------------------------------
  {
    name: "string_type: number and null",
    tag: "spec",
    method: "POST",
    path: "/v1/contexts",
    body: '{"name":123,"body":null}',
    expectStatus: 422,
    expectText: d(
      '{"type":"string_type","loc":["body","name"],"msg":"Input should be a valid string","input":123}',
      '{"type":"string_type","loc":["body","body"],"msg":"Input should be a valid string","input":null}',
    ),
  },
  {
    name: "string_type: bool, array, object, float 1.0",
    tag: "spec",
    method: "POST",
    path: "/v1/simulations",
    body: `{"mode":"research","goal":true,"user_model_ids":["${N}"],"title":{"a":[1.0]}}`,
    expectStatus: 422,
    expectText: d(
      '{"type":"string_type","loc":["body","goal"],"msg":"Input should be a valid string","input":true}',
      '{"type":"string_type","loc":["body","title"],"msg":"Input should be a valid string","input":{"a":[1.0]}}',
    ),
  },
  {
    name: "string_type: null for a required string (rename project)",
    tag: "spec",
    method: "PATCH",
    path: `/v1/projects/${V}`,
    body: '{"name":null}',
    expectStatus: 422,
    expectText: d('{"type":"string_type","loc":["body","name"],"msg":"Input should be a valid string","input":null}'),
  },

  // ---- string_too_short / string_too_long ----------------------------------------------------------------------------
  {
    name: "string_too_short: project rename to an empty name",
    tag: "spec",
    method: "PATCH",
    path: `/v1/projects/${V}`,
    body: '{"name":""}',
    expectStatus: 422,
    expectText: d(
      '{"type":"string_too_short","loc":["body","name"],"msg":"String should have at least 1 character","input":"","ctx":{"min_length":1}}',
    ),
  },
  {
    name: "string_too_long: project rename to 201 code points (JS length 202), raw UTF-8 echo",
    tag: "spec",
    method: "PATCH",
    path: `/v1/projects/${V}`,
    body: JSON.stringify({ name: NAME_201 }),
    expectStatus: 422,
    expectText: d(
      `{"type":"string_too_long","loc":["body","name"],"msg":"String should have at most 200 characters","input":"${NAME_201}","ctx":{"max_length":200}}`,
    ),
  },
  {
    name: "string length in code points: a 200 code point name (JS length 201) is accepted",
    tag: "spec",
    specRules: ["PROJECT-RENAME-LENGTH"],
    method: "PATCH",
    path: (r) => `/v1/projects/${r.projectId}`,
    asOwner: true,
    body: JSON.stringify({ name: NAME_200 }),
    expectStatus: 200,
    check: (json) => expect((json as { name: string }).name).toBe(NAME_200),
  },
  {
    name: "string_too_short: round rename to an empty title",
    tag: "spec",
    method: "PATCH",
    path: `/v1/projects/${V}/rounds/${V}`,
    body: '{"title":""}',
    expectStatus: 422,
    expectText: d(
      '{"type":"string_too_short","loc":["body","title"],"msg":"String should have at least 1 character","input":"","ctx":{"min_length":1}}',
    ),
  },
  {
    name: "string_too_long: round rename to 201 code points",
    tag: "spec",
    method: "PATCH",
    path: `/v1/projects/${V}/rounds/${V}`,
    body: JSON.stringify({ title: NAME_201 }),
    expectStatus: 422,
    expectText: d(
      `{"type":"string_too_long","loc":["body","title"],"msg":"String should have at most 200 characters","input":"${NAME_201}","ctx":{"max_length":200}}`,
    ),
  },
  {
    name: "string length in code points: a 200 code point round title is accepted",
    tag: "spec",
    specRules: ["ROUND-RENAME-LENGTH"],
    method: "PATCH",
    path: (r) => `/v1/projects/${r.projectId}/rounds/${r.roundId}`,
    asOwner: true,
    body: JSON.stringify({ title: NAME_200 }),
    expectStatus: 200,
    check: (json) => expect((json as { title: string }).title).toBe(NAME_200),
  },

  // ---- too_short / too_long ------------------------------------------------------------------------------------------
  {
    name: "too_short: user_model_ids []",
    tag: "mock",
    method: "POST",
    path: "/v1/simulations",
    body: '{"mode":"research","goal":"concept_test","user_model_ids":[]}',
    expectStatus: 422,
    expectText: d(
      '{"type":"too_short","loc":["body","user_model_ids"],"msg":"List should have at least 1 item after validation, not 0","input":[],"ctx":{"field_type":"List","min_length":1,"actual_length":0}}',
    ),
  },
  {
    name: "too_short: item set with one item",
    tag: "spec",
    method: "POST",
    path: "/v1/simulations",
    body: `{${SIM},"survey_design":{"item_sets":[{"ask":"How appealing is","items":["a"]}]}}`,
    expectStatus: 422,
    expectText: d(
      '{"type":"too_short","loc":["body","survey_design","item_sets",0,"items"],"msg":"List should have at least 2 items after validation, not 1","input":["a"],"ctx":{"field_type":"List","min_length":2,"actual_length":1}}',
    ),
  },
  {
    name: "too_short only when items are valid: one empty item gives only the item error",
    tag: "spec",
    method: "POST",
    path: "/v1/simulations",
    body: `{${SIM},"survey_design":{"item_sets":[{"ask":"How appealing is","items":[""]}]}}`,
    expectStatus: 422,
    expectText: d(
      '{"type":"string_too_short","loc":["body","survey_design","item_sets",0,"items",0],"msg":"String should have at least 1 character","input":"","ctx":{"min_length":1}}',
    ),
  },
  {
    name: "too_short only when items are valid: a number item gives only string_type",
    tag: "spec",
    method: "POST",
    path: "/v1/simulations",
    body: `{${SIM},"survey_design":{"item_sets":[{"ask":"How appealing is","items":[5]}]}}`,
    expectStatus: 422,
    expectText: d(
      '{"type":"string_type","loc":["body","survey_design","item_sets",0,"items",0],"msg":"Input should be a valid string","input":5}',
    ),
  },
  {
    name: "too_short: scale with one label",
    tag: "spec",
    method: "POST",
    path: "/v1/simulations",
    body: `{${SIM},"survey_design":{"item_sets":[{"ask":"Rate","items":["a","b"],"scale":["only"]}]}}`,
    expectStatus: 422,
    expectText: d(
      '{"type":"too_short","loc":["body","survey_design","item_sets",0,"scale"],"msg":"List should have at least 2 items after validation, not 1","input":["only"],"ctx":{"field_type":"List","min_length":2,"actual_length":1}}',
    ),
  },
  {
    name: "too_long replaces item errors: scale of 8 with bad labels gives only too_long",
    tag: "spec",
    method: "POST",
    path: "/v1/simulations",
    body: `{${SIM},"survey_design":{"item_sets":[{"ask":"Rate","items":["a","b"],"scale":["",1,"c","d","e","f","g","h"]}]}}`,
    expectStatus: 422,
    expectText: d(
      '{"type":"too_long","loc":["body","survey_design","item_sets",0,"scale"],"msg":"List should have at most 7 items after validation, not 8","input":["",1,"c","d","e","f","g","h"],"ctx":{"field_type":"List","max_length":7,"actual_length":8}}',
    ),
  },
  {
    name: "too_long: actual_length is the whole input length (9 labels)",
    tag: "spec",
    method: "POST",
    path: "/v1/simulations",
    body: `{${SIM},"survey_design":{"item_sets":[{"ask":"Rate","items":["a","b"],"scale":["1","2","3","4","5","6","7","8","9"]}]}}`,
    expectStatus: 422,
    expectText: d(
      '{"type":"too_long","loc":["body","survey_design","item_sets",0,"scale"],"msg":"List should have at most 7 items after validation, not 9","input":["1","2","3","4","5","6","7","8","9"],"ctx":{"field_type":"List","max_length":7,"actual_length":9}}',
    ),
  },
  {
    name: "a scale of exactly 7 reports its item errors",
    tag: "spec",
    method: "POST",
    path: "/v1/simulations",
    body: `{${SIM},"survey_design":{"item_sets":[{"ask":"Rate","items":["a","b"],"scale":["1","2","","4","5","6",7]}]}}`,
    expectStatus: 422,
    expectText: d(
      '{"type":"string_too_short","loc":["body","survey_design","item_sets",0,"scale",2],"msg":"String should have at least 1 character","input":"","ctx":{"min_length":1}}',
      '{"type":"string_type","loc":["body","survey_design","item_sets",0,"scale",6],"msg":"Input should be a valid string","input":7}',
    ),
  },
  {
    name: "too_long: custom question with 11 answer options (one bad) gives only too_long",
    tag: "spec",
    method: "POST",
    path: "/v1/simulations",
    body: `{${SIM},"survey_design":{"custom_questions":[{"question_text":"Q","answer_options":["a","","c","d","e","f","g","h","i","j","k"]}]}}`,
    expectStatus: 422,
    expectText: d(
      '{"type":"too_long","loc":["body","survey_design","custom_questions",0,"answer_options"],"msg":"List should have at most 10 items after validation, not 11","input":["a","","c","d","e","f","g","h","i","j","k"],"ctx":{"field_type":"List","max_length":10,"actual_length":11}}',
    ),
  },

  // ---- list_type / dict_type -----------------------------------------------------------------------------------------
  {
    name: "list_type: user_model_ids as a string",
    tag: "spec",
    method: "POST",
    path: "/v1/simulations",
    body: '{"mode":"research","goal":"concept_test","user_model_ids":"abc"}',
    expectStatus: 422,
    expectText: d(
      '{"type":"list_type","loc":["body","user_model_ids"],"msg":"Input should be a valid list","input":"abc"}',
    ),
  },
  {
    name: "list_type: null and object",
    tag: "spec",
    method: "POST",
    path: "/v1/simulations",
    body: `{${SIM},"survey_design":{"item_sets":{"a":1},"custom_questions":null}}`,
    expectStatus: 422,
    expectText: d(
      '{"type":"list_type","loc":["body","survey_design","item_sets"],"msg":"Input should be a valid list","input":{"a":1}}',
      '{"type":"list_type","loc":["body","survey_design","custom_questions"],"msg":"Input should be a valid list","input":null}',
    ),
  },
  {
    name: "list_type: plan survey_questions as a string",
    tag: "spec",
    method: "PATCH",
    path: `/v1/simulations/${N}/plan`,
    body: '{"survey_questions":"x"}',
    expectStatus: 422,
    expectText: d(
      '{"type":"list_type","loc":["body","survey_questions"],"msg":"Input should be a valid list","input":"x"}',
    ),
  },
  {
    name: "dict_type: inputs as an array",
    tag: "spec",
    method: "POST",
    path: "/v1/simulations",
    body: `{"mode":"research","goal":"concept_test","inputs":[1,2],"user_model_ids":["${N}"]}`,
    expectStatus: 422,
    expectText: d(
      '{"type":"dict_type","loc":["body","inputs"],"msg":"Input should be a valid dictionary","input":[1,2]}',
    ),
  },
  {
    name: "dict_type: inputs null (inputs is not nullable, default {})",
    tag: "mock",
    method: "POST",
    path: "/v1/simulations",
    body: `{"mode":"research","goal":"concept_test","inputs":null,"user_model_ids":["${N}"]}`,
    expectStatus: 422,
    expectText: d(
      '{"type":"dict_type","loc":["body","inputs"],"msg":"Input should be a valid dictionary","input":null}',
    ),
  },
  {
    name: "dict_type: plan journey_task as a string",
    tag: "spec",
    method: "PATCH",
    path: `/v1/simulations/${N}/plan`,
    body: '{"journey_task":"x"}',
    expectStatus: 422,
    expectText: d(
      '{"type":"dict_type","loc":["body","journey_task"],"msg":"Input should be a valid dictionary","input":"x"}',
    ),
  },

  // ---- model_attributes_type -----------------------------------------------------------------------------------------
  {
    name: "model_attributes_type: array body",
    tag: "spec",
    method: "POST",
    path: "/v1/contexts",
    body: "[1,2]",
    expectStatus: 422,
    expectText: d(MODEL_ATTRIBUTES('["body"]', "[1,2]")),
  },
  {
    name: "model_attributes_type: JSON string body",
    tag: "spec",
    method: "POST",
    path: "/v1/contexts",
    body: '"abc"',
    expectStatus: 422,
    expectText: d(MODEL_ATTRIBUTES('["body"]', '"abc"')),
  },
  {
    name: "model_attributes_type: number body 1.0 echoed as a Python float",
    tag: "spec",
    method: "POST",
    path: "/v1/contexts",
    body: "1.0",
    expectStatus: 422,
    expectText: d(MODEL_ATTRIBUTES('["body"]', "1.0")),
  },
  {
    name: "model_attributes_type: true body",
    tag: "spec",
    method: "POST",
    path: "/v1/contexts",
    body: "true",
    expectStatus: 422,
    expectText: d(MODEL_ATTRIBUTES('["body"]', "true")),
  },
  {
    name: "model_attributes_type: text/plain JSON is not parsed, input is the raw text",
    tag: "spec",
    fastapiOnly: true,
    method: "POST",
    path: "/v1/contexts",
    body: '{"name":"a","body":"b"}',
    contentType: "text/plain",
    expectStatus: 422,
    expectText: d(MODEL_ATTRIBUTES('["body"]', '"{\\"name\\":\\"a\\",\\"body\\":\\"b\\"}"')),
  },
  {
    name: "model_attributes_type: body without a content type is not parsed (FastAPI >= 0.132)",
    tag: "spec",
    fastapiOnly: true,
    method: "POST",
    path: "/v1/contexts",
    body: Buffer.from('{"name":"a","body":"b"}', "utf8"),
    expectStatus: 422,
    expectText: d(MODEL_ATTRIBUTES('["body"]', '"{\\"name\\":\\"a\\",\\"body\\":\\"b\\"}"')),
  },
  {
    name: "model_attributes_type: form-urlencoded body, input the raw text",
    tag: "spec",
    fastapiOnly: true,
    method: "POST",
    path: "/v1/contexts",
    body: "name=x&body=y",
    contentType: "application/x-www-form-urlencoded",
    expectStatus: 422,
    expectText: d(MODEL_ATTRIBUTES('["body"]', '"name=x&body=y"')),
  },
  {
    name: "model_attributes_type: application/not-really-json is not JSON, raw UTF-8 echo",
    tag: "spec",
    fastapiOnly: true,
    method: "POST",
    path: "/v1/contexts",
    body: '{"name":"h\u00e9"}',
    contentType: "application/not-really-json",
    expectStatus: 422,
    expectText: d(MODEL_ATTRIBUTES('["body"]', '"{\\"name\\":\\"h\u00e9\\"}"')),
  },
  {
    name: "model_attributes_type: nested survey_design given as a string",
    tag: "spec",
    method: "POST",
    path: "/v1/simulations",
    body: `{${SIM},"survey_design":"x"}`,
    expectStatus: 422,
    expectText: d(MODEL_ATTRIBUTES('["body","survey_design"]', '"x"')),
  },
  {
    name: "model_attributes_type: list items that are not objects (string, null)",
    tag: "spec",
    method: "POST",
    path: "/v1/simulations",
    body: `{${SIM},"survey_design":{"item_sets":["x"],"custom_questions":[null]}}`,
    expectStatus: 422,
    expectText: d(
      MODEL_ATTRIBUTES('["body","survey_design","item_sets",0]', '"x"'),
      MODEL_ATTRIBUTES('["body","survey_design","custom_questions",0]', "null"),
    ),
  },
  {
    name: "model_attributes_type: plan survey questions null and array",
    tag: "spec",
    method: "PATCH",
    path: `/v1/simulations/${N}/plan`,
    body: '{"survey_questions":[null,["q"]]}',
    expectStatus: 422,
    expectText: d(
      MODEL_ATTRIBUTES('["body","survey_questions",0]', "null"),
      MODEL_ATTRIBUTES('["body","survey_questions",1]', '["q"]'),
    ),
  },

  // ---- uuid_parsing (path) -------------------------------------------------------------------------------------------
  ...(
    [
      ["not-a-uuid", badChar("n", 1)],
      ["123", badLen(3)],
      ["a".repeat(33), badLen(33)],
      [`${SIMPLE.slice(0, 31)}z`, badChar("z", 32)],
      [U.slice(0, 35), badGroup(4, 12, 11)],
      ["3fa85f6-45717-4562-b3fc-2c963f66afa6", badGroup(0, 8, 7)],
      ["3fa85f64-57174-562-b3fc-2c963f66afa6", badGroup(1, 4, 5)],
      [`${U}-`, badCount(6)],
      ["3fa85f64-5717-4562-b3fc2c963f66afa6", badCount(4)],
      ["3fa85f64-5717-4562-b3fc-2c963f66", badGroup(4, 12, 8)],
      [`${U.slice(0, 35)}Z`, badChar("Z", 36)],
      [`{${SIMPLE}}`, badCount(1)],
      ["urn:uuid:zz", badChar("z", 10)],
      ["{zz}", badChar("z", 2)],
      [`URN:UUID:${U}`, badChar("U", 1)],
      [`{${U}a}`, badGroup(4, 12, 15)],
      [`urn:uuid:${U}ab`, badGroup(4, 12, 23)],
      [`{${U}`, badChar("{", 1)],
      // 38 chars in braces / 45 with the urn prefix: the error comes from the inner 36 characters.
      [`{${U.slice(0, 35)}Z}`, badChar("Z", 36)],
      [`urn:uuid:${U.slice(0, 35)}Z`, badChar("Z", 36)],
      [`{${SIMPLE}abcd}`, badLen(36)],
      ["\u00e9t\u00e9", badChar("\u00e9", 1)],
      ["ab\u{1F600}", badChar("\u{1F600}", 3)],
    ] as const
  ).map(
    ([input, error]): Case => ({
      name: `uuid_parsing: path simulation_id ${JSON.stringify(input)} -> ${error}`,
      tag: "spec",
      method: "GET",
      path: `/v1/simulations/${encodeURIComponent(input)}`,
      expectStatus: 422,
      expectText: d(uuidItem(PATH_SIM, input, error)),
    }),
  ),
  ...[N, U.toUpperCase(), SIMPLE, `{${U}}`, `urn:uuid:${U}`].map(
    (input): Case => ({
      name: `uuid accepted in the path: ${input} (then 404 Simulation not found)`,
      tag: "mock",
      rules: "MOCK-ERROR-BODIES",
      method: "GET",
      path: `/v1/simulations/${encodeURIComponent(input)}`,
      expectStatus: 404,
      expectText: '{"detail":"Simulation not found"}',
    }),
  ),
  {
    name: "uuid_parsing: other path parameters (project_id, context_id, answer_id)",
    tag: "spec",
    method: "GET",
    path: "/v1/projects/xyz",
    expectStatus: 422,
    expectText: d(uuidItem('["path","project_id"]', "xyz", badChar("x", 1))),
  },
  {
    name: "uuid_parsing: context_id of hex digits only is a simple-format length error",
    tag: "spec",
    method: "GET",
    path: "/v1/contexts/abc",
    expectStatus: 422,
    expectText: d(uuidItem('["path","context_id"]', "abc", badLen(3))),
  },
  {
    name: "GET /v1/answers/benchmark is the get-answer route (full match beats the POST route): uuid_parsing",
    tag: "spec",
    fastapiOnly: true,
    method: "GET",
    path: "/v1/answers/benchmark",
    expectStatus: 422,
    expectText: d(uuidItem('["path","answer_id"]', "benchmark", badChar("n", 3))),
  },
  {
    name: "GET /v1/predictions/batch is the get-prediction route: uuid_parsing",
    tag: "spec",
    fastapiOnly: true,
    method: "GET",
    path: "/v1/predictions/batch",
    expectStatus: 422,
    expectText: d(uuidItem('["path","prediction_id"]', "batch", badChar("t", 3))),
  },
  {
    name: "uuid_parsing: envelope endpoints keep FastAPI's 422 detail body",
    tag: "spec",
    method: "GET",
    path: "/v1/populations/not-a-uuid",
    expectStatus: 422,
    expectText: d(uuidItem('["path","population_id"]', "not-a-uuid", badChar("n", 1))),
  },
  {
    name: "retest takes a string id: a non-uuid id is not a validation error but a 404 envelope",
    tag: "mock",
    rules: "MOCK-ENVELOPE-ERRORS",
    method: "POST",
    path: "/v1/populations/not-a-uuid/retest",
    expectStatus: 404,
    expectText: /^\{"data":null,"errors":\[\{"code":"not_found","message":"[^"]+"\}\]\}$/,
  },
  {
    name: "uuid_parsing: query project_id, empty value is length 0",
    tag: "spec",
    fastapiOnly: true,
    method: "GET",
    path: "/v1/simulations?project_id=",
    expectStatus: 422,
    expectText: d(uuidItem('["query","project_id"]', "", badLen(0))),
  },
  {
    name: "uuid_parsing: body ids (list item, empty string, non-hex)",
    tag: "spec",
    method: "POST",
    path: "/v1/simulations",
    body: '{"mode":"research","goal":"concept_test","user_model_ids":["bad"],"project_id":"","context_id":"x"}',
    expectStatus: 422,
    expectText: d(
      uuidItem('["body","user_model_ids",0]', "bad", badLen(3)),
      uuidItem('["body","project_id"]', "", badLen(0)),
      uuidItem('["body","context_id"]', "x", badChar("x", 1)),
    ),
  },

  // ---- uuid_type -----------------------------------------------------------------------------------------------------
  {
    name: "uuid_type: move with project_id 123",
    tag: "spec",
    method: "PATCH",
    path: `/v1/simulations/${N}`,
    body: '{"project_id":123}',
    expectStatus: 422,
    expectText: d(
      '{"type":"uuid_type","loc":["body","project_id"],"msg":"UUID input should be a string, bytes or UUID object","input":123}',
    ),
  },
  {
    name: "uuid_type: move with project_id null (required, not Optional)",
    tag: "spec",
    method: "PATCH",
    path: `/v1/simulations/${N}`,
    body: '{"project_id":null}',
    expectStatus: 422,
    expectText: d(
      '{"type":"uuid_type","loc":["body","project_id"],"msg":"UUID input should be a string, bytes or UUID object","input":null}',
    ),
  },
  {
    name: "uuid_type: bool and list item number",
    tag: "spec",
    method: "POST",
    path: "/v1/simulations",
    body: '{"mode":"research","goal":"concept_test","user_model_ids":[1],"round_id":true}',
    expectStatus: 422,
    expectText: d(
      '{"type":"uuid_type","loc":["body","user_model_ids",0],"msg":"UUID input should be a string, bytes or UUID object","input":1}',
      '{"type":"uuid_type","loc":["body","round_id"],"msg":"UUID input should be a string, bytes or UUID object","input":true}',
    ),
  },

  // ---- query limit: int_parsing, bounds, lax coercions ---------------------------------------------------------------
  ...["abc", "", "2.5", "1e3", "--1", "+-1", "_1", "1__0"].map(
    (raw): Case => ({
      name: `int_parsing: limit=${JSON.stringify(raw)}`,
      tag: "spec",
      ...(["abc", "2.5"].includes(raw) ? {} : { fastapiOnly: true as const }),
      method: "GET",
      path: `/v1/simulations?limit=${encodeURIComponent(raw)}`,
      expectStatus: 422,
      expectText: d(INT_PARSING(raw)),
    }),
  ),
  {
    name: "repeated query parameter: the last value is used (?limit=1&limit=abc)",
    tag: "spec",
    fastapiOnly: true,
    method: "GET",
    path: "/v1/simulations?limit=1&limit=abc",
    expectStatus: 422,
    expectText: d(INT_PARSING("abc")),
  },
  {
    name: "repeated query parameter: the last value is used (?limit=abc&limit=5)",
    tag: "spec",
    fastapiOnly: true,
    method: "GET",
    path: "/v1/simulations?limit=abc&limit=5",
    expectStatus: 200,
    mockText: "[]",
  },
  ...[" 20 ", "+5", "020", "1_0", "20.0", "20.00", "1"].map(
    (raw): Case => ({
      name: `lax int: limit=${JSON.stringify(raw)} is accepted`,
      tag: "spec",
      method: "GET",
      path: `/v1/simulations?limit=${encodeURIComponent(raw)}`,
      expectStatus: 200,
      mockText: "[]",
    }),
  ),
  {
    name: "limit=100 is the largest accepted",
    tag: "mock",
    method: "GET",
    path: "/v1/simulations?limit=100",
    expectStatus: 200,
    expectText: "[]",
  },
  ...(
    [
      ["0", 1],
      ["-1", 1],
      ["0.0", 1],
    ] as const
  ).map(
    ([raw, ge]): Case => ({
      name: `greater_than_equal: limit=${raw}, input the raw string`,
      tag: "mock",
      method: "GET",
      path: `/v1/simulations?limit=${encodeURIComponent(raw)}`,
      expectStatus: 422,
      expectText: d(
        `{"type":"greater_than_equal","loc":["query","limit"],"msg":"Input should be greater than or equal to ${ge}","input":"${raw}","ctx":{"ge":${ge}}}`,
      ),
    }),
  ),
  ...["101", "1_000", " 1000 "].map(
    (raw): Case => ({
      name: `less_than_equal: limit=${JSON.stringify(raw)}, input the raw string`,
      tag: "mock",
      method: "GET",
      path: `/v1/simulations?limit=${encodeURIComponent(raw)}`,
      expectStatus: 422,
      expectText: d(
        `{"type":"less_than_equal","loc":["query","limit"],"msg":"Input should be less than or equal to 100","input":"${raw}","ctx":{"le":100}}`,
      ),
    }),
  ),

  // ---- literal_error -------------------------------------------------------------------------------------------------
  ...(
    [
      ['"other"', '"other"'],
      ['"Research"', '"Research"'],
      ["null", "null"],
      ["5", "5"],
    ] as const
  ).map(
    ([raw, input]): Case => ({
      name: `literal_error: body mode ${raw}`,
      tag: "spec",
      method: "POST",
      path: "/v1/simulations",
      body: `{"mode":${raw},"goal":"concept_test","user_model_ids":["${N}"]}`,
      expectStatus: 422,
      expectText: d(LITERAL_MODE('["body","mode"]', input)),
    }),
  ),
  {
    name: "literal_error: query mode=other",
    tag: "spec",
    method: "GET",
    path: "/v1/simulation-schema?mode=other",
    expectStatus: 422,
    expectText: d(LITERAL_MODE('["query","mode"]', '"other"')),
  },
  {
    name: "literal_error: query mode= (empty)",
    tag: "spec",
    fastapiOnly: true,
    method: "GET",
    path: "/v1/simulation-schema?mode=",
    expectStatus: 422,
    expectText: d(LITERAL_MODE('["query","mode"]', '""')),
  },
  {
    name: "literal_error and friends on the create-prediction model (mock's request model)",
    tag: "mock",
    rules: "MOCK-PREDICTIONS",
    method: "POST",
    path: "/v1/predictions",
    body: '{"population_id":"x","question":"","answer_options":["a"],"question_type":"multi"}',
    expectStatus: 422,
    expectText: d(
      uuidItem('["body","population_id"]', "x", badChar("x", 1)),
      '{"type":"string_too_short","loc":["body","question"],"msg":"String should have at least 1 character","input":"","ctx":{"min_length":1}}',
      '{"type":"too_short","loc":["body","answer_options"],"msg":"List should have at least 2 items after validation, not 1","input":["a"],"ctx":{"field_type":"List","min_length":2,"actual_length":1}}',
      `{"type":"literal_error","loc":["body","question_type"],"msg":"Input should be 'single-choice'","input":"multi","ctx":{"expected":"'single-choice'"}}`,
    ),
  },

  // ---- value_error ---------------------------------------------------------------------------------------------------
  {
    name: "value_error: artefact with both text and url, loc [body], input the object",
    tag: "mock",
    rules: "MOCK-ARTEFACTS",
    method: "POST",
    path: ARTEFACT,
    body: '{"text":"pasted","url":"https://example.com/a"}',
    expectStatus: 422,
    expectText: artefactValueError('{"text":"pasted","url":"https://example.com/a"}'),
  },
  {
    name: "value_error: artefact with neither text nor url",
    tag: "mock",
    rules: "MOCK-ARTEFACTS",
    method: "POST",
    path: ARTEFACT,
    body: '{"name":"Brief"}',
    expectStatus: 422,
    expectText: artefactValueError('{"name":"Brief"}'),
  },
  {
    name: "value_error: artefact {} and explicit nulls count as neither",
    tag: "mock",
    rules: "MOCK-ARTEFACTS",
    method: "POST",
    path: ARTEFACT,
    body: '{"text":null,"url":null}',
    expectStatus: 422,
    expectText: artefactValueError('{"text":null,"url":null}'),
  },
  {
    name: "value_error: artefact url that is not http(s)",
    tag: "mock",
    rules: "MOCK-ARTEFACTS",
    method: "POST",
    path: ARTEFACT,
    body: '{"url":"ftp://example.com/a"}',
    expectStatus: 422,
    expectText: artefactValueError('{"url":"ftp://example.com/a"}'),
  },
  {
    name: "field errors come before (and instead of) the artefact model validator",
    tag: "mock",
    rules: "MOCK-ARTEFACTS",
    method: "POST",
    path: ARTEFACT,
    body: '{"text":5,"url":"https://example.com/a"}',
    expectStatus: 422,
    expectText: d('{"type":"string_type","loc":["body","text"],"msg":"Input should be a valid string","input":5}'),
  },
  {
    name: "value_error: multipart text part named file",
    tag: "spec",
    fastapiOnly: true,
    method: "POST",
    path: ARTEFACT_FILE,
    body: multipart(part("file", "notafile")),
    contentType: MULTIPART,
    expectStatus: 422,
    expectText: d(UPLOAD_TEXT("notafile")),
  },
  {
    name: "value_error: form-urlencoded file field is text",
    tag: "spec",
    fastapiOnly: true,
    method: "POST",
    path: ARTEFACT_FILE,
    body: "file=abc",
    contentType: "application/x-www-form-urlencoded",
    expectStatus: 422,
    expectText: d(UPLOAD_TEXT("abc")),
  },

  // ---- multipart: missing file, boundary ------------------------------------------------------------------------------
  {
    name: "missing file: multipart without a file part",
    tag: "spec",
    method: "POST",
    path: ARTEFACT_FILE,
    body: multipart(part("other", "x")),
    contentType: MULTIPART,
    expectStatus: 422,
    expectText: d(MISSING_FILE),
  },
  {
    name: "missing file: an empty text part counts as missing",
    tag: "spec",
    fastapiOnly: true,
    method: "POST",
    path: ARTEFACT_FILE,
    body: multipart(part("file", "")),
    contentType: MULTIPART,
    expectStatus: 422,
    expectText: d(MISSING_FILE),
  },
  {
    name: "missing file: no body",
    tag: "spec",
    method: "POST",
    path: ARTEFACT_FILE,
    expectStatus: 422,
    expectText: d(MISSING_FILE),
  },
  {
    name: "missing file: a JSON body (even broken JSON) is not read as a form",
    tag: "spec",
    fastapiOnly: true,
    method: "POST",
    path: ARTEFACT_FILE,
    body: '{"file": ',
    expectStatus: 422,
    expectText: d(MISSING_FILE),
  },
  {
    name: "multipart without boundary: 400",
    tag: "spec",
    method: "POST",
    path: ARTEFACT_FILE,
    body: multipart(part("file", "x", "a.txt")),
    contentType: "multipart/form-data",
    expectStatus: 400,
    expectText: '{"detail":"Missing boundary in multipart."}',
  },
  {
    name: "multipart without boundary and a bad path uuid: only the 400",
    tag: "spec",
    method: "POST",
    path: `/v1/projects/not-a-uuid/rounds/${V}/artefact/file`,
    body: "x",
    contentType: "multipart/form-data",
    expectStatus: 400,
    expectText: '{"detail":"Missing boundary in multipart."}',
  },
  {
    name: "path errors come before the missing file",
    tag: "spec",
    method: "POST",
    path: `/v1/projects/not-a-uuid/rounds/${V}/artefact/file`,
    body: multipart(part("other", "x")),
    contentType: MULTIPART,
    expectStatus: 422,
    expectText: d(uuidItem('["path","project_id"]', "not-a-uuid", badChar("n", 1)), MISSING_FILE),
  },

  // ---- json_invalid --------------------------------------------------------------------------------------------------
  ...(
    [
      // verified rows of docs/decisions/fastapi-behaviour.md#json-decode-errors (CPython <= 3.12)
      ['{"name": "abc",}', 15, PROPERTY_NAME],
      ["{name: 1}", 1, PROPERTY_NAME],
      ['{"name": "abc"', 14, "Expecting ',' delimiter"],
      ['{"a":1}}', 7, "Extra data"],
      ['{"a" 1}', 5, "Expecting ':' delimiter"],
      ['{"a": tru}', 6, "Expecting value"],
      // rules of §6.3
      ["   ", 3, "Expecting value"],
      [" \t\r\n ", 5, "Expecting value"],
      ['{"name": "abc', 9, "Unterminated string starting at"],
      ['{"name": "a\\qb"}', 11, "Invalid \\\\escape"],
      ['{"name": "a\tb"}', 11, "Invalid control character at"],
      ['{"name": "a\nb"}', 11, "Invalid control character at"],
      ['{"name": "\u00e9\u{1F600}", x}', 15, PROPERTY_NAME],
      ['{"\u00e9":1 "b":2}', 7, "Expecting ',' delimiter"],
      ['"\u{1F600}\u{1F600}" x', 5, "Extra data"],
      ["[1,]", 3, "Expecting value"],
      ['{"a":1,}', 7, PROPERTY_NAME],
      ["{'a':1}", 1, PROPERTY_NAME],
      ["'abc'", 0, "Expecting value"],
      ["abc", 0, "Expecting value"],
      ["{", 1, PROPERTY_NAME],
      ["[", 1, "Expecting value"],
      ['{"a":}', 5, "Expecting value"],
      ['{"a":1 "b":2}', 7, "Expecting ',' delimiter"],
      ["[1 2]", 3, "Expecting ',' delimiter"],
      ['{"a":1} x', 8, "Extra data"],
    ] as const
  ).map(
    ([body, pos, error]): Case => ({
      name: `json_invalid: ${JSON.stringify(body)} -> ${error} at ${pos}`,
      tag: "spec",
      fastapiOnly: true,
      method: "POST",
      path: "/v1/contexts",
      body,
      expectStatus: 422,
      expectText: JSON_INVALID(pos, error),
    }),
  ),
  {
    name: "UTF-8 BOM before JSON is accepted",
    tag: "spec",
    method: "POST",
    path: "/v1/contexts",
    body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"name":"Acme","body":"# Acme"}')]),
    contentType: "application/json",
    expectStatus: 201,
  },
  {
    name: "invalid UTF-8 in a JSON body: 400",
    tag: "spec",
    method: "POST",
    path: "/v1/contexts",
    body: Buffer.from([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]),
    contentType: "application/json",
    expectStatus: 400,
    expectText: '{"detail":"There was an error parsing the body"}',
  },
  {
    name: "invalid UTF-8 and a bad path uuid: only the 400",
    tag: "spec",
    method: "PATCH",
    path: "/v1/simulations/not-a-uuid",
    body: Buffer.from([0xff]),
    contentType: "application/json",
    expectStatus: 400,
    expectText: '{"detail":"There was an error parsing the body"}',
  },
  {
    name: "body-read errors come alone: broken JSON and a bad path uuid give only json_invalid",
    tag: "spec",
    fastapiOnly: true,
    method: "PATCH",
    path: "/v1/simulations/not-a-uuid",
    body: "{bad",
    expectStatus: 422,
    expectText: JSON_INVALID(1, PROPERTY_NAME),
  },

  // ---- content types -------------------------------------------------------------------------------------------------
  ...[
    "application/json; charset=utf-8",
    "application/vnd.api+json",
    "application/merge-patch+json",
    "Application/JSON",
  ].map(
    (contentType): Case => ({
      name: `content type ${contentType} is parsed as JSON`,
      tag: "spec",
      ...(contentType.startsWith("application/json;") ? {} : { fastapiOnly: true as const }),
      method: "POST",
      path: "/v1/contexts",
      body: '{"name":5,"body":"b"}',
      contentType,
      expectStatus: 422,
      expectText: d('{"type":"string_type","loc":["body","name"],"msg":"Input should be a valid string","input":5}'),
    }),
  ),

  // ---- one defect each: what the cases with several defects check, a field at a time ---------------
  // Profile spec judges a field's rule only by a request whose one defect is that field: a target that breaks one
  // field's check then fails that rule alone, and one that reports only its first error is judged fairly.
  {
    name: "extra_forbidden: an unknown survey design key alone",
    tag: "spec",
    method: "POST",
    path: "/v1/simulations",
    body: `{${SIM},"survey_design":{"zzz":1}}`,
    expectStatus: 422,
    expectText: d(
      '{"type":"extra_forbidden","loc":["body","survey_design","zzz"],"msg":"Extra inputs are not permitted","input":1}',
    ),
  },
  {
    name: "extra_forbidden: an unknown item set key alone",
    tag: "spec",
    method: "POST",
    path: "/v1/simulations",
    body: `{${SIM},"survey_design":{"item_sets":[{"ask":"Rate","items":["a","b"],"extra":null}]}}`,
    expectStatus: 422,
    expectText: d(
      '{"type":"extra_forbidden","loc":["body","survey_design","item_sets",0,"extra"],"msg":"Extra inputs are not permitted","input":null}',
    ),
  },
  {
    name: "extra_forbidden: an unknown custom question key alone",
    tag: "spec",
    method: "POST",
    path: "/v1/simulations",
    body: `{${SIM},"survey_design":{"custom_questions":[{"question_text":"Q?","bonus":"x"}]}}`,
    expectStatus: 422,
    expectText: d(
      '{"type":"extra_forbidden","loc":["body","survey_design","custom_questions",0,"bonus"],"msg":"Extra inputs are not permitted","input":"x"}',
    ),
  },
  {
    name: "string_too_short: an empty item set ask alone",
    tag: "spec",
    method: "POST",
    path: "/v1/simulations",
    body: `{${SIM},"survey_design":{"item_sets":[{"ask":"","items":["a","b"]}]}}`,
    expectStatus: 422,
    expectText: d(
      '{"type":"string_too_short","loc":["body","survey_design","item_sets",0,"ask"],"msg":"String should have at least 1 character","input":"","ctx":{"min_length":1}}',
    ),
  },
  {
    name: "string_too_short: an empty custom question text alone",
    tag: "spec",
    method: "POST",
    path: "/v1/simulations",
    body: `{${SIM},"survey_design":{"custom_questions":[{"question_text":""}]}}`,
    expectStatus: 422,
    expectText: d(
      '{"type":"string_too_short","loc":["body","survey_design","custom_questions",0,"question_text"],"msg":"String should have at least 1 character","input":"","ctx":{"min_length":1}}',
    ),
  },
  {
    name: "missing: create without mode alone",
    tag: "spec",
    method: "POST",
    path: "/v1/simulations",
    body: `{"goal":"concept_test","user_model_ids":["${N}"]}`,
    expectStatus: 422,
    expectText: d(
      `{"type":"missing","loc":["body","mode"],"msg":"Field required","input":{"goal":"concept_test","user_model_ids":["${N}"]}}`,
    ),
  },
  {
    name: "string_type: a goal that is not a string alone",
    tag: "spec",
    method: "POST",
    path: "/v1/simulations",
    body: `{"mode":"research","goal":true,"user_model_ids":["${N}"]}`,
    expectStatus: 422,
    expectText: d('{"type":"string_type","loc":["body","goal"],"msg":"Input should be a valid string","input":true}'),
  },
  {
    name: "string_type: a title that is not a string alone",
    tag: "spec",
    method: "POST",
    path: "/v1/simulations",
    body: `{${SIM},"title":5}`,
    expectStatus: 422,
    expectText: d('{"type":"string_type","loc":["body","title"],"msg":"Input should be a valid string","input":5}'),
  },
  {
    name: "uuid_parsing: a project_id that is not a uuid alone",
    tag: "spec",
    method: "POST",
    path: "/v1/simulations",
    body: `{${SIM},"project_id":""}`,
    expectStatus: 422,
    expectText: d(uuidItem('["body","project_id"]', "", badLen(0))),
  },
  {
    name: "uuid_type: a round_id that is not a uuid alone",
    tag: "spec",
    method: "POST",
    path: "/v1/simulations",
    body: `{${SIM},"round_id":true}`,
    expectStatus: 422,
    expectText: d(
      '{"type":"uuid_type","loc":["body","round_id"],"msg":"UUID input should be a string, bytes or UUID object","input":true}',
    ),
  },
  {
    name: "uuid_parsing: a context_id that is not a uuid alone",
    tag: "spec",
    method: "POST",
    path: "/v1/simulations",
    body: `{${SIM},"context_id":"x"}`,
    expectStatus: 422,
    expectText: d(uuidItem('["body","context_id"]', "x", badChar("x", 1))),
  },
  {
    name: "uuid_parsing: a list filter project_id that is not a uuid alone",
    tag: "spec",
    method: "GET",
    path: "/v1/simulations?project_id=zz",
    expectStatus: 422,
    expectText: d(uuidItem('["query","project_id"]', "zz", badChar("z", 1))),
  },

  // ---- FastAPI order: path, then query, then body --------------------------------------------------------------------
  {
    name: "order: path error, then body error (move)",
    tag: "spec",
    method: "PATCH",
    path: "/v1/simulations/not-a-uuid",
    body: '{"project_id":"x"}',
    expectStatus: 422,
    expectText: d(
      uuidItem(PATH_SIM, "not-a-uuid", badChar("n", 1)),
      uuidItem('["body","project_id"]', "x", badChar("x", 1)),
    ),
  },
  {
    name: "order: path error, then missing body",
    tag: "spec",
    method: "PATCH",
    path: "/v1/simulations/not-a-uuid",
    expectStatus: 422,
    expectText: d(
      uuidItem(PATH_SIM, "not-a-uuid", badChar("n", 1)),
      '{"type":"missing","loc":["body"],"msg":"Field required","input":null}',
    ),
  },
  {
    name: "order: path error, then a non-JSON body",
    tag: "spec",
    fastapiOnly: true,
    method: "PATCH",
    path: "/v1/simulations/123/plan",
    body: "hello",
    contentType: "text/plain",
    expectStatus: 422,
    expectText: d(uuidItem(PATH_SIM, "123", badLen(3)), MODEL_ATTRIBUTES('["body"]', '"hello"')),
  },
  {
    name: "order: two path parameters in declaration order, then body",
    tag: "spec",
    method: "PATCH",
    path: "/v1/projects/xx/rounds/yy",
    body: '{"title":""}',
    expectStatus: 422,
    expectText: d(
      uuidItem('["path","project_id"]', "xx", badChar("x", 1)),
      uuidItem('["path","round_id"]', "yy", badChar("y", 1)),
      '{"type":"string_too_short","loc":["body","title"],"msg":"String should have at least 1 character","input":"","ctx":{"min_length":1}}',
    ),
  },
  {
    name: "order: query parameters in declaration order (limit before project_id), not URL order",
    tag: "spec",
    method: "GET",
    path: "/v1/simulations?project_id=zz&limit=abc",
    expectStatus: 422,
    expectText: d(INT_PARSING("abc"), uuidItem('["query","project_id"]', "zz", badChar("z", 1))),
  },
  {
    name: "order: every create field wrong, keys reversed; errors follow the model's field order",
    tag: "spec",
    method: "POST",
    path: "/v1/simulations",
    body: '{"survey_design":"x","context_id":1,"round_id":"r","project_id":true,"title":5,"user_model_ids":"u","inputs":[],"goal":null,"mode":"x"}',
    expectStatus: 422,
    expectText: d(
      LITERAL_MODE('["body","mode"]', '"x"'),
      '{"type":"string_type","loc":["body","goal"],"msg":"Input should be a valid string","input":null}',
      '{"type":"dict_type","loc":["body","inputs"],"msg":"Input should be a valid dictionary","input":[]}',
      '{"type":"list_type","loc":["body","user_model_ids"],"msg":"Input should be a valid list","input":"u"}',
      '{"type":"string_type","loc":["body","title"],"msg":"Input should be a valid string","input":5}',
      '{"type":"uuid_type","loc":["body","project_id"],"msg":"UUID input should be a string, bytes or UUID object","input":true}',
      uuidItem('["body","round_id"]', "r", badChar("r", 1)),
      '{"type":"uuid_type","loc":["body","context_id"],"msg":"UUID input should be a string, bytes or UUID object","input":1}',
      MODEL_ATTRIBUTES('["body","survey_design"]', '"x"'),
    ),
  },
];

// ---------------------------------------------------------------------------------------------------------------------
// Running the table
// ---------------------------------------------------------------------------------------------------------------------

type Sent = Response;

async function send(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string | Buffer,
  contentType?: string | null,
): Promise<Sent> {
  const req = target
    .http()
    .request(method.toUpperCase() as HttpMethod, path)
    .set(headers);
  const type = contentType === undefined ? (typeof body === "string" ? "application/json" : undefined) : contentType;
  if (type) req.set("content-type", type);
  // Always the exact bytes, with no content type but the one the case names.
  if (body !== undefined) req.send(typeof body === "string" ? Buffer.from(body, "utf8") : body);
  return await req;
}

let resources: Promise<Resources> | undefined;

/**
 * A project with a round, owned by one caller, for the few cases that must reach an existing resource (made on first
 * use, so a read-only run creates nothing). If the target refuses, only those cases fail, with the set-up's answer.
 */
async function setUpResources(): Promise<Resources> {
  const owner = newCaller();
  const project = await send(
    "POST",
    "/v1/projects",
    { authorization: owner },
    JSON.stringify({ name: named("Validation") }),
  );
  const projectId =
    project.status === 201
      ? (JSON.parse(project.text) as { id: string }).id
      : `setup failed: ${project.status} ${project.text}`;
  let roundId: string | undefined;
  if (project.status === 201) {
    const got = await send("GET", `/v1/projects/${projectId}`, { authorization: owner });
    roundId =
      got.status === 200 ? (JSON.parse(got.text) as { rounds?: { id: string }[] }).rounds?.at(-1)?.id : undefined;
    if (!roundId) {
      const round = await send("POST", `/v1/projects/${projectId}/rounds`, { authorization: owner }, "{}");
      roundId =
        round.status === 201
          ? (JSON.parse(round.text) as { id: string }).id
          : `setup failed: ${round.status} ${round.text}`;
    }
  }
  return { owner, projectId, roundId: roundId ?? "setup failed: no project" };
}

/** The rule a FastAPI-exact case checks, from what it is about. */
function fastapiRule(c: Case): string {
  if (c.expectStatus === 400) return "FASTAPI-400-BODY";
  if (/^uuid/.test(c.name)) return "FASTAPI-422-UUID";
  if (/^json_invalid|BOM/.test(c.name)) return /BOM/.test(c.name) ? "FASTAPI-LAX-COERCION" : "FASTAPI-422-JSON-INVALID";
  if (/lax int|repeated query|NaN|duplicate keys/.test(c.name)) return "FASTAPI-LAX-COERCION";
  if (/content type|text\/plain|form-urlencoded|not-really-json|without a content type/.test(c.name)) {
    return "FASTAPI-CONTENT-TYPE";
  }
  return "FASTAPI-422-EXACT";
}

/** Source prefixes FastAPI puts first in `loc`; the spec only fixes that `loc` locates the field. */
const SOURCES = new Set(["body", "query", "path", "header"]);
const fieldPath = (loc: unknown[]) => (typeof loc[0] === "string" && SOURCES.has(loc[0]) ? loc.slice(1) : loc);

/** One error item a case expects: where and of which kind. */
interface Expected {
  readonly loc: unknown[];
  readonly type: string;
}

/**
 * The spec rules one expected error checks, from the operation, the field it locates and its kind (a field left out
 * breaks the field's "required", a wrong value its constraint); none for an error of the body as a whole.
 */
function fieldRules(c: Case, { loc, type }: Expected): string[] {
  const rules = new Set<string>();
  const path = typeof c.path === "string" ? c.path : "/v1/projects/{id}";
  const field = fieldPath(loc).map(String);
  const last = field.at(-1) ?? "";
  const names = field.filter((f) => !/^\d+$/.test(f));
  const missing = type === "missing";
  if (loc[0] === "path") rules.add("PATH-ID-UUID");
  if (c.method === "POST" && path === "/v1/contexts" && names.length === 1) rules.add("CONTEXT-CREATE-FIELDS-REQUIRED");
  if (c.method === "POST" && path.startsWith("/v1/simulations") && names[0] === "survey_design") {
    const inList = names[1] === "item_sets" || names[1] === "custom_questions" ? names[1] : undefined;
    if (type === "extra_forbidden") {
      rules.add(
        inList === "item_sets"
          ? "SD-ITEM-SET-UNKNOWN-REJECTED"
          : inList === "custom_questions"
            ? "SD-CUSTOM-UNKNOWN-REJECTED"
            : "SD-UNKNOWN-REJECTED",
      );
    } else if (inList === "item_sets" && names.at(-1) === "ask") {
      rules.add(missing ? "SD-ASK-REQUIRED" : "SD-ASK-MIN-1");
    } else if (inList === "item_sets" && names.at(-1) === "items") {
      rules.add(missing ? "SD-ITEMS-REQUIRED" : /^\d+$/.test(last) ? "SD-ITEM-MIN-LENGTH" : "SD-ITEMS-MIN-2");
    } else if (inList === "item_sets" && names.at(-1) === "scale") {
      rules.add(/^\d+$/.test(last) ? "SD-SCALE-LABEL-MIN-LENGTH" : "SD-SCALE-2-TO-7");
    } else if (inList === "custom_questions" && names.at(-1) === "question_text") {
      rules.add(missing ? "SD-CUSTOM-TEXT-REQUIRED" : "SD-CUSTOM-TEXT-MIN-1");
    } else if (inList === "custom_questions" && names.at(-1) === "answer_options") {
      rules.add(/^\d+$/.test(last) ? "SD-CUSTOM-OPTION-MIN-LENGTH" : "SD-CUSTOM-OPTIONS-2-TO-10");
    } else {
      // The design, a list of it or a field of no rule of its own (stimulus) given as the wrong kind of value.
      rules.add("SD-MALFORMED-422");
    }
  } else if (c.method === "POST" && path.startsWith("/v1/simulations")) {
    const byField: Record<string, string> = {
      mode: missing ? "SIM-CREATE-MODE-REQUIRED" : "SIM-CREATE-MODE-VALUES",
      goal: "SIM-CREATE-GOAL-REQUIRED",
      inputs: "SIM-CREATE-INPUTS-OBJECT",
      user_model_ids: "SIM-CREATE-USER-MODELS-REQUIRED",
      title: "SIM-CREATE-TITLE",
      project_id: "SIM-CREATE-PROJECT-ROUND-1",
      round_id: "SIM-CREATE-ROUND-ID",
      context_id: "SIM-CREATE-CONTEXT-ID",
    };
    const rule = byField[names[0] ?? ""];
    if (rule) rules.add(rule);
  }
  if (c.method === "PATCH" && /^\/v1\/simulations\/[^/]+$/.test(path) && names[0] === "project_id") {
    rules.add("SIM-MOVE-PROJECT-REQUIRED");
  }
  if (c.method === "PATCH" && path.endsWith("/plan")) {
    if (names[0] === "survey_questions" && names.at(-1) === "question_text") rules.add("SQ-QUESTION-TEXT-REQUIRED");
    else if (names[0] === "survey_questions") rules.add("PLAN-FIELD-SURVEY-QUESTIONS");
    else if (names[0] === "journey_task") rules.add("PLAN-FIELD-JOURNEY-TASK");
  }
  if (c.method === "PATCH" && /^\/v1\/projects\/[^/]+$/.test(path) && names[0] === "name")
    rules.add("PROJECT-RENAME-LENGTH");
  if (c.method === "PATCH" && /\/rounds\/[^/]+$/.test(path) && names[0] === "title") rules.add("ROUND-RENAME-LENGTH");
  if (path.endsWith("/artefact/file") && names[0] === "file") rules.add("ARTEFACT-FILE-REQUIRED");
  if (path.startsWith("/v1/simulation-schema") && names[0] === "mode")
    rules.add(missing ? "SCHEMA-MODE-REQUIRED" : "SCHEMA-MODE-VALUES");
  if (c.method === "GET" && path.startsWith("/v1/simulations?") && names[0] === "limit") rules.add("SIM-LIST-LIMIT");
  if (c.method === "GET" && path.startsWith("/v1/simulations?") && names[0] === "project_id") {
    rules.add("SIM-LIST-PROJECT-FILTER");
  }
  return [...rules];
}

/** The error items a case expects, when its expected body is FastAPI's 422 JSON. */
function expectedItems(c: Case): Expected[] | undefined {
  if (c.expectStatus !== 422 || typeof c.expectText !== "string") return undefined;
  return (JSON.parse(c.expectText) as { detail?: Expected[] }).detail;
}

/** The fields a 422 answer's error items locate (JSON of their `loc` without the source), if it locates any. */
function locatedFields(res: Response): string[] | undefined {
  return errorLocs(res.body)?.map((loc) => JSON.stringify(fieldPath(loc)));
}

async function runCase(c: Case): Promise<Sent> {
  resources ??= c.asOwner ? setUpResources() : undefined;
  const r = c.asOwner ? await resources : undefined;
  const path = typeof c.path === "function" ? c.path(r as Resources) : c.path;
  const authorization = r ? r.owner : newCaller();
  return send(
    c.method,
    path,
    authorization ? { authorization, ...c.headers } : { ...c.headers },
    c.body,
    c.contentType,
  );
}

describe("validation fidelity: exact FastAPI/Pydantic bodies", () => {
  for (const c of cases) {
    const writes = c.asOwner === true || (c.expectStatus >= 200 && c.expectStatus < 300 && c.method !== "GET");
    const options =
      c.tag === "spec"
        ? { ...FASTAPI, rules: [fastapiRule(c)], readOnly: !writes }
        : { ...MOCK, rules: [c.rules ?? "MOCK-422-MODELS"], readOnly: !writes };
    it(c.name, options, async () => {
      const res = await runCase(c);
      expect(res.status, res.text).toBe(c.expectStatus);
      if (c.expectText instanceof RegExp) expect(res.text).toMatch(c.expectText);
      else if (c.expectText !== undefined) expect(res.text).toBe(c.expectText);
      if (c.mockText !== undefined && runSettings().profile === "mock") expect(res.text).toBe(c.mockText);
      if (res.text.startsWith("{") || res.text.startsWith("[")) {
        expect(res.headers["content-type"]).toBe("application/json");
      }
      if (c.check) c.check(JSON.parse(res.text));
    });
  }
});

/**
 * The same requests in profile `spec`: what the spec fixes of a refusal (status 422, `detail` items with `loc`, `msg`
 * and `type`, and a `loc` that locates each offending field), whatever the wording; and the spec's limits accepted at
 * their edges. Cases that only FastAPI's parsing makes 422 (broken JSON, content types, lax coercions) stay above.
 * Each request is judged twice, each time for its own rules: the field's rule by the status and
 * where the error is located, the body's rules (VALIDATION-422-BODY/-LOC/-MSG/-TYPE) by the shape of a 422 it got. A
 * request with defects of several rules judges only the body: each field's rule has a request of its own above.
 */
/** A path's made-up resource ids (simulation, project, round) swapped for the owner's real ones. */
async function onRealResources(path: string, owner: Resources): Promise<string> {
  let real = path
    .replace(/^\/v1\/projects\/[^/?]+/, `/v1/projects/${owner.projectId}`)
    .replace(/\/rounds\/[^/?]+/, `/rounds/${owner.roundId}`);
  if (/^\/v1\/simulations\/[^/?]+/.test(real)) {
    simulation ??= createResearch(target, owner.owner).then((sim) => sim.id as string);
    real = real.replace(/^\/v1\/simulations\/[^/?]+/, `/v1/simulations/${await simulation}`);
  }
  return real;
}

let simulation: Promise<string> | undefined;

/**
 * The case with bss-mock's research goal swapped for the target's own: the spec does not show which goals exist, and a
 * goal the target does not know is a defect of its own (one the case did not mean to send).
 */
function onTargetsGoal(c: Case): Case {
  const { goal } = goalFor("research");
  if (goal === "concept_test" || typeof c.body !== "string" || !c.body.includes('"goal":"concept_test"')) return c;
  return { ...c, body: c.body.replaceAll('"goal":"concept_test"', JSON.stringify({ goal }).slice(1, -1)) };
}

/**
 * A case as profile spec judges it. A made-up resource id is answered 422 by a service that validates the request
 * before it looks the resource up (FastAPI's order), 404 by one that looks first: the spec says which status each has,
 * not which comes first, so a 404 there sends the request again on the caller's own resources (writes allowed).
 */
async function runSpecCase(c: Case): Promise<Sent> {
  const first = await runCase(onTargetsGoal(c));
  if (first.status !== 404 || typeof c.path !== "string" || !/^\/v1\/(simulations|projects)\/[^/?]+/.test(c.path)) {
    return first;
  }
  if (!runSettings().allowWrites) {
    unobservable(
      `answered 404 for a made-up resource before validating the request (the spec does not order the two): --allow-writes checks it on a real one`,
    );
  }
  resources ??= setUpResources();
  const owner = await resources;
  const path = await onRealResources(c.path, owner);
  const body = onTargetsGoal(c).body;
  return send(c.method, path, { authorization: owner.owner, ...c.headers }, body, c.contentType);
}

describe("validation in the spec's terms", SPEC, () => {
  for (const c of cases) {
    if (c.tag !== "spec" || c.fastapiOnly) continue;
    const items = expectedItems(c);
    if (items) {
      let sent: Promise<Sent> | undefined;
      const response = () => {
        sent ??= runSpecCase(c);
        return sent;
      };
      const byRules = new Map<string, unknown[][]>();
      for (const item of items) {
        const key = fieldRules(c, item).join(" ");
        byRules.set(key, [...(byRules.get(key) ?? []), item.loc]);
      }
      const [only] = byRules.size === 1 ? [...byRules] : [];
      if (only) {
        const [key, locs] = only;
        const expected = locs.map((loc) => JSON.stringify(fieldPath(loc)));
        // With no body at all, the body as a whole is where the error is (where FastAPI names the field in it).
        if (c.body === undefined && c.method !== "GET") expected.push(JSON.stringify([]));
        // An error of the body as a whole (not an object, missing) has no field rule: it is the 422 rule's own case.
        it(`${c.name} (422 at the field)`, {
          rules: key ? key.split(" ") : ["VALIDATION-422"],
          readOnly: !c.asOwner,
        }, async () => {
          const res = await response();
          expect(res.status, res.text).toBe(422);
          const found = locatedFields(res);
          if (!found)
            unobservable(
              `the 422 locates no error (detail[].loc), judged under VALIDATION-422-BODY: ${res.text.slice(0, 200)}`,
            );
          // One located offending field is enough when a rule has several here: a target may stop at the first.
          expect(
            expected.some((loc) => found.includes(loc)),
            `an error located at ${expected.join(" or ")}; the errors are located at ${found.join(", ")}`,
          ).toBe(true);
        });
      }
      it(`${c.name} (422 body)`, {
        rules: ["VALIDATION-422-BODY", "VALIDATION-422-LOC", "VALIDATION-422-MSG", "VALIDATION-422-TYPE"],
        readOnly: !c.asOwner,
      }, async () => {
        const res = await response();
        if (res.status !== 422) {
          unobservable(
            `answered ${res.status}, not 422 (judged under ${[...byRules.keys()].filter(Boolean).join(", ") || "VALIDATION-422"})`,
          );
        }
        const detail = (res.body as { detail?: unknown }).detail as Array<Record<string, unknown>>;
        expect(Array.isArray(detail)).toBe(true);
        expect(detail.length).toBeGreaterThan(0);
        for (const item of detail) {
          expect(Array.isArray(item.loc)).toBe(true);
          for (const part of item.loc as unknown[]) expect(["string", "number"]).toContain(typeof part);
          expect(typeof item.msg).toBe("string");
          expect(typeof item.type).toBe("string");
        }
        const found = detail.map((item) => JSON.stringify(fieldPath(item.loc as unknown[])));
        const offending = items.map((item) => JSON.stringify(fieldPath(item.loc)));
        if (c.body === undefined && c.method !== "GET") offending.push(JSON.stringify([]));
        expect(
          found.some((loc) => offending.includes(loc)),
          `an error located at one of ${offending.join(", ")}: ${found.join(", ")}`,
        ).toBe(true);
      });
    } else if (c.specRules) {
      it(`${c.name} (${c.expectStatus})`, { rules: c.specRules, readOnly: !c.asOwner }, async () => {
        const res = await runSpecCase(c);
        expect(res.status, res.text).toBe(c.expectStatus);
        if (c.check) c.check(res.body);
      });
    }
  }
});
