import "server-only";
import type { QueryClient } from "@tanstack/react-query";
import type { ApiClient } from "@/lib/console/server/api-client";
import { loadForPage } from "@/lib/console/server/pages";
import { employmentListQuery } from "@/lib/queries/employments";
import type { QueryScope } from "@/lib/queries/scope";
import { PEOPLE_OPS_EMPLOYMENTS_QUERY } from "../../people-ops/eligibility";
import { listEmployments } from "@/lib/console/server/employments/api";

/**
 * Prefetches the employments the people-ops pages name and offer (same key as the client's query).
 * A failure is not the page's failure: the records still show, with their employment ids.
 */
export function prefetchPeopleOpsEmployments(queryClient: QueryClient, api: ApiClient, scope: QueryScope, returnTo: string) {
  return loadForPage(
    () =>
      queryClient.fetchQuery({
        ...employmentListQuery(scope, PEOPLE_OPS_EMPLOYMENTS_QUERY),
        queryFn: () => listEmployments(api, PEOPLE_OPS_EMPLOYMENTS_QUERY),
      }),
    { returnTo },
  );
}

/** The same as a people-ops list page's `also` (loadListPage): the employments that name its rows. */
export const withPeopleOpsEmployments = (page: { queryClient: QueryClient; api: ApiClient; scope: QueryScope; returnTo: string }) =>
  [prefetchPeopleOpsEmployments(page.queryClient, page.api, page.scope, page.returnTo)] as const;
