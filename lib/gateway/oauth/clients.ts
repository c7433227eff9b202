import "server-only";
import { eq } from "drizzle-orm";
import { AUTHORIZATION_CODE_SCOPES, CLIENT_CREDENTIALS_SCOPES } from "@/lib/contract";
import { safeEqual, sha256 } from "../crypto";
import type { DbOrTx } from "../db/client";
import { oauthClients } from "../db/schema";

/** A registered OAuth client (partner), without its secret. */
export interface OAuthClient {
  id: string;
  name: string;
  redirectUris: string[];
  scopes: string[];
}

export interface RegisterClientInput {
  id: string;
  /** Plaintext secret; only its SHA-256 digest is stored. */
  secret: string;
  name: string;
  redirectUris: readonly string[];
  scopes: readonly string[];
  now?: Date;
}

const KNOWN_SCOPES: ReadonlySet<string> = new Set([...AUTHORIZATION_CODE_SCOPES, ...CLIENT_CREDENTIALS_SCOPES]);

/** Redirect URIs are compared byte for byte, so only absolute http(s) URIs without a fragment can be registered (RFC 6749 3.1.2). */
export function assertValidRedirectUri(uri: string): void {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw new Error(`Redirect URI is not an absolute URL: ${uri}`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error(`Redirect URI must use http or https: ${uri}`);
  if (url.hash || uri.includes("#")) throw new Error(`Redirect URI must not contain a fragment: ${uri}`);
}

/**
 * Creates the client, or updates it when the id exists: starting again with the same environment
 * values is a no-op, and a changed secret, name, redirect list or scope list takes effect.
 */
export async function registerClient(db: DbOrTx, input: RegisterClientInput): Promise<OAuthClient> {
  if (!/^[\x21-\x7e]{1,255}$/.test(input.id) || input.id.includes(":")) {
    // A colon would make HTTP Basic credentials ambiguous (RFC 7617).
    throw new Error("Client id must be 1-255 printable ASCII characters without ':'");
  }
  if (input.secret.length < 16) throw new Error(`Client secret of ${input.id} is too short (16 characters minimum)`);
  if (input.redirectUris.length === 0) throw new Error(`Client ${input.id} needs at least one redirect URI`);
  input.redirectUris.forEach(assertValidRedirectUri);
  const unknown = input.scopes.filter((s) => !KNOWN_SCOPES.has(s));
  if (unknown.length > 0) throw new Error(`Unknown scopes for client ${input.id}: ${unknown.join(", ")}`);

  const values = {
    name: input.name,
    secretHash: sha256(input.secret),
    redirectUris: [...new Set(input.redirectUris)],
    scopes: [...new Set(input.scopes)],
  };
  await db
    .insert(oauthClients)
    .values({ id: input.id, ...values, createdAt: input.now ?? new Date() })
    .onConflictDoUpdate({ target: oauthClients.id, set: values });
  return { id: input.id, name: values.name, redirectUris: values.redirectUris, scopes: values.scopes };
}

/** Client ids are VSCHARs (RFC 6749) without ":" (HTTP Basic); anything else is unknown without a query. */
const CLIENT_ID_RE = /^[\x20-\x39\x3b-\x7e]{1,200}$/;

export async function getClient(db: DbOrTx, clientId: string): Promise<OAuthClient | null> {
  if (!CLIENT_ID_RE.test(clientId)) return null;
  const [row] = await db
    .select({ id: oauthClients.id, name: oauthClients.name, redirectUris: oauthClients.redirectUris, scopes: oauthClients.scopes })
    .from(oauthClients)
    .where(eq(oauthClients.id, clientId))
    .limit(1);
  return row ?? null;
}

/** Digest compared against when the client id is unknown, so both failures take the same path. */
const DECOY_SECRET_HASH = sha256("decoy");

/** The client when the secret matches, otherwise null. Digests are compared in constant time. */
export async function authenticateClient(db: DbOrTx, clientId: string, secret: string): Promise<OAuthClient | null> {
  const [row] = CLIENT_ID_RE.test(clientId) ? await db.select().from(oauthClients).where(eq(oauthClients.id, clientId)).limit(1) : [];
  const matches = safeEqual(sha256(secret), row?.secretHash ?? DECOY_SECRET_HASH);
  if (!row || !matches) return null;
  return { id: row.id, name: row.name, redirectUris: row.redirectUris, scopes: row.scopes };
}
