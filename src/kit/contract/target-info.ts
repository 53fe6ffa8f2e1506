/**
 * What the suite can learn about a target before testing it: whether it answers at all, whether it is a bss-mock (its
 * control API's `GET /__mock`, PLAN.md's agreed shape) and what that control API can do, and which OpenAPI document it
 * serves.
 */
import type { Goals } from "./goals.js";

export interface TargetInfo {
  readonly baseUrl: string;
  /** True when `GET /__mock` names bss-mock: tokens may be invented and the mock profile is the default. */
  readonly isBssMock: boolean;
  readonly version?: string;
  /** The control API's capabilities (`clock.advance`, `clock.until`, `reset`, `scenarios`, `planner-turn`, …). */
  readonly capabilities: ReadonlySet<string>;
  /** `manual` when time moves only when the suite advances it. */
  readonly clock?: "manual" | "system";
  /**
   * True for a bss-mock whose background work takes no time (`serve --timing instant`): a simulation is planned, run
   * and a synthesis written within the request that starts it, so the states in between cannot be seen.
   */
  readonly instant?: boolean;
  /**
   * True for a bss-mock started with `--auth required` (its `GET /__mock` options say so): a request without
   * authorization is refused, so there is no demo caller, and the rules of that mode can be checked.
   */
  readonly authRequired?: boolean;
  /** The target's own `/openapi.json`, when it serves one. */
  readonly document?: unknown;
  /** A bss-mock's known scenarios by name (`GET /__mock`), usable in `x-mock-scenario`. */
  readonly scenarios?: ReadonlySet<string>;
  /** A bss-mock's longest background phase in ms (`GET /__mock`'s timing). */
  readonly slowestPhaseMs?: number;
  /** The goals to create simulations with, read from a target that is not a bss-mock (bss-mock's own otherwise). */
  readonly goals?: Goals;
}

/** The target cannot be reached at all (refused, unknown host, timed out): the run stops with one line. */
export class UnreachableError extends Error {
  override readonly name = "UnreachableError";
}

/** Why fetch failed, in one word where the system gave one (ECONNREFUSED, ENOTFOUND, …). */
export function connectionFailure(url: string, error: unknown): UnreachableError {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const name = (error as { name?: string }).name;
  let reason =
    cause?.code ?? (name === "TimeoutError" || name === "AbortError" ? "timed out" : (cause?.message ?? String(error)));
  if (reason === "bad port")
    reason = `port ${new URL(url).port} is one fetch refuses to use (a blocked port); serve on another`;
  return new UnreachableError(`cannot connect to ${url}: ${reason}`);
}

/** A GET whose answer is read as JSON where it is JSON; UnreachableError when nothing answers. */
export async function getJson(url: string, headers: Record<string, string>, timeoutMs: number) {
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, { headers, redirect: "manual", signal: AbortSignal.timeout(timeoutMs) });
    // The timeout covers the body too: an answer whose body stalls is no answer.
    text = await res.text();
  } catch (error) {
    throw connectionFailure(new URL(url).origin, error);
  }
  try {
    return { status: res.status, json: JSON.parse(text) as unknown };
  } catch {
    return { status: res.status, json: undefined };
  }
}

/** Capabilities of a bss-mock that predates `GET /__mock` but has the clock and planner-turn routes. */
const LEGACY_CAPABILITIES = ["clock.advance", "planner-turn"];

/**
 * Probes the target: `GET /__mock` first (a bss-mock's control API), then the control clock of older mocks, then
 * `/openapi.json`. Throws UnreachableError when nothing answers.
 */
export async function probeTarget(
  baseUrl: string,
  headers: Record<string, string> = {},
  timeoutMs = 10_000,
  /** A mock started with --control-token answers /__mock only with it (401 otherwise: "not a bss-mock"). */
  controlToken?: string,
): Promise<TargetInfo> {
  const controlHeaders = controlToken ? { ...headers, "x-mock-control-token": controlToken } : headers;
  const control = await getJson(`${baseUrl}/__mock`, controlHeaders, timeoutMs);
  const about = control.json as
    | {
        name?: unknown;
        version?: unknown;
        clock?: { kind?: unknown };
        capabilities?: unknown;
        timing?: unknown;
        scenarios?: { known?: unknown };
        options?: { auth?: unknown };
      }
    | undefined;
  let isBssMock = control.status === 200 && about?.name === "bss-mock";
  let capabilities: string[] = [];
  let clock: "manual" | "system" | undefined;
  if (isBssMock) {
    capabilities = Array.isArray(about?.capabilities) ? about.capabilities.filter((c) => typeof c === "string") : [];
    const kind = about?.clock?.kind;
    clock = kind === "manual" || kind === "system" ? kind : undefined;
  } else {
    const legacy = await getJson(`${baseUrl}/__mock/clock`, controlHeaders, timeoutMs);
    const kind = (legacy.json as { kind?: unknown } | undefined)?.kind;
    if (legacy.status === 200 && (kind === "manual" || kind === "system")) {
      isBssMock = true;
      capabilities = LEGACY_CAPABILITIES;
      clock = kind;
    }
  }
  const doc = await getJson(`${baseUrl}/openapi.json`, headers, timeoutMs);
  const document =
    doc.status === 200 && typeof doc.json === "object" && doc.json !== null && "paths" in doc.json
      ? doc.json
      : undefined;
  return {
    baseUrl,
    isBssMock,
    version: typeof about?.version === "string" ? about.version : undefined,
    capabilities: new Set(capabilities),
    clock,
    instant: isBssMock && takesNoTime(about?.timing),
    authRequired: isBssMock && about?.options?.auth === "required",
    document,
    scenarios: new Set(scenarioNames(about?.scenarios?.known)),
    slowestPhaseMs: slowestPhase(about?.timing),
  };
}

function scenarioNames(known: unknown): string[] {
  if (!Array.isArray(known)) return [];
  return known.map((s) => (s as { name?: unknown })?.name).filter((name): name is string => typeof name === "string");
}

function slowestPhase(timing: unknown): number | undefined {
  if (typeof timing !== "object" || timing === null) return undefined;
  const phases = Object.values(timing).filter((ms): ms is number => typeof ms === "number");
  return phases.length > 0 ? Math.max(...phases) : undefined;
}

/** `GET /__mock`'s timing (planning_ms, running_ms, …) when every phase takes 0 ms. */
function takesNoTime(timing: unknown): boolean {
  if (typeof timing !== "object" || timing === null) return false;
  const phases = Object.values(timing);
  return phases.length > 0 && phases.every((ms) => ms === 0);
}
