import { randomUUID } from "node:crypto";
import ourDocument from "../../openapi/openapi.json" with { type: "json" };
import type { MockOptionsInput } from "../../src/api/config/options.js";
import type { InProcessMock } from "../../src/kit/contract/backend-api.js";
import { NonConforming, NotServed, recordNonConforming } from "../../src/kit/contract/conformance.js";
import { recordCreated } from "../../src/kit/contract/created.js";
import { currentScope } from "../../src/kit/contract/scope.js";
import { runLabel, runSettings } from "../../src/kit/contract/settings.js";
import { probeTarget, type TargetInfo } from "../../src/kit/contract/target-info.js";
import { backend, startInProcess } from "./backend.js";
import { HttpClient, type Response } from "./http.js";
import { DocumentCheck, routeFor, routesOf } from "./openapi.js";

/**
 * Where the contract suite points. Under `npm test` each test file starts its own mock in this process (with the
 * options the file gives, on the manual clock); under `bss-mock contract` every file tests the one URL the runner was
 * given, and the options are ignored (tests that depend on them need "in-process").
 */
export interface Target {
  /** The client for this target: every request goes over real HTTP and is checked against the OpenAPI document. */
  http(): HttpClient;
  readonly baseUrl: string;
  /** What the target is and can do (known once the file's set-up ran). */
  readonly info: TargetInfo;
}

let primary: Target | undefined;

/** The first target of the running test file: the one the harness asks about a test's needs. */
export function primaryTarget(): Target | undefined {
  return primary;
}

/** The spec's operations (bss-mock's document names every one). */
const SPEC_ROUTES = routesOf(ourDocument);

function observe(client: HttpClient, info: TargetInfo): void {
  const { profile } = runSettings();
  const own = info.document && !runSettings().inProcess ? routesOf(info.document) : undefined;
  if (own) {
    client.observers.push({
      see: (exchange, res, request) => {
        if (res.status !== 404) return;
        const operation = routeFor(SPEC_ROUTES, exchange.method, request.path);
        if (operation && !routeFor(own, exchange.method, request.path)) {
          throw new NotServed(`${exchange.method} ${operation.template}`);
        }
      },
    });
  }
  const check = new DocumentCheck(info.document ?? ourDocument, {
    profile,
    borrowed: info.document === undefined,
  });
  client.observers.push({
    conformance: true,
    see: (exchange, res, request) => {
      const problem = check.violation(exchange.method, request.path, res.status, res.headers["content-type"], res.text);
      if (!problem) return;
      const error = new NonConforming(problem.split(": ")[0] ?? problem, problem, exchange);
      if (runSettings().inProcess) throw error;
      // The runner reports it once under the rule it breaks; a set-up (a helper's, a hook's: no test scope) cannot go
      // on from it, a test's own request leaves the verdict to the test's assertions.
      const scope = currentScope();
      recordNonConforming(error, scope?.name ?? "a block's set-up");
      if (!scope || (scope.setUp ?? 0) > 0) throw error;
    },
  });
  client.observers.push({
    see: (exchange, res, request) => {
      if (exchange.method !== "POST" || res.status !== 201) return;
      const authorization = exchange.requestHeaders.authorization;
      const id = (res.body as { id?: unknown }).id;
      const kinds: Record<string, "simulation" | "project" | "context"> = {
        "/v1/simulations": "simulation",
        "/v1/projects": "project",
        "/v1/contexts": "context",
      };
      const kind = kinds[request.path.split("?")[0] ?? ""];
      if (kind && typeof id === "string") recordCreated({ kind, id, authorization });
    },
  });
}

/** The shipped scenario that makes the background phases a request starts take a few hundred ms. */
const FAST_PHASES = "fast-phases";

/**
 * True when the suite's own requests may ask a bss-mock on the system clock for short phases: with `--timing
 * realistic` a run waits about 15 s per simulation, and the rules do not depend on how long a phase lasts.
 */
function asksForFastPhases(info: TargetInfo): boolean {
  return (
    !runSettings().inProcess &&
    info.isBssMock &&
    info.clock === "system" &&
    info.scenarios?.has(FAST_PHASES) === true &&
    (info.slowestPhaseMs ?? 0) > 1000
  );
}

function makeClient(info: TargetInfo): HttpClient {
  const client = new HttpClient(info.baseUrl, Math.max(60_000, runSettings().timeoutMs), runSettings().controlToken, {
    phaseScenario: asksForFastPhases(info) ? FAST_PHASES : undefined,
  });
  observe(client, info);
  return client;
}

/**
 * The target of this test file. Under `npm test`: a mock started in this process for the file (stopped after it),
 * with `options`; under `bss-mock contract`: the URL given to the runner.
 */
export function useTarget(options: MockOptionsInput = {}): Target {
  const external = runSettings().target;
  let info: TargetInfo | undefined;
  let client: HttpClient | undefined;
  let mock: InProcessMock | undefined;
  const target: Target = {
    http() {
      if (!client) {
        info ??= external;
        if (!info) throw new Error("the target is not started yet (useTarget's set-up runs before the tests)");
        client = makeClient(info);
      }
      return client;
    },
    get baseUrl() {
      return (info ?? external)?.baseUrl ?? "";
    },
    get info() {
      const known = info ?? external;
      if (!known) throw new Error("the target is not started yet (useTarget's set-up runs before the tests)");
      return known;
    },
  };
  primary ??= target;
  if (startInProcess) {
    const start = startInProcess;
    backend.beforeAll(async () => {
      mock = await start(options as Record<string, unknown>);
      info = await probeTarget(mock.baseUrl);
      // The file's own mock: its request journal starts with the file's own requests, not the probe's.
      if (info.capabilities.has("journal")) await fetch(`${mock.baseUrl}/__mock/requests`, { method: "DELETE" });
    });
    backend.afterAll(async () => {
      await mock?.close();
    });
  }
  return target;
}

/**
 * True when tokens may be made up: a bss-mock accepts any token as a caller of its own, and another target takes the
 * tokens of the user's --token-template.
 */
export function invents(target: Target | undefined = primary): boolean {
  return runSettings().inProcess || target?.info.isBssMock === true || runSettings().tokens.template !== undefined;
}

/** A made-up caller of a new organisation (or of `org`): the cheapest isolation between tests. */
function invented(org?: string): string {
  const user = `tester-${randomUUID()}`;
  const organisation = org ?? `org-${randomUUID()}`;
  const template = runSettings().inProcess ? undefined : runSettings().tokens.template;
  if (template && !primary?.info.isBssMock) {
    return template.replaceAll("{org}", organisation).replaceAll("{user}", user);
  }
  return `Bearer ${user}@${organisation}`;
}

/**
 * The caller of a test. On a bss-mock a new one each time (in an organisation of its own unless `org` is given);
 * against anything else the runner's --token (so tests must not assume an empty account: those need
 * "isolated-caller").
 */
export function newCaller(org?: string): string {
  if (invents()) return invented(org);
  return runSettings().tokens.main ?? "";
}

/** A caller in another organisation than newCaller()'s (needs "other-org"). */
export function otherOrgCaller(): string {
  if (invents()) return invented();
  const token = runSettings().tokens.otherOrg;
  if (!token) throw new Error('this test needs another organisation\'s caller: declare needs "other-org"');
  return token;
}

/** Two callers of one organisation (needs "same-org"). */
export function sameOrgCallers(): [string, string] {
  if (invents()) {
    const org = `org-${randomUUID()}`;
    return [invented(org), invented(org)];
  }
  const { main, sameOrg } = runSettings().tokens;
  if (!main || !sameOrg) throw new Error('this test needs two callers of one organisation: declare needs "same-org"');
  return [main, sameOrg];
}

/** A name for something the suite creates: `bss-contract <run id> <what>`, so an operator can find it. */
export function named(what: string): string {
  return `${runLabel()} ${what}`;
}

export const NIL_UUID = "00000000-0000-0000-0000-000000000000";

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** True when the suite moves the target's clock itself (a bss-mock on its manual clock). */
export function movesClock(target: Target): boolean {
  return target.info.clock === "manual" && target.info.capabilities.has("clock.advance");
}

async function advance(target: Target, body: object): Promise<Response> {
  return target.http().post("/__mock/clock/advance").send(body).unchecked();
}

/**
 * Lets time pass between two requests: a bss-mock's manual clock is moved over its control API; any other target
 * runs on its own clock, so a poll interval of real time stands in.
 */
export async function letTimePass(target: Target, ms = 1000): Promise<void> {
  if (movesClock(target)) {
    const res = await advance(target, { ms });
    if (res.status === 200) return;
  }
  await sleep(Math.min(ms, runSettings().pollMs));
}

/**
 * Moves a manual clock to the next background transition, or by `fallbackMs` where it cannot: also when the mock knows
 * of no pending transition and leaves its clock where it was (a population's retest ends with time, not as a job).
 */
async function step(target: Target, fallbackMs: number): Promise<void> {
  if (movesClock(target) && target.info.capabilities.has("clock.until")) {
    const before = await target.http().get("/__mock/clock").unchecked();
    const res = await advance(target, { until: "next" });
    if (res.status === 200 && before.status === 200 && res.body.epoch_ms !== before.body.epoch_ms) return;
  }
  await letTimePass(target, fallbackMs);
}

/**
 * Polls `probe` until it gives a value, moving time on between polls; gives up after --timeout-ms of real time with a
 * message saying what it waited for (real planning can take minutes; a stuck target should not hang the run).
 */
export async function waitFor<T>(
  target: Target,
  what: string | (() => string),
  probe: () => Promise<T | undefined>,
  stepMs = 60_000,
): Promise<T> {
  const { timeoutMs } = runSettings();
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    const waited = Date.now() - started;
    if (waited > timeoutMs) {
      throw new Error(
        `gave up waiting for ${typeof what === "string" ? what : what()} after ${Math.round(waited / 1000)} s (--timeout-ms ${timeoutMs}): the target is slow or stuck`,
      );
    }
    await step(target, stepMs);
  }
}
