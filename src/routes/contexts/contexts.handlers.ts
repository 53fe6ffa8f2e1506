import { createContext, defaultContext, findReadableContext, visibleContexts } from "../../domain/contexts.js";
import { notFound } from "../../domain/errors.js";
import type { OperationInput } from "../../http/operation.js";
import { json } from "../../http/responses.js";
import type { ContextRecord } from "../../world/records.js";
import type * as routes from "./contexts.routes.js";

type In<R extends keyof typeof routes> = OperationInput<(typeof routes)[R]>;

function summaryView(c: ContextRecord) {
  return {
    id: c.id,
    name: c.name,
    scope: c.scope,
    owner_id: c.owner_id,
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
}

function contextView(c: ContextRecord) {
  return { ...summaryView(c), body: c.body };
}

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
