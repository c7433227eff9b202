import { queryOptions } from "@tanstack/react-query";
import { bffFetch } from "@/lib/console/bff-client";
import type { EmploymentSearchResult } from "@/lib/console/employments/palette-search";
import { employmentKeys } from "./employments";
import { withScope, type QueryScope } from "./scope";

// The command palette's employment search through the BFF, keyed under the company's employments
// (so the usual invalidation of employments after a write drops stale answers too).

export const employmentSearchQuery = (scope: QueryScope, text: string) =>
  queryOptions({
    queryKey: [...employmentKeys.all(scope), "search", text] as const,
    queryFn: ({ signal }) =>
      bffFetch<EmploymentSearchResult>(withScope(`/api/bff/employments/search?${new URLSearchParams({ q: text }).toString()}`, scope), {
        signal,
      }),
  });
