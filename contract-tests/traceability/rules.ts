/**
 * The rule catalogue: every rule id a contract test may name, with the sentence it checks. Spec rules come from the
 * traceability file (the spec's own words); `FASTAPI-` rules from docs/decisions/fastapi-behaviour.md (profile `fastapi`: what a
 * FastAPI + Pydantic v2 service answers where the spec is silent); `MOCK-` rules from docs/decisions/mock-choices.md (profile
 * `mock`: bss-mock's own choices).
 */
import type { Profile } from "../../src/kit/contract/settings.js";
import { SPEC_TRACE } from "./trace.js";

export const FASTAPI_RULES: Readonly<Record<string, string>> = {
  "FASTAPI-422-EXACT":
    "a 422 is FastAPI's `{\"detail\": [...]}` with Pydantic's items (type, loc, msg, input, ctx) byte for byte, in Pydantic's order",
  "FASTAPI-422-UUID": "uuid_parsing / uuid_type with the uuid crate's error texts; the accepted uuid forms",
  "FASTAPI-422-JSON-INVALID": "json_invalid at CPython's position with CPython's message",
  "FASTAPI-LAX-COERCION": "lax-mode coercions (query integers, JSON NaN/Infinity, BOM, duplicate keys)",
  "FASTAPI-400-BODY": "an undecodable body or a multipart body without boundary is a 400 with Starlette's detail",
  "FASTAPI-CONTENT-TYPE": "the body is read as JSON only for JSON content types (FastAPI >= 0.132)",
  "FASTAPI-404-ROUTE": 'an unknown route is 404 {"detail":"Not Found"}',
  "FASTAPI-405-METHOD": 'a wrong method is 405 {"detail":"Method Not Allowed"} with allow naming the route\'s methods',
  "FASTAPI-HEAD-OPTIONS": "HEAD and OPTIONS on a FastAPI route are 405 (OPTIONS unless a CORS preflight)",
  "FASTAPI-307-SLASH": "a trailing-slash mismatch is a 307 to the other spelling with an empty body",
  "FASTAPI-JSON-CONTENT-TYPE": "JSON responses are `application/json` with no charset, compact",
};

export const MOCK_RULES: Readonly<Record<string, string>> = {
  "MOCK-SERVING": "Serving: /healthz, /openapi.json (OpenAPI 3.1), /docs working offline, CORS open by default",
  "MOCK-CALLERS":
    "Callers: `Bearer <token>` or a bare token; `<user>@<org>` tokens share an organisation; no header is the demo caller",
  "MOCK-AUTH-REQUIRED": '--auth required: a missing header gives 401 {"detail":"Not authenticated"}',
  "MOCK-VISIBILITY":
    "Visibility: simulations the caller's own, contexts and projects the organisation's; anything not visible is 404",
  "MOCK-ERROR-BODIES":
    'Error bodies: 400, 403, 409, 413, 415 are {"detail": "<sentence>"}; a missing resource names it',
  "MOCK-422-MODELS":
    "Request models beyond the spec: user_model_ids min 1, inputs not nullable, limit 1 to 100, the artefact exactly-one rule",
  "MOCK-SIM-REPRESENTATION": "Simulations: the representation's extra fields (plan, progress, results, timestamps, …)",
  "MOCK-CREATE-REFUSALS":
    "Create: inputs against the goal's schema (400), unknown user model, project, context, round (404), round without project and context mismatch (400)",
  "MOCK-STATE-409": "Plan edit, run: only while planned, else 409; responses 200 with the simulation",
  "MOCK-SURVEY-DESIGN": "Survey design: at most 40 questions; the plan made from a design; 5 to 8 questions without",
  "MOCK-SHARE": 'Share: 200 {"url": "<absolute URL>"}; the page is HTML, JSON with Accept: application/json',
  "MOCK-SHARE-PAGE": "The share page: a self-contained, escaped HTML report of the simulation",
  "MOCK-RESULTS": "Results: research distributions per question and user model summing to 1; journey metrics",
  "MOCK-PROJECTS":
    "Projects: representation, owner-only rename (403), most recently active first with ties newest first",
  "MOCK-ROUNDS": "Rounds: representation, automatic titles, start refused with 409 while the latest round is empty",
  "MOCK-ARTEFACTS": "Artefacts: text or url, exactly one (422); file types 415, over 10 MB 413; name is the file name",
  "MOCK-SYNTHESIS": "Synthesis: 200 with the round generating; no completed simulation ends failed with an error",
  "MOCK-PLANNER-TURN": "In-app planner mid-turn: create-with-project and move-into-project give 409",
  "MOCK-CONTEXTS": "Contexts: user scope, the list without bodies, GET /v1/context with has_context",
  "MOCK-POPULATIONS": "Populations: the envelope list, retest testing -> ready with averages over its answers",
  "MOCK-PREDICTIONS": "Create prediction and test: 201 envelopes, batches, the metrics' formulas",
  "MOCK-DEPRECATED": "Deprecated routes: both field names, Deprecation and Link headers",
  "MOCK-ENVELOPE-ERRORS": "Envelope endpoints: the same statuses with {data: null, errors: [{code, message}]}",
  "MOCK-TIMING": "Time: timing presets and the manual clock; timestamps from the mock's clock",
  "MOCK-DETERMINISM": "--seed: the same requests by the same caller give byte-identical responses",
  "MOCK-DEMO-WORLD": "The demo world of the caller without authorization",
  "MOCK-ROBUSTNESS": "Bad input always gets a clear error in the API's own format, never a 500",
  "MOCK-PLAN-EDITS":
    "Plan edits: a plan the mock could not run is refused with 400 (nothing to ask, no options, unknown question type)",
  "MOCK-CONTENT": "Generated content: plans, results and reports a researcher reads as consistent, for every goal",
  "MOCK-CONTROL-API":
    "Control API (mock only): capabilities, reset, clock, request journal, organisation fixtures, control token, --no-control",
  "MOCK-SCENARIOS":
    "Scenarios: the shipped ones, activated for the mock, one organisation or one request, deterministic",
  "MOCK-LIMITS":
    "Memory stays bounded: JSON bodies up to 1 MiB and uploads up to 10 MiB, 413 before or while reading; an organisation's contexts up to --max-context-mb",
  "MOCK-HTTP-LAYER":
    "FastAPI's HTTP layer (multipart, paths, content types) as recorded from a real FastAPI, deliberate differences aside",
};

/**
 * Each spec rule's units: those that state it, in spec order, then those that only imply it. The first is the rule's
 * own sentence, the one a report's PASS and N/A lines show.
 */
const specRules = new Map<string, Array<{ section: string; text: string }>>();
for (const kind of ["rules", "implies"] as const) {
  for (const entry of SPEC_TRACE) {
    for (const rule of entry[kind] ?? []) {
      const list = specRules.get(rule) ?? [];
      list.push({ section: entry.section, text: entry.text });
      specRules.set(rule, list);
    }
  }
}

export function isRuleId(id: string): boolean {
  return specRules.has(id) || id in FASTAPI_RULES || id in MOCK_RULES;
}

/** The profile a rule belongs to: where it comes from decides what a target must do to pass it. */
export function ruleProfile(id: string): Profile {
  if (id in FASTAPI_RULES) return "fastapi";
  if (id in MOCK_RULES) return "mock";
  return "spec";
}

/** The sentences a rule checks, its own first, with where they stand ("spec § Section: text"). */
export function ruleSentences(id: string): string[] {
  const spec = specRules.get(id);
  if (spec) return spec.map((s) => `spec ${s.section ? `§ ${s.section}` : "(introduction)"}: ${s.text}`);
  if (id in FASTAPI_RULES) return [`FastAPI behaviour (docs/decisions/fastapi-behaviour.md): ${FASTAPI_RULES[id]}`];
  if (id in MOCK_RULES) return [`bss-mock's choice (docs/decisions/mock-choices.md): ${MOCK_RULES[id]}`];
  return [];
}

export function allRuleIds(): string[] {
  return [...specRules.keys(), ...Object.keys(FASTAPI_RULES), ...Object.keys(MOCK_RULES)];
}

export function specRuleIds(): string[] {
  return [...specRules.keys()];
}
