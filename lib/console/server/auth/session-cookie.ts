import "server-only";
import { decode } from "next-auth/jwt";

// The session cookie: a next-auth JWT (encrypted, A256GCM) that holds only the console session id.
// Named by us, so server code, route handlers and proxy.ts agree on it.

export const SESSION_COOKIE = "roster.session";
export const SECURE_SESSION_COOKIE = "__Secure-roster.session";
/** The environment chosen for an OAuth sign-in in progress (read back by the callback). */
export const AUTH_ENVIRONMENT_COOKIE = "roster.auth-environment";
/** The API's words about a failed sign-in, for the sign-in page (short-lived, httpOnly). */
export const SIGN_IN_ERROR_COOKIE = "roster.sign-in-error";

export const sessionCookieName = (secure: boolean) => (secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE);

export type CookieMap = Partial<Record<string, string>>;

/** Parses a Cookie header (first value of a name wins, as browsers send the most specific first). */
export function parseCookieHeader(header: string | null | undefined): CookieMap {
  const out: CookieMap = {};
  if (!header) return out;
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    if (!name || name in out) continue;
    let value = part.slice(at + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      out[name] = decodeURIComponent(value);
    } catch {
      out[name] = value;
    }
  }
  return out;
}

/** How many decoded session cookies are kept (per secret), the least recently used dropped first. */
export const DECODED_COOKIES_MAX = 2000;
/**
 * Session cookies already decoded, per secret: the cookie's exact text → its session id, until the
 * token's own expiry. Decoding costs a key derivation (HKDF) and an AES-GCM decryption on every page
 * and BFF call (a profile of the list page under load showed HKDF alone at 3 % of the CPU). The cache
 * holds only what the cookie itself says: whether the session still exists (sign-out, revocation) is
 * read from the console database on every request, as before.
 */
const decodedCookies = new Map<string, Map<string, { sid: string; expiresAt: number }>>();

/** The console session id in the cookies, or null (absent, tampered, expired or signed with another secret). */
export async function readSessionId(
  cookies: CookieMap,
  options: { secret: string; secure: boolean; decode?: typeof decode },
): Promise<string | null> {
  const raw = cookies[sessionCookieName(options.secure)];
  if (!raw) return null;
  let known = decodedCookies.get(options.secret);
  const hit = known?.get(raw);
  if (hit && known) {
    known.delete(raw);
    if (hit.expiresAt > Date.now()) {
      known.set(raw, hit);
      return hit.sid;
    }
  }
  try {
    const token = await (options.decode ?? decode)({ token: raw, secret: options.secret });
    const sid = typeof token?.sid === "string" ? token.sid : null;
    if (sid && typeof token?.exp === "number") {
      if (!known) decodedCookies.set(options.secret, (known = new Map()));
      known.set(raw, { sid, expiresAt: token.exp * 1000 });
      if (known.size > DECODED_COOKIES_MAX) known.delete(known.keys().next().value!);
    }
    return sid;
  } catch {
    return null;
  }
}

export interface SignInErrorDetail {
  code: string;
  message: string;
  requestId: string | null;
}

export function encodeSignInError(detail: SignInErrorDetail): string {
  return Buffer.from(JSON.stringify(detail)).toString("base64url");
}

export function decodeSignInError(value: string | undefined): SignInErrorDetail | null {
  if (!value) return null;
  try {
    const d = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as Partial<SignInErrorDetail>;
    if (typeof d.code !== "string" || typeof d.message !== "string") return null;
    return {
      code: d.code.slice(0, 100),
      message: d.message.slice(0, 500),
      requestId: typeof d.requestId === "string" ? d.requestId.slice(0, 100) : null,
    };
  } catch {
    return null;
  }
}
