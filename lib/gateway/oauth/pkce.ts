import "server-only";
import { pkceS256, safeEqual } from "../crypto";

// RFC 7636 with the S256 method only: "plain" would hand the verifier to anyone who sees the
// authorize URL.

/** An S256 challenge is the unpadded base64url of a SHA-256 digest: exactly 43 characters. */
export const isValidCodeChallenge = (challenge: string) => /^[A-Za-z0-9_-]{43}$/.test(challenge);

/** A verifier is 43-128 unreserved characters (RFC 7636 4.1). */
export const isValidCodeVerifier = (verifier: string) => /^[A-Za-z0-9._~-]{43,128}$/.test(verifier);

export function verifyPkce(verifier: string, challenge: string): boolean {
  return isValidCodeVerifier(verifier) && safeEqual(pkceS256(verifier), challenge);
}
