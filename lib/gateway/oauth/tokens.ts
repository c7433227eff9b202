import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { randomToken, sha256 } from "../crypto";
import type { DbOrTx } from "../db/client";
import { accessTokens } from "../db/schema";

export type AccessTokenRow = typeof accessTokens.$inferSelect;

/**
 * Issues an opaque access token (no prefix: spec 5.4) and returns its plaintext; only the SHA-256
 * digest is stored. Without a grant it is a client-credentials token acting for the partner itself.
 */
export async function issueAccessToken(
  db: DbOrTx,
  input: {
    clientId: string;
    grantId?: string | null;
    companyId?: string | null;
    userId?: string | null;
    scopes: readonly string[];
    now: Date;
    ttlSeconds: number;
  },
): Promise<{ accessToken: string; expiresAt: Date }> {
  const accessToken = randomToken();
  const expiresAt = new Date(input.now.getTime() + input.ttlSeconds * 1000);
  await db.insert(accessTokens).values({
    tokenHash: sha256(accessToken),
    clientId: input.clientId,
    grantId: input.grantId ?? null,
    companyId: input.companyId ?? null,
    userId: input.userId ?? null,
    scopes: [...input.scopes],
    expiresAt,
    revokedAt: null,
    createdAt: input.now,
  });
  return { accessToken, expiresAt };
}

export async function findAccessToken(db: DbOrTx, accessToken: string): Promise<AccessTokenRow | null> {
  const [row] = await db
    .select()
    .from(accessTokens)
    .where(eq(accessTokens.tokenHash, sha256(accessToken)))
    .limit(1);
  return row ?? null;
}

export async function revokeAccessToken(db: DbOrTx, tokenHash: string, now: Date): Promise<void> {
  await db
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(and(eq(accessTokens.tokenHash, tokenHash), isNull(accessTokens.revokedAt)));
}
