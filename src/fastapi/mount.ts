import type { OpenAPIHono, RouteConfig } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { z } from "zod";
import { firstHeader, tokenFromAuthorization } from "./authorization.js";
import type { EdgeHooks } from "./hooks.js";
import type { AnyOperation, UntypedInput } from "./operation.js";
import { readForm, readJsonBody, validateParameters, validateUpload, validationFailure } from "./request-input.js";
import { answeredAsServerError, detail } from "./responses.js";
import { honoPath, type RouteTable } from "./route-table.js";
import { requestOrigin } from "./starlette/request-origin.js";
import { validateBody } from "./validation/pydantic.js";

type BodyKind =
  | { kind: "none" }
  | { kind: "json"; schema: z.ZodType; required: boolean }
  | { kind: "file"; field: string };

function bodyKind(route: RouteConfig): BodyKind {
  const body = route.request?.body;
  const content = body?.content;
  if (!content) return { kind: "none" };
  const schemaOf = (type: string) => (content[type] as { schema?: unknown } | undefined)?.schema;
  const jsonSchema = schemaOf("application/json");
  if (jsonSchema) return { kind: "json", schema: jsonSchema as z.ZodType, required: body.required === true };
  const formSchema = schemaOf("multipart/form-data") as z.ZodObject | undefined;
  const field = formSchema ? Object.keys(formSchema.shape)[0] : undefined;
  if (field) return { kind: "file", field };
  return { kind: "none" };
}

/**
 * What a handler is given. A class, not an object literal with `get origin()`: V8 gives every such literal a hidden
 * class of its own (the getter closure is part of it), allocated in old space, and that old object kept the whole
 * request (context, Node request and response) alive past two scavenges: every request was promoted and left to the
 * full GC, a large share of a GET's CPU time.
 */
class HandlerInput<Caller, Services> implements UntypedInput<Caller, Services> {
  constructor(
    readonly params: unknown,
    readonly query: unknown,
    readonly body: unknown,
    readonly caller: Caller,
    readonly services: Services,
    readonly c: Context,
  ) {}

  /** Built only by the handlers that use it (share URLs). */
  get origin(): string {
    return requestOrigin(this.c);
  }
}

/**
 * Registers one operation: its route object goes into the OpenAPI registry (docs) and, unchanged, drives the
 * FastAPI-order request pipeline: read body -> authenticate -> validate path, query, body together -> handle.
 */
export function mountOperation<Caller, Services>(
  app: OpenAPIHono,
  table: RouteTable,
  operation: AnyOperation<Caller, Services>,
  hooks: EdgeHooks<Caller, Services>,
) {
  const { route } = operation;
  const scenarios = hooks.scenarios?.actOn(route.path) ? hooks.scenarios : undefined;
  // Read on the first request, not here: reading `route.request` builds the route's schemas (define-route.ts).
  let body: BodyKind | undefined;
  const forCaller = hooks.actsForCaller(route.path);
  app.openAPIRegistry.registerPath(route);
  table.add(route.method, route.path);

  const headers = Object.entries(operation.headers);
  app.on(
    route.method.toUpperCase(),
    honoPath(route.path),
    // Most operations add no header: then `answer` is the handler itself, one promise per request fewer.
    headers.length === 0
      ? answer
      : async (c) => {
          const response = await answer(c);
          // A scenario's unhandled error is answered before the route's code could add them.
          if (answeredAsServerError(c)) return response;
          for (const [name, value] of headers) response.headers.set(name, value);
          return response;
        },
  );

  async function answer(c: Context): Promise<Response> {
    body ??= bodyKind(route);
    hooks.scenarios?.note(c, route.path);
    // 1. Body-read errors come first and alone (FastAPI reads the body before any dependency runs).
    let rawBody: Awaited<ReturnType<typeof readJsonBody>> | undefined;
    let rawForm: Awaited<ReturnType<typeof readForm>> | undefined;
    if (body.kind === "json") {
      rawBody = await readJsonBody(c);
      if (rawBody.kind === "response") return rawBody.response;
    } else if (body.kind === "file") {
      rawForm = await readForm(c, body.field, operation.maxFileBytes);
      if (rawForm.kind === "response") return rawForm.response;
    }

    // 2. Security dependency: before parameter validation.
    const token = tokenFromAuthorization(firstHeader(c, "authorization"));
    if (forCaller && token === undefined && hooks.credentialRequired()) {
      return detail(401, "Not authenticated", { "www-authenticate": "Bearer" });
    }

    // Scenarios act once the body is read and the caller known, before validation: they answer in the mock's place.
    const rawValue = rawBody?.kind === "value" ? rawBody.value : undefined;
    const wanted = scenarios ? scenarios.wanted(c) : false;
    const scenario =
      wanted !== false && scenarios ? await scenarios.before(c, route, wanted, token, rawValue) : undefined;
    if (scenario instanceof Response) return scenario;

    // 3. Path, query, then body errors, returned together.
    const parts = validateParameters(c, route);
    let validBody: unknown;
    if (body.kind === "json" && rawBody?.kind === "value") {
      const result = validateBody(body.schema, rawBody.value, body.required);
      if (result.ok) validBody = result.value;
      else parts.issues.push(...result.issues);
    } else if (body.kind === "file" && rawForm?.kind === "form") {
      const result = validateUpload(rawForm.file, body.field);
      if (result.ok) validBody = { [body.field]: result.file };
      else parts.issues.push(result.issue);
    }
    if (parts.issues.length > 0) return validationFailure(parts.issues);

    // 4. The handler, with refusals written in the route's own error format. A request that changed something is
    //    answered once its change is written (--db), so what was acknowledged survives a kill -9.
    try {
      const changesBefore = hooks.changeCount();
      // What the demo world's build changed is written, like the handler's, before an answer shows it.
      if (forCaller && token === undefined) hooks.onDemoCaller?.();
      const caller = hooks.caller(token);
      let response = operation.handler(
        new HandlerInput(parts.params, parts.query, validBody, caller, hooks.services, c),
      );
      // Awaited only when it is a promise: a synchronous handler and the scenario effects below stay one step.
      if (response instanceof Promise) response = await response;
      // A scenario's effects are changes too: made in the same synchronous step as the handler's (no await between),
      // so no other caller can move the clock past the thing they act on; written with the handler's change.
      let answered = response;
      if (scenario !== undefined && scenarios) {
        scenarios.applyEffects(c, scenario, { caller, body: rawValue }, response);
        answered = await scenarios.finish(c, scenario, response);
      }
      if (hooks.changeCount() !== changesBefore) await hooks.written();
      return answered;
    } catch (error) {
      const refused = hooks.errorResponse(error, operation.errors);
      if (refused) return refused;
      throw error;
    }
  }
}
