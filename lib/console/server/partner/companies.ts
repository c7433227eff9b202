import "server-only";
import type { Company, Environment } from "@/lib/contract";
import { ApiRequestError, type ApiErrorPayload } from "../../api-errors";
import type { AuthDeps } from "../auth/deps";
import { revokeToken } from "../auth/token-endpoint";
import type { StoredUser } from "../db/schema";
import { beforeConsentWithdrawn } from "../readmodel/hooks";
import { getPartnerApi } from "../session";
import { recordAudit } from "./audit";
import type { GrantInfo } from "./grant-store";
import { listCompanies } from "@/lib/console/server/companies/api";

// The companies of the partner view: the grants the console holds, reconciled with the API's own
// list of the companies that consented to this client (`GET /v1/companies`, client-credentials
// token), and the withdrawal of a company's consent.

export interface PartnerCompanies {
  /** Every grant of the environment (revoked ones too), by company name, after reconciliation. */
  grants: GrantInfo[];
  /** Companies the API lists as consented for which the console holds no usable grant (reconnect them). */
  unconnected: Pick<Company, "id" | "name" | "status">[];
  /** Why the API's list could not be read (the grants are shown as stored). */
  reconcileError: ApiErrorPayload | null;
}

export const CONSENT_GONE_REASON = "the company no longer appears among the companies that consented (GET /v1/companies)";

/**
 * The environment's grants, reconciled: a grant whose company the API no longer lists is marked
 * "consent revoked"; a company the API lists without a live grant here is returned as unconnected.
 * When the API's list cannot be read, nothing is changed and the error is returned with the grants.
 */
export async function loadPartnerCompanies(deps: AuthDeps, environment: Environment): Promise<PartnerCompanies> {
  let consented: Company[] | null = null;
  let reconcileError: ApiErrorPayload | null = null;
  try {
    const api = await getPartnerApi(deps, environment);
    // The provider answers every consented company at once (`{companies}`, not paginated).
    consented = await listCompanies(api);
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    reconcileError = error.payload;
  }
  let grants = await deps.grants.listGrants(environment);
  if (consented) {
    const listed = new Map(consented.map((c) => [c.id, c]));
    let changed = false;
    for (const grant of grants) {
      const company = listed.get(grant.company.id);
      if (grant.status !== "revoked" && !company) {
        await deps.grants.markRevoked(grant.id, CONSENT_GONE_REASON);
        changed = true;
      } else if (company && company.name !== grant.company.name) {
        await deps.grants.renameCompany(grant.id, company.name);
        changed = true;
      }
    }
    if (changed) grants = await deps.grants.listGrants(environment);
    const live = new Set(grants.filter((g) => g.status !== "revoked").map((g) => g.company.id));
    return {
      grants,
      unconnected: consented.filter((c) => !live.has(c.id)).map((c) => ({ id: c.id, name: c.name, status: c.status })),
      reconcileError,
    };
  }
  return { grants, unconnected: [], reconcileError };
}

/**
 * An operator withdraws a company's consent: the grant is marked revoked and forgotten here, then its
 * refresh token is revoked at the API (RFC 7009), which ends the consent of the company to this client.
 * Returns the grant afterwards; 404 when the console holds no grant for the company.
 */
export async function withdrawConsent(
  deps: AuthDeps,
  input: { environment: Environment; companyId: string; operator: StoredUser & { id: string } },
): Promise<{ grant: GrantInfo; revokedAtApi: "revoked" | "unsupported" | "failed" | "nothing_to_revoke" }> {
  const grant = await deps.grants.getGrant(input.environment, input.companyId);
  if (!grant)
    throw new ApiRequestError({
      kind: "not_found",
      status: 404,
      message: "This company is not connected to the partner.",
      requestId: null,
    });
  // The read model's callback goes first, while the grant's token still works (its rows go with the grant).
  await beforeConsentWithdrawn(deps, grant, {
    kind: "operator",
    id: input.operator.id,
    name: input.operator.name,
    email: input.operator.email,
  });
  const taken = await deps.grants.withdraw(grant.id, `consent withdrawn by ${input.operator.email}`);
  let revokedAtApi: "revoked" | "unsupported" | "failed" | "nothing_to_revoke" = "nothing_to_revoke";
  let status = 200;
  if (taken?.refreshToken) {
    try {
      revokedAtApi = await revokeToken(
        { baseUrl: await deps.resolveBaseUrl(input.environment), client: deps.config.clients[input.environment], fetch: deps.fetch },
        taken.refreshToken,
        "refresh_token",
      );
    } catch (error) {
      // The console has forgotten the grant; the API keeps it until it expires or the company revokes it.
      revokedAtApi = "failed";
      status = error instanceof ApiRequestError ? error.status : 502;
      deps.logger.warn(
        { event: "console.partner_revoke_failed", environment: input.environment, reason: (error as Error).message },
        "revocation failed",
      );
    }
  }
  await recordAudit(deps.db, {
    environment: input.environment,
    company: grant.company,
    actor: { kind: "operator", id: input.operator.id, name: input.operator.name, email: input.operator.email },
    method: "POST",
    path: "auth/oauth2/revoke (withdraw consent)",
    status,
    requestId: null,
    at: deps.now(),
  });
  const after = (await deps.grants.getGrant(input.environment, input.companyId)) ?? grant;
  return { grant: after, revokedAtApi };
}
