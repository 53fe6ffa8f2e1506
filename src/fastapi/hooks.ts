import type { RouteConfig } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { ErrorStyle } from "./operation.js";
import type { PyValue } from "./validation/py-value.js";

/**
 * What the API hands the emulator when it mounts its operations (mountOperation), so the emulator need know nothing
 * of the API: who a bearer token names, how a change is made durable, how the API's own errors are answered, and what
 * scenarios do around a handler. `Caller` and `Services` are the API's types, passed through to its handlers unread.
 */
export interface EdgeHooks<Caller, Services> {
  /** Handed to every handler as it is. */
  readonly services: Services;
  /**
   * Whether the operation at this path template acts for a caller (a security dependency): a request to it without a
   * credential is refused (credentialRequired) or made by the demo caller.
   */
  actsForCaller(template: string): boolean;
  /** HTTPBearer with auto_error: a request without a credential is answered 401 before validation. */
  credentialRequired(): boolean;
  /** Before the handler of a request without a credential (the demo caller). */
  onDemoCaller?(): void;
  /** The caller a request's bearer token names (undefined: no credential). May throw what `errorResponse` answers. */
  caller(token: string | undefined): Caller;
  /** How many changes the API's state has taken so far: a handler whose call moves it changed something. */
  changeCount(): number;
  /** Settles once every change so far is durable (--db; undefined: nothing to wait for), so an answer survives a kill. */
  written(): Promise<void> | undefined;
  /** An error a handler threw, answered in the operation's error style; undefined for a bug (the edge rethrows it). */
  errorResponse(error: unknown, style: ErrorStyle): Response | undefined;
  /** Scenarios, around the handlers of the operations they act on. */
  readonly scenarios?: ScenarioHooks<Caller, unknown>;
}

/**
 * Scenarios as the edge carries them out: the API's engine decides, these hooks answer, wait or break the connection
 * (src/fastapi/faults.ts), and `Pending` is whatever the API keeps between `before` and the handler's answer.
 */
export interface ScenarioHooks<Caller, Pending> {
  /** Whether scenarios act on the operation at this path template (the rest is only noted). */
  actOn(template: string): boolean;
  /** Every mounted operation's request, once routed: `template` is the operation's path template. */
  note(c: Context, template: string): void;
  /** The request's scenario header, or false when it needs no scenario work at all (the common case: no await). */
  wanted(c: Context): string | undefined | false;
  /**
   * Once the body is read and the credential known, before validation: an answer in the mock's place, a decision the
   * handler's answer must still go through, or undefined. Called only when `wanted` is not false.
   */
  before(
    c: Context,
    route: RouteConfig,
    header: string | undefined,
    token: string | undefined,
    body: PyValue | undefined,
  ): Promise<Response | Pending | undefined>;
  /** Right after the handler, in the same synchronous step: a decision's effects on the API's state. */
  applyEffects(
    c: Context,
    pending: Pending,
    facts: { caller: Caller; body: PyValue | undefined },
    response: Response,
  ): void;
  /** Once effects are made: the answer to send (a truncation, if the decision asked for one). */
  finish(c: Context, pending: Pending, response: Response): Promise<Response>;
}
