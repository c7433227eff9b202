import "server-only";
import { randomUUID } from "node:crypto";
import { AUTHORIZATION_CODE_SCOPES, type Environment } from "@/lib/contract";
import { CUSTOMER_TOKEN_PREFIX } from "../auth/principal";
import { randomToken, sha256 } from "../crypto";
import type { DbOrTx } from "../db/client";
import { customerTokens } from "../db/schema";

export interface IssueCustomerTokenInput {
  companyId: string;
  /** The user the token acts for (spec 5.2). */
  userId: string;
  environment: Environment;
  name: string;
  /** Defaults to every authorization-code scope: the token acts as its user, whose role still limits writes. */
  scopes?: readonly string[];
  /** A given plaintext (the demo seed reads it from the environment); generated when absent. */
  token?: string;
  expiresAt?: Date | null;
  now?: Date;
}

/**
 * Issues a Customer API token (`ra_test_` on sandbox, `ra_live_` on production) and returns its
 * plaintext, which is never stored. Issuing the same plaintext again leaves the existing row as it is
 * (so a restart does not revive a token an operator revoked).
 */
export async function issueCustomerToken(db: DbOrTx, input: IssueCustomerTokenInput): Promise<string> {
  const prefix = CUSTOMER_TOKEN_PREFIX[input.environment];
  const token = input.token ?? `${prefix}${randomToken()}`;
  if (!token.startsWith(prefix)) throw new Error(`A ${input.environment} Customer API token must start with ${prefix}`);
  if (!/^[\x21-\x7e]{24,512}$/.test(token)) throw new Error("A Customer API token must be 24-512 printable ASCII characters");
  await db
    .insert(customerTokens)
    .values({
      id: randomUUID(),
      tokenHash: sha256(token),
      companyId: input.companyId,
      userId: input.userId,
      name: input.name,
      scopes: [...(input.scopes ?? AUTHORIZATION_CODE_SCOPES)],
      expiresAt: input.expiresAt ?? null,
      createdAt: input.now ?? new Date(),
    })
    .onConflictDoNothing({ target: customerTokens.tokenHash });
  return token;
}
