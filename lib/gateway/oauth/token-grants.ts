import "server-only";
import { eq } from "drizzle-orm";
import type { TokenResponse } from "@/lib/contract";
import type { Db } from "../db/client";
import { companyUsers } from "../db/schema";
import type { OAuthClient } from "./clients";
import { findGrantByRefreshToken } from "./grants";
import { OAuthError } from "./oauth-error";
import { allowedScopes, disallowedScopes } from "./scopes";
import { issueAccessToken } from "./tokens";

interface IssueContext {
  now: Date;
  accessTokenTtlSeconds: number;
}

/** client_credentials: a token acting for the partner itself; scopes default to all the client may have in this flow. */
export async function grantClientCredentials(
  db: Db,
  client: OAuthClient,
  requested: readonly string[] | null,
  ctx: IssueContext,
): Promise<TokenResponse> {
  const allowed = allowedScopes("client_credentials", client.scopes);
  const scopes = requested ?? allowed;
  const refused = disallowedScopes(scopes, allowed);
  if (refused.length > 0) throw new OAuthError("invalid_scope", `Scope not allowed for client credentials: ${refused.join(" ")}`);
  if (scopes.length === 0) throw new OAuthError("invalid_scope", "The client has no client-credentials scope");
  const { accessToken } = await issueAccessToken(db, { clientId: client.id, scopes, now: ctx.now, ttlSeconds: ctx.accessTokenTtlSeconds });
  // No `scope`, as the provider's ClientCredentialsResponse (the token carries the scopes; /v1/identity/current names the client).
  return { access_token: accessToken, token_type: "Bearer", expires_in: ctx.accessTokenTtlSeconds };
}

/**
 * refresh_token: a new access token from a live grant, answered with the same refresh token (no
 * rotation, as on the real service). A narrower scope applies to the new access token only.
 */
export async function refreshAccessToken(
  db: Db,
  client: OAuthClient,
  input: { refreshToken: string; requested: readonly string[] | null },
  ctx: IssueContext,
): Promise<TokenResponse> {
  const grant = await findGrantByRefreshToken(db, input.refreshToken);
  // A refresh token of another client is reported like an unknown one: it reveals nothing about it.
  if (!grant || grant.clientId !== client.id) throw new OAuthError("invalid_grant", "Refresh token is invalid");
  if (grant.revokedAt) throw new OAuthError("invalid_grant", "Refresh token was revoked");
  const [user] = await db.select({ status: companyUsers.status }).from(companyUsers).where(eq(companyUsers.id, grant.userId)).limit(1);
  if (user?.status !== "active") throw new OAuthError("invalid_grant", "The user who granted access is no longer active");

  const scopes = input.requested ?? grant.scopes;
  const refused = disallowedScopes(scopes, grant.scopes);
  if (refused.length > 0) throw new OAuthError("invalid_scope", `Scope exceeds the granted scopes: ${refused.join(" ")}`);
  const { accessToken } = await issueAccessToken(db, {
    clientId: client.id,
    grantId: grant.id,
    companyId: grant.companyId,
    userId: grant.userId,
    scopes,
    now: ctx.now,
    ttlSeconds: ctx.accessTokenTtlSeconds,
  });
  return {
    access_token: accessToken,
    token_type: "Bearer",
    expires_in: ctx.accessTokenTtlSeconds,
    refresh_token: input.refreshToken,
  };
}
