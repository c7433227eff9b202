import type { Metadata } from "next";
import { EmploymentsLiveList } from "@/components/console/employments/employments-live-list";
import { ENVIRONMENT_LABELS } from "@/components/console/environment-badge";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { EMPLOYMENTS_PATH } from "@/lib/console/employments/links";
import { getPageApi, loadForPage } from "@/lib/console/server/pages";
import { employmentsList } from "@/lib/console/employments/list";
import { employmentListQuery } from "@/lib/queries/employments";
import { makeQueryClient } from "@/lib/queries/query-client";
import { listEmployments } from "@/lib/console/server/employments/api";
import { EmploymentsReadModelList } from "@/components/console/employments/employments-readmodel-list";
import { getAuthDeps } from "@/lib/console/server/auth/deps";
import { companyEmploymentsFromReadModel } from "@/lib/console/server/readmodel/lists";
import { requireConsoleSession } from "@/lib/console/server/session";
import { companyReadModelSearch } from "@/lib/queries/company-readmodel";
import { dehydrate } from "@tanstack/react-query";
import { scopeOf } from "@/lib/queries/scope";

export const metadata: Metadata = { title: "Employments" };

/** The employments list: the URL's page of data is fetched here, then the list is interactive. */
export default async function EmploymentsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const state = employmentsList.parse(await searchParams);
  const returnTo = employmentsList.href(state);
  const session = await requireConsoleSession(returnTo);
  // An operator acts through the partner's grant: it is checked first (revoked → the partner view).
  // A company admin's session already holds its connection's state (requireConsoleSession sends a
  // session without a live connection to sign in), so the read-model page needs no API client.
  const pageApi = session.kind === "operator" ? await getPageApi(returnTo) : null;
  const scope = scopeOf(session);
  const environmentLabel = ENVIRONMENT_LABELS[scope.environment];
  // Served from the read model once the company's first sync has completed; live pages until then
  // (docs/decisions/console-readmodel-lists.md).
  const deps = await getAuthDeps();
  const synced = await companyEmploymentsFromReadModel(
    deps.db,
    session,
    new URLSearchParams(employmentsList.href(state).split("?")[1] ?? ""),
    deps.now(),
  );
  if (synced.source === "readmodel") {
    // Handed to the list as a prop: the route ships no TanStack Query (docs/decisions/console-bundle-budgets.md).
    const initial = { search: companyReadModelSearch(state), data: JSON.parse(JSON.stringify(synced)), at: Date.now() };
    return (
      <>
        <EmploymentsHeader environmentLabel={environmentLabel} />
        <EmploymentsReadModelList scope={scope} environmentLabel={environmentLabel} initial={initial} />
      </>
    );
  }
  const queryClient = makeQueryClient();
  const { api } = pageApi ?? (await getPageApi(returnTo));
  const apiQuery = employmentsList.toApiQuery(state);
  const result = await loadForPage(
    () => queryClient.fetchQuery({ ...employmentListQuery(scope, apiQuery), queryFn: () => listEmployments(api, apiQuery) }),
    { returnTo },
  );
  return (
    <>
      <EmploymentsHeader environmentLabel={environmentLabel} />
      <p className="mb-3 text-sm text-slate-700 dark:text-slate-300" data-testid="live-list-note">
        Live from the API, page by page: this company has not been synced yet. Sorting and a search across every page come once its first
        sync completes.
      </p>
      {/* The live list loads TanStack Query with its own chunk, and hydrates this state into it. */}
      <EmploymentsLiveList
        scope={scope}
        environmentLabel={environmentLabel}
        dehydratedState={dehydrate(queryClient)}
        initialError={result.ok ? undefined : result.error}
      />
    </>
  );
}

function EmploymentsHeader({ environmentLabel }: { environmentLabel: string }) {
  return (
    <PageHeader
      title="Employments"
      description={`The people your company employs or contracts, in ${environmentLabel}.`}
      actions={
        <ButtonLink href={`${EMPLOYMENTS_PATH}/new`} variant="primary">
          New employment
        </ButtonLink>
      }
    />
  );
}
