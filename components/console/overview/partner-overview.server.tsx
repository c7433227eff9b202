import type { Environment } from "@/lib/contract";
import type { AuthDeps } from "@/lib/console/server/auth/deps";
import type { GrantInfo } from "@/lib/console/server/partner/grant-store";
import { awaitSection, startPartnerOverview, type OverviewActor } from "@/lib/console/server/overview/pages";
import { PARTNER_PATH } from "@/lib/console/partner/links";
import { OverviewSections } from "./overview-sections";

/** The partner home's overview: the same sections across every company whose grant is live, each row naming its company. */
export async function PartnerOverview(props: { deps: AuthDeps; environment: Environment; grants: GrantInfo[]; actor: OverviewActor }) {
  if (!props.grants.some((g) => g.status !== "revoked")) return null;
  const loads = await startPartnerOverview(props.deps, props.environment, props.grants, props.actor);
  return <OverviewSections loads={loads} partner settle={(load) => awaitSection(load, PARTNER_PATH)} />;
}
