import { queryOptions } from "@tanstack/react-query";
import { bffFetch } from "@/lib/console/bff-client";
import type { ListApiQueryOf } from "@/lib/console/list";
import { partnerEmploymentsList } from "@/lib/console/partner/list";
import { READMODEL_POLL_MS, type FreshnessView, type ReadModelCounts } from "@/lib/console/readmodel/list";
import type { Environment } from "@/lib/contract/enums";
import type { EmploymentListItem } from "@/lib/contract";
import { scopeKey, type QueryScope } from "./scope";

// Queries of the lists served from the console's read model (docs/decisions/console-readmodel-lists.md).
// They poll (`refetchInterval`): a change at the API reaches the read model through its webhook within
// seconds, and the list shows it without a reload. Only read-model lists poll; live lists never do
// (each poll would spend the provider's rate limit).

export type ReadModelEmploymentRow = EmploymentListItem & {
  company: { id: string; name: string };
  onboarding: { completed: number; total: number } | null;
};

export interface ReadModelEmploymentsPage {
  employments: ReadModelEmploymentRow[];
  current_page: number;
  total_count: number;
  total_pages: number;
  freshness: FreshnessView;
}

export type PartnerEmploymentsPage = ReadModelEmploymentsPage & { unknownCompany: boolean };
export type CompanyReadModelAnswer = ({ source: "readmodel" } & ReadModelEmploymentsPage) | { source: "live" };

export interface PartnerFacets {
  counts: ReadModelCounts;
  countries: { code: string; name: string }[];
}

/** The partner list's query: its URL state as `toApiQuery` gives it (every filter is a parameter of its route). */
export type PartnerEmploymentsApiQuery = ListApiQueryOf<typeof partnerEmploymentsList>;

/** Keys of the read-model lists; the partner's lists take the partner scope (`companyId: "partner"`, as scopeOf gives an operator). */
export const readModelKeys = {
  all: (s: QueryScope) => ["readmodel", ...scopeKey(s)] as const,
  partnerEmployments: (s: QueryScope, search: string) => [...readModelKeys.all(s), "partner-employments", search] as const,
  partnerFacets: (s: QueryScope) => [...readModelKeys.all(s), "partner-facets"] as const,
};

/** The partner view's query scope in an environment. */
export const partnerScope = (environment: Environment): QueryScope => ({ environment, companyId: "partner" });

export const partnerEmploymentsQuery = (environment: Environment, query: PartnerEmploymentsApiQuery) => {
  const search = partnerEmploymentsList.apiSearch(query);
  return queryOptions({
    queryKey: readModelKeys.partnerEmployments(partnerScope(environment), search),
    queryFn: ({ signal }) => bffFetch<PartnerEmploymentsPage>(`/api/partner/employments?${search}`, { signal }),
    refetchInterval: READMODEL_POLL_MS,
  });
};

/** Counts per company and status and the countries: heavier (a scan), polled less often. */
export const partnerFacetsQuery = (environment: Environment) =>
  queryOptions({
    queryKey: readModelKeys.partnerFacets(partnerScope(environment)),
    queryFn: ({ signal }) => bffFetch<PartnerFacets>("/api/partner/employments/facets", { signal }),
    refetchInterval: READMODEL_POLL_MS * 5,
  });

// The company's employments list reads without TanStack Query (/employments: ./company-readmodel.ts).
export { companyReadModelSearch } from "./company-readmodel";
