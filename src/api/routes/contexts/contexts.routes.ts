import { z } from "@hono/zod-openapi";
import { defineRoute } from "../define-route.js";
import { AuthorizationHeader, detailErrors, jsonContent } from "../shared.schemas.js";
import { Context, ContextIdParams, ContextSummary, CreateContextBody, DefaultContext } from "./contexts.schemas.js";

const tags = ["contexts"];

export const defaultContextRoute = defineRoute(
  {
    method: "get",
    path: "/v1/context",
    tags,
    summary: "The default context (caller's most recently updated, else the organisation's)",
  },
  {
    request: () => ({ headers: AuthorizationHeader() }),
    responses: () => ({
      200: jsonContent(DefaultContext(), "The default context, or has_context false"),
      ...detailErrors(),
    }),
  },
);

export const listContextsRoute = defineRoute(
  {
    method: "get",
    path: "/v1/contexts",
    tags,
    summary: "Contexts the caller can plan against, most recently updated first",
  },
  {
    request: () => ({ headers: AuthorizationHeader() }),
    responses: () => ({
      200: jsonContent(z.array(ContextSummary()), "Contexts without their body"),
      ...detailErrors(),
    }),
  },
);

export const createContextRoute = defineRoute(
  { method: "post", path: "/v1/contexts", tags, summary: "Create a context" },
  {
    request: () => ({
      headers: AuthorizationHeader(),
      body: { required: true, content: { "application/json": { schema: CreateContextBody() } } },
    }),
    responses: () => ({ 201: jsonContent(Context(), "The new context"), ...detailErrors() }),
  },
);

export const getContextRoute = defineRoute(
  { method: "get", path: "/v1/contexts/{context_id}", tags, summary: "One context with its full text" },
  {
    request: () => ({ params: ContextIdParams(), headers: AuthorizationHeader() }),
    responses: () => ({ 200: jsonContent(Context(), "The context"), ...detailErrors(404) }),
  },
);
