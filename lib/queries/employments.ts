import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { Employment, EmploymentListResponseSchema, UpdateEmploymentV2Body } from "@/lib/contract";
import { bffFetch } from "@/lib/console/bff-client";
import { employmentsList, type EmploymentListApiQuery } from "@/lib/console/employments/list";
import { employmentDetailQuery, employmentKeys } from "./employment";
import { withScope, type QueryScope } from "./scope";

export { employmentDetailQuery, employmentKeys };

// Employment queries: keys and options shared by server prefetch (which swaps in the typed API
// client as queryFn, same key) and client islands (which fetch through the BFF).

export type EmploymentListPage = z.infer<typeof EmploymentListResponseSchema>["data"];

export const employmentListQuery = (scope: QueryScope, q: EmploymentListApiQuery) =>
  queryOptions({
    queryKey: employmentKeys.list(scope, q),
    queryFn: ({ signal }) =>
      bffFetch<EmploymentListPage>(withScope(`/api/bff/employments?${employmentsList.apiSearch(q)}`, scope), { signal }),
  });

/** Update employment (spec 4.1) through the BFF; the container owns the mutation. */
export const updateEmployment = (scope: QueryScope, id: string, body: UpdateEmploymentV2Body) =>
  bffFetch<Employment>(withScope(`/api/bff/employments/${encodeURIComponent(id)}`, scope), { method: "PATCH", body });
