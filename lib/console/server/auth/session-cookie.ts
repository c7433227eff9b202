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

/** The console session id in the cookies, or null (absent, tampered, expired or signed with another secret). */
export async function readSessionId(cookies: CookieMap, options: { secret: string; secure: boolean }): Promise<string | null> {
  const raw = cookies[sessionCookieName(options.secure)];
  if (!raw) return null;
  try {
    const token = await decode({ token: raw, secret: options.secret });
    return typeof token?.sid === "string" ? token.sid : null;
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
