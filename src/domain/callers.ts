import { type Services, timestamp } from "../services.js";

/** Who is calling, resolved from the credential as mock-decisions.md describes. */
export interface Caller {
  readonly id: string;
  readonly orgId: string;
  /** The caller's identity within the world (stable across restarts); also names its id stream. */
  readonly key: string;
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

export function resolveCaller(services: Services, token: string | undefined): Caller {
  const tenant = tenantOfToken(token);
  const record = services.world.resolveCaller(callerKey(tenant), organisationKey(tenant), () => timestamp(services));
  return { id: record.id, orgId: record.orgId, key: record.key, isDemo: tenant.kind === "demo" };
}
