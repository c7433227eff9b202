import "server-only";
import { eq, lte } from "drizzle-orm";
import { hmacSha256Hex, randomToken, safeEqual, sha256 } from "../crypto";
import type { Db } from "../db/client";
import { authorizeSessions } from "../db/schema";

// The browser session between the sign-in and the consent page. The cookie holds a random id; the
// table holds its digest, so a database read does not yield a usable session.

export const SESSION_TTL_MS = 10 * 60_000;

export async function createAuthorizeSession(db: Db, input: { userId: string; now: Date }): Promise<string> {
  const sessionId = randomToken();
  // Expired sessions are swept here rather than by a job: the table only grows through this path.
  await db.delete(authorizeSessions).where(lte(authorizeSessions.expiresAt, input.now));
  await db.insert(authorizeSessions).values({
    idHash: sha256(sessionId),
    userId: input.userId,
    expiresAt: new Date(input.now.getTime() + SESSION_TTL_MS),
    createdAt: input.now,
  });
  return sessionId;
}

/** The signed-in user of a live session, or null. */
export async function getAuthorizeSession(db: Db, sessionId: string | undefined, now: Date): Promise<{ userId: string } | null> {
  if (!sessionId || sessionId.length > 128) return null;
  const [row] = await db
    .select()
    .from(authorizeSessions)
    .where(eq(authorizeSessions.idHash, sha256(sessionId)))
    .limit(1);
  if (!row || row.expiresAt.getTime() <= now.getTime()) return null;
  return { userId: row.userId };
}

/** A session serves one consent decision. */
export async function endAuthorizeSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(authorizeSessions).where(eq(authorizeSessions.idHash, sha256(sessionId)));
}

/**
 * The consent form's CSRF token, bound to the session: only a page that was served to the holder of
 * the session cookie can know it, and it dies with the session.
 */
export const consentCsrfToken = (sessionId: string) => hmacSha256Hex(sessionId, "authorize-consent-csrf");

export const verifyConsentCsrf = (sessionId: string, token: string | undefined) =>
  token !== undefined && safeEqual(consentCsrfToken(sessionId), token);

/** The sign-in form's CSRF token (double submit: the cookie and the hidden field must match). */
export const newLoginCsrfToken = () => randomToken();

export const verifyLoginCsrf = (cookie: string | undefined, field: string | undefined) =>
  cookie !== undefined && field !== undefined && cookie.length >= 32 && safeEqual(cookie, field);
