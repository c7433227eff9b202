import "server-only";
import { hash, verify } from "@node-rs/argon2";
import { randomToken } from "../crypto";

// Company users' sign-in passwords: argon2id with the library's defaults (OWASP's minimum:
// 19 MiB, 2 passes). Passwords are low-entropy, unlike tokens, so a slow hash is what protects them.

/** The argon2id PHC string of a password, for company_users.password_hash. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** A valid argon2id hash of a random password: unknown users are checked against it so their timing matches a wrong password. */
let decoyHash: Promise<string> | undefined;

/** True when the password matches the stored hash. A missing or malformed hash is a mismatch, never an exception. */
export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    decoyHash ??= hash(randomToken());
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
