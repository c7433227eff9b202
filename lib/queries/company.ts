import { queryOptions } from "@tanstack/react-query";
import type { Company, Department } from "@/lib/contract";
import type { CompanyManagerRead } from "@/lib/console/api-read";
import { bffFetch } from "@/lib/console/bff-client";
import { scopeKey, withScope, type QueryScope } from "./scope";

// The company the console acts for: its record (what the browser may see of it), and the structure
// used by the employment form: departments and manager candidates (every page).

export const companyKeys = {
  all: (s: QueryScope) => ["company", ...scopeKey(s)] as const,
  departments: (s: QueryScope) => [...companyKeys.all(s), "departments"] as const,
  managers: (s: QueryScope) => [...companyKeys.all(s), "managers"] as const,
  profile: (s: QueryScope) => [...companyKeys.all(s), "profile"] as const,
};

/** What the browser sees of the company's record: no owner, address or bank details. */
export type CompanyProfile = Pick<Company, "id" | "name" | "desired_currency">;
export const companyProfileOf = (c: Company): CompanyProfile => ({ id: c.id, name: c.name, desired_currency: c.desired_currency });

/** The company's record (GET /v1/companies/{id}): its billing currency names the payslips' converted net. */
export const companyProfileQuery = (scope: QueryScope) =>
  queryOptions({
    queryKey: companyKeys.profile(scope),
    queryFn: ({ signal }) => bffFetch<CompanyProfile>(withScope("/api/bff/company", scope), { signal }),
    staleTime: 5 * 60_000,
  });

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
