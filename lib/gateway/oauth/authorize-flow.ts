import "server-only";
import { getCookie, setCookie, deleteCookie } from "hono/cookie";
import { eq, sql } from "drizzle-orm";
import type { CompanyRole } from "@/lib/contract";
import type { GatewayContext } from "../context";
import type { Db } from "../db/client";
import { companies, companyUsers } from "../db/schema";
import { buildRedirect, type AuthorizeRequest, type AuthorizeValidation } from "./authorize-request";
import { htmlPage, redirectTo, renderConsentPage, renderErrorPage, renderLoginPage } from "./pages";
import { consentCsrfToken, newLoginCsrfToken, SESSION_TTL_MS } from "./sessions";

// Pieces shared by the three authorize routes (the GET and its two form posts).

export const LOGIN_CSRF_COOKIE = "ra_authorize_csrf";
export const SESSION_COOKIE = "ra_authorize_session";
const COOKIE_PATH = "/auth/oauth2";

/** Roles that may connect their company to a client (docs/decisions/oauth-consent-roles.md). */
export const CONSENTING_ROLES: readonly CompanyRole[] = ["owner", "admin"];

function cookieOptions(c: GatewayContext, maxAgeSeconds: number) {
  return {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: "Lax" as const,
    // Browsers refuse Secure cookies over plain http, which the local default uses.
    secure: c.get("deps").config.baseUrl.startsWith("https://"),
    maxAge: maxAgeSeconds,
  };
}

/** The answer to a request that failed validation: an error page, or the error sent back to the client. */
export function invalidAuthorizeResponse(
  c: GatewayContext,
  result: Exclude<AuthorizeValidation, { kind: "ok" }>,
  redirectStatus: 302 | 303,
): Response {
  const { environment } = c.get("deps").config;
  if (result.kind === "page_error") return htmlPage(c, 400, renderErrorPage({ environment, title: result.title, message: result.message }));
  return redirectTo(
    c,
    buildRedirect(result.redirectUri, { error: result.error, error_description: result.description, state: result.state }),
    redirectStatus,
  );
}

/** Where "deny" (or "back") sends the user: the client learns the user declined. */
export const deniedRedirect = (request: AuthorizeRequest) =>
  buildRedirect(request.redirectUri, { error: "access_denied", error_description: "The user denied access", state: request.state });

/** The sign-in page, with a login CSRF cookie (kept when the browser has one, so two tabs can sign in). */
export function loginPageResponse(
  c: GatewayContext,
  request: AuthorizeRequest,
  options: { status?: 200 | 401 | 403 | 429; error?: string; email?: string; freshCsrf?: boolean } = {},
): Response {
  const existing = getCookie(c, LOGIN_CSRF_COOKIE);
  const csrfToken = !options.freshCsrf && existing && /^[A-Za-z0-9_-]{43}$/.test(existing) ? existing : newLoginCsrfToken();
  setCookie(c, LOGIN_CSRF_COOKIE, csrfToken, cookieOptions(c, SESSION_TTL_MS / 1000));
  const html = renderLoginPage({
    environment: c.get("deps").config.environment,
    clientName: request.client.name,
    params: request.params,
    csrfToken,
    email: options.email,
    error: options.error,
  });
  return htmlPage(c, options.status ?? 200, html);
}

export interface ConsentingUser {
  id: string;
  name: string;
  email: string;
  role: string;
  status: string;
  passwordHash: string | null;
  companyId: string;
  companyName: string;
}

const userColumns = {
  id: companyUsers.id,
  name: companyUsers.name,
  email: companyUsers.email,
  role: companyUsers.role,
  status: companyUsers.status,
  passwordHash: companyUsers.passwordHash,
  companyId: companyUsers.companyId,
  companyName: companies.name,
};

export async function findUserById(db: Db, userId: string): Promise<ConsentingUser | null> {
  const [row] = await db
    .select(userColumns)
    .from(companyUsers)
    .innerJoin(companies, eq(companies.id, companyUsers.companyId))
    .where(eq(companyUsers.id, userId))
    .limit(1);
  return row ?? null;
}

/** Emails are unique case-insensitively (company_users_email_uq on lower(email)), so the lookup folds case too. */
export async function findUserByEmail(db: Db, email: string): Promise<ConsentingUser | null> {
  const [row] = await db
    .select(userColumns)
    .from(companyUsers)
    .innerJoin(companies, eq(companies.id, companyUsers.companyId))
    .where(sql`lower(${companyUsers.email}) = lower(${email})`)
    .limit(1);
  return row ?? null;
}

export const canConsent = (user: Pick<ConsentingUser, "role">) => (CONSENTING_ROLES as readonly string[]).includes(user.role);

/** "You need to be an owner or admin": shown instead of the consent page, with a way back to the client. */
export function roleRequiredResponse(c: GatewayContext, request: AuthorizeRequest, user: ConsentingUser): Response {
  return htmlPage(
    c,
    403,
    renderErrorPage({
      environment: c.get("deps").config.environment,
      title: "You need to be an owner or admin",
      message: `Only an owner or admin of ${user.companyName} can connect it to ${request.client.name}. Ask one of them to sign in and allow access.`,
      backLink: { href: deniedRedirect(request), label: `Return to ${request.client.name}` },
    }),
  );
}

/** The consent page for a signed-in user, its CSRF token bound to the session. */
export function consentPageResponse(c: GatewayContext, request: AuthorizeRequest, user: ConsentingUser, sessionId: string): Response {
  const html = renderConsentPage({
    environment: c.get("deps").config.environment,
    clientName: request.client.name,
    companyName: user.companyName,
    user,
    scopes: request.scopes,
    redirectUri: request.redirectUri,
    params: request.params,
    csrfToken: consentCsrfToken(sessionId),
  });
  return htmlPage(c, 200, html);
}

export function setSessionCookie(c: GatewayContext, sessionId: string): void {
  setCookie(c, SESSION_COOKIE, sessionId, cookieOptions(c, SESSION_TTL_MS / 1000));
}

export const readSessionCookie = (c: GatewayContext) => getCookie(c, SESSION_COOKIE);

export function clearSessionCookie(c: GatewayContext): void {
  deleteCookie(c, SESSION_COOKIE, { path: COOKIE_PATH });
}
