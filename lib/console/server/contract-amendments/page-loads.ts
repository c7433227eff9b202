import "server-only";
import { cache } from "react";
import { amendmentHref } from "@/lib/console/contract-amendments/links";
import { listAllCompanyManagers } from "@/lib/console/server/company-managers/api";
import { getContractAmendment } from "@/lib/console/server/contract-amendments/api";
import { getPageApi } from "@/lib/console/server/pages";
import { companyManagersQuery } from "@/lib/queries/company";
import { amendmentDetailQuery } from "@/lib/queries/contract-amendments";
import { makeQueryClient } from "@/lib/queries/query-client";

/**
 * The contract amendment page's load, started once per request: the `[id]` layout awaits it to
 * answer a missing amendment with HTTP 404 before the loading skeleton streams
 * (docs/decisions/console-not-found.md); the page reads the same promises and hydrates the same
 * QueryClient (no second call).
 */
export const amendmentPageLoad = cache(async (id: string) => {
  const { api, scope } = await getPageApi(amendmentHref(id));
  const queryClient = makeQueryClient();
  const loaded = queryClient.fetchQuery({ ...amendmentDetailQuery(scope, id), queryFn: () => getContractAmendment(api, id) });
  // The company managers the detail names, in parallel (not held back by the layout's wait).
  const managers = queryClient.prefetchQuery({ ...companyManagersQuery(scope), queryFn: () => listAllCompanyManagers(api) });
  // Awaited by the layout and the page; no unhandled rejection in between.
  loaded.catch(() => undefined);
  return { api, scope, queryClient, loaded, managers };
});
