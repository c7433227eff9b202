import "server-only";
import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Environment } from "@/lib/contract";
import { ApiRequestError } from "../../api-errors";
import type { AuthDeps } from "../auth/deps";
import { CONSOLE_SCOPES } from "../auth/employment-api-provider";
import { encodeSignInError, parseCookieHeader, type SignInErrorDetail } from "../auth/session-cookie";
import { exchangeAuthorizationCode, fetchIdentity, TokenEndpointError } from "../auth/token-endpoint";
import type { ConsoleDb } from "../db/client";
import { partnerConsentLinks, type PartnerConsentLinkRow, type StoredCompany } from "../db/schema";
import { onCompanyConnected } from "../readmodel/hooks";
import { recordAudit } from "./audit";

// "Connect a company": an operator creates a consent link; whoever opens it (an admin of the company)
// is sent to the API's authorize page (authorization code + PKCE S256), signs in there and consents;
// the callback stores the grant for the partner. A link is single use and expires after 7 days; only
// the SHA-256 of its random token is stored. The state and the PKCE verifier travel in an encrypted,
// httpOnly cookie scoped to the connect routes, bound to the link they started from.

export const CONSENT_LINK_TTL_MS = 7 * 24 * 3600_000;
export const CONNECT_COOKIE = "roster.partner-connect";
/** The API's words about a failed connection, for the consent page (short-lived, httpOnly). */
export const CONNECT_ERROR_COOKIE = "roster.partner-connect-error";
const CONNECT_COOKIE_PATH = "/api/partner/connect";
const CONNECT_TTL_MS = 15 * 60_000;
const COOKIE_AAD = "partner_connect";

const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");
export const consentLinkPath = (token: string) => `/connect/${encodeURIComponent(token)}`;

export interface ConsentLink {
  id: string;
  environment: Environment;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
  usedByCompany: StoredCompany | null;
  createdByOperatorId: string;
}

export type ConsentLinkState = "pending" | "used" | "expired";

const toLink = (row: PartnerConsentLinkRow): ConsentLink => ({
  id: row.id,
  environment: row.environment,
  createdAt: row.createdAt,
  expiresAt: row.expiresAt,
  usedAt: row.usedAt,
  usedByCompany: row.usedByCompany ?? null,
  createdByOperatorId: row.createdByOperatorId,
});

export function consentLinkState(link: ConsentLink, now: Date): ConsentLinkState {
  if (link.usedAt) return "used";
  return link.expiresAt.getTime() <= now.getTime() ? "expired" : "pending";
}

/** A new consent link: the token is returned once (in the URL to send) and never stored. */
export async function createConsentLink(
  db: ConsoleDb,
  input: { environment: Environment; operatorId: string; now: Date; consoleUrl: string },
): Promise<ConsentLink & { url: string }> {
  const token = randomBytes(32).toString("base64url");
  const row = {
    id: randomUUID(),
    tokenHash: hashToken(token),
    environment: input.environment,
    createdByOperatorId: input.operatorId,
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + CONSENT_LINK_TTL_MS),
  };
  await db.insert(partnerConsentLinks).values(row);
  return { ...toLink({ ...row, usedAt: null, usedByCompany: null }), url: `${input.consoleUrl}${consentLinkPath(token)}` };
}

export async function findConsentLink(db: ConsoleDb, token: string): Promise<ConsentLink | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await db
    .select()
    .from(partnerConsentLinks)
    .where(eq(partnerConsentLinks.tokenHash, hashToken(token)))
    .limit(1);
  return row ? toLink(row) : null;
}

/** The links of an environment still waiting for a company, newest first. */
export async function listPendingConsentLinks(db: ConsoleDb, environment: Environment, now: Date): Promise<ConsentLink[]> {
  const rows = await db
    .select()
    .from(partnerConsentLinks)
    .where(
      and(eq(partnerConsentLinks.environment, environment), isNull(partnerConsentLinks.usedAt), gt(partnerConsentLinks.expiresAt, now)),
    )
    .orderBy(desc(partnerConsentLinks.createdAt))
    .limit(50);
  return rows.map(toLink);
}

const PendingSchema = z.object({
  state: z.string(),
  verifier: z.string(),
  token: z.string(),
  linkId: z.string(),
  environment: z.enum(["sandbox", "production"]),
  exp: z.number(),
});
type Pending = z.infer<typeof PendingSchema>;

function cookie(deps: AuthDeps, name: string, value: string, path: string, maxAgeSeconds: number): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${path}`, `Max-Age=${maxAgeSeconds}`, "HttpOnly", "SameSite=Lax"];
  if (maxAgeSeconds === 0) parts.push("Expires=Thu, 01 Jan 1970 00:00:00 GMT");
  if (deps.config.secureCookies) parts.push("Secure");
  return parts.join("; ");
}

const redirectTo = (location: string, cookies: string[] = []) => {
  const headers = new Headers({ location, "cache-control": "no-store" });
  for (const c of cookies) headers.append("set-cookie", c);
  return new Response(null, { status: 303, headers });
};

const sameString = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * GET /api/partner/connect/start?link=<token>: checks the link and sends the browser to the API's
 * authorize page of the link's environment. A link that cannot be used goes back to its page, which says why.
 */
export async function handleConnectStart(deps: AuthDeps, req: Request): Promise<Response> {
  const token = new URL(req.url).searchParams.get("link") ?? "";
  const link = await findConsentLink(deps.db, token);
  if (!link || consentLinkState(link, deps.now()) !== "pending") return redirectTo(link ? consentLinkPath(token) : "/connect/invalid");
  const state = randomBytes(32).toString("base64url");
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const pending: Pending = {
    state,
    verifier,
    token,
    linkId: link.id,
    environment: link.environment,
    exp: deps.now().getTime() + CONNECT_TTL_MS,
  };
  const sealed = deps.cipher.seal(JSON.stringify(pending), COOKIE_AAD);
  const base = await deps.resolveBaseUrl(link.environment);
  const authorize = new URL("auth/oauth2/authorize", base.endsWith("/") ? base : `${base}/`);
  authorize.search = new URLSearchParams({
    response_type: "code",
    client_id: deps.config.clients[link.environment].clientId,
    redirect_uri: deps.config.partnerCallbackUrl,
    scope: CONSOLE_SCOPES(link.environment).join(" "),
    state,
    code_challenge: challenge,
    code_challenge_method: "S256",
  }).toString();
  return redirectTo(authorize.toString(), [cookie(deps, CONNECT_COOKIE, sealed, CONNECT_COOKIE_PATH, CONNECT_TTL_MS / 1000)]);
}

function readPending(deps: AuthDeps, req: Request): Pending | null {
  const raw = parseCookieHeader(req.headers.get("cookie"))[CONNECT_COOKIE];
  if (!raw) return null;
  try {
    const parsed = PendingSchema.safeParse(JSON.parse(deps.cipher.open(raw, COOKIE_AAD)));
    return parsed.success && parsed.data.exp > deps.now().getTime() ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Claims an unused, unexpired link for a company (atomically: one link connects one company). */
async function claimLink(db: ConsoleDb, linkId: string, company: StoredCompany, now: Date): Promise<boolean> {
  const claimed = await db
    .update(partnerConsentLinks)
    .set({ usedAt: now, usedByCompany: company })
    .where(and(eq(partnerConsentLinks.id, linkId), isNull(partnerConsentLinks.usedAt), gt(partnerConsentLinks.expiresAt, now)))
    .returning({ id: partnerConsentLinks.id });
  return claimed.length === 1;
}

/**
 * GET /api/partner/connect/callback?code&state (or ?error&state): the API's answer. On consent, the
 * code is exchanged (PKCE), the identity says which company consented, and the grant is stored. The
 * browser goes back to the link's page with the outcome; the API's words about a failure ride in a
 * short-lived httpOnly cookie, never in the URL.
 */
export async function handleConnectCallback(deps: AuthDeps, req: Request): Promise<Response> {
  const params = new URL(req.url).searchParams;
  const pending = readPending(deps, req);
  const clear = cookie(deps, CONNECT_COOKIE, "", CONNECT_COOKIE_PATH, 0);
  if (!pending || !sameString(pending.state, params.get("state") ?? "")) {
    // No flow of this browser, an expired one, or a forged or replayed state: nothing happens.
    return redirectTo("/connect/invalid?reason=state", [clear]);
  }
  const page = consentLinkPath(pending.token);
  const fail = (detail: SignInErrorDetail) =>
    redirectTo(`${page}?result=failed`, [clear, cookie(deps, CONNECT_ERROR_COOKIE, encodeSignInError(detail), "/connect", 120)]);

  const error = params.get("error");
  if (error) {
    if (error === "access_denied") return redirectTo(`${page}?result=denied`, [clear]);
    return fail({ code: error.slice(0, 100), message: (params.get("error_description") ?? error).slice(0, 500), requestId: null });
  }
  const code = params.get("code");
  if (!code) return fail({ code: "invalid_request", message: "The API's answer carries no authorization code.", requestId: null });

  const environment = pending.environment;
  const client = deps.config.clients[environment];
  const baseUrl = await deps.resolveBaseUrl(environment);
  let tokens;
  let identity;
  try {
    tokens = await exchangeAuthorizationCode(
      { baseUrl, client, fetch: deps.fetch },
      { code, redirectUri: deps.config.partnerCallbackUrl, codeVerifier: pending.verifier },
    );
    identity = await fetchIdentity({ baseUrl, environment, token: tokens.access_token, fetch: deps.fetch });
  } catch (e) {
    if (e instanceof TokenEndpointError) return fail({ code: e.error, message: e.message, requestId: e.requestId });
    if (e instanceof ApiRequestError) return fail({ code: e.payload.kind, message: e.payload.message, requestId: e.payload.requestId });
    throw e;
  }
  if (!identity.company || !tokens.refresh_token) {
    return fail({ code: "invalid_grant", message: "The grant acts for no company (or came without a refresh token).", requestId: null });
  }
  const company = { id: identity.company.id, name: identity.company.name };
  const now = deps.now();
  if (!(await claimLink(deps.db, pending.linkId, company, now))) {
    return fail({
      code: "link_used",
      message: "This link was used or expired while you were signing in: ask for a new one.",
      requestId: null,
    });
  }
  const [link] = await deps.db.select().from(partnerConsentLinks).where(eq(partnerConsentLinks.id, pending.linkId)).limit(1);
  const consentedBy = identity.user ? { id: identity.user.id, name: identity.user.name, email: identity.user.email } : null;
  await deps.grants.saveGrant({
    environment,
    company,
    clientId: client.clientId,
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    accessExpiresAt: new Date(now.getTime() + tokens.expires_in * 1000),
    // RFC 6749 5.1: no `scope` in the answer (the provider sends none) means the scopes requested.
    scopes: tokens.scope ? tokens.scope.split(" ").filter(Boolean) : [...CONSOLE_SCOPES(environment)],
    consentedBy,
    operatorId: link?.createdByOperatorId ?? null,
  });
  await onCompanyConnected(deps, { environment, company });
  await recordAudit(deps.db, {
    environment,
    company,
    actor: { kind: "company_user", id: consentedBy?.id ?? null, name: consentedBy?.name ?? null, email: consentedBy?.email ?? null },
    method: "POST",
    path: "auth/oauth2/token (consent to the partner)",
    status: 200,
    requestId: null,
    at: now,
  });
  deps.logger.info({ event: "console.partner_connected", environment, companyId: company.id }, "company connected");
  return redirectTo(`${page}?result=connected`, [clear]);
}
