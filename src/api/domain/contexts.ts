import type { ContextRecord } from "../../store/index.js";
import { type Services, timestamp } from "../services.js";
import { type Caller, nextIdOf } from "./callers.js";
import { tooLarge } from "./errors.js";

/**
 * Contexts the caller can plan against: their own and their organisation's, most recently updated first. Equal
 * timestamps are the normal case on a manual clock: the newest created comes first (insertion order is creation
 * order, reversed before the stable sort).
 */
export function visibleContexts(services: Services, caller: Caller): ContextRecord[] {
  return services.world.contexts
    .listBy("org", caller.orgId)
    .filter((context) => isVisibleContext(context, caller))
    .reverse()
    .sort(byMostRecentlyUpdated);
}

export function isVisibleContext(context: ContextRecord, caller: Caller): boolean {
  return context.orgId === caller.orgId && (context.scope === "organisation" || context.owner_id === caller.id);
}

export function findContext(services: Services, caller: Caller, id: string): ContextRecord | undefined {
  const context = services.world.contexts.get(id);
  return context && isVisibleContext(context, caller) ? context : undefined;
}

/**
 * A context the caller may read: one they can plan against, or the context of a project they can see. A project's
 * simulations plan against its context whoever creates them, so every member of the project must be able to read
 * it, even when it is the owner's own (user-scoped) context.
 */
export function findReadableContext(services: Services, caller: Caller, id: string): ContextRecord | undefined {
  const context = services.world.contexts.get(id);
  if (!context || context.orgId !== caller.orgId) return undefined;
  if (isVisibleContext(context, caller)) return context;
  return services.world.projects.listBy("org", caller.orgId).some((project) => project.context_id === id)
    ? context
    : undefined;
}

function byMostRecentlyUpdated(a: ContextRecord, b: ContextRecord): number {
  return b.updated_at.localeCompare(a.updated_at) || b.created_at.localeCompare(a.created_at);
}

/** The caller's most recently updated context, else the organisation's, else none. */
export function defaultContext(services: Services, caller: Caller): ContextRecord | undefined {
  const visible = visibleContexts(services, caller);
  return (
    visible.find((c) => c.scope === "user" && c.owner_id === caller.id) ??
    visible.find((c) => c.scope === "organisation")
  );
}

export function createContext(
  services: Services,
  caller: Caller,
  input: { name: string; body: string },
): ContextRecord {
  refuseOverStorageLimit(services, caller, input);
  return putContext(services, caller, "user", input);
}

const MIB = 1024 * 1024;
const contextText = (c: { name: string; body: string }) => c.name.length + c.body.length;

/**
 * A mock limit (docs/serving.md#limits): an organisation's contexts hold at most `--max-context-mb` of text, so a
 * client storing large bodies in a loop cannot take the process to gigabytes. Fixtures do not count. The real service
 * has quotas of its own; contexts are the one place a client stores large free text.
 */
function refuseOverStorageLimit(services: Services, caller: Caller, input: { name: string; body: string }): void {
  const { world, options } = services;
  const limit = options.maxContextMb * MIB;
  let stored = contextText(input);
  for (const id of world.contexts.idsBy("org", caller.orgId)) {
    if (stored > limit) break;
    stored += world.contexts.sizeOf(id, (c) => (c.fixture === true ? 0 : contextText(c)));
  }
  if (stored > limit) {
    throw tooLarge(
      `The organisation's contexts would hold more than the mock's limit of ${options.maxContextMb} MiB of text (--max-context-mb); send a smaller body, or reset the organisation (POST /__mock/reset).`,
    );
  }
}

/** A new context owned by `owner`: the caller's own (`user`), or its organisation's (`organisation`). */
export function putContext(
  services: Services,
  owner: Caller,
  scope: ContextRecord["scope"],
  input: { name: string; body: string },
): ContextRecord {
  const now = timestamp(services);
  return services.world.contexts.put({
    id: nextIdOf(services, owner),
    orgId: owner.orgId,
    owner_id: owner.id,
    scope,
    name: input.name,
    body: input.body,
    created_at: now,
    updated_at: now,
  });
}

/** A context as the API shows it in lists (no body). */
export function contextSummaryView(c: ContextRecord) {
  return {
    id: c.id,
    name: c.name,
    scope: c.scope,
    owner_id: c.owner_id,
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
}

/** A context as the API shows it. */
export function contextView(c: ContextRecord) {
  return { ...contextSummaryView(c), body: c.body };
}
