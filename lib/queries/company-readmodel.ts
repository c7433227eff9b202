import { bffFetch } from "@/lib/console/bff-client";
import { employmentsList, type EmploymentListState } from "@/lib/console/employments/list";
import type { CompanyReadModelAnswer } from "./readmodel";
import { scopeKey, withScope, type QueryScope } from "./scope";

// The company's employments list from the console's read model (/employments): read with
// components/console/list/use-bff-data.ts, not TanStack Query, so the route ships without the
// library (docs/decisions/console-bundle-budgets.md). It polls (READMODEL_POLL_MS) as the other
// read-model lists do (./readmodel.ts).

/** What the company list's read-model query sends: the URL state the read model serves. */
export const companyReadModelSearch = (state: EmploymentListState) =>
  employmentsList.href({ ...state, q: state.q.trim() }).split("?")[1] ?? "";

/** The key of one page of the list: the scope and the search (a change of either is another key). */
export const companyReadModelKey = (scope: QueryScope, search: string) =>
  ["readmodel", ...scopeKey(scope), "employments", search].join("|");

export const readCompanyReadModel = (scope: QueryScope, search: string, signal?: AbortSignal) =>
  bffFetch<CompanyReadModelAnswer>(withScope(`/api/bff/readmodel/employments${search ? `?${search}` : ""}`, scope), { signal });
