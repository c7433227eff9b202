import "server-only";
import { redirect } from "next/navigation";
import type { Environment } from "@/lib/contract";
import { ApiRequestError } from "@/lib/console/api-errors";
import { signInHref } from "@/lib/console/employments/links";
import { isoToday } from "@/lib/console/overview/at-risk";
import { openCompanyHref } from "@/lib/console/partner/links";
import { getAuthDeps, type AuthDeps } from "../auth/deps";
import type { AuditActor } from "../db/schema";
import { getPageApi } from "../pages";
import { liveGrants } from "../partner/aggregate";
import type { GrantInfo } from "../partner/grant-store";
import { createGrantApiClient, getPartnerApi, getServerApi } from "../session";
import { startOverviewLoads, type OverviewLoads } from "./load";

// The overview's loads for the two homes: a company's (`/`, the session's company) and the partner's
// (`/partner`, every live grant of the environment).

export const OVERVIEW_PATH = "/";

/** Who the partner's calls are made for (the audit log's actor). */
export type OverviewActor = AuditActor;

/** The company home's loads, for the session's company (sign-in, or the partner view, when there is none). */
export async function startCompanyOverview(): Promise<OverviewLoads & { companyName: string; environment: Environment }> {
  const { api, scope } = await getPageApi(OVERVIEW_PATH);
  const { session } = await getServerApi();
  const company = session.company ?? { id: scope.companyId, name: "Your company" };
  const deps = await getAuthDeps();
  const loads = startOverviewLoads({
    db: deps.db,
    environment: scope.environment,
    targets: [{ company, api }],
    formsApi: api,
    webhooks: "api",
    linkFor: (_company, path) => path,
    today: isoToday(deps.now()),
  });
  return { ...loads, companyName: company.name, environment: scope.environment };
}

/** The partner home's loads, across every company whose grant is live (the links switch company first). */
export async function startPartnerOverview(
  deps: AuthDeps,
  environment: Environment,
  grants: GrantInfo[],
  actor: AuditActor,
): Promise<OverviewLoads> {
  const baseUrl = await deps.resolveBaseUrl(environment);
  const live = liveGrants(grants);
  return startOverviewLoads({
    db: deps.db,
    environment,
    targets: live.map((grant) => ({ company: grant.company, api: createGrantApiClient(deps, grant, baseUrl, actor) })),
    formsApi: await getPartnerApi(deps, environment),
    webhooks: "readmodel",
    linkFor: (company, path) => openCompanyHref(company.id, path),
    today: isoToday(deps.now()),
  });
}

/** Awaits a section's load; a 401 (the session's token was refused and could not be refreshed) goes to sign-in. */
export async function awaitSection<T>(load: Promise<T>, returnTo: string): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) redirect(signInHref(returnTo, { expired: true }));
    throw error;
  }
}
