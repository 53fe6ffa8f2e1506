import { json } from "../../../fastapi/index.js";
import {
  contextView,
  createContext,
  defaultContext,
  findReadableContext,
  contextSummaryView as summaryView,
  visibleContexts,
} from "../../domain/contexts.js";
import { notFound } from "../../domain/errors.js";
import type { OperationInput } from "../operation.js";
import type * as routes from "./contexts.routes.js";

type In<R extends keyof typeof routes> = OperationInput<(typeof routes)[R]>;

export function defaultContextHandler({ services, caller }: In<"defaultContextRoute">) {
  const context = defaultContext(services, caller);
  return json(200, context ? { ...contextView(context), has_context: true } : { has_context: false });
}

export function listContextsHandler({ services, caller }: In<"listContextsRoute">) {
  return json(200, visibleContexts(services, caller).map(summaryView));
}

export function createContextHandler({ services, caller, body }: In<"createContextRoute">) {
  return json(201, contextView(createContext(services, caller, body)));
}

export function getContextHandler({ services, caller, params }: In<"getContextRoute">) {
  const context = findReadableContext(services, caller, params.context_id);
  if (!context) throw notFound("Context");
  return json(200, contextView(context));
}
