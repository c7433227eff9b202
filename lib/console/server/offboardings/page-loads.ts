import "server-only";
import { cache } from "react";
import { offboardingHref } from "@/lib/console/offboardings/links";
import { getOffboarding } from "@/lib/console/server/offboardings/api";
import { getPageApi } from "@/lib/console/server/pages";
import { prefetchPeopleOpsEmployments } from "@/lib/console/server/people-ops/pages";
import { offboardingDetailQuery } from "@/lib/queries/offboardings";
import { makeQueryClient } from "@/lib/queries/query-client";

/**
 * The offboarding page's load, started once per request: the `[id]` layout awaits it to answer a
 * missing (or someone else's confidential) offboarding with HTTP 404 before the loading skeleton
 * streams (docs/decisions/console-not-found.md); the page reads the same promises and hydrates the
 * same QueryClient (no second call).
 */
export const offboardingPageLoad = cache(async (id: string) => {
  const { api, scope } = await getPageApi(offboardingHref(id));
  const queryClient = makeQueryClient();
  const loaded = queryClient.fetchQuery({ ...offboardingDetailQuery(scope, id), queryFn: () => getOffboarding(api, id) });
  // The employments the detail names, in parallel (not held back by the layout's wait).
  const people = prefetchPeopleOpsEmployments(queryClient, api, scope, offboardingHref(id));
  // Awaited by the layout and the page; no unhandled rejection in between.
  loaded.catch(() => undefined);
  people.catch(() => undefined);
  return { api, scope, queryClient, loaded, people };
});
