import type { Services } from "../services.js";
import { timestamp } from "../services.js";

/** Who is calling, resolved from the `authorization` header as mock-decisions.md describes. */
export interface Caller {
  readonly id: string;
  readonly orgId: string;
  readonly key: string;
  readonly isDemo: boolean;
}

export const DEMO_USER = "demo";
export const DEMO_ORG = "demo";

/** `Bearer <token>` or a bare `<token>`; empty or blank means no credential. */
export function tokenFromAuthorization(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const value = header.trim();
  const token = /^bearer\s+/i.test(value) ? value.replace(/^bearer\s+/i, "").trim() : value;
  return token === "" ? undefined : token;
}

/** `<user>@<org>` names a user of a shared organisation; any other token is a user alone in an organisation of its own. */
export function tenantOfToken(token: string): { user: string; org: string } {
  const at = token.lastIndexOf("@");
  if (at > 0 && at < token.length - 1) return { user: token.slice(0, at), org: token.slice(at + 1) };
  return { user: token, org: `own:${token}` };
}

export function resolveCaller(services: Services, token: string | undefined): Caller {
  const { user, org } = token === undefined ? { user: DEMO_USER, org: DEMO_ORG } : tenantOfToken(token);
  const record = services.world.resolveCaller(user, org, () => timestamp(services));
  return { id: record.id, orgId: record.orgId, key: record.key, isDemo: token === undefined };
}
