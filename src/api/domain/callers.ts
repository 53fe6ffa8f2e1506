import type { CallerRef, World } from "../../store/index.js";
import { PUBLIC } from "../../store/index.js";
import { type Services, timestamp } from "../services.js";

/**
 * Who is calling, resolved from the credential as docs/decisions/mock-choices.md#callers describes. `key` is the caller's identity within
 * the world (stable across restarts), which also names its id stream; `orgKey` its organisation's. Resolving one
 * stores nothing: the world stores a caller with the first thing it makes (World.nextId).
 */
export interface Caller extends CallerRef {
  readonly isDemo: boolean;
}

/**
 * Whom a token names. `<user>@<org>` is user `<user>` of the shared organisation `<org>`, split at the last `@` (so a
 * user name may itself hold `@`: `alice@example.com@acme` is `alice@example.com` of `acme`); any other token is a user
 * alone in an organisation of its own. No token is the demo caller.
 */
export type Tenant =
  | { readonly kind: "shared"; readonly user: string; readonly org: string }
  | { readonly kind: "own"; readonly user: string }
  | { readonly kind: "demo" };

/**
 * Simulations are the caller's own (spec, Authentication: "own simulations"), even in a project the organisation
 * shares: every view of a simulation (get, list, a project's rounds) asks this one question.
 */
export function ownsSimulation(caller: Caller, simulation: { readonly ownerId: string }): boolean {
  return simulation.ownerId === caller.id;
}

export function tenantOfToken(token: string | undefined): Tenant {
  if (token === undefined) return { kind: "demo" };
  const at = token.lastIndexOf("@");
  if (at > 0 && at < token.length - 1) return { kind: "shared", user: token.slice(0, at), org: token.slice(at + 1) };
  return { kind: "own", user: token };
}

/**
 * The world's keys for an organisation and a caller. They are JSON arrays, so no user or organisation name, whatever
 * characters it holds, can spell another tenant's key (joining with a separator let `a/b@c` and `b@c/a` meet).
 */
export function organisationKey(tenant: Tenant): string {
  switch (tenant.kind) {
    case "shared":
      return sharedOrganisationKey(tenant.org);
    case "own":
      return JSON.stringify(["own", tenant.user]);
    case "demo":
      return JSON.stringify(["demo"]);
  }
}

/** The key of the shared organisation that `<user>@<name>` tokens join. */
export function sharedOrganisationKey(name: string): string {
  return JSON.stringify(["org", name]);
}

export function callerKey(tenant: Tenant): string {
  return JSON.stringify([organisationKey(tenant), tenant.kind === "demo" ? "demo" : tenant.user]);
}

/**
 * Callers already resolved, per world and token: every request resolves its caller, and building the keys (JSON
 * text) costs more than the rest of a GET's lookups. A caller is the same whatever the world holds (its ids come from
 * its keys), so a hit is always right. Bounded: cleared when full.
 */
const resolvedCallers = new WeakMap<World, Map<string | undefined, Caller>>();
const RESOLVED_CALLERS_LIMIT = 1_000;

export function resolveCaller(services: Services, token: string | undefined): Caller {
  const { world } = services;
  let cache = resolvedCallers.get(world);
  if (!cache) {
    cache = new Map();
    resolvedCallers.set(world, cache);
  }
  const known = cache.get(token);
  if (known) return known;

  const tenant = tenantOfToken(token);
  const caller: Caller = {
    ...world.resolveCaller(callerKey(tenant), organisationKey(tenant)),
    isDemo: tenant.kind === "demo",
  };
  if (cache.size >= RESOLVED_CALLERS_LIMIT) cache.clear();
  cache.set(token, caller);
  return caller;
}

/** The next id in the caller's own stream; the caller's first stores it and its organisation (see World.nextId). */
export function nextIdOf(services: Services, caller: Caller): string {
  return services.world.nextId(caller, () => timestamp(services));
}

/**
 * What a caller may read (docs/decisions/mock-choices.md#visibility): public records and its own organisation's;
 * anything else is "not found".
 */
export function isVisibleOrg(orgId: string | null, caller: Caller): boolean {
  return orgId === null || orgId === PUBLIC || orgId === caller.orgId;
}
