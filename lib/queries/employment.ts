import { queryOptions } from "@tanstack/react-query";
import type { Employment } from "@/lib/contract";
import { bffFetch } from "@/lib/console/bff-client";
import type { EmploymentListApiQuery } from "@/lib/console/employments/list";
import { scopeKey, withScope, type QueryScope } from "./scope";

// One employment's keys and query, apart from ./employments.ts (which builds the list's URL with the
// list definition and its parsers): the form routes take these without the list's code.

export const employmentKeys = {
  all: (s: QueryScope) => ["employments", ...scopeKey(s)] as const,
  lists: (s: QueryScope) => [...employmentKeys.all(s), "list"] as const,
  list: (s: QueryScope, q: EmploymentListApiQuery) => [...employmentKeys.lists(s), q] as const,
  details: (s: QueryScope) => [...employmentKeys.all(s), "detail"] as const,
  detail: (s: QueryScope, id: string) => [...employmentKeys.details(s), id] as const,
};

export const employmentDetailQuery = (scope: QueryScope, id: string) =>
  queryOptions({
    queryKey: employmentKeys.detail(scope, id),
    queryFn: ({ signal }) => bffFetch<Employment>(withScope(`/api/bff/employments/${encodeURIComponent(id)}`, scope), { signal }),
  });
