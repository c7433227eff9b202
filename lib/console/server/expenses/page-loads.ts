import "server-only";
import { cache } from "react";
import { expenseHref } from "@/lib/console/expenses/links";
import { getExpense } from "@/lib/console/server/expenses/api";
import { getPageApi } from "@/lib/console/server/pages";
import { prefetchPeopleOpsEmployments } from "@/lib/console/server/people-ops/pages";
import { expenseDetailQuery } from "@/lib/queries/expenses";
import { makeQueryClient } from "@/lib/queries/query-client";

/**
 * The expense page's load, started once per request: the `[id]` layout awaits it to answer a missing
 * expense with HTTP 404 before the loading skeleton streams (docs/decisions/console-not-found.md);
 * the page reads the same promises and hydrates the same QueryClient (no second call).
 */
export const expensePageLoad = cache(async (id: string) => {
  const { api, scope } = await getPageApi(expenseHref(id));
  const queryClient = makeQueryClient();
  const loaded = queryClient.fetchQuery({ ...expenseDetailQuery(scope, id), queryFn: () => getExpense(api, id) });
  // The employments the review's pickers name, in parallel (not held back by the layout's wait).
  const people = prefetchPeopleOpsEmployments(queryClient, api, scope, expenseHref(id));
  // Awaited by the layout and the page; no unhandled rejection in between.
  loaded.catch(() => undefined);
  people.catch(() => undefined);
  return { api, scope, queryClient, loaded, people };
});
