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
