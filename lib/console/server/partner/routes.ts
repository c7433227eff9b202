import "server-only";
import { z } from "zod";
import { ApiRequestError, type ApiErrorPayload } from "../../api-errors";
import type { AuthDeps } from "../auth/deps";
import { toPublicSession } from "../auth/options";
import { errorResponse, refuseCrossSite, sessionIdOf } from "../auth/session-routes";
import { safeCallbackUrl } from "../../auth/sign-in-url";
import type { ConsoleSession } from "../../session-types";
import { withdrawConsent } from "./companies";
import { createConsentLink } from "./connect";
import type { GrantInfo } from "./grant-store";

// The partner view's own endpoints (app/api/partner/**, app/api/session/company, /partner/open),
// written as functions of a Request so tests call them directly. Only operator sessions may use
// them: anyone else gets 404, as if they did not exist (a company admin never sees the partner view).

const NO_STORE = { "cache-control": "no-store" };

const notFound = () => errorResponse({ kind: "not_found", status: 404, message: "Not found", requestId: null });

/** The operator session of a request, or null (no session, or a company admin's). */
export async function operatorSessionOf(deps: AuthDeps, req: Request): Promise<(ConsoleSession & { operatorId: string }) | null> {
  const sid = await sessionIdOf(deps, req);
  const session = sid ? await deps.store.getSession(sid) : null;
  return session?.kind === "operator" && session.operatorId ? (session as ConsoleSession & { operatorId: string }) : null;
}

/** What the browser may see of a grant: no token, no client secret. */
export function publicGrant(grant: GrantInfo) {
  return {
    company: grant.company,
    environment: grant.environment,
    status: grant.status,
    statusReason: grant.statusReason,
    statusChangedAt: grant.statusChangedAt.toISOString(),
    lastSuccessAt: grant.lastSuccessAt?.toISOString() ?? null,
    consentedBy: grant.consentedBy,
    consentedAt: grant.consentedAt.toISOString(),
    scopes: grant.scopes,
  };
}

const fail = (error: unknown): Response => {
  if (error instanceof ApiRequestError) return errorResponse(error.payload);
  throw error;
};

/** POST /api/partner/consent-links: a new consent link for the current environment (its URL is shown once). */
export async function handleCreateConsentLink(deps: AuthDeps, req: Request): Promise<Response> {
  const refused = refuseCrossSite(req);
  if (refused) return refused;
  const session = await operatorSessionOf(deps, req);
  if (!session) return notFound();
  const link = await createConsentLink(deps.db, {
    environment: session.environment,
    operatorId: session.operatorId,
    now: deps.now(),
    consoleUrl: deps.config.consoleUrl,
  });
  return Response.json(
    { data: { url: link.url, environment: link.environment, expiresAt: link.expiresAt.toISOString() } },
    { status: 201, headers: NO_STORE },
  );
}

/** POST /api/partner/companies/{companyId}/withdraw: withdraws the company's consent (revoked at the API). */
export async function handleWithdrawConsent(deps: AuthDeps, req: Request, companyId: string): Promise<Response> {
  const refused = refuseCrossSite(req);
  if (refused) return refused;
  const session = await operatorSessionOf(deps, req);
  if (!session || !session.user) return notFound();
  try {
    const { grant, revokedAtApi } = await withdrawConsent(deps, {
      environment: session.environment,
      companyId,
      operator: { ...session.user, id: session.operatorId },
    });
    // Acting for the withdrawn company is over: back to the partner view.
    if (session.company?.id === companyId) await deps.store.setCompany(session.id, null);
    return Response.json({ data: { grant: publicGrant(grant), revokedAtApi } }, { headers: NO_STORE });
  } catch (error) {
    return fail(error);
  }
}

const CompanyBodySchema = z.object({ companyId: z.string().min(1).max(100).nullable() });

/** Makes a connected company the one the operator acts for (null: the partner view). */
async function switchCompany(deps: AuthDeps, session: ConsoleSession, companyId: string | null): Promise<ApiErrorPayload | null> {
  if (companyId === null) {
    await deps.store.setCompany(session.id, null);
    return null;
  }
  const grant = await deps.grants.getGrant(session.environment, companyId);
  if (!grant)
    return {
      kind: "not_found",
      status: 404,
      message: "This company is not connected to the partner in this environment.",
      requestId: null,
    };
  if (grant.status === "revoked") {
    return { kind: "conflict", status: 409, message: `${grant.company.name} withdrew its consent: reconnect it first.`, requestId: null };
  }
  await deps.store.setCompany(session.id, grant.company);
  return null;
}

/** POST /api/session/company {companyId|null}: the company switcher of the header. */
export async function handleSwitchCompany(deps: AuthDeps, req: Request): Promise<Response> {
  const refused = refuseCrossSite(req);
  if (refused) return refused;
  const session = await operatorSessionOf(deps, req);
  if (!session) return notFound();
  const parsed = CompanyBodySchema.safeParse(await req.json().catch(() => undefined));
  if (!parsed.success) {
    return errorResponse({
      kind: "validation",
      status: 422,
      message: "companyId must be a company id or null",
      requestId: null,
      fieldErrors: { companyId: ["must be a company id or null"] },
    });
  }
  const refusal = await switchCompany(deps, session, parsed.data.companyId);
  if (refusal) return errorResponse(refusal);
  const after = await deps.store.getSession(session.id);
  return Response.json({ data: after ? toPublicSession(after) : null }, { headers: NO_STORE });
}

/**
 * GET /partner/open?company=<id>&next=<path>: acts for a company and opens one of its pages (links of
 * the partner view). Only from the console's own pages: a cross-site navigation (Sec-Fetch-Site) does
 * not switch anything, so another site cannot change which company an operator is looking at.
 */
export async function handleOpenCompany(deps: AuthDeps, req: Request): Promise<Response> {
  const url = new URL(req.url);
  const redirect = (path: string) =>
    new Response(null, { status: 303, headers: { location: `${deps.config.consoleUrl}${path}`, ...NO_STORE } });
  // A router prefetch must never switch company: only a real navigation does.
  if (req.headers.get("next-router-prefetch") || req.headers.get("purpose") === "prefetch") return new Response(null, { status: 204 });
  const session = await operatorSessionOf(deps, req);
  if (!session) return notFound();
  const site = req.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return redirect("/partner");
  const next = safeCallbackUrl(url.searchParams.get("next"), "/employments");
  const refusal = await switchCompany(deps, session, url.searchParams.get("company") || null);
  if (refusal) return redirect(`/partner?notice=${refusal.status === 404 ? "unknown" : "revoked"}`);
  return redirect(next);
}
