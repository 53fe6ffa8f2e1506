import type { RouteConfig } from "@hono/zod-openapi";
import * as fastapi from "../../fastapi/index.js";
import type { Caller } from "../domain/callers.js";
import type { Services } from "../services.js";

/** What the API's handlers are given: the emulator's input, with the API's caller and services (assembly/create-core.ts hands them). */
export type OperationInput<R extends RouteConfig> = fastapi.OperationInput<R, Caller, Services>;

/** An operation of the API: a route and a handler of the API's types. */
export type ApiOperation = fastapi.AnyOperation<Caller, Services>;

/** Pairs a route with its handler (fastapi's defineOperation, with the API's caller and services). */
export function defineOperation<R extends RouteConfig>(
  route: R,
  handler: (input: OperationInput<R>) => Response | Promise<Response>,
  options?: Parameters<typeof fastapi.defineOperation>[2],
): ApiOperation {
  return fastapi.defineOperation(route, handler, options);
}
