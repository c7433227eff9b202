import "server-only";
import { OkEnvelopeSchema, type CompanyRole } from "@/lib/contract";
import { fetchAllPages, type ApiClient } from "@/lib/console/server/api-client";
import { read } from "@/lib/console/api-read";
import { labelOf, type CompanyManagerRead } from "@/lib/console/api-read";
import { ROLE_LABELS } from "@/lib/console/employments/update-form";
import type { SortAccessors } from "@/lib/console/list";
import type { ManagerListApiQuery } from "../../company-managers/list";
import { sortedList, type Unsorted } from "../list/sorted";

// The company manager endpoints over the console's typed client, for server pages and BFF handlers.

const enc = encodeURIComponent;

/** A page of the company's users with their roles: `{company_managers, current_page, total_count, total_pages}`. */
/** Sort values as the table shows them (the role by its label). Here, not in the list's declaration: the browser never needs them. */
const managerSortAccessors: SortAccessors<CompanyManagerRead> = {
  name: (m) => m.user_name,
  email: (m) => m.user_email,
  role: (m) => labelOf(ROLE_LABELS, m.role),
};

/** A page of company managers, sorted across all pages when the query has a sort (lib/console/server/list/sorted.ts). */
export const listCompanyManagers = (api: ApiClient, q: ManagerListApiQuery) =>
  sortedList(
    q,
    (query: Unsorted<ManagerListApiQuery>) =>
      api
        .json(read.companyManagers, "GET", "v1/company-managers", { query: { page: query.page, page_size: query.page_size } })
        .then((r) => r.data),
    { itemsKey: "company_managers", accessors: managerSortAccessors, idOf: (m) => m.user_id },
  );

/** Every company user with a role (the manager select filters them by role). */
export const listAllCompanyManagers = (api: ApiClient) =>
  fetchAllPages(async (page) => {
    const r = await listCompanyManagers(api, { page, page_size: 100 });
    return { items: r.company_managers, totalPages: r.total_pages };
  });

export const inviteCompanyManager = (api: ApiClient, body: { name: string; email: string; role: CompanyRole }) =>
  // The provider answers `{company_manager}` without `data` (CompanyManagerData).
  api.json(read.companyManagerCreated, "POST", "v1/company-managers", { body }).then((r) => r.company_manager);

export const removeCompanyManager = (api: ApiClient, userId: string) =>
  api.json(OkEnvelopeSchema, "DELETE", `v1/company-managers/${enc(userId)}`).then((r) => r.data);
