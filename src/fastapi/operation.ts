import type { RouteConfig } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { z } from "zod";

/** A file received in a multipart field, as UploadFile gives it to a FastAPI handler. */
export interface UploadedFile {
  readonly filename: string;
  readonly contentType: string;
  readonly size: number;
}

type RequestOf<R extends RouteConfig> = NonNullable<R["request"]>;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

export type ParamsOf<R extends RouteConfig> =
  RequestOf<R> extends { params: infer P } ? OutputOf<P> : Record<string, never>;
export type QueryOf<R extends RouteConfig> =
  RequestOf<R> extends { query: infer Q } ? OutputOf<Q> : Record<string, never>;
export type BodyOf<R extends RouteConfig> =
  RequestOf<R> extends { body: infer B }
    ? B extends { content: { "application/json": { schema: infer S } } }
      ? B extends { required: true }
        ? OutputOf<S>
        : OutputOf<S> | undefined
      : B extends { content: { "multipart/form-data": unknown } }
        ? { file: UploadedFile }
        : undefined
    : undefined;

/**
 * What a handler is given: the request's validated parts, and the API's own `Caller` (who the credential names) and
 * `Services` (its state), handed in by the API's EdgeHooks and passed through unread.
 */
export interface OperationInput<R extends RouteConfig, Caller = unknown, Services = unknown> {
  readonly params: ParamsOf<R>;
  readonly query: QueryOf<R>;
  readonly body: BodyOf<R>;
  readonly caller: Caller;
  readonly services: Services;
  /** Absolute base URL the request came in on, for links such as share URLs. */
  readonly origin: string;
  readonly c: Context;
}

/** How refusals are written: FastAPI's `{"detail": …}` or the answers/predictions envelope. 422 is always `detail`. */
export type ErrorStyle = "detail" | "envelope";

/** An upload route that names no limit of its own gets the JSON body's (1 MiB). */
const DEFAULT_MAX_FILE_BYTES = 1024 * 1024;

/** What the edge hands a handler before the route's types are applied. */
export type UntypedInput<Caller = unknown, Services = unknown> = Omit<
  OperationInput<RouteConfig, Caller, Services>,
  "params" | "query" | "body"
> & {
  readonly params: unknown;
  readonly query: unknown;
  readonly body: unknown;
};

export interface AnyOperation<Caller = unknown, Services = unknown> {
  readonly route: RouteConfig;
  readonly errors: ErrorStyle;
  /** Headers set on every response of the operation, errors included (e.g. a deprecated route's Deprecation). */
  readonly headers: Readonly<Record<string, string>>;
  /** Largest file a multipart body may carry: reading stops beyond it and the answer is 413. */
  readonly maxFileBytes: number;
  /**
   * Synchronous on purpose: a scenario's effects are applied right after it returns, in the same turn of the event
   * loop, so nothing else (another caller moving the manual clock) can run between the change and its effects.
   * A method, not a function property: an operation of the API's types is still an AnyOperation where only its route
   * is read (method parameters are compared both ways).
   */
  handler(input: UntypedInput<Caller, Services>): Response | Promise<Response>;
}

/**
 * Pairs a route with its handler. The handler is typed from the route's zod schemas; the edge runs exactly those
 * schemas before calling it, which is what makes the one widening below sound.
 */
export function defineOperation<R extends RouteConfig, Caller = unknown, Services = unknown>(
  route: R,
  /** Synchronous, but for work that yields to other requests on purpose (moving the clock a slice at a time). */
  handler: (input: OperationInput<R, Caller, Services>) => Response | Promise<Response>,
  options: { errors?: ErrorStyle; headers?: Record<string, string>; maxFileBytes?: number } = {},
): AnyOperation<Caller, Services> {
  return {
    route,
    errors: options.errors ?? "detail",
    headers: options.headers ?? {},
    maxFileBytes: options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES,
    handler: handler as (input: UntypedInput<Caller, Services>) => Response | Promise<Response>,
  };
}
