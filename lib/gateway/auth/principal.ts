import "server-only";
import { and, eq } from "drizzle-orm";
import type { CompanyRole } from "@/lib/contract";
import { sha256 } from "../crypto";
import type { GatewayDeps, Principal } from "../context";
import { accessTokens, companyUsers, customerTokens, oauthGrants } from "../db/schema";

export const CUSTOMER_TOKEN_PREFIX = { sandbox: "ra_test_", production: "ra_live_" } as const;

/** The token of an Authorization header (the scheme is case-insensitive, RFC 7235), or null. */
export function bearerToken(authorization: string | undefined): string | null {
  const match = /^Bearer ([\x21-\x7e]{1,512})$/i.exec(authorization ?? "");
  return match?.[1] ?? null;
}

/** A principal and the moment its token stops working (null: never), as the token cache keeps them. */
export interface ResolvedToken {
  principal: Principal;
  expiresAt: Date | null;
}

/** Resolves a bearer token to its principal, or null when it is absent, unknown, revoked, expired or of the other environment. */
export async function resolvePrincipal(deps: GatewayDeps, authorization: string | undefined): Promise<Principal | null> {
  const token = bearerToken(authorization);
  return token ? ((await resolveToken(deps, token))?.principal ?? null) : null;
}

/** Reads a token from the database (no write: docs/decisions/api-token-cache.md). */
export async function resolveToken(deps: GatewayDeps, token: string, tokenHash = sha256(token)): Promise<ResolvedToken | null> {
  const now = deps.clock.now();
  const { db } = deps;

  if (token.startsWith("ra_test_") || token.startsWith("ra_live_")) {
    if (!token.startsWith(CUSTOMER_TOKEN_PREFIX[deps.config.environment])) return null;
    const [row] = await db
      .select({ t: customerTokens, role: companyUsers.role, userStatus: companyUsers.status })
      .from(customerTokens)
      .innerJoin(companyUsers, eq(companyUsers.id, customerTokens.userId))
      .where(eq(customerTokens.tokenHash, tokenHash))
      .limit(1);
    if (!row || row.t.revokedAt || (row.t.expiresAt && row.t.expiresAt <= now) || row.userStatus !== "active") return null;
    const principal: Principal = {
      kind: "customer",
      clientId: null,
      companyId: row.t.companyId,
      userId: row.t.userId,
      role: row.role as CompanyRole,
      scopes: new Set(row.t.scopes),
      grantId: null,
    };
    return { principal, expiresAt: row.t.expiresAt ?? null };
  }

  const [row] = await db
    .select({ t: accessTokens, grantRevokedAt: oauthGrants.revokedAt, role: companyUsers.role, userStatus: companyUsers.status })
    .from(accessTokens)
    .leftJoin(oauthGrants, eq(oauthGrants.id, accessTokens.grantId))
    .leftJoin(companyUsers, and(eq(companyUsers.id, accessTokens.userId)))
    .where(eq(accessTokens.tokenHash, tokenHash))
    .limit(1);
  if (!row || row.t.revokedAt || row.t.expiresAt <= now || row.grantRevokedAt) return null;
  if (row.t.userId && row.userStatus !== "active") return null;
  const principal: Principal = {
    kind: row.t.grantId ? "user_grant" : "client",
    clientId: row.t.clientId,
    companyId: row.t.companyId,
    userId: row.t.userId,
    role: (row.role as CompanyRole | null) ?? null,
    scopes: new Set(row.t.scopes),
    grantId: row.t.grantId,
  };
  return { principal, expiresAt: row.t.expiresAt };
}
