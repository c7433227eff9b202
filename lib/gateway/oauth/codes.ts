import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { TokenResponse } from "@/lib/contract";
import { randomToken, sha256 } from "../crypto";
import type { Db } from "../db/client";
import { oauthCodes } from "../db/schema";
import { createGrant, revokeGrant } from "./grants";
import { OAuthError } from "./oauth-error";
import { verifyPkce } from "./pkce";
import { issueAccessToken } from "./tokens";

// Authorization codes: random, stored as digests, short-lived, bound to everything the consent was
// given for, and single use. The environment binding is implicit: each environment has its own database.

export interface CreateCodeInput {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  userId: string;
  companyId: string;
  scopes: readonly string[];
  now: Date;
  ttlSeconds: number;
}

/** Stores a new code and returns its plaintext (it only ever travels in the redirect). */
export async function createAuthorizationCode(db: Db, input: CreateCodeInput): Promise<string> {
  const code = randomToken();
  await db.insert(oauthCodes).values({
    codeHash: sha256(code),
    clientId: input.clientId,
    redirectUri: input.redirectUri,
    codeChallenge: input.codeChallenge,
    userId: input.userId,
    companyId: input.companyId,
    scopes: [...input.scopes],
    expiresAt: new Date(input.now.getTime() + input.ttlSeconds * 1000),
    usedAt: null,
    grantId: null,
    createdAt: input.now,
  });
  return code;
}

export interface ExchangeCodeInput {
  code: string;
  clientId: string;
  redirectUri: string;
  codeVerifier: string;
  now: Date;
  accessTokenTtlSeconds: number;
}

export type ExchangeOutcome =
  { ok: true; response: TokenResponse; grantId: string } | { ok: false; error: OAuthError; revokedGrantId: string | null };

/**
 * Exchanges a code for a grant (refresh token) and an access token.
 *
 * The code is claimed first with one conditional UPDATE, so of two simultaneous exchanges exactly one
 * claims it; the other finds it used and, as RFC 6749 10.5 asks, revokes the grant issued from it.
 * Any presentation claims the code, even one that then fails a check: a code shown with the wrong
 * verifier, client or redirect URI is treated as compromised rather than left for another try.
 */
export async function exchangeAuthorizationCode(db: Db, input: ExchangeCodeInput): Promise<ExchangeOutcome> {
  const codeHash = sha256(input.code);
  return db.transaction(async (tx): Promise<ExchangeOutcome> => {
    const [claimed] = await tx
      .update(oauthCodes)
      .set({ usedAt: input.now })
      .where(and(eq(oauthCodes.codeHash, codeHash), isNull(oauthCodes.usedAt)))
      .returning();

    if (!claimed) {
      const [existing] = await tx.select().from(oauthCodes).where(eq(oauthCodes.codeHash, codeHash)).limit(1);
      if (existing?.grantId) {
        await revokeGrant(tx, existing.grantId, input.now);
        return { ok: false, error: new OAuthError("invalid_grant", "Authorization code already used"), revokedGrantId: existing.grantId };
      }
      const error = existing
        ? new OAuthError("invalid_grant", "Authorization code already used")
        : new OAuthError("invalid_grant", "Authorization code is invalid");
      return { ok: false, error, revokedGrantId: null };
    }

    const fail = (description: string): ExchangeOutcome => ({
      ok: false,
      error: new OAuthError("invalid_grant", description),
      revokedGrantId: null,
    });
    if (claimed.clientId !== input.clientId) return fail("Authorization code was issued to another client");
    if (claimed.expiresAt.getTime() <= input.now.getTime()) return fail("Authorization code expired");
    if (claimed.redirectUri !== input.redirectUri) return fail("redirect_uri does not match the authorization request");
    if (!verifyPkce(input.codeVerifier, claimed.codeChallenge)) return fail("code_verifier does not match the code challenge");

    const { grant, refreshToken } = await createGrant(tx, {
      clientId: claimed.clientId,
      companyId: claimed.companyId,
      userId: claimed.userId,
      scopes: claimed.scopes,
      now: input.now,
    });
    await tx.update(oauthCodes).set({ grantId: grant.id }).where(eq(oauthCodes.codeHash, codeHash));
    const { accessToken } = await issueAccessToken(tx, {
      clientId: grant.clientId,
      grantId: grant.id,
      companyId: grant.companyId,
      userId: grant.userId,
      scopes: grant.scopes,
      now: input.now,
      ttlSeconds: input.accessTokenTtlSeconds,
    });
    return {
      ok: true,
      grantId: grant.id,
      response: {
        access_token: accessToken,
        token_type: "Bearer",
        expires_in: input.accessTokenTtlSeconds,
        refresh_token: refreshToken,
        company_id: grant.companyId,
        user_id: grant.userId,
      },
    };
  });
}
