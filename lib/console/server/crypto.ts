import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

// Encryption at rest of the API tokens the console keeps (access, refresh, Customer API tokens).
// AES-256-GCM with a key derived by HKDF-SHA256 from the console's AUTH_SECRET, so one configured
// secret protects both the session cookies and the stored tokens, yet the two keys are independent
// (next-auth derives its own with a different `info`). The additional authenticated data names the
// row and the column a value belongs to: a ciphertext copied to another row or column fails to open.
//
// Format: `v1.<iv>.<ciphertext>.<tag>` (base64url). The version prefix lets a later key or algorithm
// live beside this one during a rotation.

const VERSION = "v1";
const HKDF_SALT = "roster-console";
const HKDF_INFO = "roster console token encryption v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class DecryptionError extends Error {
  override name = "DecryptionError";
}

export interface TokenCipher {
  seal(plaintext: string, aad: string): string;
  /** Throws DecryptionError when the value was altered, belongs to another row, or the key differs. */
  open(sealed: string, aad: string): string;
}

/** The 32-byte AES key for a secret (HKDF-SHA256). */
export function deriveTokenKey(secret: string): Buffer {
  if (secret.length < 32) throw new Error("The console secret must be at least 32 characters");
  return Buffer.from(hkdfSync("sha256", secret, HKDF_SALT, HKDF_INFO, 32));
}

export function createTokenCipher(secret: string): TokenCipher {
  const key = deriveTokenKey(secret);
  return {
    seal(plaintext, aad) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(aad, "utf8"));
      const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return [VERSION, iv.toString("base64url"), ciphertext.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(".");
    },
    open(sealed, aad) {
      const parts = sealed.split(".");
      if (parts.length !== 4 || parts[0] !== VERSION) throw new DecryptionError("Unknown encrypted value format");
      const iv = Buffer.from(parts[1] ?? "", "base64url");
      const ciphertext = Buffer.from(parts[2] ?? "", "base64url");
      const tag = Buffer.from(parts[3] ?? "", "base64url");
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new DecryptionError("Malformed encrypted value");
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(Buffer.from(aad, "utf8"));
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString("utf8");
      } catch {
        // Never echo the value or the key material: only that it did not authenticate.
        throw new DecryptionError("Encrypted value failed authentication");
      }
    },
  };
}

export type TokenColumn = "access_token" | "refresh_token";

/**
 * The sealed token columns of one table (`access_token_enc`, `refresh_token_enc`), with the AAD
 * `<table>:<row id>:<column>`: the one way the console's stores (token-store.ts for the company
 * admins' connections, partner/grant-store.ts for the partner's grants) seal, open and re-seal after a
 * refresh.
 */
export function tokenColumns(cipher: TokenCipher, table: string) {
  const aad = (id: string, column: TokenColumn) => `${table}:${id}:${column}`;
  return {
    aad,
    /** Both tokens sealed for row `id` (no refresh token: null). */
    seal(id: string, tokens: { accessToken: string; refreshToken?: string | null }) {
      return {
        accessTokenEnc: cipher.seal(tokens.accessToken, aad(id, "access_token")),
        refreshTokenEnc: tokens.refreshToken ? cipher.seal(tokens.refreshToken, aad(id, "refresh_token")) : null,
      };
    },
    /** Opens one column of row `id`; throws DecryptionError as TokenCipher.open does. */
    open(id: string, column: TokenColumn, sealed: string): string {
      return cipher.open(sealed, aad(id, column));
    },
    /**
     * The values a refresh writes: both tokens sealed (the refresh token kept when the answer brings
     * none), the new expiry, the scopes and the next refresh generation.
     */
    refreshed(
      row: { id: string; scopes: string[]; refreshGeneration: number },
      response: { access_token: string; refresh_token?: string | null; expires_in: number; scope?: string | null },
      refreshToken: string,
      at: Date,
    ) {
      const sealed = this.seal(row.id, { accessToken: response.access_token, refreshToken: response.refresh_token ?? refreshToken });
      return {
        accessTokenEnc: sealed.accessTokenEnc,
        refreshTokenEnc: sealed.refreshTokenEnc!,
        accessExpiresAt: new Date(at.getTime() + response.expires_in * 1000),
        // RFC 6749 5.1: no `scope` in the answer (the provider sends none) means the scopes did not change.
        scopes: response.scope ? response.scope.split(" ").filter(Boolean) : row.scopes,
        refreshGeneration: row.refreshGeneration + 1,
      };
    },
  };
}
