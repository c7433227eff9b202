import { queryOptions } from "@tanstack/react-query";
import type { Department } from "@/lib/contract";
import type { CompanyManagerRead } from "@/lib/console/api-read";
import { bffFetch } from "@/lib/console/bff-client";
import { scopeKey, withScope, type QueryScope } from "./scope";

// Company structure used by the employment form: departments and manager candidates (every page).

export const companyKeys = {
  all: (s: QueryScope) => ["company", ...scopeKey(s)] as const,
  departments: (s: QueryScope) => [...companyKeys.all(s), "departments"] as const,
  managers: (s: QueryScope) => [...companyKeys.all(s), "managers"] as const,
};

export const departmentsQuery = (scope: QueryScope) =>
  queryOptions({
    queryKey: companyKeys.departments(scope),
    queryFn: ({ signal }) => bffFetch<Department[]>(withScope("/api/bff/employments/departments", scope), { signal }),
    staleTime: 5 * 60_000,
  });

export const companyManagersQuery = (scope: QueryScope) =>
  queryOptions({
    queryKey: companyKeys.managers(scope),
    queryFn: ({ signal }) => bffFetch<CompanyManagerRead[]>(withScope("/api/bff/employments/managers", scope), { signal }),
    staleTime: 5 * 60_000,
  });
