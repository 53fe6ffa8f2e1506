import { z } from "zod";
import {
  AdvanceByMs,
  AdvanceUntil,
  ClearScenariosQuery,
  JournalQuery,
  MockSimulationBody,
  PutScenariosBody,
  ResetBody,
} from "../routes/control/control.routes.js";

/**
 * The control API as MCP tools: each tool is one /__mock request, its input schema the zod schema that route
 * validates with, and a refusal is a tool error with the API's own message. The same requests work against a mock
 * this process started and against any running one (--base-url).
 */

/** One request to the control API; `body` is the parsed JSON answer (null when there is none). */
export type ControlRequest = (
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  options?: { query?: Record<string, unknown>; body?: unknown },
) => Promise<{ status: number; body: unknown }>;

export interface ControlTool {
  readonly name: string;
  readonly description: string;
  /** The tool's arguments: an object schema (MCP requires one), made on first use. */
  readonly input: () => z.ZodObject;
  readonly call: (request: ControlRequest, args: Record<string, unknown>) => ReturnType<ControlRequest>;
}

const NONE = () => z.strictObject({});

export const CONTROL_TOOLS: readonly ControlTool[] = [
  {
    name: "mock_info",
    description:
      "What this bss-mock is: its version, seed, options, clock, phase timing, known and active scenarios and capabilities.",
    input: NONE,
    call: (request) => request("GET", "/__mock"),
  },
  {
    name: "list_organisations",
    description:
      "The organisations the mock holds anything of (a token <user>@<org> is user <user> of organisation <org>), with how many callers, simulations and projects each has.",
    input: NONE,
    call: (request) => request("GET", "/__mock/orgs"),
  },
  {
    name: "reset",
    description:
      "Empty one organisation (org: its name), or put the whole mock back to its start: state, clock, request journal and scenarios.",
    input: ResetBody,
    call: async (request, args) => {
      const answer = await request("POST", "/__mock/reset", { body: args });
      return answer.status === 204 ? { status: 200, body: { reset: args.org ?? "everything" } } : answer;
    },
  },
  {
    name: "read_clock",
    description: "The mock's clock: system (real time) or manual (time moves only when advanced), and its time now.",
    input: NONE,
    call: (request) => request("GET", "/__mock/clock"),
  },
  {
    name: "advance_clock",
    description:
      "Move a manual clock, running every background phase (planning, running, synthesis, retest) that falls due: by ms, or until 'next' (the next transition) or 'idle' (nothing pending). Give ms or until.",
    input: () =>
      z.strictObject({ ms: AdvanceByMs().shape.ms.optional(), until: AdvanceUntil().shape.until.optional() }),
    call: (request, args) => request("POST", "/__mock/clock/advance", { body: args }),
  },
  {
    name: "list_scenarios",
    description:
      "The known scenarios (named failure modes: run-fails, rate-limited, flaky, slow-network, ...) with what each does, and which are active for the whole mock and per organisation.",
    input: NONE,
    call: (request) => request("GET", "/__mock/scenarios"),
  },
  {
    name: "use_scenarios",
    description:
      "Make exactly these scenarios active (names from list_scenarios, or scenarios written out in full), for the whole mock or, with org, for that organisation's callers only; they replace what was active there.",
    input: PutScenariosBody,
    call: (request, args) => request("PUT", "/__mock/scenarios", { body: args }),
  },
  {
    name: "clear_scenarios",
    description: "Clear one organisation's scenarios (org), or every scenario; phases they held (a stuck run) go on.",
    input: ClearScenariosQuery,
    call: (request, args) => request("DELETE", "/__mock/scenarios", { query: args }),
  },
  {
    name: "read_requests",
    description:
      "The request journal, oldest first: each request's method, path, caller, organisation, bodies, status, time taken and the scenario rules applied. Filter by method, path, template, caller, organisation, status, since (an entry id or a date-time) and limit (the last n).",
    input: JournalQuery,
    call: (request, args) => request("GET", "/__mock/requests", { query: args }),
  },
  {
    name: "create_simulation",
    description:
      "A simulation of a caller (a token such as ann@acme) in a given status at once: planning, planned, running, completed or failed (with error). simulation is what POST /v1/simulations takes: mode, goal, inputs, user_model_ids.",
    input: MockSimulationBody,
    call: (request, args) => request("POST", "/__mock/simulations", { body: args }),
  },
];

/** A tool's input schema as MCP lists it (JSON Schema of what the tool takes). */
export function inputJsonSchema(tool: ControlTool): { type: "object"; [key: string]: unknown } {
  const { $schema: _, ...schema } = z.toJSONSchema(tool.input(), { io: "input", unrepresentable: "any" });
  return { ...schema, type: "object" };
}

/** What the API said when it refused: its `detail` (each 422 item as `where: msg`) or an envelope's messages. */
export function refusalMessage(status: number, body: unknown): string {
  const detail = (body as { detail?: unknown } | null)?.detail;
  if (typeof detail === "string") return detail;
  if (Array.isArray(detail)) {
    return detail
      .map((item: { loc?: unknown[]; msg?: string }) => `${(item.loc ?? []).join(".")}: ${item.msg ?? ""}`)
      .join("; ");
  }
  const errors = (body as { errors?: Array<{ message?: string }> } | null)?.errors;
  if (Array.isArray(errors)) return errors.map((error) => error.message).join("; ");
  return `the mock answered ${status}${body === null ? "" : `: ${typeof body === "string" ? body : JSON.stringify(body)}`}`;
}
