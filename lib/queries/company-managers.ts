import { queryOptions } from "@tanstack/react-query";
import type { CompanyRole } from "@/lib/contract/enums";
import type { CompanyManagerRead } from "@/lib/console/api-read";
import { bffFetch } from "@/lib/console/bff-client";
import { managersList, type ManagerListApiQuery } from "@/lib/console/company-managers/list";
import { scopeKey, withScope, type QueryScope } from "./scope";

// Company manager queries (the managers page). The employment form's manager candidates live under
// companyKeys.managers (./company.ts): changes here invalidate both.

/** A page as the console reads it (lib/console/api-read.ts: a role may be one the provider has and Roster does not). */
export type ManagerPage = { company_managers: CompanyManagerRead[]; current_page: number; total_count: number; total_pages: number };

export const managerKeys = {
  all: (s: QueryScope) => ["company-managers", ...scopeKey(s)] as const,
  list: (s: QueryScope, q: ManagerListApiQuery) => [...managerKeys.all(s), "list", q] as const,
};

const BFF = "/api/bff/company-managers";

export const managerListQuery = (scope: QueryScope, q: ManagerListApiQuery) =>
  queryOptions({
    queryKey: managerKeys.list(scope, q),
    queryFn: ({ signal }) => bffFetch<ManagerPage>(withScope(`${BFF}?${managersList.apiSearch(q)}`, scope), { signal }),
  });

export const inviteManager = (scope: QueryScope, body: { name: string; email: string; role: CompanyRole }) =>
  bffFetch<CompanyManagerRead>(withScope(BFF, scope), { method: "POST", body });

export const removeManager = (scope: QueryScope, userId: string) =>
  bffFetch<{ status: "ok" }>(withScope(`${BFF}/${encodeURIComponent(userId)}`, scope), { method: "DELETE" });
