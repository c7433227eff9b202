import "server-only";
import { cache } from "react";
import { editIncentiveHref } from "@/lib/console/incentives/links";
import { getIncentive } from "@/lib/console/server/incentives/api";
import { getPageApi } from "@/lib/console/server/pages";
import { prefetchPeopleOpsEmployments } from "@/lib/console/server/people-ops/pages";
import { incentiveDetailQuery } from "@/lib/queries/incentives";
import { makeQueryClient } from "@/lib/queries/query-client";

/**
 * The incentive's load (its one page is the edit page), started once per request: the `[id]` layout
 * awaits it to answer a missing incentive with HTTP 404 before the loading skeleton streams
 * (docs/decisions/console-not-found.md); the page reads the same promises and hydrates the same
 * QueryClient (no second call).
 */
export const incentivePageLoad = cache(async (id: string) => {
  const { api, scope } = await getPageApi(editIncentiveHref(id));
  const queryClient = makeQueryClient();
  const loaded = queryClient.fetchQuery({ ...incentiveDetailQuery(scope, id), queryFn: () => getIncentive(api, id) });
  // The employments the form's picker names, in parallel (not held back by the layout's wait).
  const people = prefetchPeopleOpsEmployments(queryClient, api, scope, editIncentiveHref(id));
  // Awaited by the layout and the page; no unhandled rejection in between.
  loaded.catch(() => undefined);
  people.catch(() => undefined);
  return { api, scope, queryClient, loaded, people };
});
