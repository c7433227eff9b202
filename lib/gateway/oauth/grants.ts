import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { randomToken, sha256 } from "../crypto";
import type { DbOrTx } from "../db/client";
import { accessTokens, oauthGrants } from "../db/schema";

export type GrantRow = typeof oauthGrants.$inferSelect;

/** Records a company's consent to a client and returns it with its refresh token (plaintext, returned once). */
export async function createGrant(
  db: DbOrTx,
  input: { clientId: string; companyId: string; userId: string; scopes: readonly string[]; now: Date },
): Promise<{ grant: GrantRow; refreshToken: string }> {
  const refreshToken = randomToken();
  const grant: GrantRow = {
    id: randomUUID(),
    clientId: input.clientId,
    companyId: input.companyId,
    userId: input.userId,
    scopes: [...input.scopes],
    refreshTokenHash: sha256(refreshToken),
    revokedAt: null,
    createdAt: input.now,
  };
  await db.insert(oauthGrants).values(grant);
  return { grant, refreshToken };
}

export async function findGrantByRefreshToken(db: DbOrTx, refreshToken: string): Promise<GrantRow | null> {
  const [row] = await db
    .select()
    .from(oauthGrants)
    .where(eq(oauthGrants.refreshTokenHash, sha256(refreshToken)))
    .limit(1);
  return row ?? null;
}

/** Revokes a grant and every access token issued from it. Revoking twice keeps the first revocation time. */
export async function revokeGrant(db: DbOrTx, grantId: string, now: Date): Promise<void> {
  await db
    .update(oauthGrants)
    .set({ revokedAt: now })
    .where(and(eq(oauthGrants.id, grantId), isNull(oauthGrants.revokedAt)));
  await db
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(and(eq(accessTokens.grantId, grantId), isNull(accessTokens.revokedAt)));
}

/**
 * Withdraws a company's consent to a client: every live grant of that pair, and their access tokens.
 * Consent is per client and company (`GET /v1/companies` lists by that pair), so an older grant of the
 * same pair must not keep the company connected.
 */
export async function withdrawConsent(db: DbOrTx, input: { clientId: string; companyId: string; now: Date }): Promise<number> {
  const grants = await db
    .select({ id: oauthGrants.id })
    .from(oauthGrants)
    .where(and(eq(oauthGrants.clientId, input.clientId), eq(oauthGrants.companyId, input.companyId), isNull(oauthGrants.revokedAt)));
  for (const g of grants) await revokeGrant(db, g.id, input.now);
  return grants.length;
}

export async function getGrant(db: DbOrTx, grantId: string): Promise<GrantRow | null> {
  const [row] = await db.select().from(oauthGrants).where(eq(oauthGrants.id, grantId)).limit(1);
  return row ?? null;
}
