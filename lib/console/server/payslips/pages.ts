import "server-only";
import type { QueryClient } from "@tanstack/react-query";
import type { ApiClient } from "@/lib/console/server/api-client";
import { getEmployment, listEmployments } from "@/lib/console/server/employments/api";
import type { ListPageContext } from "@/lib/console/server/pages";
import { EMPLOYMENT_DIRECTORY_QUERY } from "@/lib/console/payslips/employment-directory";
import { employmentDetailQuery, employmentListQuery } from "@/lib/queries/employments";
import type { QueryScope } from "@/lib/queries/scope";

type PayrollListPage = Pick<ListPageContext<never>, "prefetch"> & {
  queryClient: QueryClient;
  api: ApiClient;
  scope: QueryScope;
  state: { employmentId: string };
};

/**
 * What the payroll list pages (payslips, contract amendments) fetch beside their list, for loadListPage's
 * `also`: the employment directory that names the rows and fills the pickers (on failure the list
 * shows ids), and the employment the URL filters on (its name titles the page), or null.
 */
export const withPayrollEmployments = ({ queryClient, api, scope, state, prefetch }: PayrollListPage) =>
  [
    queryClient.prefetchQuery({
      ...employmentListQuery(scope, EMPLOYMENT_DIRECTORY_QUERY),
      queryFn: () => listEmployments(api, EMPLOYMENT_DIRECTORY_QUERY),
    }),
    state.employmentId ? prefetch(employmentDetailQuery(scope, state.employmentId), () => getEmployment(api, state.employmentId)) : null,
  ] as const;
