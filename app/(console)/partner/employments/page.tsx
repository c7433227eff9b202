import type { Metadata } from "next";
import { ENVIRONMENT_LABELS } from "@/components/console/environment-badge";
import { Hydrate } from "@/components/console/hydrate";
import { PartnerEmploymentsList } from "@/components/console/partner/partner-employments-list";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { liveGrants } from "@/lib/console/server/partner/aggregate";
import { requireOperator } from "@/lib/console/server/partner/server";
import { getPartnerListFacets, listPartnerEmployments } from "@/lib/console/server/readmodel/lists";
import { partnerEmploymentsList } from "@/lib/console/partner/list";
import { makeQueryClient } from "@/lib/queries/query-client";
import { partnerEmploymentsQuery, partnerFacetsQuery } from "@/lib/queries/readmodel";

export const metadata: Metadata = { title: "Employments across companies" };

/**
 * Every employment of every connected company of the environment, from the console's read model
 * (docs/decisions/console-readmodel-lists.md): filters, search across companies, sort on every column,
 * counts per company and status, and how fresh the data is. The first page is read here and
 * hydrated; the list then polls its route. Opening an employment acts for its company, live.
 */
export default async function PartnerEmploymentsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const state = partnerEmploymentsList.parse(await searchParams);
  const { deps, session } = await requireOperator(partnerEmploymentsList.href(state));
  const environment = session.environment;
  const environmentLabel = ENVIRONMENT_LABELS[environment];
  const live = liveGrants(await deps.grants.listGrants(environment));
  const companies = live.map((g) => ({ id: g.company.id, name: g.company.name }));
  const queryClient = makeQueryClient();
  if (live.length > 0) {
    const [page, facets] = await Promise.all([
      listPartnerEmployments(deps.db, { environment, companies, state, now: deps.now() }),
      getPartnerListFacets(deps.db, environment),
    ]);
    // The same keys the list's queries use (lib/queries/readmodel.ts); dates cross as JSON would.
    queryClient.setQueryData(
      partnerEmploymentsQuery(environment, partnerEmploymentsList.toApiQuery(state)).queryKey,
      JSON.parse(JSON.stringify(page)),
    );
    queryClient.setQueryData(partnerFacetsQuery(environment).queryKey, facets);
  }

  return (
    <>
      <PageHeader
        title="Employments across companies"
        kicker={environmentLabel}
        description={`Every connected company of ${environmentLabel}, in one list synced from the API. Open an employment to act for its company.`}
        actions={<ButtonLink href="/partner">Companies</ButtonLink>}
      />
      {live.length === 0 ? (
        <EmptyState
          title="No connected company"
          actions={
            <ButtonLink href="/partner/connect" variant="primary">
              Connect a company
            </ButtonLink>
          }
        >
          Connect a company first: its employments appear here.
        </EmptyState>
      ) : (
        <Hydrate client={queryClient}>
          <PartnerEmploymentsList environment={environment} companies={companies} environmentLabel={environmentLabel} />
        </Hydrate>
      )}
    </>
  );
}
